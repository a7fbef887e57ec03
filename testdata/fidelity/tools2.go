package fidelity

import (
	"time"

	"toolgen.test/fidelity/other"
)

// EchoEmbeds returns its arguments.
//
//toolgen:tool
func EchoEmbeds(in Embeds) (Embeds, error) { return echo(in) }

// EchoEmbedsMore returns its arguments.
//
//toolgen:tool
func EchoEmbedsMore(in *EmbedsMore) (*EmbedsMore, error) { return echo(in) }

// EchoTagged returns its arguments.
//
//toolgen:tool
func EchoTagged(in Tagged) (Tagged, error) { return echo(in) }

// EchoNamed returns its arguments.
//
//toolgen:tool
func EchoNamed(in Named) (Named, error) { return echo(in) }

// EchoWide returns its arguments.
//
//toolgen:tool
func EchoWide(in Wide) (Wide, error) { return echo(in) }

// EchoGraph returns its arguments.
//
//toolgen:tool
func EchoGraph(in *Graph) (*Graph, error) { return echo(in) }

// EchoDeeps returns its arguments.
//
//toolgen:tool
func EchoDeeps(in Deeps) (Deeps, error) { return echo(in) }

// EchoOmits returns its arguments.
//
//toolgen:tool
func EchoOmits(in Omits) (Omits, error) { return echo(in) }

// EchoPlaces returns its arguments.
//
//toolgen:tool
func EchoPlaces(in *Places) (*Places, error) { return echo(in) }

// FlatAllArgs mirrors the parameters of FlatAll, for encoding/json.
type FlatAllArgs struct {
	Unit   other.Unit    `json:"unit"`
	Place  other.Place   `json:"place"`
	PPlace *other.Place  `json:"p_place"`
	Board  Board         `json:"board"`
	Blob   Blob          `json:"blob"`
	Index  Index         `json:"index"`
	U64    U64           `json:"u64"`
	Odd    *Odd          `json:"odd"`
	Temp   Temp          `json:"temp"`
	Level  *Level        `json:"level"`
	Any    any           `json:"any"`
	Wait   time.Duration `json:"wait"`
	Octets []Octet       `json:"octets"`
	Upper  Upper         `json:"upper"`
	Deep   **int         `json:"deep"`
}

// FlatAll takes flat parameters of every kind.
//
//toolgen:tool
func FlatAll(unit other.Unit, place other.Place, pPlace *other.Place, board Board, blob Blob, index Index, u64 U64, odd *Odd,
	temp Temp, level *Level, any any, wait time.Duration, octets []Octet, upper Upper, deep **int) (FlatAllArgs, error) {
	return echo(FlatAllArgs{unit, place, pPlace, board, blob, index, u64, odd, temp, level, any, wait, octets, upper, deep})
}

// EchoMisc returns its arguments.
//
//toolgen:tool
func EchoMisc(in *Misc) (*Misc, error) { return echo(in) }

// FlatDefaultsArgs mirrors the parameters of FlatDefaults.
type FlatDefaultsArgs struct {
	N    *int        `json:"n"`
	Unit *other.Unit `json:"unit"`
	Tags []string    `json:"tags"`
	When *time.Time  `json:"when"`
}

// FlatDefaults takes optional parameters with defaults.
//
// Parameters:
//   - n default=4,min=1: how many.
//   - unit default=fahrenheit: the unit.
//
//toolgen:tool
func FlatDefaults(n *int, unit *other.Unit, tags []string, when *time.Time) (FlatDefaultsArgs, error) {
	return echo(FlatDefaultsArgs{n, unit, tags, when})
}
