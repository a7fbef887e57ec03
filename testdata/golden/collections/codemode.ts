/** Shapes holds every kind of collection. */
interface Shapes {
  names: string[];
  /** IDs is a named slice type. */
  ids: integer[];
  matrix: integer[][];
  pair: [string, string];
  /** Grid is a fixed-size board. */
  grid: [[boolean, boolean, boolean], [boolean, boolean, boolean], [boolean, boolean, boolean]];
  points: Point[];
  origin: Point;
  best?: Point;
  optional: Point[];
  scores: Record<string, integer>;
  by_key: Record<string, string[]>;
  nested: Record<string, Record<string, boolean>>;
  places: Record<string, Point>;
  empty: [];
  tags?: string[];
  counts?: Record<string, integer>;
}
/** A JSON number without a fraction. */
type integer = number;
/** Point is a nested struct: inlined wherever it is used. */
interface Point { x: number; y: number }
/** Shapes holds every kind of collection. */
interface ShapesOutput {
  names: string[];
  /** IDs is a named slice type. */
  ids: integer[];
  matrix: integer[][];
  pair: [string, string];
  /** Grid is a fixed-size board. */
  grid: [[boolean, boolean, boolean], [boolean, boolean, boolean], [boolean, boolean, boolean]];
  points: Point[];
  origin: Point;
  best?: Point;
  optional: (Point | null)[];
  scores: Record<string, integer>;
  by_key: Record<string, string[]>;
  nested: Record<string, Record<string, boolean>>;
  places: Record<string, Point>;
  empty: [];
  tags?: string[];
  counts?: Record<string, integer>;
}
/** Measure reads and writes every collection. */
declare function measure(args: Shapes): Promise<ShapesOutput>;
/** Flat takes collections as flat parameters. */
declare function flat(args: { points: Point[]; lookup: Record<string, Point>; pair: [integer, integer]; keys: string[] }): Promise<Record<string, Point[]>>;
/** Arrays returns an array, wrapped. */
declare function arrays(): Promise<[integer, integer, integer, integer]>;
