// Package docs is the office-documents domain of the benchmark catalog:
// text documents, spreadsheets and presentations, with their comments,
// revisions, sharing and export, in the manner of Google Docs, Sheets and
// Slides.
package docs

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/docs"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// ContentFormat is the form a document's text is returned in.
type ContentFormat string

const (
	Markdown ContentFormat = "markdown" // Markdown with headings, lists and tables
	Plain    ContentFormat = "plain"    // plain text
	HTML     ContentFormat = "html"     // HTML
)

// ExportFormat is a file format a document can be exported to.
type ExportFormat string

const (
	PDF  ExportFormat = "pdf"  // PDF
	DOCX ExportFormat = "docx" // Microsoft Word
	ODT  ExportFormat = "odt"  // OpenDocument text
	EPUB ExportFormat = "epub" // e-book
	MD   ExportFormat = "md"   // Markdown
	XLSX ExportFormat = "xlsx" // Microsoft Excel, for spreadsheets
	CSV  ExportFormat = "csv"  // comma-separated values, one sheet
	PPTX ExportFormat = "pptx" // Microsoft PowerPoint, for presentations
)

// InputMode says how written cell values are read.
type InputMode string

const (
	Raw         InputMode = "raw"          // stored as given
	UserEntered InputMode = "user_entered" // parsed as if typed: "=SUM(A1:A3)" is a formula, "3%" a number
)

// Summarize is how a pivot table aggregates values.
type Summarize string

const (
	Sum           Summarize = "sum"            // the total
	Count         Summarize = "count"          // the number of values
	CountDistinct Summarize = "count_distinct" // the number of distinct values
	Average       Summarize = "average"        // the mean
	Min           Summarize = "min"            // the smallest
	Max           Summarize = "max"            // the largest
)

// ChartType is the kind of a chart.
type ChartType string

const (
	Bar     ChartType = "bar"     // horizontal bars
	Column  ChartType = "column"  // vertical bars
	Line    ChartType = "line"    // a line over time
	Pie     ChartType = "pie"     // parts of a whole
	Scatter ChartType = "scatter" // points of two variables
	Area    ChartType = "area"    // a filled line
)

// NumberFormat is how cells show numbers.
type NumberFormat string

const (
	Number     NumberFormat = "number"     // 1,234.56
	Percent    NumberFormat = "percent"    // 12.5%
	Currency   NumberFormat = "currency"   // $1,234.56
	Date       NumberFormat = "date"       // 2026-07-14
	DateTime   NumberFormat = "date_time"  // 2026-07-14 09:30
	Scientific NumberFormat = "scientific" // 1.23E+03
)

// SlideLayout is the layout of a new slide.
type SlideLayout string

const (
	TitleSlide   SlideLayout = "title"          // a title and subtitle
	TitleAndBody SlideLayout = "title_and_body" // a title and a bulleted body
	Section      SlideLayout = "section"        // a section header
	TwoColumns   SlideLayout = "two_columns"    // a title and two columns
	Blank        SlideLayout = "blank"          // empty
)

// DocRole is access to a document.
type DocRole string

const (
	Viewer    DocRole = "viewer"    // read
	Commenter DocRole = "commenter" // read and comment
	Editor    DocRole = "editor"    // read, comment and edit
)

// DocKind is the kind of an office document.
type DocKind string

const (
	Document     DocKind = "document"     // a text document
	Spreadsheet  DocKind = "spreadsheet"  // a spreadsheet
	Presentation DocKind = "presentation" // a slide deck
)

// Doc describes an office document.
type Doc struct {
	ID         string    `json:"id"`
	Title      string    `json:"title"`
	Kind       DocKind   `json:"kind"`
	Owner      string    `json:"owner"`
	ModifiedAt time.Time `json:"modified_at"`
	URL        string    `json:"url"`
}

// Comment is a comment on a document.
type Comment struct {
	ID       string    `json:"id"`
	Author   string    `json:"author"`
	Quoted   string    `json:"quoted,omitempty"`
	Text     string    `json:"text"`
	Resolved bool      `json:"resolved"`
	At       time.Time `json:"at"`
}

// Revision is a saved revision of a document.
type Revision struct {
	ID         string    `json:"id"`
	ModifiedBy string    `json:"modified_by"`
	ModifiedAt time.Time `json:"modified_at"`
}

// Stats are a document's length statistics.
type Stats struct {
	Words          int `json:"words"`
	Characters     int `json:"characters"`
	Pages          int `json:"pages"`
	ReadingMinutes int `json:"reading_minutes"`
}

// PivotValue is a value column of a pivot table.
type PivotValue struct {
	Column    string    `json:"column"`    // the source column's header
	Summarize Summarize `json:"summarize"` // how to aggregate it
}

// PivotTable describes a pivot table to create.
type PivotTable struct {
	SpreadsheetID string `json:"spreadsheet_id"`
	// SourceRange is the data with a header row, "Orders!A1:H5000".
	SourceRange string `json:"source_range"`
	// Rows are the headers of the columns to group rows by.
	Rows []string `json:"rows"`
	// Columns are the headers of the columns to group columns by.
	Columns []string     `json:"columns,omitempty"`
	Values  []PivotValue `json:"values" toolgen:"minItems=1"`
	// TargetSheet is the sheet to put it on; a new sheet when absent.
	TargetSheet *string `json:"target_sheet,omitempty"`
}

// CellFormat formats a range of cells; unset fields are left alone.
type CellFormat struct {
	SpreadsheetID string        `json:"spreadsheet_id"`
	Range         string        `json:"range"` // "Sheet1!B2:D20"
	Bold          *bool         `json:"bold,omitempty"`
	Italic        *bool         `json:"italic,omitempty"`
	NumberFormat  *NumberFormat `json:"number_format,omitempty"`
	// Background is a hex color, "#fff2cc".
	Background *string `json:"background,omitempty"`
	// TextColor is a hex color.
	TextColor *string `json:"text_color,omitempty"`
	WrapText  *bool   `json:"wrap_text,omitempty"`
}

// CreateDocument creates a text document, empty or from a template.
//
// Parameters:
//   - title: the document's title.
//   - folder_id: the folder to create it in.
//   - template_id: a template to start from.
//
//toolgen:tool
func CreateDocument(ctx context.Context, title string, folderID, templateID *string) (Doc, error) {
	return Doc{}, errNotImplemented
}

// GetDocumentContent returns a document's text as Markdown, plain text or HTML.
//
// Parameters:
//   - document_id: the document.
//   - format: the form of the text.
//
//toolgen:tool readonly idempotent
func GetDocumentContent(ctx context.Context, documentID string, format ContentFormat) (string, error) {
	return "", errNotImplemented
}

// AppendToDocument adds text at the end of a document, optionally as a heading.
//
// Parameters:
//   - document_id: the document.
//   - text: the text, in Markdown.
//   - heading_level min=1,max=6: make it a heading of this level.
//
//toolgen:tool
func AppendToDocument(ctx context.Context, documentID, text string, headingLevel *int) error {
	return errNotImplemented
}

// FindAndReplaceInDocument replaces every occurrence of a text in a document.
//
// Parameters:
//   - document_id: the document.
//   - find: the text to look for.
//   - replace: the replacement.
//   - match_case: match upper and lower case exactly.
//
//toolgen:tool idempotent
func FindAndReplaceInDocument(ctx context.Context, documentID, find, replace string, matchCase bool) (int, error) {
	return 0, errNotImplemented
}

// InsertTable inserts an empty table into a document after a heading or at
// the end.
//
// Parameters:
//   - document_id: the document.
//   - rows min=1,max=200: the number of rows.
//   - columns min=1,max=20: the number of columns.
//   - after_heading: insert after the section with this heading.
//
//toolgen:tool
func InsertTable(ctx context.Context, documentID string, rows, columns int, afterHeading *string) error {
	return errNotImplemented
}

// InsertImage inserts an image into a document.
//
// Parameters:
//   - document_id: the document.
//   - image_url: the image's address.
//   - after_heading: insert after the section with this heading; at the end when absent.
//   - width_points: the image's width.
//
//toolgen:tool
func InsertImage(ctx context.Context, documentID, imageURL string, afterHeading *string, widthPoints *float64) error {
	return errNotImplemented
}

// CommentOnDocument comments on a passage of a document.
//
// Parameters:
//   - document_id: the document.
//   - quoted_text: the passage the comment is about.
//   - text: the comment; @mentions assign it.
//
//toolgen:tool
func CommentOnDocument(ctx context.Context, documentID, quotedText, text string) (Comment, error) {
	return Comment{}, errNotImplemented
}

// ListDocumentComments lists the comments of a document.
//
// Parameters:
//   - document_id: the document.
//   - include_resolved: include resolved comments.
//
//toolgen:tool readonly idempotent
func ListDocumentComments(ctx context.Context, documentID string, includeResolved bool) ([]Comment, error) {
	return nil, errNotImplemented
}

// ResolveDocumentComment marks a comment as resolved.
//
// Parameters:
//   - document_id: the document.
//   - comment_id: the comment.
//   - reply: a reply posted before resolving.
//
//toolgen:tool idempotent
func ResolveDocumentComment(ctx context.Context, documentID, commentID string, reply *string) error {
	return errNotImplemented
}

// ExportDocument exports a document, spreadsheet or presentation to a file
// format and returns the file's download address.
//
// Parameters:
//   - document_id: the document.
//   - format: the file format.
//
//toolgen:tool readonly
func ExportDocument(ctx context.Context, documentID string, format ExportFormat) (string, error) {
	return "", errNotImplemented
}

// ListDocumentRevisions lists the saved revisions of a document, who made them
// and when.
//
// Parameters:
//   - document_id: the document.
//
//toolgen:tool readonly idempotent
func ListDocumentRevisions(ctx context.Context, documentID string) ([]Revision, error) {
	return nil, errNotImplemented
}

// GetDocumentStats counts a document's words, characters and pages and
// estimates its reading time.
//
// Parameters:
//   - document_id: the document.
//
//toolgen:tool readonly idempotent
func GetDocumentStats(ctx context.Context, documentID string) (Stats, error) {
	return Stats{}, errNotImplemented
}

// TranslateDocument makes a translated copy of a document.
//
// Parameters:
//   - document_id: the document.
//   - target_language: a BCP 47 language tag, "fr" or "pt-BR".
//
//toolgen:tool
func TranslateDocument(ctx context.Context, documentID, targetLanguage string) (Doc, error) {
	return Doc{}, errNotImplemented
}

// FillDocumentTemplate creates a document from a template, replacing its
// {{placeholders}} with values.
//
// Parameters:
//   - template_id: the template document.
//   - title: the new document's title.
//   - values: a value for each placeholder, {"client": "Acme", "date": "July 14"}.
//
//toolgen:tool
func FillDocumentTemplate(ctx context.Context, templateID, title string, values map[string]string) (Doc, error) {
	return Doc{}, errNotImplemented
}

// PublishToWeb publishes a document at a public, read-only web address that
// updates as the document changes.
//
// Parameters:
//   - document_id: the document.
//   - unpublish: stop publishing instead.
//
//toolgen:tool idempotent openworld
func PublishToWeb(ctx context.Context, documentID string, unpublish bool) (string, error) {
	return "", errNotImplemented
}

// CreateSpreadsheet creates a spreadsheet with named sheets.
//
// Parameters:
//   - title: the spreadsheet's title.
//   - sheets: the names of its sheets; one "Sheet1" when empty.
//
//toolgen:tool
func CreateSpreadsheet(ctx context.Context, title string, sheets []string) (Doc, error) {
	return Doc{}, errNotImplemented
}

// ReadSheetRange returns the values of a range of cells.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: A1 notation, "Budget!A1:F40".
//   - formulas: return formulas instead of their computed values.
//
//toolgen:tool readonly idempotent
func ReadSheetRange(ctx context.Context, spreadsheetID, a1Range string, formulas bool) ([][]string, error) {
	return nil, errNotImplemented
}

// WriteSheetRange writes values into a range of cells, row by row.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: the top-left cell or the whole range, "Budget!B2".
//   - values: the rows of values.
//   - input_mode: how values are read.
//
//toolgen:tool idempotent
func WriteSheetRange(ctx context.Context, spreadsheetID, a1Range string, values [][]string, inputMode InputMode) (int, error) {
	return 0, errNotImplemented
}

// AppendSheetRows adds rows after the last row of a sheet's data.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - sheet: the sheet's name.
//   - rows: the rows to add.
//
//toolgen:tool
func AppendSheetRows(ctx context.Context, spreadsheetID, sheet string, rows [][]string) (int, error) {
	return 0, errNotImplemented
}

// ClearSheetRange empties the values of a range, keeping its formatting.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: A1 notation.
//
//toolgen:tool destructive idempotent
func ClearSheetRange(ctx context.Context, spreadsheetID, a1Range string) error {
	return errNotImplemented
}

// SetCellFormula puts a formula into a cell and returns its computed value.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - cell: the cell, "Summary!C10".
//   - formula: the formula, "=SUMIF(A:A,\"Paid\",C:C)".
//
//toolgen:tool idempotent
func SetCellFormula(ctx context.Context, spreadsheetID, cell, formula string) (string, error) {
	return "", errNotImplemented
}

// AddSheetTab adds a sheet (tab) to a spreadsheet.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - title: the sheet's name.
//
//toolgen:tool
func AddSheetTab(ctx context.Context, spreadsheetID, title string) error {
	return errNotImplemented
}

// DeleteSheetTab deletes a sheet (tab) and its data from a spreadsheet.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - title: the sheet's name.
//
//toolgen:tool destructive
func DeleteSheetTab(ctx context.Context, spreadsheetID, title string) error {
	return errNotImplemented
}

// SortSheetRange sorts the rows of a range by a column.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: the rows to sort, without the header row.
//   - column: the column letter to sort by, "C".
//   - descending: largest first.
//
//toolgen:tool idempotent
func SortSheetRange(ctx context.Context, spreadsheetID, a1Range, column string, descending bool) error {
	return errNotImplemented
}

// CreatePivotTable summarizes a range of data in a pivot table.
//
//toolgen:tool
func CreatePivotTable(ctx context.Context, in PivotTable) (string, error) {
	return "", errNotImplemented
}

// CreateChart adds a chart of a range of data to a spreadsheet.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: the data, first column as labels.
//   - chart_type: the kind of chart.
//   - title: the chart's title.
//
//toolgen:tool
func CreateChart(ctx context.Context, spreadsheetID, a1Range string, chartType ChartType, title *string) (string, error) {
	return "", errNotImplemented
}

// FormatCells changes the font, number format and colors of a range of cells.
//
//toolgen:tool idempotent
func FormatCells(ctx context.Context, in CellFormat) error {
	return errNotImplemented
}

// AddConditionalFormatting colors cells of a range that meet a condition.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: the cells.
//   - condition: a custom formula, "=$E2<0", or a rule, "TEXT_CONTAINS:overdue".
//   - background: the hex color to apply.
//
//toolgen:tool
func AddConditionalFormatting(ctx context.Context, spreadsheetID, a1Range, condition, background string) error {
	return errNotImplemented
}

// FreezePanes keeps the first rows and columns of a sheet visible while
// scrolling.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - sheet: the sheet's name.
//   - rows min=0,max=20: rows to freeze.
//   - columns min=0,max=10: columns to freeze.
//
//toolgen:tool idempotent
func FreezePanes(ctx context.Context, spreadsheetID, sheet string, rows, columns int) error {
	return errNotImplemented
}

// AddDropdownValidation restricts the cells of a range to a list of allowed
// values, shown as a dropdown.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: the cells.
//   - allowed_values: the choices.
//   - strict: reject other values instead of warning.
//
//toolgen:tool idempotent
func AddDropdownValidation(ctx context.Context, spreadsheetID, a1Range string, allowedValues []string, strict bool) error {
	return errNotImplemented
}

// ProtectSheetRange stops everyone but the listed editors from changing a
// range.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - a1_range: the cells, or a whole sheet's name.
//   - editors: the email addresses who may still edit it.
//
//toolgen:tool idempotent
func ProtectSheetRange(ctx context.Context, spreadsheetID, a1Range string, editors []string) error {
	return errNotImplemented
}

// ImportCSVToSheet reads a CSV file into a sheet, replacing its contents.
//
// Parameters:
//   - spreadsheet_id: the spreadsheet.
//   - csv_url: where the CSV file is.
//   - sheet: the sheet to fill; a new sheet when absent.
//
//toolgen:tool openworld
func ImportCSVToSheet(ctx context.Context, spreadsheetID, csvURL string, sheet *string) (int, error) {
	return 0, errNotImplemented
}

// CreatePresentation creates a slide deck.
//
// Parameters:
//   - title: the presentation's title.
//   - theme: a theme name, "Simple Light".
//
//toolgen:tool
func CreatePresentation(ctx context.Context, title string, theme *string) (Doc, error) {
	return Doc{}, errNotImplemented
}

// AddSlide adds a slide to a presentation.
//
// Parameters:
//   - presentation_id: the presentation.
//   - layout: the slide's layout.
//   - title: the slide's title.
//   - body: the body text; one bullet per line.
//   - position min=0: the index to insert at; the end when absent.
//
//toolgen:tool
func AddSlide(ctx context.Context, presentationID string, layout SlideLayout, title, body *string, position *int) (int, error) {
	return 0, errNotImplemented
}

// GetSlidesOutline returns the title and text of each slide of a presentation.
//
// Parameters:
//   - presentation_id: the presentation.
//
//toolgen:tool readonly idempotent
func GetSlidesOutline(ctx context.Context, presentationID string) ([]string, error) {
	return nil, errNotImplemented
}

// AddSpeakerNotes sets the presenter's notes of a slide.
//
// Parameters:
//   - presentation_id: the presentation.
//   - slide_index min=0: the slide, 0 for the first.
//   - notes: the notes.
//
//toolgen:tool idempotent
func AddSpeakerNotes(ctx context.Context, presentationID string, slideIndex int, notes string) error {
	return errNotImplemented
}

// ShareDocument gives a person access to a document, spreadsheet or
// presentation.
//
// Parameters:
//   - document_id: the document.
//   - email: the person.
//   - role: what they can do.
//   - message: a note in the notification email.
//
//toolgen:tool idempotent
func ShareDocument(ctx context.Context, documentID, email string, role DocRole, message *string) error {
	return errNotImplemented
}

// DuplicateDocument makes a copy of a document, spreadsheet or presentation.
//
// Parameters:
//   - document_id: the document.
//   - title: the copy's title; "Copy of ..." when absent.
//
//toolgen:tool
func DuplicateDocument(ctx context.Context, documentID string, title *string) (Doc, error) {
	return Doc{}, errNotImplemented
}

// SearchDocuments finds documents, spreadsheets and presentations by title and
// content.
//
// Parameters:
//   - query: words to look for.
//   - kind: only this kind of document.
//   - owner: only documents owned by this email address.
//
//toolgen:tool readonly idempotent
func SearchDocuments(ctx context.Context, query string, kind *DocKind, owner *string) ([]Doc, error) {
	return nil, errNotImplemented
}

// DeleteDocument moves a document, spreadsheet or presentation to the trash.
//
// Parameters:
//   - document_id: the document.
//
//toolgen:tool destructive idempotent
func DeleteDocument(ctx context.Context, documentID string) error {
	return errNotImplemented
}
