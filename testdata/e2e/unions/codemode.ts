/** Shape is a figure. */
type Shape = { kind: "circle" } & Circle | { kind: "rect" } & Rect | { kind: "poly" } & Polygon;
/** Circle is round. */
interface Circle {
  /** @minimum 0 */
  radius: number;
}
/** Rect has its method on the pointer, so it is stored as a *Rect. */
interface Rect {
  /** @minimum 0 */
  width: number;
  /** @minimum 0 */
  height: number;
  /** @maxLength 8 */
  label?: string;
}
/** Polygon is named "poly". */
interface Polygon {
  /** @minimum 3 */
  sides: integer;
  length: number;
}
/** A JSON number without a fraction. */
type integer = number;
/** Scene holds shapes. */
interface Scene { title: string; shapes: Shape[]; focus?: Shape }
/** Scene holds shapes. */
interface SceneOutput { title: string; shapes: (Shape | null)[]; focus?: Shape | null }
/** Key finds a record by name, number or compound key. */
type Key = string | integer | Compound | boolean | string[];
/** Compound is a compound key. */
interface Compound { table: string; row: integer }
/** Area sums the areas of the shapes. */
declare function area(args: { shapes: Shape[] }): Promise<number>;
/** Echo returns the scene it is given. */
declare function echo(args: Scene): Promise<SceneOutput>;
/** Biggest returns the biggest shape. */
declare function biggest(args: { shapes: Shape[] }): Promise<Shape | null>;
/** Describe says which key it was given. */
declare function describe(args: { key: Key }): Promise<string>;
/** Lookup returns the key it is given. */
declare function lookup(args: { key: Key }): Promise<Key | null>;
