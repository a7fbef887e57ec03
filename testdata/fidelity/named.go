package fidelity

import (
	"encoding/json"
	"fmt"
	"strings"
)

// StrList is a named slice.
type StrList []string

// Board is a named array of arrays.
type Board [2][2]int

// Index is a named map of slices.
type Index map[string][]int

// Blob is a named []byte: encoding/json writes it in base64.
type Blob []byte

// Octet is a named byte.
type Octet byte

// Hash is a [N]byte: encoding/json writes it as an array of numbers.
type Hash [4]byte

// Joined is a named slice with text methods: it reads and writes "a,b".
type Joined []string

// MarshalText joins the elements.
func (j Joined) MarshalText() ([]byte, error) { return []byte(strings.Join(j, ",")), nil }

// UnmarshalText splits on commas.
func (j *Joined) UnmarshalText(b []byte) error {
	*j = nil
	if len(b) > 0 {
		*j = strings.Split(string(b), ",")
	}
	return nil
}

// MyRaw is a named json.RawMessage: it loses RawMessage's methods, so
// encoding/json writes it in base64.
type MyRaw json.RawMessage

// Named has named slices, maps and arrays and byte shapes.
type Named struct {
	Tags   StrList           `json:"tags"`
	Board  Board             `json:"board"`
	Index  Index             `json:"index"`
	Blob   Blob              `json:"blob"`
	Octets []Octet           `json:"octets"`
	Hash   Hash              `json:"hash"`
	Arr    [3]byte           `json:"arr"`
	U8s    []uint8           `json:"u8s"`
	Joined Joined            `json:"joined"`
	MyRaw  MyRaw             `json:"my_raw"`
	Raws   []json.RawMessage `json:"raws"`
	ByKey  map[Key]Label     `json:"by_key"`
	PBlob  *Blob             `json:"pblob,omitempty"`
	Blobs  map[string]Blob   `json:"blobs"`
	// Letters are bytes that write themselves: encoding/json writes an
	// array of their texts, not base64.
	Letters []Letter `json:"letters,omitempty"`
	// Codes are bytes that only read themselves: still base64.
	Codes []Code `json:"codes,omitempty"`
}

// Letter is a byte written as a letter.
type Letter byte

// MarshalText writes the letter.
func (l Letter) MarshalText() ([]byte, error) { return []byte{'a' + byte(l)%26}, nil }

// Code is a byte that reads itself from text but has no MarshalText.
type Code byte

// UnmarshalText reads one character.
func (c *Code) UnmarshalText(b []byte) error {
	if len(b) != 1 {
		return fmt.Errorf("%q is not one character", b)
	}
	*c = Code(b[0])
	return nil
}
