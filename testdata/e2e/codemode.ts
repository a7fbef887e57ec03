/** SearchArgs are a search's arguments. */
interface SearchArgs {
  /** Page to return, from 1. @minimum 1 @default 1 */
  page?: integer;
  /** Query is what to look for. @minLength 2 @maxLength 100 */
  query: string;
  /** @default "score" */
  sort?: Sort;
  level?: Level;
  /** Tags narrow the search. @maxItems 3 */
  tags?: string[];
  near?: Where;
  /** @format email */
  email?: string;
  /** @pattern ^[A-Z]{2,3}$ */
  code?: string;
}
/** A JSON number without a fraction. */
type integer = number;
/** Sort orders results. "score": best first "date": newest first */
type Sort = "score" | "date";
/** Level is how hard to look. 1: a glance 2: a careful read */
type Level = 1 | 2;
/** Where is a place on Earth. */
interface Where {
  /** @minimum -90 @maximum 90 */
  lat: number;
  /** @minimum -180 @maximum 180 */
  lon: number;
}
/** Results are what a search found. */
interface Results { query: string; sort: Sort; page: integer; level?: integer; tags: string[]; near?: Where }
/** Node is a tree. */
interface Node { name: string; children?: Node[] }
/** Kinds takes one of everything. */
interface Kinds {
  i8: integer;
  u16: integer;
  u64: integer;
  f32: number;
  on: boolean;
  when: DateTime;
  blob: Base64;
  raw: unknown;
  any: unknown;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  addr: string;
  pair: [integer, integer];
  votes: Record<string, integer>;
  grid: Level[][];
  sorts?: Record<string, Sort[]>;
}
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Bytes in standard base64, padded. */
type Base64 = string;
/** Kinds takes one of everything. */
interface KindsOutput {
  i8: integer;
  u16: integer;
  u64: integer;
  f32: number;
  on: boolean;
  when: DateTime;
  blob: Base64;
  raw: unknown;
  any: unknown;
  /** An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1". */
  addr: string;
  pair: [integer, integer];
  votes: Record<string, integer>;
  grid: integer[][];
  sorts?: Record<string, Sort[]>;
}
/** Bounds has numbers bounded by their tags and by their width, for the boundary agreement test. */
interface Bounds {
  /** @minimum 0.1 @maximum 0.7 */
  narrow: number;
  /** @minimum 0.1 @maximum 0.7 */
  wide: number;
  width: number;
  /** @minimum -0.3 @maximum -0.1 */
  neg: number;
}
/** Search looks things up. */
declare function search(args: SearchArgs): Promise<Results>;
/** Echo repeats a text. */
declare function echo(args: {
  /** what to repeat. @minLength 1 */
  text: string;
  /** how many times; once when absent. @minimum 1 @maximum 5 */
  times?: integer;
}): Promise<string>;
/** Fail always fails, with the reason given. */
declare function fail(args: { reason: string }): Promise<void>;
/** Boom panics. */
declare function boom(): Promise<string>;
/** Sleep waits, or stops when the call is cancelled. */
declare function sleep(args: { ms: integer }): Promise<string>;
/** Count counts a tree's nodes. */
declare function count(args: Node): Promise<integer>;
/** Mirror returns its arguments. */
declare function mirror(args: Kinds): Promise<KindsOutput>;
/** Add adds to the counter and says who asked. */
declare function counter_add(args: { by: integer }): Promise<string>;
/** Total reads the counter. */
declare function total(): Promise<integer[]>;
/** Bound returns its arguments. */
declare function bound(args: Bounds): Promise<Bounds>;
