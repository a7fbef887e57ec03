// Package structparam covers tools taking one struct: its fields are the
// properties, named as encoding/json names them.
package structparam

import "context"

// Page selects a page of results.
type Page struct {
	// Offset is the first result to return.
	Offset int `json:"offset,omitempty"`
	Limit  int `json:"limit,omitzero"` // results per page
}

// Audit is embedded by pointer.
type Audit struct {
	// Reason for the change.
	Reason string `json:"reason"`
	By     string // no json tag: the Go name
}

// Filter is embedded under a json tag, so it is a nested object rather
// than flattened.
type Filter struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// Shadowed is embedded twice deep; its Name loses to the shallower one.
type Shadowed struct {
	Name  string `json:"name"`
	Extra bool   `json:"extra,omitempty"`
}

// Deep embeds Shadowed one level further down.
type Deep struct {
	Shadowed
}

// Label is a named string, embedded: a member named after its type.
type Label string

type hidden struct {
	// Visible is promoted from an unexported embedded struct, as
	// encoding/json does.
	Visible string `json:"visible"`
}

// Query is the input of ListItems.
type Query struct {
	// Name is the item name to match.
	Name string `json:"name"`
	Page
	*Audit
	Filter `json:"filter"`
	Deep
	hidden
	Label

	Tags      []string `json:"tags,omitempty"`
	Dash      string   `json:"-,"` // named "-"
	Ignored   string   `json:"-"`
	unexp     string
	NoTag     int
	Renamed   bool    `json:"is_renamed"`
	Optional  *string `json:"optional"`
	OnlyOpts  int     `json:",omitempty"`
	Dominated string  `json:"Shown"`
	Shown     string
}

// ListItems lists items matching a query.
//
//toolgen:tool
func ListItems(ctx context.Context, q Query) ([]string, error) {
	_ = q.unexp
	return nil, nil
}

// Empty has no fields.
type Empty struct{}

// Ping takes a struct with no fields.
//
//toolgen:tool
func Ping(in Empty) error { return nil }

// Options is taken by pointer.
type Options struct {
	Verbose bool `json:"verbose"`
}

// Configure takes a pointer to a struct.
//
//toolgen:tool
func Configure(ctx context.Context, opts *Options) error { return nil }

// Point is taken twice by Segment.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Segment takes two struct parameters: they are flat parameters, each an
// object.
//
//toolgen:tool
func Segment(from Point, to *Point) (float64, error) { return 0, nil }
