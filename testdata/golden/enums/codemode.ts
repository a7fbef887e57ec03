/** Paint selects colors. */
interface Paint {
  color: Color;
  /** the trim color */
  trim?: Color;
  palette: Color[];
  by_room: Record<string, Level>;
  priority: Priority;
  mode: Mode;
  sign: Sign;
  quote: Quote;
}
/** Color is a documented string enum. "red": Red is the color of fire. "green": the color of grass */
type Color = "red" | "green" | "blue";
/** Level has no comments on its constants. */
type Level = 1 | 2 | 3;
/** Priority has two names for one value. 0: can wait 1: the usual 9: now 9: the same as urgent */
type Priority = 0 | 1 | 9;
/** Mode is declared alone. "fast": ModeFast is the only mode. */
type Mode = "fast";
/** Sign is a signed enum with negative values. */
type Sign = -1 | 0 | 1;
/** Quote has values JSON must escape. */
type Quote = "plain" | "say \"hi\"" | "<b>&";
/** Mix returns the paint back with the color it mixes to. */
declare function mix(args: Paint): Promise<Paint>;
/** Pick takes and returns enums as flat parameters. */
declare function pick(args: {
  color: Color;
  /** how much. */
  level?: Level;
  priority: Priority;
}): Promise<Level>;
/** Name returns an enum as text. */
declare function name(args: { c: Color }): Promise<string>;
