package fidelity

import (
	"time"

	"toolgen.test/fidelity/other"
)

// Name is a named string embedded as a member called Name.
type Name string

// inner is an unexported struct: encoding/json promotes its exported
// fields all the same.
type inner struct {
	Hidden string `json:"hidden"`
	Shared int    `json:"shared"`
}

// Level2 sits two levels down: its Shared is shadowed by inner's.
type Level2 struct {
	Shared string `json:"shared"`
	Only2  int    `json:"only2"`
}

// Deep embeds Level2.
type Deep struct {
	Level2
}

// Box is embedded with a tag and by pointer with a tag.
type Box struct {
	A int `json:"a"`
}

// TA and TB clash on the JSON name X at the same depth; the tagged one wins.
type TA struct {
	X2 int `json:"X"`
}

// TB has an untagged X.
type TB struct {
	X int
}

// Embeds has embedded fields of every kind.
type Embeds struct {
	Name
	inner
	Deep
	TA
	TB
	Count
	other.Stamp
	*Box `json:"box,omitempty"`
	Kept Box `json:"kept"`
	any
	hidden `json:"hid"`
}

// hidden is unexported and embedded with a tag name: encoding/json makes it
// a member of that name.
type hidden struct {
	Z int `json:"z"`
}

// Stamped embeds time.Time: its promoted methods make it a time, and
// encoding/json reads and writes nothing else (Note is lost).
type Stamped struct {
	time.Time
	Note string `json:"note"`
}

// Leveled embeds a text type: it reads and writes as that text.
type Leveled struct {
	Level
}

// PtrEmbed embeds pointers to structs, untagged, two levels deep.
type PtrEmbed struct {
	*Base
	*Deep
	Own int `json:"own"`
}

// EmbedsMore has members whose types embed methods.
type EmbedsMore struct {
	When  Stamped   `json:"stamp"`
	Lvl   Leveled   `json:"lvl"`
	PE    PtrEmbed  `json:"pe"`
	Whens []Stamped `json:"stamps,omitempty"`
}
