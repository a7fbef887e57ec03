// Package namedbytes has slices of named byte types, which encoding/json
// reads and writes as base64 like []byte, unless the element type writes
// itself.
package namedbytes

import "errors"

// Octet is a named byte.
type Octet byte

// Octets is a named slice of them.
type Octets []Octet

// Letter writes itself as text: a []Letter is an array.
type Letter byte

// MarshalText writes the letter.
func (l Letter) MarshalText() ([]byte, error) { return []byte{'a' + byte(l)}, nil }

// Code reads itself from text but does not write itself: a []Code is
// base64 all the same, as encoding/json writes it.
type Code byte

// UnmarshalText reads one character.
func (c *Code) UnmarshalText(b []byte) error {
	if len(b) != 1 {
		return errors.New("not one character")
	}
	*c = Code(b[0])
	return nil
}

// Packet has every byte shape.
type Packet struct {
	Raw     []Octet           `json:"raw"`
	Named   Octets            `json:"named"`
	Opt     *[]Octet          `json:"opt,omitempty"`
	Each    map[string]Octets `json:"each"`
	Letters []Letter          `json:"letters"`
	Fixed   [2]Octet          `json:"fixed"`
	Codes   []Code            `json:"codes"`
}

// Send echoes a packet.
//
//toolgen:tool
func Send(p *Packet) (*Packet, error) { return p, nil }

// Flat takes and returns named byte slices as flat parameters.
//
//toolgen:tool
func Flat(data []Octet, more Octets) ([]Octet, error) { return append(data, more...), nil }
