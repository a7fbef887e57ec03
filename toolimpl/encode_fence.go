package toolimpl

import "github.com/toolgen-dev/toolgen/internal/fence"

// Fence is s fenced as untrusted data from source (a tool's name):
// generated code returns a string result so when the tool has the
// untrusted option.
func Fence(source, s string) string { return fence.Fence(source, s) }

// Untrusted writes s as a JSON string holding s fenced as untrusted data
// from source (a field's name): generated code calls it for a string
// field marked untrusted (toolgen:"untrusted"). See internal/fence for
// the format and the characters escaped.
func (e *Encoder) Untrusted(source, s string) {
	e.String(Fence(source, s))
}
