/** A JSON number without a fraction. */
type integer = number;
/** Search finds documents.  It searches titles first, then bodies.  Results come best first. */
declare function search(args: {
  /** what to look for. */
  query: string;
  /** how many documents to return at most. @minimum 1 @maximum 100 @default 10 */
  limit?: integer;
  /** whose documents to search. */
  user_id: string;
  /** match the whole phrase. */
  exact: boolean;
  /** an ISO 639-1 language code. @pattern ^[a-z]{2}$ @example "en" */
  lang?: string;
}): Promise<string[]>;
/**
 * Greet greets someone. The items of this list name no parameter, so they stay in the description:
 *   - be polite
 *   - be brief
 */
declare function greet(args: {
  name: string;
  /** the greeting to use. */
  greeting: string;
  times?: integer;
}): Promise<string>;
/**
 * Snake covers parameter names in every case: each becomes a snake_case property, and doc items may use either spelling.
 */
declare function snake(args: {
  user_name: string;
  /** the status to report. */
  http_status: integer;
  /** the body. */
  xml_body: string;
  x: integer;
  top10_items: string[];
}): Promise<void>;
/** Sum adds two numbers; its parameters have no descriptions. */
declare function undocumented(args: { a: integer; b: integer }): Promise<integer>;
/**
 * Mixed has a list with items about parameters and others, under no Parameters: heading: it is prose, and stays whole (under the heading, the stray item would be an error).
 *
 * Notes:
 *   - id: the record.
 *   - note: not a parameter of this tool, so it stays.
 *   - verbose: say more.
 */
declare function mixed(args: { id: integer; verbose: boolean }): Promise<void>;
