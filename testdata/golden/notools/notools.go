// Package notools has no function marked //toolgen:tool: toolgen says so
// rather than writing an empty file.
package notools

// Helper looks like a tool but has no directive (a space after // makes it
// prose).
//
// toolgen:tool
func Helper() error { return nil }
