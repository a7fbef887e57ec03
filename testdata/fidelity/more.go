package fidelity

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// PInt is a named pointer type.
type PInt *int

// AliasBase is an alias, embedded under its own name.
type AliasBase = Base

// Loop embeds a pointer to itself: encoding/json stops at the cycle.
type Loop struct {
	*Loop
	V int `json:"v"`
}

// Skipped is embedded with json:"-": none of its fields are members.
type Skipped struct {
	Gone int `json:"gone"`
}

// PtrJSON writes itself with a pointer-receiver MarshalJSON, which
// encoding/json calls only on addressable values (slice elements, fields
// of a pointed-to struct).
type PtrJSON struct{ n int }

// MarshalJSON writes the number as a string.
func (p *PtrJSON) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote(strconv.Itoa(p.n))), nil }

// UnmarshalJSON reads a number in a string.
func (p *PtrJSON) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is no number", s)
	}
	p.n = n
	return nil
}

// Misc has the remaining shapes: named pointers, aliases, cycles of
// embedding, addressable pointer-receiver methods.
type Misc struct {
	AliasBase
	Loop
	Skipped `json:"-"`
	PI      PInt                   `json:"pi,omitempty"`
	PJ      PtrJSON                `json:"pj"`
	PJs     []PtrJSON              `json:"pjs"`
	PJa     [2]PtrJSON             `json:"pja"`
	PJp     *PtrJSON               `json:"pjp,omitempty"`
	Upper   int                    `json:"upper"`
	UPPER   int                    `json:"UPPER"`
	Durs    []time.Duration        `json:"durs"`
	DurMap  map[Key]PInt           `json:"dur_map,omitempty"`
	Nums    map[string]json.Number `json:"nums,omitempty"`
	Times   map[string]time.Time   `json:"times,omitempty"`
}

// Rich is returned inside an any: encoding/json writes it by reflection.
type Rich struct {
	When time.Time        `json:"when"`
	Blob []byte           `json:"blob"`
	Opt  *int             `json:"opt,omitempty"`
	Null *int             `json:"null"`
	Odd  Odd              `json:"odd"`
	Map  map[string]Level `json:"map"`
	Emb
}

// Emb is embedded in Rich.
type Emb struct {
	Deep string `json:"deep"`
}
