// Package shared declares types that the foreign case's tools use from
// another package of the same module, whose doc comments toolgen reads from
// source (export data keeps none).
package shared

// Point has the same name as a local type of the case.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Level has only unexported constants: it is a plain integer, not an enum.
type Level int

const (
	low  Level = 1
	high Level = 2
)

// Mode is an enum with exported constants.
type Mode string

const (
	ModeA Mode = "a"
	ModeB Mode = "b"
)

var _ = []Level{low, high}
