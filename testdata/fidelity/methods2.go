package fidelity

import (
	"fmt"
	"strings"
)

// Upper reads any string and writes it upper case, with value receivers
// for writing.
type Upper string

// MarshalText writes the string upper case.
func (u Upper) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }

// UnmarshalText reads the string as it is.
func (u *Upper) UnmarshalText(b []byte) error { *u = Upper(b); return nil }

// PtrText has pointer-receiver text methods on both sides.
type PtrText struct{ v string }

// MarshalText writes the value with a prefix.
func (p *PtrText) MarshalText() ([]byte, error) { return []byte("p:" + p.v), nil }

// UnmarshalText reads a value with the prefix.
func (p *PtrText) UnmarshalText(b []byte) error {
	s, ok := strings.CutPrefix(string(b), "p:")
	if !ok {
		return fmt.Errorf("%q does not start with p:", b)
	}
	p.v = s
	return nil
}

// Both has text and JSON methods: the JSON ones win.
type Both int

// MarshalJSON writes {"both": n}.
func (b Both) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `{"both":%d}`, int(b)), nil }

// UnmarshalJSON reads {"both": n}.
func (b *Both) UnmarshalJSON(data []byte) error {
	var n int
	if _, err := fmt.Sscanf(string(data), `{"both":%d}`, &n); err != nil {
		return fmt.Errorf("not {\"both\": n}: %s", data)
	}
	*b = Both(n)
	return nil
}

// MarshalText is never called by encoding/json: MarshalJSON comes first.
func (b Both) MarshalText() ([]byte, error) { return []byte("text"), nil }

// UnmarshalText is never called either.
func (b *Both) UnmarshalText([]byte) error { *b = -1; return nil }

// OnlyOut has MarshalText but no UnmarshalText: read as its shape (an
// integer), written as text.
type OnlyOut int

// MarshalText writes n as "#n".
func (o OnlyOut) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "#%d", int(o)), nil }

// Places are method types in every position.
type Places struct {
	U   Upper               `json:"u"`
	US  []Upper             `json:"us"`
	UA  [2]Upper            `json:"ua"`
	UM  map[string]Upper    `json:"um"`
	PT  *PtrText            `json:"pt,omitempty"`
	PTS []*PtrText          `json:"pts,omitempty"`
	PTM map[string]*PtrText `json:"ptm,omitempty"`
	B   Both                `json:"both"`
	BS  []Both              `json:"boths,omitempty"`
	OO  OnlyOut             `json:"oo"`
	OOS []OnlyOut           `json:"oos,omitempty"`
	OK  map[OutKey]int      `json:"ok,omitempty"`
}

// OutKey is a string key type with MarshalText alone: encoding/json writes
// string keys as they are, without calling it.
type OutKey string

// MarshalText writes the key upper case (never for a map key).
func (o OutKey) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(o))), nil }
