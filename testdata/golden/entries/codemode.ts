/** Plan is a floor plan. */
interface Plan {
  /** Sizes are the rooms' areas, by room. */
  sizes: { key: Room; value: number }[];
  /** Marks are places, by name; nil ones are none. */
  marks?: { key: string; value: Point }[];
  /** Notes are free notes, sent as an object. */
  notes: Record<string, string>;
}
/** Room is a room of a house. */
type Room = "kitchen" | "hall";
/** Point is a place. */
interface Point { x: integer; y: integer }
/** A JSON number without a fraction. */
type integer = number;
/** Plan is a floor plan. */
interface PlanOutput {
  /** Sizes are the rooms' areas, by room. */
  sizes: { key: Room; value: number }[];
  /** Marks are places, by name; nil ones are none. */
  marks?: { key: string; value: Point | null }[];
  /** Notes are free notes, sent as an object. */
  notes: Record<string, string>;
}
/** Draw draws a plan and returns it. */
declare function draw(args: Plan): Promise<PlanOutput>;
/** Tag tags a document. */
declare function tag(args: {
  /** the labels, by name */
  labels: { key: string; value: string }[];
  /** how many, by word */
  counts?: { key: string; value: integer }[];
}): Promise<Record<string, string>>;
