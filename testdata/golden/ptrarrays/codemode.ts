/** A JSON number without a fraction. */
type integer = number;
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Grid holds nested shapes as fields. */
interface Grid { cells?: [integer, integer, integer]; rows: ([integer, integer] | null)[]; by_name: Record<string, [integer, integer] | null>; square?: [[integer, integer], [integer, integer]]; times?: [DateTime, DateTime]; deep?: [[string, string] | null, [string, string] | null] | null; mixed?: [([boolean, boolean] | null)[], ([boolean, boolean] | null)[]]; tables?: [Record<string, integer | null>, Record<string, integer | null>]; grids?: [Cell]; stacked: [[number, number] | null, [number, number] | null] }
/** Cell is a struct inside a pointer to an array. */
interface Cell { x: integer }
/** Grid holds nested shapes as fields. */
interface GridInput { cells?: [integer, integer, integer]; rows: [integer, integer][]; by_name: Record<string, [integer, integer]>; square?: [[integer, integer], [integer, integer]]; times?: [DateTime, DateTime]; deep?: [[string, string], [string, string]]; mixed?: [[boolean, boolean][], [boolean, boolean][]]; tables?: [Record<string, integer>, Record<string, integer>]; grids?: [Cell]; stacked: [[number, number], [number, number]] }
/** Shapes takes nested shapes as flat parameters and returns them. */
declare function shapes(args: {
  /** three integers */
  cells?: [integer, integer, integer];
  /** pairs */
  rows: [integer, integer][];
  /** pairs by name */
  by_name: Record<string, [integer, integer]>;
  /** a 2x2 matrix */
  square?: [[integer, integer], [integer, integer]];
  /** two instants */
  times?: [DateTime, DateTime];
  /** pairs of pairs of strings */
  deep?: [[string, string], [string, string]];
}): Promise<Grid>;
/** Echo takes a struct of nested shapes and returns it. */
declare function echo(args: GridInput): Promise<Grid>;
/** Triple returns a pointer to an array, wrapped. */
declare function triple(): Promise<[integer, integer, integer]>;
/** Pairs returns a slice of pointers to arrays, wrapped. */
declare function pairs(): Promise<([integer, integer] | null)[]>;
/** Matrix returns a pointer to an array of pointers to arrays, wrapped. */
declare function matrix(): Promise<[[integer, integer] | null, [integer, integer] | null]>;
