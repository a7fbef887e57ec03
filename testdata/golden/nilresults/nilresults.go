// Package nilresults covers nil values in results: nil slices, maps and
// []byte are written as [], {} and "" (their schemas say array, object and
// string); a nil pointer that the encoder writes as null has null in the
// output schema; a nil pointer result is a failed result.
package nilresults

// Level is an enum: a nullable one needs anyOf (its enum has no null).
type Level string

// The levels.
const (
	Low  Level = "low"
	High Level = "high"
)

// Node is recursive: a nullable one is anyOf [$ref, null].
type Node struct {
	Name string  `json:"name"`
	Next []*Node `json:"next"`
}

// Item is an element type.
type Item struct {
	ID int `json:"id"`
}

// Report holds nil-able shapes.
type Report struct {
	Items    []Item           `json:"items"`
	Counts   map[string]int   `json:"counts"`
	Data     []byte           `json:"data"`
	Empty    []int            `json:"empty,omitempty"` // left out when nil or empty
	Zero     []int            `json:"zero,omitzero"`   // left out when nil only
	Refs     []*Item          `json:"refs"`            // elements may be null
	ByName   map[string]*Item `json:"by_name"`         // values may be null
	Levels   []*Level         `json:"levels"`          // anyOf: an enum
	Nodes    []*Node          `json:"nodes"`           // anyOf: a $ref
	Twice    **int            `json:"twice"`           // left out when nil; the inner pointer may be null
	Optional *Item            `json:"optional"`        // left out when nil
	Free     any              `json:"free"`            // {} allows null
}

// GetReport returns a pointer to a struct: nil is a failed result.
//
//toolgen:tool
func GetReport() (*Report, error) { return nil, nil }

// Full returns a struct full of nil values.
//
//toolgen:tool
func Full() Report { return Report{} }

// Deep returns a pointer to a pointer to a struct: either nil is a failed
// result.
//
//toolgen:tool
func Deep() (**Report, error) { return nil, nil }

// Numbers returns a pointer to a slice of pointers, wrapped: a nil result
// fails; a nil element is null.
//
//toolgen:tool
func Numbers() (*[]*int, error) { return nil, nil }

// Indirect returns a pointer to a pointer to an int, wrapped: the inner
// pointer may be null.
//
//toolgen:tool
func Indirect() **int { return nil }

// Blob returns bytes, wrapped: nil is "".
//
//toolgen:tool
func Blob() ([]byte, error) { return nil, nil }
