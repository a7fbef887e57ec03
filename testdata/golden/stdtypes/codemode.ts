/** Std holds standard library types with their own JSON form. */
interface Std {
  /** An integer of any size. */
  int?: integer;
  /** An integer of any size. */
  int_value: integer;
  /** A decimal floating-point number of any size, as a string such as "1.5" or "-2e10". */
  float?: string;
  /** A rational number as a string: a fraction such as "1/3" or a decimal such as "0.25". */
  rat?: string;
  number: number;
  numbers?: number[];
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  addr: string;
  /** An IP network in CIDR notation, such as "192.0.2.0/24". */
  prefix: string;
  /** A log level: DEBUG, INFO, WARN or ERROR, optionally with an offset such as "WARN+2". */
  level: string;
  /** A regular expression in Go's RE2 syntax. */
  pattern?: string;
  /** A duration in nanoseconds (1 second = 1000000000). */
  timeout: integer;
  month?: Month;
}
/** A JSON number without a fraction. */
type integer = number;
type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
/** EchoStd returns what it was given. */
declare function echo_std(args: Std): Promise<Std>;
/** Wait takes a duration directly. */
declare function wait(args: {
  /** how long to wait. A duration in nanoseconds (1 second = 1000000000). */
  timeout: integer;
}): Promise<integer>;
