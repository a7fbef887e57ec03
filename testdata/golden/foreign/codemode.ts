/** Place uses all of them. */
interface Place {
  here: Point;
  there: Point2;
  pixel: Point3;
  box: Rectangle;
  odd: image_Point;
  /** Level has only unexported constants: it is a plain integer, not an enum. */
  level: integer;
  mode?: Mode;
}
/**
 * Point is local, and so is image_Point: the helper names still differ from those of shared.Point and image.Point.
 */
interface Point { lat: number }
/** Point has the same name as a local type of the case. */
interface Point2 { x: integer; y: integer }
/** A JSON number without a fraction. */
type integer = number;
interface Point3 { X: integer; Y: integer }
interface Rectangle { Min: Point3; Max: Point3 }
/** image_Point claims the name toolgen would give image.Point. */
interface image_Point { z: integer }
/** Mode is an enum with exported constants. */
type Mode = "a" | "b";
/** Locate returns a place. */
declare function locate(args: Place): Promise<Place>;
/** Move takes a foreign struct as its struct parameter. */
declare function move(args: Point2): Promise<Point3>;
