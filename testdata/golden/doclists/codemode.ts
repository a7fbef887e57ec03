/** A JSON number without a fraction. */
type integer = number;
/**
 * At books a slot. A colon inside an option's value (the pattern) does not end the options: the description starts at the first colon followed by a space.
 */
declare function at(args: {
  /** the time, as hh:mm. @pattern ^[0-2][0-9]:[0-5][0-9]$ */
  hhmm: string;
  /** the room. @minLength 1 */
  room: string;
}): Promise<string>;
/**
 * SplitN slices s into substrings separated by sep and returns a slice of the substrings between those separators.
 *
 * The count determines the number of substrings to return:
 *   - n > 0: at most n substrings; the last substring will be the unsplit remainder;
 *   - n == 0: the result is nil (zero substrings);
 *   - n < 0: all substrings.
 */
declare function split_n(args: { s: string; sep: string; n: integer }): Promise<string[]>;
/** GetWeather looks up the weather. */
declare function get_weather(args: {
  /** the city, for example "Paris". @minLength 1 */
  city: string;
  /** the unit, "C" or "F". */
  unit_name?: string;
}): Promise<string>;
/**
 * Notes keeps a list whose items do not all name parameters: it is prose.
 *
 *   - text: what to note.
 *   - tags: no such parameter, so the whole list stays.
 */
declare function notes(args: { text: string }): Promise<string>;
