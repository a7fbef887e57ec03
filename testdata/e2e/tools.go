package e2e

//go:generate go tool toolgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// Level is how hard to look.
type Level int

const (
	Quick    Level = 1 // a glance
	Thorough Level = 2 // a careful read
)

// Sort orders results.
type Sort string

const (
	ByScore Sort = "score" // best first
	ByDate  Sort = "date"  // newest first
)

// Where is a place on Earth.
type Where struct {
	Lat float64 `json:"lat" toolgen:"min=-90,max=90"`
	Lon float64 `json:"lon" toolgen:"min=-180,max=180"`
}

// Paging is shared by list-like tools.
type Paging struct {
	// Page to return, from 1.
	Page int `json:"page,omitempty" toolgen:"min=1,default=1"`
}

// SearchArgs are a search's arguments.
type SearchArgs struct {
	Paging
	// Query is what to look for.
	Query string `json:"query" toolgen:"minLength=2,maxLength=100"`
	Sort  Sort   `json:"sort,omitempty" toolgen:"default=score"`
	Level *Level `json:"level,omitempty"`
	// Tags narrow the search.
	Tags  []string `json:"tags,omitempty" toolgen:"maxItems=3"`
	Near  *Where   `json:"near,omitempty"`
	Email string   `json:"email,omitempty" toolgen:"format=email"`
	Code  string   `json:"code,omitempty" toolgen:"pattern=^[A-Z]{2,3}$"`
	Skip  string   `json:"-"`
}

// Results are what a search found.
type Results struct {
	Query string   `json:"query"`
	Sort  Sort     `json:"sort"`
	Page  int      `json:"page"`
	Level *Level   `json:"level,omitempty"`
	Tags  []string `json:"tags"`
	Near  *Where   `json:"near,omitempty"`
}

// Search looks things up.
//
//toolgen:tool readonly openworld
func Search(ctx context.Context, in SearchArgs) (Results, error) {
	return Results{Query: in.Query, Sort: in.Sort, Page: in.Page, Level: in.Level, Tags: in.Tags, Near: in.Near}, nil
}

// Echo repeats a text.
//
// Parameters:
//   - text minLength=1: what to repeat.
//   - times min=1,max=5: how many times; once when absent.
//
//toolgen:tool idempotent
func Echo(text string, times *int) string {
	n := 1
	if times != nil {
		n = *times
	}
	return strings.Repeat(text, n)
}

// Fail always fails, with the reason given.
//
//toolgen:tool
func Fail(ctx context.Context, reason string) error {
	return errors.New(reason)
}

// Boom panics.
//
//toolgen:tool destructive
func Boom() (string, error) {
	panic("kaboom")
}

// Sleep waits, or stops when the call is cancelled.
//
//toolgen:tool
func Sleep(ctx context.Context, ms int) (string, error) {
	select {
	case <-time.After(time.Duration(ms) * time.Millisecond):
		return "slept", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Node is a tree.
type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children,omitempty"`
}

// Count counts a tree's nodes.
//
//toolgen:tool
func Count(root Node) int {
	n := 1
	for _, c := range root.Children {
		if c != nil {
			n += Count(*c)
		}
	}
	return n
}

// Kinds takes one of everything.
type Kinds struct {
	I8    int8              `json:"i8"`
	U16   uint16            `json:"u16"`
	U64   uint64            `json:"u64"`
	F32   float32           `json:"f32"`
	On    bool              `json:"on"`
	When  time.Time         `json:"when"`
	Blob  []byte            `json:"blob"`
	Raw   json.RawMessage   `json:"raw"`
	Any   any               `json:"any"`
	Addr  netip.Addr        `json:"addr"`
	Pair  [2]int            `json:"pair"`
	Votes map[string]int    `json:"votes"`
	Grid  [][]Level         `json:"grid"`
	Sorts map[string][]Sort `json:"sorts,omitempty"`
}

// Mirror returns its arguments.
//
//toolgen:tool
func Mirror(in Kinds) (Kinds, error) { return in, nil }

// Counter counts calls; its tools run on it.
type Counter struct{ n int }

// Add adds to the counter and says who asked.
//
//toolgen:tool name=counter_add requires_approval
func (c *Counter) Add(ctx context.Context, rc toolgen.Ctx, by int) (string, error) {
	c.n += by
	who, _ := toolgen.DepsAs[string](rc)
	return fmt.Sprintf("%d (asked by %q)", c.n, who), nil
}

// Total reads the counter.
//
//toolgen:tool readonly
func (c Counter) Total() []int { return []int{c.n} }
