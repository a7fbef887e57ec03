/** Shape is a figure to draw. */
interface Shape {
  /** Kind says which figure it is. */
  kind: Kind;
  /** width and height, for rectangles */
  W: integer;
  /** width and height, for rectangles */
  H: integer;
  /** Size is the side or radius, in pixels. @minimum 1 */
  size: integer;
  /** a caption under the figure */
  label?: string;
  /** Corner is the corner it is pinned by. */
  corner?: string;
}
/** Kind is a kind of figure. "circle": Circle is round. "square": four equal sides */
type Kind = "circle" | "square";
/** A JSON number without a fraction. */
type integer = number;
interface Point { X: integer; Y: integer }
/** Draw draws a shape. */
declare function draw(args: Shape): Promise<string>;
/**
 * Paint paints a shape; its parameters have no items, so their types' docs describe them. image.Point is from the standard library, whose docs toolgen does not read.
 */
declare function paint(args: {
  kind: Kind;
  /** Color is a color name; it is described by this comment alone. */
  color: string;
  at: Point;
}): Promise<string>;
