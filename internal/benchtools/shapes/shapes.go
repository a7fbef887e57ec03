// Package shapes holds tools of other shapes than weather's for the
// dispatch benchmark: a search whose result lists structs, a calculation
// of floats and an enum, and an event with a time, a format and a slice of
// structs among its arguments.
package shapes

//go:generate go tool toolgen

import (
	"context"
	"time"
)

// SearchArgs are search's arguments.
type SearchArgs struct {
	Pattern       string   `json:"pattern"`                                        // a regular expression
	Path          string   `json:"path,omitempty"`                                 // where to look
	MaxResults    int      `json:"max_results,omitempty" toolgen:"min=1,max=1000"` // at most this many
	CaseSensitive bool     `json:"case_sensitive,omitempty"`                       // match case
	Include       []string `json:"include,omitempty"`                              // globs
	Context       int      `json:"context,omitempty" toolgen:"min=0,max=10"`       // lines around
}

// Match is one match.
type Match struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Text string `json:"text"`
}

// SearchResult is what search finds.
type SearchResult struct {
	Matches   []Match `json:"matches"`
	Truncated bool    `json:"truncated"`
}

// Search searches.
//
//toolgen:tool readonly
func Search(ctx context.Context, in SearchArgs) (SearchResult, error) {
	return SearchResult{Matches: []Match{{in.Path + "/a.go", 12, "func main() {"}, {in.Path + "/b.go", 7, "package b"}, {in.Path + "/c.go", 99, in.Pattern}}}, nil
}

// Op is an operation.
type Op string

const (
	Add Op = "add" // a+b
	Mul Op = "mul" // a*b
)

// CalcArgs are calc's arguments.
type CalcArgs struct {
	A  float64 `json:"a"`  // first
	B  float64 `json:"b"`  // second
	Op Op      `json:"op"` // what to do
}

// CalcResult is calc's result.
type CalcResult struct {
	Value float64 `json:"value"`
}

// Calc calculates.
//
//toolgen:tool readonly
func Calc(ctx context.Context, in CalcArgs) (CalcResult, error) {
	if in.Op == Mul {
		return CalcResult{in.A * in.B}, nil
	}
	return CalcResult{in.A + in.B}, nil
}

// Attendee is invited.
type Attendee struct {
	Email    string `json:"email" toolgen:"format=email"`
	Optional bool   `json:"optional,omitempty"`
}

// Place is where.
type Place struct {
	Name string  `json:"name"`
	Lat  float64 `json:"lat"`
	Lon  float64 `json:"lon"`
}

// EventArgs are create_event's arguments.
type EventArgs struct {
	Title     string     `json:"title" toolgen:"minLength=1,maxLength=200"`
	Start     time.Time  `json:"start"`
	Minutes   int        `json:"minutes" toolgen:"min=5,max=1440"`
	Attendees []Attendee `json:"attendees,omitempty"`
	Location  *Place     `json:"location,omitempty"`
}

// EventResult says what was created.
type EventResult struct {
	ID      string `json:"id"`
	Created bool   `json:"created"`
}

// CreateEvent creates an event.
//
//toolgen:tool
func CreateEvent(ctx context.Context, in EventArgs) (EventResult, error) {
	return EventResult{ID: "evt_" + in.Title, Created: true}, nil
}
