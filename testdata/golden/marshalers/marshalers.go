// Package marshalers covers types with their own JSON methods
// (json.Marshaler, json.Unmarshaler) and text methods, with encoding/json
// precedence between them and per-direction schemas.
package marshalers

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Temp is a temperature in degrees Celsius, written "21C".
//
//toolgen:schema {"type":"string","pattern":"^-?[0-9]+C$"}
type Temp float64

// MarshalJSON writes "21C".
func (t Temp) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Quote(strconv.FormatFloat(float64(t), 'f', -1, 64) + "C")), nil
}

// UnmarshalJSON reads "21C"; null leaves the value alone, as encoding/json
// asks.
func (t *Temp) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	s, err := strconv.Unquote(string(b))
	if err != nil || !strings.HasSuffix(s, "C") {
		return fmt.Errorf("temperature %s: want a string such as \"21C\"", b)
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "C"), 64)
	if err != nil {
		return fmt.Errorf("temperature %s: %w", b, err)
	}
	*t = Temp(f)
	return nil
}

// Flag reads itself from JSON with a pointer-receiver MarshalJSON: written
// by the method where encoding/json can take the address.
type Flag struct{ on bool }

// MarshalJSON writes "on" or "off".
func (f *Flag) MarshalJSON() ([]byte, error) {
	if f.on {
		return []byte(`"on"`), nil
	}
	return []byte(`"off"`), nil
}

// UnmarshalJSON reads "on", "off", true or false.
func (f *Flag) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"on"`, "true":
		f.on = true
	case `"off"`, "false", "null":
		f.on = false
	default:
		return errors.New("want on or off")
	}
	return nil
}

// Count writes itself with MarshalJSON and has no UnmarshalJSON: read as an
// integer (its own type), written as a string.
type Count int

// MarshalJSON writes the count as a string.
func (c Count) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(strconv.Itoa(int(c)))), nil }

// Level writes itself as text and has no UnmarshalText: read as an integer,
// written as a string.
type Level int

// MarshalText writes "L3".
func (l Level) MarshalText() ([]byte, error) { return []byte("L" + strconv.Itoa(int(l))), nil }

// Both has JSON and text methods: JSON wins in both directions.
type Both string

// UnmarshalJSON reads any JSON value as its text.
func (b *Both) UnmarshalJSON(data []byte) error { *b = Both("json:" + string(data)); return nil }

// MarshalJSON writes an object.
func (b Both) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]string{"both": string(b)})
}

// UnmarshalText is never called by encoding/json: UnmarshalJSON wins.
func (b *Both) UnmarshalText(data []byte) error { *b = Both("text:" + string(data)); return nil }

// MarshalText is never called by encoding/json: MarshalJSON wins.
func (b Both) MarshalText() ([]byte, error) { return []byte("text"), nil }

// Custom holds the local types.
type Custom struct {
	Temp   Temp            `json:"temp"`
	Temps  []Temp          `json:"temps,omitempty"`
	ByCity map[string]Temp `json:"by_city,omitempty"`
	Ptr    *Temp           `json:"ptr,omitempty"`
	Flag   Flag            `json:"flag"`
	Flags  []Flag          `json:"flags,omitempty"`
	Count  Count           `json:"count"`
	Level  Level           `json:"level"`
	Both   Both            `json:"both"`
	Maybe  Temp            `json:"maybe,omitempty"`
}

// EchoCustom returns what it was given.
//
//toolgen:tool
func EchoCustom(c Custom) (*Custom, error) { return &c, nil }

// Flags returns flags through a pointer: the pointer-receiver MarshalJSON
// is called.
//
//toolgen:tool
func Flags() (*Flag, error) { return &Flag{on: true}, nil }

// Hot returns a temperature by value: its MarshalJSON has a value receiver.
//
//toolgen:tool
func Hot() Temp { return 40 }
