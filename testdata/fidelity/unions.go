package fidelity

// Shape is a tagged union: members with value and pointer receivers, a
// member named by //toolgen:member, constraints and optional members
// inside members.
//
//toolgen:union tag=kind
type Shape interface{ isShape() }

// Circle is round.
type Circle struct {
	Radius float64 `json:"radius" toolgen:"min=0,max=100"`
	Note   string  `json:"note,omitempty" toolgen:"maxLength=5"`
}

// Rect is stored as a *Rect.
type Rect struct {
	Width  int32    `json:"width"`
	Height *int32   `json:"height,omitempty"`
	Tags   []string `json:"tags,omitempty"`
}

// Poly is named "polygon".
//
//toolgen:member name=polygon
type Poly struct {
	Points [][2]float32 `json:"points"`
	Color  Color        `json:"color,omitempty"`
}

func (Circle) isShape() {}
func (*Rect) isShape()  {}
func (Poly) isShape()   {}

// UKey is an untagged union: one member per JSON type.
type UKey interface{ isKey() }

// KeyName is a string key.
type KeyName string

// KeyNum is a number key.
type KeyNum int32

// KeyPair is an object key.
type KeyPair struct {
	A string `json:"a"`
	B int8   `json:"b,omitempty"`
}

// KeyFlag is a boolean key.
type KeyFlag bool

// KeyList is an array key.
type KeyList []uint16

func (KeyName) isKey() {}
func (KeyNum) isKey()  {}
func (KeyPair) isKey() {}
func (KeyFlag) isKey() {}
func (KeyList) isKey() {}

// Unions holds unions as members, elements and optional members.
type Unions struct {
	S    Shape   `json:"s"`
	Ss   []Shape `json:"ss,omitempty"`
	K    UKey    `json:"k"`
	Opt  Shape   `json:"opt,omitempty"`
	Keys []UKey  `json:"keys,omitempty"`
}

// EchoUnions returns its arguments.
//
//toolgen:tool
func EchoUnions(in Unions) (Unions, error) { return echo(in) }
