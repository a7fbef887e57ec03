/** Query is the input of ListItems. */
interface Query {
  /** Name is the item name to match. */
  name: string;
  /** Offset is the first result to return. */
  offset?: integer;
  /** results per page */
  limit?: integer;
  /** Reason for the change. */
  reason: string;
  /** no json tag: the Go name */
  By: string;
  filter: Filter;
  extra?: boolean;
  /** Visible is promoted from an unexported embedded struct, as encoding/json does. */
  visible: string;
  /** Label is a named string, embedded: a member named after its type. */
  Label: string;
  tags?: string[];
  /** named "-" */
  "-": string;
  NoTag: integer;
  is_renamed: boolean;
  optional?: string;
  OnlyOpts?: integer;
  Shown: string;
}
/** A JSON number without a fraction. */
type integer = number;
/** Filter is embedded under a json tag, so it is a nested object rather than flattened. */
interface Filter { field: string; value: string }
/** Options is taken by pointer. */
interface Options { verbose: boolean }
/** Point is taken twice by Segment. */
interface Point { x: integer; y: integer }
/** ListItems lists items matching a query. */
declare function list_items(args: Query): Promise<string[]>;
/** Ping takes a struct with no fields. */
declare function ping(): Promise<void>;
/** Configure takes a pointer to a struct. */
declare function configure(args: Options): Promise<void>;
/** Segment takes two struct parameters: they are flat parameters, each an object. */
declare function segment(args: { from: Point; to?: Point }): Promise<number>;
