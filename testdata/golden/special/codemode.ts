/** Payload holds one of each. */
interface Payload {
  when: DateTime;
  until?: DateTime;
  since?: DateTime;
  blob: Base64;
  raw: unknown;
  any: unknown;
  empty?: unknown;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  addr: string;
  /** An IP network in CIDR notation, such as "192.0.2.0/24". */
  prefix?: string;
  /** Slug is a local text type: it reads and writes itself as text. */
  slug: string;
  /**
   * Code is a named string that reads itself from text: text wins over the underlying string (and over enum constants).
   */
  code: string;
  times: DateTime[];
  blobs: Record<string, Base64>;
  addrs?: string[];
  /**
   * an int64 of nanoseconds, as encoding/json writes it
   * A duration in nanoseconds (1 second = 1000000000).
   */
  duration: integer;
  month: Month;
  /**
   * Stamped embeds time.Time, whose UnmarshalJSON and MarshalJSON it promotes: like encoding/json, toolgen reads and writes it as a time's text, and its Note is lost.
   */
  stamped: string;
}
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Bytes in standard base64, padded. */
type Base64 = string;
/** A JSON number without a fraction. */
type integer = number;
type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;
/** Store keeps a payload and returns it. */
declare function store(args: Payload): Promise<Payload>;
/** Stamp takes special types as flat parameters. */
declare function stamp(args: {
  at: DateTime;
  data: Base64;
  extra: unknown;
  value: unknown;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  addr?: string;
  /** Slug is a local text type: it reads and writes itself as text. */
  slug: string;
}): Promise<DateTime>;
/** Dump returns raw JSON, wrapped. */
declare function dump(): Promise<unknown>;
/** Bytes returns bytes, wrapped. */
declare function bytes(): Promise<Base64>;
/** Anything returns any value, wrapped. */
declare function anything(): Promise<unknown>;
/** Address returns a text type, wrapped. */
declare function address(): Promise<string>;
