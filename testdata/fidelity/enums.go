package fidelity

// I8 is an int8 enum with negative values.
type I8 int8

// The I8 values.
const (
	I8Min  I8 = -128
	I8Zero I8 = 0
	I8Max  I8 = 127
)

// U16 is a uint16 enum.
type U16 uint16

// The U16 values.
const (
	U16A U16 = 1
	U16B U16 = 65535
)

// U64 is a uint64 enum with huge values.
type U64 uint64

// The U64 values.
const (
	U64Big U64 = 1 << 63
	U64Max U64 = 1<<64 - 1
	U64One U64 = 1
)

// I64 is an int64 enum at the edges.
type I64 int64

// The I64 values.
const (
	I64Min I64 = -1 << 63
	I64Max I64 = 1<<63 - 1
)

// Odd is a string enum whose values need escapes.
type Odd string

// The odd values.
const (
	OddQuote   Odd = `say "hi"`
	OddSlash   Odd = `a\b`
	OddUnicode Odd = "héllo 世界"
	OddNewline Odd = "two\nlines"
	OddControl Odd = "bell\a\x01"
	OddEmpty   Odd = ""
	OddLS      Odd = "line\u2028sep"
	OddHTML    Odd = "<a&b>"
)

// Ratio is a named float with constants: not an enum.
type Ratio float64

// The ratios.
const (
	Half Ratio = 0.5
	Full Ratio = 1
)

// Flag is a named bool with constants: not an enum.
type Flag bool

// The flags.
const (
	On  Flag = true
	Off Flag = false
)

// Wide has enums of every width.
type Wide struct {
	I8   I8             `json:"i8"`
	U16  U16            `json:"u16"`
	U64  U64            `json:"u64"`
	I64  I64            `json:"i64"`
	Odd  Odd            `json:"odd"`
	Odds []Odd          `json:"odds,omitempty"`
	R    Ratio          `json:"r"`
	F    Flag           `json:"f"`
	PU   *U64           `json:"pu,omitempty"`
	MU   map[string]U16 `json:"mu,omitempty"`
	DefO Odd            `json:"def_o,omitempty" toolgen:"default=héllo 世界"`
	AI   [2]I8          `json:"ai"`
	KO   map[Odd]int    `json:"ko,omitempty"`
}
