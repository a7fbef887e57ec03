/** Status is the result of Check. */
interface Status {
  ok: boolean;
  /** why, when not OK */
  detail?: string;
  /** a pointer: optional in the output */
  warning?: string;
  /** left out when nil */
  codes?: integer[];
  /** defaults only make inputs optional @default 1 */
  count: integer;
}
/** A JSON number without a fraction. */
type integer = number;
/** Text returns text. */
declare function text(): Promise<string>;
/** TextOnly returns text without an error. */
declare function text_only(): Promise<string>;
/** Check returns a struct: structured content with an output schema. */
declare function check(): Promise<Status>;
/** CheckPtr returns a pointer to a struct; nil is a failed result. */
declare function check_ptr(): Promise<Status>;
/** CheckOnly returns a struct without an error. */
declare function check_only(): Promise<Status>;
/** List returns a slice, wrapped as {"result": [...]}. */
declare function list(): Promise<Status[]>;
/** Number returns an int, wrapped. */
declare function number(): Promise<integer>;
/** Table returns a map, wrapped: a map is an object, but not one with a fixed schema. */
declare function table(): Promise<Record<string, integer>>;
/** Flag returns a bool without an error, wrapped. */
declare function flag(): Promise<boolean>;
/** Maybe returns a pointer to a non-struct, wrapped. */
declare function maybe(): Promise<integer>;
/** Nothing returns only an error: "ok" on success. */
declare function nothing(): Promise<void>;
/** Picture returns a toolgen.Result as it is: content the tool chose (an image), no output schema. */
declare function picture(): Promise<unknown>;
/** PictureOnly returns a toolgen.Result without an error. */
declare function picture_only(): Promise<unknown>;
