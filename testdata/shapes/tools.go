// Package shapes is an end-to-end check of nested pointers, arrays, slices
// and maps, of nil values in results and of time.Time: each tool echoes
// what it reads, so its result can be compared with what encoding/json
// reads and writes for the same Go type.
package shapes

//go:generate go tool toolgen

import "time"

// Grid holds nested shapes as members (omitempty: encoding/json then
// leaves out nil pointers, as toolgen always does).
type Grid struct {
	Cells  *[3]int            `json:"cells,omitempty"`
	Rows   []*[2]int          `json:"rows,omitempty"`
	ByName map[string]*[2]int `json:"by_name,omitempty"`
	Square *[2][2]int         `json:"square,omitempty"`
	Times  *[2]time.Time      `json:"times,omitempty"`
	Deep   **[2]*[2]string    `json:"deep,omitempty"`
	Items  []*Item            `json:"items,omitempty"`
}

// Item is an element.
type Item struct {
	ID int `json:"id"`
}

// EchoGrid returns its argument.
//
//toolgen:tool
func EchoGrid(g Grid) (Grid, error) { return g, nil }

// EchoMatrix returns a pointer to an array of pointers to arrays.
//
//   - m: the matrix
//
//toolgen:tool
func EchoMatrix(m *[2]*[2]int) (*[2]*[2]int, error) { return m, nil }

// EchoTable returns a map of pointers to arrays of slices.
//
//   - t: the table
//
//toolgen:tool
func EchoTable(t map[string]*[2][]int) (map[string]*[2][]int, error) { return t, nil }

// EchoTimes returns the instants it reads.
//
//   - at: instants
//
//toolgen:tool
func EchoTimes(at []time.Time) ([]time.Time, error) { return at, nil }

// Empty holds nil values of every kind.
type Empty struct {
	List  []int            `json:"list"`
	Table map[string]int   `json:"table"`
	Data  []byte           `json:"data"`
	Refs  []*Item          `json:"refs"`
	Gone  []int            `json:"gone,omitempty"`
	Zero  []int            `json:"zero,omitzero"`
	Kept  []int            `json:"kept,omitzero"`
	Named map[string]*Item `json:"named"`
}

// Nils returns nil values: [], {}, "" and null where a pointer is nil.
//
//toolgen:tool
func Nils() (Empty, error) {
	return Empty{Refs: []*Item{nil, {ID: 1}}, Kept: []int{}, Named: map[string]*Item{"a": nil}}, nil
}

// Report is a result a tool may fail to return.
type Report struct {
	Title string `json:"title"`
}

// GetReport returns nil: a failed result.
//
//toolgen:tool
func GetReport() (*Report, error) { return nil, nil }

// Count returns nil: a failed result.
//
//toolgen:tool
func Count() *int { return nil }
