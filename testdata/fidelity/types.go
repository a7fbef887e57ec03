package fidelity

//go:generate go tool toolgen

import (
	"encoding/json"
	"net/netip"
	"time"
)

// Color is a string enum.
type Color string

// The colors.
const (
	Red   Color = "red"   // the colour of fire
	Green Color = "green" // the colour of grass
)

// Priority is an integer enum.
type Priority int

// The priorities.
const (
	Low  Priority = 1
	High Priority = 2
)

// Bits is an unsigned enum of a small width.
type Bits uint8

// The bits.
const (
	BitA Bits = 1
	BitB Bits = 128
)

// Label is a named string.
type Label string

// Count is a named integer.
type Count int16

// Key is a named string used as a map key.
type Key string

// Scalars has one member of each basic type.
type Scalars struct {
	S     string  `json:"s"`
	B     bool    `json:"b"`
	I     int     `json:"i"`
	I8    int8    `json:"i8"`
	I16   int16   `json:"i16"`
	I32   int32   `json:"i32"`
	I64   int64   `json:"i64"`
	U     uint    `json:"u"`
	U8    uint8   `json:"u8"`
	U16   uint16  `json:"u16"`
	U32   uint32  `json:"u32"`
	U64   uint64  `json:"u64"`
	F32   float32 `json:"f32"`
	F64   float64 `json:"f64"`
	Label Label   `json:"label"`
	Count Count   `json:"count"`
}

// Enums has enums in every position.
type Enums struct {
	C      Color               `json:"c"`
	P      Priority            `json:"p"`
	B      Bits                `json:"b"`
	PC     *Color              `json:"pc,omitempty"`
	Cs     []Color             `json:"cs"`
	ByName map[string]Priority `json:"by_name"`
}

// Point is a plain struct.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Collections has slices, arrays and maps of every kind of element.
type Collections struct {
	Strs     []string            `json:"strs"`
	Ints     [3]int              `json:"ints"`
	Map      map[string]int      `json:"map"`
	Nested   [][]int             `json:"nested"`
	Lists    map[string][]string `json:"lists"`
	Bytes    []byte              `json:"bytes"`
	Keyed    map[Key]int         `json:"keyed"`
	Points   []Point             `json:"points"`
	PtrElems []*Point            `json:"ptr_elems"`
	PtrMap   map[string]*Point   `json:"ptr_map"`
	Grid     [2][2]int           `json:"grid"`
}

// Pointers has optional members behind pointers.
type Pointers struct {
	PS   *string    `json:"ps,omitempty"`
	PI   *int       `json:"pi,omitempty"`
	PF   *float32   `json:"pf,omitempty"`
	PB   *bool      `json:"pb,omitempty"`
	PP   *Point     `json:"pp,omitempty"`
	PT   *time.Time `json:"pt,omitempty"`
	PL   *[]string  `json:"pl,omitempty"`
	PM   *Priority  `json:"pm,omitempty"`
	Must *int       `json:"must"`
}

// Constrained has every kind of constraint.
type Constrained struct {
	Name    string   `json:"name" toolgen:"minLength=1,maxLength=5"`
	Code    string   `json:"code" toolgen:"pattern=^[A-Z]{2}[0-9]$"`
	Age     int      `json:"age" toolgen:"min=0,max=150"`
	Ratio   float64  `json:"ratio" toolgen:"min=0,max=1"`
	Ratio32 float32  `json:"ratio32" toolgen:"min=0.1,max=0.9"`
	Tags    []string `json:"tags" toolgen:"minItems=1,maxItems=3"`
	Small   uint8    `json:"small" toolgen:"min=1,max=9"`
	Mode    string   `json:"mode,omitempty" toolgen:"default=fast"`
	N       int      `json:"n,omitempty" toolgen:"default=3,min=1"`
	Color   Color    `json:"color,omitempty" toolgen:"default=green"`
}

// Formats has every format toolgen checks.
type Formats struct {
	DateTime string `json:"date_time" toolgen:"format=date-time"`
	Date     string `json:"date" toolgen:"format=date"`
	Time     string `json:"time" toolgen:"format=time"`
	Email    string `json:"email" toolgen:"format=email"`
	URI      string `json:"uri" toolgen:"format=uri"`
	UUID     string `json:"uuid" toolgen:"format=uuid"`
	IPv4     string `json:"ipv4" toolgen:"format=ipv4"`
	IPv6     string `json:"ipv6" toolgen:"format=ipv6"`
	Hostname string `json:"hostname" toolgen:"format=hostname"`
}

// Special has the library types with their own mappings.
type Special struct {
	When time.Time       `json:"when"`
	Raw  json.RawMessage `json:"raw"`
	Any  any             `json:"any"`
	Addr netip.Addr      `json:"addr"`
	Blob []byte          `json:"blob"`
	Wait time.Duration   `json:"wait"`
}

// Base is embedded by value.
type Base struct {
	ID   string `json:"id"`
	Note string `json:"note,omitempty"`
}

// Extra is embedded by pointer.
type Extra struct {
	Extra int `json:"extra"`
}

// Embedded flattens embedded structs as encoding/json does.
type Embedded struct {
	Base
	*Extra
	Own  string `json:"own"`
	Note int    `json:"note,omitempty"` // shadows Base.Note
}

// Omit covers omitempty and omitzero.
type Omit struct {
	E1    string            `json:"e1,omitempty"`
	E2    int               `json:"e2,omitempty"`
	E3    []int             `json:"e3,omitempty"`
	E4    map[string]int    `json:"e4,omitempty"`
	E5    bool              `json:"e5,omitempty"`
	Z1    time.Time         `json:"z1,omitzero"`
	Z2    Point             `json:"z2,omitzero"`
	Z3    []string          `json:"z3,omitzero"`
	Z4    float64           `json:"z4,omitzero"`
	Z5    Money             `json:"z5,omitzero"`
	Plain []int             `json:"plain"`
	Dict  map[string]string `json:"dict"`
	Bin   []byte            `json:"bin"`
}

// Tree is a recursive type.
type Tree struct {
	Name string  `json:"name"`
	Kids []*Tree `json:"kids,omitempty"`
	Left *Tree   `json:"left,omitempty"`
}

// Shapes nests pointers, arrays, slices and maps.
type Shapes struct {
	PA   *[3]int            `json:"pa,omitempty"`
	SPA  []*[2]int          `json:"spa"`
	MPA  map[string]*[2]int `json:"mpa"`
	PAA  *[2][2]int         `json:"paa,omitempty"`
	PAT  *[2]time.Time      `json:"pat,omitempty"`
	APS  [2]*string         `json:"aps"`
	SS   [][]*Point         `json:"ss"`
	MS   map[string][]int   `json:"ms"`
	AMap [2]map[string]int  `json:"amap"`
}
