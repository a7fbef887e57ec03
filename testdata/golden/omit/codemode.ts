/** Report leaves out what is empty or zero. */
interface Report {
  note?: string;
  seq?: integer;
  s?: string;
  i?: integer;
  u?: integer;
  f?: number;
  b?: boolean;
  k?: Kind;
  l?: integer[];
  m?: Record<string, integer>;
  a?: [integer, integer];
  y?: Base64;
  r?: unknown;
  n?: unknown;
  p?: Point;
  /** omitempty never omits a struct */
  t?: DateTime;
  zs?: string;
  zi?: integer;
  zk?: Kind;
  zt?: DateTime;
  zp?: Point;
  zb?: Bag;
  za?: [integer, integer];
  zl?: integer[];
  zm?: Record<string, string>;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  zx?: string;
  zn?: unknown;
  zy?: Base64;
  both?: string;
}
/** A JSON number without a fraction. */
type integer = number;
/** Kind is an enum. */
type Kind = "a" | "b";
/** Bytes in standard base64, padded. */
type Base64 = string;
/** Point is comparable. */
interface Point { x: integer }
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Bag is not comparable: omitzero calls its IsZero method. */
interface Bag { items: string[] }
/** Summarize returns a report. */
declare function summarize(): Promise<Report>;
