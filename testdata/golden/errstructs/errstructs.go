// Package errstructs holds structs that encoding/json reads in ways toolgen
// refuses to guess at.
package errstructs

// Stringly uses the json ",string" option.
type Stringly struct {
	Count int  `json:"count,string"`
	Flag  bool `json:",omitempty,string"`
}

// A and B both have a Name.
type A struct{ Name string }

// B is embedded beside A.
type B struct{ Name string }

// Clash embeds A and B: their Names have the same JSON name at the same
// depth, so encoding/json drops both.
type Clash struct {
	A
	B
}

// Deeper has the clash one level down, and a member that settles it for
// another name.
type Deeper struct {
	Clash
	ID string `json:"id"`
}

// Strings takes the ",string" options.
//
//toolgen:tool
func Strings(in Stringly) error { return nil }

// Clashes takes a struct whose members clash.
//
//toolgen:tool
func Clashes(in Clash) error { return nil }

// Nested takes the clash inside a flat parameter and a slice.
//
//toolgen:tool
func Nested(d Deeper, list []Clash) error { return nil }

// Result returns a clashing struct.
//
//toolgen:tool
func Result() (*Clash, error) { return nil, nil }
