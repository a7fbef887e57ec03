/** Shape is a figure to draw. */
type Shape = { kind: "circle" } & Circle | { kind: "rect" } & Rect | { kind: "poly" } & Polygon;
/** Circle is a round shape. */
interface Circle {
  /** @minimum 0 */
  radius: number;
}
/** Rect is a rectangle; its method has a pointer receiver, so it is stored as a *Rect. */
interface Rect { width: number; height: number; label?: string }
/** Polygon is named "poly" in the tag. */
interface Polygon { points: [number, number][] }
/** Scene is what to draw. */
interface Scene {
  title: string;
  shapes: Shape[];
  /** Focus is the shape to center on. */
  focus?: Shape;
}
/** Scene is what to draw. */
interface SceneOutput {
  title: string;
  shapes: (Shape | null)[];
  /** Focus is the shape to center on. */
  focus?: Shape | null;
}
/** Key finds a record: by name, by number, or by a compound key. */
type Key = string | integer | Compound;
/** A JSON number without a fraction. */
type integer = number;
/** Compound is a record's compound key. */
interface Compound { table: string; row: integer }
/** Draw draws one shape. */
declare function draw(args: {
  /** the shape to draw */
  shape: Shape;
  color: string;
}): Promise<string>;
/** Render draws a scene. */
declare function render(args: Scene): Promise<SceneOutput>;
/** Lookup finds a record. */
declare function lookup(args: { key: Key }): Promise<Key | null>;
/** Largest returns the largest shape. */
declare function largest(args: { shapes: Shape[] }): Promise<Shape | null>;
/** Grow sends each shape as it grows. */
declare function grow(args: { n: integer }): Promise<void>;
