/** A JSON number without a fraction. */
type integer = number;
/** Report has omitzero members of every kind that needs a test of its own. */
interface Report {
  /** Level reads and writes itself as text, on an integer. */
  level?: string;
  price?: Money;
  window?: Window;
  when?: DateTime;
  pair?: [integer, integer];
}
/** Money is zero when its amount is, whatever its currency. */
interface Money { amount: integer; currency: string }
/** Window is zero when both ends are, and says so with a pointer method. */
interface Window { From: DateTime; To: DateTime; Tags: string[] }
/** An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z". */
type DateTime = string;
/** Summarize reports. */
declare function summarize(args: { days: integer }): Promise<Report>;
