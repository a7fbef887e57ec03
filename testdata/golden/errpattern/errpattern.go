// Package errpattern holds patterns toolgen refuses: RE2-only syntax, and
// ECMA-262 syntax that RE2 cannot check. A pattern means what ECMA-262's
// new RegExp(pattern, "u") means, as in JSON Schema.
package errpattern

// Bad has one refused pattern per member.
type Bad struct {
	Flags     string `json:"flags" toolgen:"pattern=(?i)abc"`
	EndZ      string `json:"end_z" toolgen:"pattern=^a+\\z"`
	Posix     string `json:"posix" toolgen:"pattern=^[[:alpha:]]+$"`
	Letter    string `json:"letter" toolgen:"pattern=^\\pL+$"`
	Quote     string `json:"quote" toolgen:"pattern=\\Q1+1\\E"`
	AnyByte   string `json:"any_byte" toolgen:"pattern=\\C"`
	Backref   string `json:"backref" toolgen:"pattern=^(a)\\1$"`
	Lookahead string `json:"lookahead" toolgen:"pattern=^(?=.*\\d)"`
	TooMany   string `json:"too_many" toolgen:"pattern=^a{2000}$"`
	Brace     string `json:"brace" toolgen:"pattern=^{x}$"`
}

// Tags takes a struct with refused patterns.
//
//toolgen:tool
func Tags(in Bad) error { return nil }

// Items has a refused pattern in a doc item.
//
// Parameters:
//   - code pattern=(?i)^[a-z]+$: a code.
//
//toolgen:tool
func Items(code string) error { return nil }
