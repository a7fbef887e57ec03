// Package enums covers named string and integer types with constants: they
// become enums, and the constants' comments join the description.
package enums

// Color is a documented string enum.
type Color string

// The colors.
const (
	// Red is the color of fire.
	Red   Color = "red"
	Green Color = "green" // the color of grass
	Blue  Color = "blue"
)

// Level has no comments on its constants.
type Level int

const (
	Low Level = iota + 1
	Medium
	High
)

// Priority has two names for one value.
type Priority uint8

const (
	PriorityLow    Priority = 0 // can wait
	PriorityNormal Priority = 1 // the usual
	PriorityUrgent Priority = 9 // now
	PriorityASAP   Priority = 9 // the same as urgent
)

// Mode is declared alone.
type Mode string

// ModeFast is the only mode.
const ModeFast Mode = "fast"

// Sign is a signed enum with negative values.
type Sign int8

const (
	Negative Sign = -1
	Zero     Sign = 0
	Positive Sign = 1
	_        Sign = 2 // blank: not a value
)

// Quote has values JSON must escape.
type Quote string

const (
	Plain  Quote = "plain"
	Quoted Quote = `say "hi"`
	Tagged Quote = "<b>&"
)

// Paint selects colors.
type Paint struct {
	Color    Color            `json:"color"`
	Trim     *Color           `json:"trim,omitempty"` // the trim color
	Palette  []Color          `json:"palette"`
	ByRoom   map[string]Level `json:"by_room"`
	Priority Priority         `json:"priority"`
	Mode     Mode             `json:"mode"`
	Sign     Sign             `json:"sign"`
	Quote    Quote            `json:"quote"`
}

// Mix returns the paint back with the color it mixes to.
//
//toolgen:tool
func Mix(p Paint) (Paint, error) { return p, nil }

// Pick takes and returns enums as flat parameters.
//
// Parameters:
//   - level: how much.
//
//toolgen:tool
func Pick(color Color, level *Level, priority Priority) (Level, error) { return Low, nil }

// Name returns an enum as text.
//
//toolgen:tool
func Name(c Color) Color { return c }
