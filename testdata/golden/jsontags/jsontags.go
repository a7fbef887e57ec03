// Package jsontags has json tags at their edges: names encoding/json does
// not take fall back to the field's name, and an unexported struct embedded
// under a tag name is a member.
package jsontags

type meta struct {
	Rev int `json:"rev"`
}

// Doc has tag names of every kind.
type Doc struct {
	Dash   int    `json:"-,"`
	Quote  string `json:"it's"`
	Bslash string `json:"a\\b"`
	Uni    string `json:"naïve"`
	Space  string `json:"with space,omitempty"`
	Punct  string `json:"a-b.c:d/e~f"`
	Empty  int    `json:",omitempty"`
	meta   `json:"meta"`
	// Count defaults to 3, also when null is sent for it.
	Count *int `json:"count,omitempty" toolgen:"default=3"`
}

// Save echoes a document.
//
//toolgen:tool
func Save(d Doc) (Doc, error) { return d, nil }
