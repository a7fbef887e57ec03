// Package errnames holds tools whose names collide, with each other or with
// names the package already declares. Its tools are in two files.
package errnames

// Fetch is one fetch tool.
//
//toolgen:tool
func Fetch() error { return nil }

// GetItem takes the name of another tool.
//
//toolgen:tool name=fetch
func GetItem() error { return nil }

// ToolTaken is declared by hand, where toolgen would declare it.
const ToolTaken = "taken"

// Taken would need the constant ToolTaken.
//
//toolgen:tool
func Taken() error { return nil }

// A has a tool method named Get.
type A struct{}

// B has one too: both would declare ToolGet.
type B struct{}

// Get is A's.
//
//toolgen:tool name=a_get
func (A) Get() error { return nil }

// Get is B's.
//
//toolgen:tool name=b_get
func (*B) Get() error { return nil }

// C already has a Tools method.
type C struct{}

// Tools is hand-written.
func (C) Tools() []string { return nil }

// Run is a tool method of C.
//
//toolgen:tool
func (C) Run() error { return nil }

// D has a Tools field.
type D struct {
	Tools []string
}

// Walk is a tool method of D.
//
//toolgen:tool
func (d *D) Walk() error { return nil }
