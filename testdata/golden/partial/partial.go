// Package partial covers tools that send partial results through a
// toolgen.Partial[T] parameter, which dispatch supplies and the schema
// leaves out.
package partial

import (
	"context"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// Row is one row of a table.
type Row struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Page is the rows read so far.
type Page struct {
	Rows []Row `json:"rows"`
	// Done is how many of the rows are checked.
	Done int        `json:"done"`
	At   *time.Time `json:"at,omitempty"`
}

// Node is a tree read so far.
type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children"`
}

// Query is a struct parameter beside a Partial.
type Query struct {
	Text string `json:"text"`
}

// Rows is an alias of the Partial that sends rows.
type Rows = toolgen.Partial[[]Row]

// ReadTable reads a table, sending the page read so far.
//
// Parameters:
//   - table: the table's name
//
//toolgen:tool readonly
func ReadTable(ctx context.Context, table string, page toolgen.Partial[Page]) (Page, error) {
	return Page{}, nil
}

// Write writes text, sending what it has written so far.
//
//toolgen:tool
func Write(topic string, text toolgen.Partial[string], rc toolgen.Ctx) (string, error) {
	return "", nil
}

// Find takes a struct and sends a pointer, which may be nil.
//
//toolgen:tool
func Find(q Query, found toolgen.Partial[*Page]) error { return nil }

// Walk sends a recursive tree.
//
//toolgen:tool
func Walk(ctx context.Context, tree toolgen.Partial[Node]) (*Node, error) { return nil, nil }

// Counts sends a map, through no named parameter.
//
//toolgen:tool
func Counts(_ toolgen.Partial[map[string]int]) error { return nil }

// List sends rows through an alias.
//
//toolgen:tool
func List(rows Rows, limit *int) ([]Row, error) { return nil, nil }

// Table is a table whose tools send partial results too.
type Table struct{ name string }

// Scan scans the table.
//
//toolgen:tool
func (t *Table) Scan(ctx context.Context, seen toolgen.Partial[int]) (int, error) { return 0, nil }
