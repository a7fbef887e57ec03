// Package partial holds tools that send partial results through a
// toolgen.Partial[T]; its tests call them through the generated dispatch.
package partial

//go:generate go tool toolgen

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"sync/atomic"

	"github.com/toolgen-dev/toolgen"
)

// Row is one row read.
type Row struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

// Page is the rows read so far.
type Page struct {
	Rows []Row   `json:"rows"`
	Note *string `json:"note,omitempty"`
}

// ReadRows reads rows, sending the page read so far after each, with how
// far it is.
//
//toolgen:tool readonly
func ReadRows(ctx context.Context, count int, page toolgen.Partial[Page]) (Page, error) {
	var p Page
	for i := 1; i <= count; i++ {
		p.Rows = append(p.Rows, Row{ID: i, Name: "row " + strconv.Itoa(i)})
		r := toolgen.Progress{Message: "reading", Progress: float64(i), Total: float64(count)}
		if err := page.SendWith(r, p); err != nil {
			return Page{}, err
		}
	}
	page.Report(toolgen.Progress{Message: "done"})
	return p, nil
}

// Write writes words, sending the text written so far.
//
//toolgen:tool
func Write(words []string, text toolgen.Partial[string]) (string, error) {
	out := ""
	for _, w := range words {
		out += w
		_ = text.Send(out)
	}
	return out, nil
}

// Maybe sends a page, or nothing (null) when empty is true.
//
//toolgen:tool
func Maybe(empty bool, page toolgen.Partial[*Page]) error {
	if empty {
		return page.Send(nil)
	}
	return page.Send(&Page{Rows: []Row{{ID: 1, Name: "one"}}})
}

// Ratio sends a float, which fails to encode when it is NaN.
//
//toolgen:tool
func Ratio(nan bool, ratio toolgen.Partial[float64]) error {
	v := 0.5
	if nan {
		v = math.NaN()
	}
	return ratio.Send(v)
}

// encodes counts the Counted values written.
var encodes atomic.Int64

// Counted counts each time it is written.
type Counted struct{ N int }

// MarshalJSON writes the count and counts the call.
func (c Counted) MarshalJSON() ([]byte, error) {
	encodes.Add(1)
	return []byte(strconv.Itoa(c.N)), nil
}

// UnmarshalJSON reads the count.
func (c *Counted) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &c.N) }

// Tick sends n values, each counted when it is written.
//
//toolgen:tool
func Tick(n int, tick toolgen.Partial[Counted]) error {
	for i := range n {
		if err := tick.Send(Counted{N: i}); err != nil {
			return err
		}
	}
	return nil
}

// Rows sends n rows without asking whether anybody listens.
//
//toolgen:tool
func Rows(n int, rows toolgen.Partial[[]Row]) error {
	r := []Row{{ID: 1, Name: "one"}, {ID: 2, Name: "two"}}
	for range n {
		_ = rows.Send(r)
	}
	return nil
}
