// Package special covers the types with a fixed JSON form: time.Time,
// []byte, json.RawMessage, any, and types that read themselves from text
// (encoding.TextUnmarshaler), from the standard library or local.
package special

import (
	"encoding/json"
	"net/netip"
	"strings"
	"time"
)

// Slug is a local text type: it reads and writes itself as text.
type Slug struct{ parts []string }

// UnmarshalText splits a slug.
func (s *Slug) UnmarshalText(b []byte) error {
	s.parts = strings.Split(string(b), "-")
	return nil
}

// MarshalText joins a slug.
func (s Slug) MarshalText() ([]byte, error) { return []byte(strings.Join(s.parts, "-")), nil }

// Code is a named string that reads itself from text: text wins over the
// underlying string (and over enum constants).
type Code string

// CodeA is a constant of a text type: not an enum.
const CodeA Code = "a"

// UnmarshalText upper-cases nothing; it is here to make Code a text type.
func (c *Code) UnmarshalText(b []byte) error { *c = Code(b); return nil }

// MarshalText writes the code.
func (c Code) MarshalText() ([]byte, error) { return []byte(c), nil }

// Stamped embeds time.Time, whose UnmarshalJSON and MarshalJSON it
// promotes: like encoding/json, toolgen reads and writes it as a time's
// text, and its Note is lost.
type Stamped struct {
	time.Time
	Note string `json:"note"`
}

// Payload holds one of each.
type Payload struct {
	When     time.Time         `json:"when"`
	Until    *time.Time        `json:"until,omitempty"`
	Since    time.Time         `json:"since,omitzero"`
	Blob     []byte            `json:"blob"`
	Raw      json.RawMessage   `json:"raw"`
	Any      any               `json:"any"`
	Empty    interface{}       `json:"empty,omitempty"`
	Addr     netip.Addr        `json:"addr"`
	Prefix   *netip.Prefix     `json:"prefix,omitempty"`
	Slug     Slug              `json:"slug"`
	Code     Code              `json:"code"`
	Times    []time.Time       `json:"times"`
	Blobs    map[string][]byte `json:"blobs"`
	Addrs    []netip.Addr      `json:"addrs,omitempty"`
	Duration time.Duration     `json:"duration"` // an int64 of nanoseconds, as encoding/json writes it
	Month    time.Month        `json:"month"`
	Stamped  Stamped           `json:"stamped"`
}

// Store keeps a payload and returns it.
//
//toolgen:tool
func Store(p Payload) (Payload, error) { return p, nil }

// Stamp takes special types as flat parameters.
//
//toolgen:tool
func Stamp(at time.Time, data []byte, extra json.RawMessage, value any, addr *netip.Addr, slug Slug) (time.Time, error) {
	return at, nil
}

// Dump returns raw JSON, wrapped.
//
//toolgen:tool
func Dump() (json.RawMessage, error) { return json.RawMessage(`{}`), nil }

// Bytes returns bytes, wrapped.
//
//toolgen:tool
func Bytes() []byte { return nil }

// Anything returns any value, wrapped.
//
//toolgen:tool
func Anything() (any, error) { return nil, nil }

// Address returns a text type, wrapped.
//
//toolgen:tool
func Address() (netip.Addr, error) { return netip.Addr{}, nil }
