/** Page is the rows read so far. */
interface Page {
  rows: Row[];
  /** Done is how many of the rows are checked. */
  done: integer;
  at?: DateTime;
}
/** Row is one row of a table. */
interface Row { id: integer; name: string }
/** A JSON number without a fraction. */
type integer = number;
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Query is a struct parameter beside a Partial. */
interface Query { text: string }
/** Node is a tree read so far. */
interface Node { name: string; children: (Node | null)[] }
/** ReadTable reads a table, sending the page read so far. */
declare function read_table(args: {
  /** the table's name */
  table: string;
}): Promise<Page>;
/** Write writes text, sending what it has written so far. */
declare function write(args: { topic: string }): Promise<string>;
/** Find takes a struct and sends a pointer, which may be nil. */
declare function find(args: Query): Promise<void>;
/** Walk sends a recursive tree. */
declare function walk(): Promise<Node>;
/** Counts sends a map, through no named parameter. */
declare function counts(): Promise<void>;
/** List sends rows through an alias. */
declare function list(args: { limit?: integer }): Promise<Row[]>;
/** Scan scans the table. */
declare function scan(): Promise<integer>;
