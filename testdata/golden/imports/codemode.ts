/** Note is a struct parameter with a float (math), a pattern (regexp) and a time. */
interface Note {
  /** @pattern ^[a-z]+$ */
  text: string;
  score: number;
  when: DateTime;
  raw: unknown;
}
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Save saves a note. */
declare function save(args: Note): Promise<Note>;
