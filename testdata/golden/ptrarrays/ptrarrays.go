// Package ptrarrays covers pointers to arrays and every nesting of
// pointers, arrays, slices and maps, as parameters, struct fields and
// results: generated code must dereference before it indexes.
package ptrarrays

import "time"

// Grid holds nested shapes as fields.
type Grid struct {
	Cells   *[3]int             `json:"cells"`
	Rows    []*[2]int           `json:"rows"`
	ByName  map[string]*[2]int  `json:"by_name"`
	Square  *[2][2]int          `json:"square"`
	Times   *[2]time.Time       `json:"times"`
	Deep    **[2]*[2]string     `json:"deep"`
	Mixed   *[2][]*[2]bool      `json:"mixed"`
	Tables  *[2]map[string]*int `json:"tables"`
	Grids   *[1]Cell            `json:"grids"`
	Stacked [2]*[2]float64      `json:"stacked"`
}

// Cell is a struct inside a pointer to an array.
type Cell struct {
	X int `json:"x"`
}

// Shapes takes nested shapes as flat parameters and returns them.
//
//   - cells: three integers
//   - rows: pairs
//   - byName: pairs by name
//   - square: a 2x2 matrix
//   - times: two instants
//   - deep: pairs of pairs of strings
//
//toolgen:tool
func Shapes(cells *[3]int, rows []*[2]int, byName map[string]*[2]int, square *[2][2]int, times *[2]time.Time, deep **[2]*[2]string) (Grid, error) {
	return Grid{Cells: cells, Rows: rows, ByName: byName, Square: square, Times: times, Deep: deep}, nil
}

// Echo takes a struct of nested shapes and returns it.
//
//toolgen:tool
func Echo(g Grid) (Grid, error) { return g, nil }

// Triple returns a pointer to an array, wrapped.
//
//toolgen:tool
func Triple() (*[3]int, error) { return &[3]int{1, 2, 3}, nil }

// Pairs returns a slice of pointers to arrays, wrapped.
//
//toolgen:tool
func Pairs() ([]*[2]int, error) { return []*[2]int{{1, 2}, nil}, nil }

// Matrix returns a pointer to an array of pointers to arrays, wrapped.
//
//toolgen:tool
func Matrix() (*[2]*[2]int, error) { return &[2]*[2]int{{1, 2}, nil}, nil }
