package fidelity

import "time"

// last holds the value the last tool received, and lastOut the value it
// returned, for the test to compare with what encoding/json reads and
// writes.
var last, lastOut any

func echo[T any](in T) (T, error) {
	last, lastOut = in, in
	return in, nil
}

// EchoScalars returns its arguments.
//
//toolgen:tool
func EchoScalars(in Scalars) (Scalars, error) { return echo(in) }

// EchoEnums returns its arguments.
//
//toolgen:tool
func EchoEnums(in Enums) (Enums, error) { return echo(in) }

// EchoCollections returns its arguments.
//
//toolgen:tool
func EchoCollections(in Collections) (Collections, error) { return echo(in) }

// EchoPointers returns its arguments.
//
//toolgen:tool
func EchoPointers(in *Pointers) (*Pointers, error) { return echo(in) }

// EchoConstrained returns its arguments.
//
//toolgen:tool
func EchoConstrained(in Constrained) (Constrained, error) { return echo(in) }

// EchoFormats returns its arguments.
//
//toolgen:tool
func EchoFormats(in Formats) (Formats, error) { return echo(in) }

// EchoSpecial returns its arguments.
//
//toolgen:tool
func EchoSpecial(in Special) (Special, error) { return echo(in) }

// EchoEmbedded returns its arguments.
//
//toolgen:tool
func EchoEmbedded(in Embedded) (Embedded, error) { return echo(in) }

// EchoOmit returns its arguments.
//
//toolgen:tool
func EchoOmit(in Omit) (Omit, error) { return echo(in) }

// EchoTree returns its arguments.
//
//toolgen:tool
func EchoTree(in Tree) (Tree, error) { return echo(in) }

// FlatArgs mirrors the parameters of Flat, for encoding/json.
type FlatArgs struct {
	Name  string     `json:"name"`
	Count *int       `json:"count"`
	Tags  []string   `json:"tags"`
	When  *time.Time `json:"when"`
	Color Color      `json:"color"`
}

// Flat takes flat parameters.
//
// Parameters:
//   - name minLength=1: a name.
//   - count min=0,max=10: how many.
//
//toolgen:tool
func Flat(name string, count *int, tags []string, when *time.Time, color Color) (FlatArgs, error) {
	return echo(FlatArgs{Name: name, Count: count, Tags: tags, When: when, Color: color})
}

// Sparse has optional members that are nil when absent.
type Sparse struct {
	L  []int             `json:"l,omitempty"`
	M  map[string]string `json:"m,omitempty"`
	B  []byte            `json:"b,omitempty"`
	P  []*Point          `json:"p,omitempty"`
	PM map[string]*Point `json:"pm,omitempty"`
	A  any               `json:"a,omitempty"`
}

// Dense is Sparse without omitempty: its nil members are written.
type Dense struct {
	L  []int             `json:"l"`
	M  map[string]string `json:"m"`
	B  []byte            `json:"b"`
	P  []*Point          `json:"p"`
	PM map[string]*Point `json:"pm"`
	A  any               `json:"a"`
}

// Densify returns its arguments with every member written, nil or not.
//
//toolgen:tool
func Densify(in Sparse) (Dense, error) {
	last, lastOut = in, Dense(in)
	return Dense(in), nil
}

// EchoMethods returns its arguments.
//
//toolgen:tool
func EchoMethods(in *Methods) (*Methods, error) { return echo(in) }

// EchoNumbers returns its arguments.
//
//toolgen:tool
func EchoNumbers(in *Numbers) (*Numbers, error) { return echo(in) }

// EchoShapes returns its arguments.
//
//toolgen:tool
func EchoShapes(in Shapes) (Shapes, error) { return echo(in) }
