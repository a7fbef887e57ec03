// Package errheaders holds header options that MCP clients would refuse:
// names that are no HTTP token, values of other types than string,
// integer and boolean, members not reached through objects alone, and
// names given twice in a tool, ignoring case.
package errheaders

// Bad has one mistake per member.
type Bad struct {
	Empty  string            `json:"empty" toolgen:"header="`
	Space  string            `json:"space" toolgen:"header=My Region"`
	Colon  string            `json:"colon" toolgen:"header=Region:Primary"`
	Accent string            `json:"accent" toolgen:"header=Région"`
	Number float64           `json:"number" toolgen:"header=Score"`
	List   []string          `json:"list" toolgen:"header=List"`
	Object Inner             `json:"object" toolgen:"header=Object"`
	Map    map[string]string `json:"map" toolgen:"header=Map"`
	Raw    any               `json:"raw" toolgen:"header=Raw"`
	Twice  string            `json:"twice" toolgen:"header=A,header=B"`
}

// Tags takes a struct with bad header options.
//
//toolgen:tool
func Tags(in Bad) error { return nil }

// Where has headers that are valid one by one but not together, or not
// where they are.
type Where struct {
	Region  string  `json:"region" toolgen:"header=Region"`
	Region2 string  `json:"region2" toolgen:"header=REGION"`
	Deep    Inner   `json:"deep"`
	Again   *Inner  `json:"again,omitempty"`
	Items   []Inner `json:"items"`
	Tree    *Node   `json:"tree,omitempty"`
}

// Inner is an object with a header of its own.
type Inner struct {
	Region string `json:"region" toolgen:"header=Inner"`
}

// Node is a recursive type: its members are in $defs.
type Node struct {
	Name string  `json:"name" toolgen:"header=Node"`
	Kids []*Node `json:"kids,omitempty"`
}

// Shape is a union: its members are in anyOf.
//
//toolgen:union tag=kind
type Shape interface{ isShape() }

// Circle is a round shape.
type Circle struct {
	Label string `json:"label" toolgen:"header=Label"`
}

func (Circle) isShape() {}

// Tagged holds a union and a map of objects.
type Tagged struct {
	Shape Shape            `json:"shape"`
	ByKey map[string]Inner `json:"by_key"`
}

// Shapes takes a union and a map whose members declare headers.
//
//toolgen:tool
func Shapes(in Tagged) error { return nil }

// Places takes a struct whose headers clash or cannot be reached.
//
//toolgen:tool
func Places(in Where) error { return nil }

// Ratio takes a number, which no header may carry.
//
// Parameters:
//   - ratio header=Ratio: a number
//
//toolgen:tool
func Ratio(ratio float32) error { return nil }

// Pair takes two parameters sent in one header, ignoring case.
//
// Parameters:
//   - a header=Same: one
//   - b header=same: the other
//
//toolgen:tool
func Pair(a string, b bool) error { return nil }
