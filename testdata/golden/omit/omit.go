// Package omit covers how results leave members out, as encoding/json
// does: omitempty, omitzero, nil pointers, and members promoted through a
// nil embedded pointer.
package omit

import (
	"encoding/json"
	"net/netip"
	"time"
)

// Kind is an enum.
type Kind string

const (
	KindA Kind = "a"
	KindB Kind = "b"
)

// Point is comparable.
type Point struct {
	X int `json:"x"`
}

// Bag is not comparable: omitzero calls its IsZero method.
type Bag struct {
	Items []string `json:"items"`
}

// IsZero reports whether the bag is empty.
func (b Bag) IsZero() bool { return len(b.Items) == 0 }

// Extra is embedded by pointer in the result.
type Extra struct {
	Note string `json:"note"`
	Seq  int    `json:"seq,omitempty"`
}

// Report leaves out what is empty or zero.
type Report struct {
	*Extra

	S    string            `json:"s,omitempty"`
	I    int               `json:"i,omitempty"`
	U    uint8             `json:"u,omitempty"`
	F    float64           `json:"f,omitempty"`
	B    bool              `json:"b,omitempty"`
	K    Kind              `json:"k,omitempty"`
	L    []int             `json:"l,omitempty"`
	M    map[string]int    `json:"m,omitempty"`
	A    [2]int            `json:"a,omitempty"`
	Y    []byte            `json:"y,omitempty"`
	R    json.RawMessage   `json:"r,omitempty"`
	N    any               `json:"n,omitempty"`
	P    *Point            `json:"p,omitempty"`
	T    time.Time         `json:"t,omitempty"` // omitempty never omits a struct
	ZS   string            `json:"zs,omitzero"`
	ZI   int               `json:"zi,omitzero"`
	ZK   Kind              `json:"zk,omitzero"`
	ZT   time.Time         `json:"zt,omitzero"`
	ZP   Point             `json:"zp,omitzero"`
	ZB   Bag               `json:"zb,omitzero"`
	ZA   [2]int            `json:"za,omitzero"`
	ZL   []int             `json:"zl,omitzero"`
	ZM   map[string]string `json:"zm,omitzero"`
	ZX   netip.Addr        `json:"zx,omitzero"`
	ZN   any               `json:"zn,omitzero"`
	ZY   []byte            `json:"zy,omitzero"`
	Both string            `json:"both,omitempty,omitzero"`
}

// Summarize returns a report.
//
//toolgen:tool
func Summarize() (Report, error) { return Report{}, nil }
