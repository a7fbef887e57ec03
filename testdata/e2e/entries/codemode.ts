/** Label is a tag on a document. */
interface Label {
  /** Name names the label. */
  name: string;
  /** Attrs are the label's attributes, by name. */
  attrs: { key: string; value: string }[];
  /** Weights are optional weights, by color. */
  weights?: { key: Color; value: integer }[];
}
/** Color is a paint color. */
type Color = "red" | "green";
/** A JSON number without a fraction. */
type integer = number;
/** Tally is what Count returns. */
interface Tally {
  /** Totals are the counts by word. */
  totals: { key: string; value: integer }[];
  /** Seen are the words in their first spelling, by lower case. */
  seen: { key: string; value: string | null }[];
}
/** SetHeaders sets the headers of a request and says what it set. */
declare function set_headers(args: {
  /** the headers, by name */
  headers: { key: string; value: string }[];
  /** more headers */
  extra?: { key: string; value: string }[];
}): Promise<string>;
/** Relabel returns the label as it was given. */
declare function relabel(args: Label): Promise<Label>;
/** Count counts the words of a text. */
declare function count(args: { text: string }): Promise<Tally>;
