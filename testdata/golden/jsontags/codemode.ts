/** Doc has tag names of every kind. */
interface Doc {
  "-": integer;
  Quote: string;
  Bslash: string;
  "naïve": string;
  "with space"?: string;
  "a-b.c:d/e~f": string;
  Empty?: integer;
  meta: meta;
  /** Count defaults to 3, also when null is sent for it. @default 3 */
  count?: integer;
}
/** A JSON number without a fraction. */
type integer = number;
interface meta { rev: integer }
/** Save echoes a document. */
declare function save(args: Doc): Promise<Doc>;
