// Package results covers what tools return: text, structured objects
// (with an output schema), wrapped non-objects, only an error, or a value
// without an error, or a toolgen.Result of their own making.
package results

import "github.com/toolgen-dev/toolgen"

// Status is the result of Check.
type Status struct {
	OK      bool    `json:"ok"`
	Detail  string  `json:"detail,omitempty"`          // why, when not OK
	Warning *string `json:"warning"`                   // a pointer: optional in the output
	Codes   []int   `json:"codes,omitzero"`            // left out when nil
	Count   int     `json:"count" toolgen:"default=1"` // defaults only make inputs optional
}

// Text returns text.
//
//toolgen:tool
func Text() (string, error) { return "hi", nil }

// TextOnly returns text without an error.
//
//toolgen:tool
func TextOnly() string { return "hi" }

// Check returns a struct: structured content with an output schema.
//
//toolgen:tool
func Check() (Status, error) { return Status{OK: true}, nil }

// CheckPtr returns a pointer to a struct; nil is a failed result.
//
//toolgen:tool
func CheckPtr() (*Status, error) { return nil, nil }

// CheckOnly returns a struct without an error.
//
//toolgen:tool
func CheckOnly() Status { return Status{} }

// List returns a slice, wrapped as {"result": [...]}.
//
//toolgen:tool
func List() ([]Status, error) { return nil, nil }

// Number returns an int, wrapped.
//
//toolgen:tool
func Number() (int, error) { return 1, nil }

// Table returns a map, wrapped: a map is an object, but not one with a
// fixed schema.
//
//toolgen:tool
func Table() (map[string]int, error) { return nil, nil }

// Flag returns a bool without an error, wrapped.
//
//toolgen:tool
func Flag() bool { return true }

// Maybe returns a pointer to a non-struct, wrapped.
//
//toolgen:tool
func Maybe() (*int, error) { return nil, nil }

// Nothing returns only an error: "ok" on success.
//
//toolgen:tool
func Nothing() error { return nil }

// Picture returns a toolgen.Result as it is: content the tool chose (an
// image), no output schema.
//
//toolgen:tool
func Picture() (toolgen.Result, error) {
	return toolgen.Result{Content: []toolgen.Content{{Type: toolgen.ContentImage, Data: []byte{1}, MIMEType: "image/png"}}}, nil
}

// PictureOnly returns a toolgen.Result without an error.
//
//toolgen:tool
func PictureOnly() toolgen.Result { return toolgen.TextResult("hi") }
