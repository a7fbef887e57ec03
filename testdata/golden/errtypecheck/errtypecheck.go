// Package errtypecheck uses, in tool signatures, names that only exist
// outside toolgen's view: declared in a file built with !toolgen (as a
// generated file is), they do not type-check while toolgen loads the
// package, though go build is happy.
package errtypecheck

// Lookup takes a parameter of a type toolgen cannot see.
//
//toolgen:tool
func Lookup(id Hidden, name string) (string, error) { return name, nil }

// Query has a member of that type.
type Query struct {
	ID Hidden `json:"id"`
}

// Search takes a struct with such a member.
//
//toolgen:tool
func Search(q Query) error { return nil }

// Result returns the type.
//
//toolgen:tool
func Result() (Hidden, error) { return 0, nil }

// Method is a tool of a receiver type toolgen cannot see.
//
//toolgen:tool
func (h *Hidden) Method() error { return nil }

// Body has a type error in its body only, which does not matter (but see
// zz_toolgen.go).
//
//toolgen:tool
func Body(n int) (int, error) { return n + Missing, nil }
