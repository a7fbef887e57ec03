package fidelity

// Graph recurses through maps, slices, arrays and pointers.
type Graph struct {
	ID    string            `json:"id"`
	Edges map[string]*Graph `json:"edges,omitempty"`
	Kids  []Graph           `json:"kids,omitempty"`
	Pair  *[2]*Graph        `json:"pair,omitempty"`
	Next  **Graph           `json:"next,omitempty"`
	Ref   *Other            `json:"ref,omitempty"`
}

// Other and Graph refer to each other.
type Other struct {
	Back  *Graph  `json:"back,omitempty"`
	Peers []Other `json:"peers"`
}

// Forest is a named slice of a recursive type.
type Forest []Tree

// Deeps has nested pointers and pointers to collections of pointers.
type Deeps struct {
	PPI    **int            `json:"ppi,omitempty"`
	PPS    **string         `json:"pps"`
	PSP    *[]*Point        `json:"psp,omitempty"`
	PMP    *map[string]*int `json:"pmp,omitempty"`
	PPP    ***Point         `json:"ppp,omitempty"`
	SPP    []**int          `json:"spp,omitempty"`
	Def    *int             `json:"def,omitempty" toolgen:"default=7"`
	DefS   *string          `json:"def_s" toolgen:"default=x"`
	DefC   *Color           `json:"def_c,omitempty" toolgen:"default=red"`
	Any    any              `json:"any"`
	Anys   []any            `json:"anys,omitempty"`
	MA     map[string]any   `json:"ma,omitempty"`
	PA     *any             `json:"pa,omitempty"`
	Forest Forest           `json:"forest,omitempty"`
}

// Omits has omitempty on every kind of member.
type Omits struct {
	Arr  [2]int         `json:"arr,omitempty"`
	Arr0 [0]int         `json:"arr0,omitempty"`
	St   Point          `json:"st,omitempty"`
	PSt  *Point         `json:"pst,omitempty"`
	PI   *int           `json:"pi,omitempty"`
	F    float32        `json:"f,omitempty"`
	U    uint64         `json:"u,omitempty"`
	Str  Label          `json:"str,omitempty"`
	Blob Blob           `json:"blob,omitempty"`
	Any  any            `json:"any,omitempty"`
	Raw  []byte         `json:"raw,omitempty"`
	Z    [2]int         `json:"z,omitzero"`
	ZP   *Point         `json:"zp,omitzero"`
	ZM   map[string]int `json:"zm,omitzero"`
	ZA   any            `json:"za,omitzero"`
	ZB   Blob           `json:"zb,omitzero"`
	ZT   Temp           `json:"zt,omitzero"`
	Both int            `json:"both,omitempty,omitzero"`
}
