// Package unexported covers tools that are unexported functions and methods:
// the constants and rule types toolgen declares for them are unexported too,
// so that they add nothing to the package's API.
package unexported

import "context"

// ping answers pong.
//
//toolgen:tool
func ping() string { return "pong" }

// helper asks a helper; its tools are for the package's own use.
type helper struct{ prefix string }

// ask asks the helper.
//
// Parameters:
//   - prompt: what to ask.
//
//toolgen:tool
func (h *helper) ask(ctx context.Context, prompt string) (string, error) {
	return h.prefix + prompt, nil
}

// The tools are used, so that the unexported declarations are too.
var _ = [][]any{{Tools, toolPing, pingRule{}}, {(*helper).Tools, toolAsk, askRule{}}}
