// Package pattern covers patterns whose ECMA-262 meaning (JSON Schema's)
// differs from RE2's: the schema keeps each pattern as written, and the
// decoder checks its translation.
package pattern

// Shapes has patterns that need translating.
type Shapes struct {
	// Dot: ECMA-262's . matches neither \r nor U+2028 nor U+2029.
	Dot string `json:"dot" toolgen:"pattern=^a.c$"`
	// Space: ECMA-262's \s takes in Unicode spaces and \v.
	Space string `json:"space" toolgen:"pattern=^\\S+\\s\\S+$"`
	// Escape: \u escapes name code points.
	Escape string `json:"escape" toolgen:"pattern=^caf\\u00e9|\\u{1F600}$"`
	// Class: [ inside a class is a character.
	Class string `json:"class" toolgen:"pattern=^[[a-z]+$"`
	// Letters: Unicode properties.
	Letters string `json:"letters" toolgen:"pattern=^\\p{L}+$,default=héllo"`
}

// Check takes patterns in ECMA-262 syntax.
//
// Parameters:
//   - code pattern=^[A-Z]{2}\d{3}$: a code, like AB123.
//
//toolgen:tool
func Check(s Shapes, code string) error { return nil }
