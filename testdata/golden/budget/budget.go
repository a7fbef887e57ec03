// Package budget keeps within its //toolgen:budget: the tools sent up
// front fit in it, and a deferred tool, over the budget by itself, does
// not count against it.
//
//toolgen:budget 60
package budget

// Lookup finds a contact by its id.
//
//toolgen:tool readonly
func Lookup(id string) (string, error) { return id, nil }

// ExportArgs say what to export.
type ExportArgs struct {
	// Format is the file format: csv for spreadsheets, vcf for address
	// books, json for programs.
	Format string `json:"format" toolgen:"pattern=^(csv|vcf|json)$"`
	// Fields are the contact fields to export, in the order of the
	// columns; every field when empty.
	Fields []string `json:"fields,omitempty"`
	// Since exports only the contacts changed since this time.
	Since string `json:"since,omitempty" toolgen:"format=date-time"`
	// Archived includes archived contacts.
	Archived bool `json:"archived,omitempty"`
}

// Export writes contacts to a file in the workspace and returns its path.
// Large address books take a while; the file is replaced if it exists.
//
//toolgen:tool defer
func Export(args ExportArgs) (string, error) { return "contacts." + args.Format, nil }
