// Package erruntrusted marks values untrusted that are not strings.
package erruntrusted

// Inner is nested.
type Inner struct {
	A string `json:"a"`
}

// Out is a result with marks on the wrong types.
type Out struct {
	Count int               `json:"count" toolgen:"untrusted"`
	Tags  []string          `json:"tags" toolgen:"untrusted"`
	Meta  map[string]string `json:"meta" toolgen:"untrusted"`
	In    Inner             `json:"in" toolgen:"untrusted"`
	Late  string            `json:"late" toolgen:"maxLength=5,untrusted"`
}

// Get gets it.
//
//toolgen:tool
func Get() (Out, error) { return Out{}, nil }

// Count counts.
//
//toolgen:tool untrusted
func Count() (int, error) { return 0, nil }

// Nothing does nothing.
//
//toolgen:tool untrusted=yes
func Nothing() error { return nil }

// Mail is a message, its text marked untrusted.
type Mail struct {
	Text string `json:"text" toolgen:"untrusted"`
}

// Send sends a message.
//
//toolgen:tool
func Send(m Mail) error { return nil }

// Reply replies.
//
// Parameters:
//   - text untrusted: the reply
//
//toolgen:tool
func Reply(text string) error { return nil }
