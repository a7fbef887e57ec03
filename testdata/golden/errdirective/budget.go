// Mistakes in //toolgen:budget, which belongs at file level.
//
//toolgen:budget 8k
package errdirective

//toolgen:budget
//toolgen:budget 0
//toolgen:budget -5
//toolgen:budget 8000 tokens
//toolgen:budget=8000
//toolgen:budget 99999999999999999999

//toolgen:budget 500

// A second budget, where the one above holds.
//toolgen:budget	600

// OnATool has a budget in its doc comment.
//
//toolgen:budget 100
//toolgen:tool
func OnATool() error { return nil }

// OnAType has one too.
//
//toolgen:budget 100
type OnAType int
