/** Day is a day of the week. 0: the first day 1: the second day */
type Day = 0 | 1 | 2;
/** A JSON number without a fraction. */
type integer = number;
/** Color is a string enum with an unexported default. */
type Color = "red" | "green";
/** Plan schedules work. */
declare function plan(args: {
  /** the day. */
  day: Day;
  /** how hard. */
  level: integer;
  /** the label. */
  color: Color;
}): Promise<Day>;
