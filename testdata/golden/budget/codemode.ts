/** ExportArgs say what to export. */
interface ExportArgs {
  /**
   * Format is the file format: csv for spreadsheets, vcf for address books, json for programs.
   * @pattern ^(csv|vcf|json)$
   */
  format: string;
  /** Fields are the contact fields to export, in the order of the columns; every field when empty. */
  fields?: string[];
  /** Since exports only the contacts changed since this time. @format date-time */
  since?: string;
  /** Archived includes archived contacts. */
  archived?: boolean;
}
/** Lookup finds a contact by its id. */
declare function lookup(args: { id: string }): Promise<string>;
/**
 * Export writes contacts to a file in the workspace and returns its path. Large address books take a while; the file is replaced if it exists.
 */
declare function export_(args: ExportArgs): Promise<string>;
