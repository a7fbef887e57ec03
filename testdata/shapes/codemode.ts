/**
 * Grid holds nested shapes as members (omitempty: encoding/json then leaves out nil pointers, as toolgen always does).
 */
interface Grid { cells?: [integer, integer, integer]; rows?: [integer, integer][]; by_name?: Record<string, [integer, integer]>; square?: [[integer, integer], [integer, integer]]; times?: [DateTime, DateTime]; deep?: [[string, string], [string, string]]; items?: Item[] }
/** A JSON number without a fraction. */
type integer = number;
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Item is an element. */
interface Item { id: integer }
/**
 * Grid holds nested shapes as members (omitempty: encoding/json then leaves out nil pointers, as toolgen always does).
 */
interface GridOutput { cells?: [integer, integer, integer]; rows?: ([integer, integer] | null)[]; by_name?: Record<string, [integer, integer] | null>; square?: [[integer, integer], [integer, integer]]; times?: [DateTime, DateTime]; deep?: [[string, string] | null, [string, string] | null] | null; items?: (Item | null)[] }
/** Empty holds nil values of every kind. */
interface Empty { list: integer[]; table: Record<string, integer>; data: Base64; refs: (Item | null)[]; gone?: integer[]; zero?: integer[]; kept?: integer[]; named: Record<string, Item | null> }
/** Bytes in standard base64, padded. */
type Base64 = string;
/** Report is a result a tool may fail to return. */
interface Report { title: string }
/** EchoGrid returns its argument. */
declare function echo_grid(args: Grid): Promise<GridOutput>;
/** EchoMatrix returns a pointer to an array of pointers to arrays. */
declare function echo_matrix(args: {
  /** the matrix */
  m?: [[integer, integer], [integer, integer]];
}): Promise<[[integer, integer] | null, [integer, integer] | null]>;
/** EchoTable returns a map of pointers to arrays of slices. */
declare function echo_table(args: {
  /** the table */
  t: Record<string, [integer[], integer[]]>;
}): Promise<Record<string, [integer[], integer[]] | null>>;
/** EchoTimes returns the instants it reads. */
declare function echo_times(args: {
  /** instants */
  at: DateTime[];
}): Promise<DateTime[]>;
/** Nils returns nil values: [], {}, "" and null where a pointer is nil. */
declare function nils(): Promise<Empty>;
/** GetReport returns nil: a failed result. */
declare function get_report(): Promise<Report>;
/** Count returns nil: a failed result. */
declare function count(): Promise<integer>;
