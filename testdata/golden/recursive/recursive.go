// Package recursive covers recursive named types: they go to $defs and are
// referenced with $ref, where other structs are inlined.
package recursive

// Tree is a node with children of its own type.
type Tree struct {
	Name     string `json:"name"`
	Children []Tree `json:"children,omitempty"`
}

// List is a linked list.
type List struct {
	Value int   `json:"value"`
	Next  *List `json:"next,omitempty"`
}

// Dir and File refer to each other.
type Dir struct {
	Name  string `json:"name"`
	Files []File `json:"files"`
}

// File belongs to a Dir, and may be one.
type File struct {
	Name string `json:"name"`
	Sub  *Dir   `json:"sub,omitempty"`
	Meta Meta   `json:"meta"` // not recursive: inlined
}

// Meta is plain.
type Meta struct {
	Size int64 `json:"size"`
}

// Graph maps names to trees.
type Graph struct {
	Roots map[string]*Tree `json:"roots"`
	Head  *List            `json:"head,omitempty"`
}

// Walk takes a tree and returns it.
//
//toolgen:tool
func Walk(t Tree) (Tree, error) { return t, nil }

// Sum takes a list as a flat parameter.
//
//toolgen:tool
func Sum(list *List, trees []Tree) (int, error) { return 0, nil }

// Browse takes mutually recursive types.
//
//toolgen:tool
func Browse(root Dir) ([]File, error) { return nil, nil }

// Draw takes a struct holding recursive types in a map and a pointer.
//
//toolgen:tool
func Draw(g Graph) (*Graph, error) { return &g, nil }
