/** Route is a list of stops. */
interface Route {
  stops: Point[];
  named: Record<string, Point>;
  ends: [Point, Point];
  /** null reads as nil */
  detour?: Point;
}
/** Point is a place. */
interface Point { x: integer; y: integer }
/** A JSON number without a fraction. */
type integer = number;
/** Route is a list of stops. */
interface RouteOutput {
  stops: (Point | null)[];
  named: Record<string, Point | null>;
  ends: [Point | null, Point | null];
  /** null reads as nil */
  detour?: Point;
}
/** Plan plans a route. */
declare function plan(args: Route): Promise<RouteOutput>;
