/** Report holds nil-able shapes. */
interface Report {
  items: Item[];
  counts: Record<string, integer>;
  data: Base64;
  /** left out when nil or empty */
  empty?: integer[];
  /** left out when nil only */
  zero?: integer[];
  /** elements may be null */
  refs: (Item | null)[];
  /** values may be null */
  by_name: Record<string, Item | null>;
  /** anyOf: an enum */
  levels: (Level | null)[];
  /** anyOf: a $ref */
  nodes: (Node | null)[];
  /** left out when nil; the inner pointer may be null */
  twice?: integer | null;
  /** left out when nil */
  optional?: Item;
  /** {} allows null */
  free: unknown;
}
/** Item is an element type. */
interface Item { id: integer }
/** A JSON number without a fraction. */
type integer = number;
/** Bytes in standard base64, padded. */
type Base64 = string;
/** Level is an enum: a nullable one needs anyOf (its enum has no null). */
type Level = "low" | "high";
/** Node is recursive: a nullable one is anyOf [$ref, null]. */
interface Node { name: string; next: (Node | null)[] }
/** GetReport returns a pointer to a struct: nil is a failed result. */
declare function get_report(): Promise<Report>;
/** Full returns a struct full of nil values. */
declare function full(): Promise<Report>;
/** Deep returns a pointer to a pointer to a struct: either nil is a failed result. */
declare function deep(): Promise<Report | null>;
/**
 * Numbers returns a pointer to a slice of pointers, wrapped: a nil result fails; a nil element is null.
 */
declare function numbers(): Promise<(integer | null)[]>;
/** Indirect returns a pointer to a pointer to an int, wrapped: the inner pointer may be null. */
declare function indirect(): Promise<integer | null>;
/** Blob returns bytes, wrapped: nil is "". */
declare function blob(): Promise<Base64>;
