// Package scalars covers every scalar type: strings, booleans, integers of
// every width (bounds from the width, none for 64 bits), floats, named
// scalar types, aliases, byte and rune.
package scalars

// Celsius is a temperature in degrees Celsius.
type Celsius float64

// Count is a named unsigned count.
type Count uint16

// Flag is a named boolean.
type Flag bool

// Label is a named string without constants, so not an enum.
type Label string

// Small is an alias: it maps as int8.
type Small = int8

// Numbers holds one of each.
type Numbers struct {
	Int     int     `json:"int"`
	Int8    int8    `json:"int8"`
	Int16   int16   `json:"int16"`
	Int32   int32   `json:"int32"`
	Int64   int64   `json:"int64"`
	Uint    uint    `json:"uint"`
	Uint8   uint8   `json:"uint8"`
	Uint16  uint16  `json:"uint16"`
	Uint32  uint32  `json:"uint32"`
	Uint64  uint64  `json:"uint64"`
	Byte    byte    `json:"byte"`
	Rune    rune    `json:"rune"`
	Float32 float32 `json:"float32"`
	Float64 float64 `json:"float64"`
	String  string  `json:"string"`
	Bool    bool    `json:"bool"`
	Temp    Celsius `json:"temp"`
	Count   Count   `json:"count"`
	Flag    Flag    `json:"flag"`
	Label   Label   `json:"label"`
	Small   Small   `json:"small"`
}

// Echo returns its input, so every scalar is read and written.
//
//toolgen:tool
func Echo(in Numbers) (Numbers, error) { return in, nil }

// Widths takes flat parameters of the odd widths and pointers to them.
//
//toolgen:tool
func Widths(i8 int8, u32 *uint32, f32 *float32, temp Celsius, count *Count, flag Flag) (Celsius, error) {
	return temp, nil
}

// Label returns a named string: text.
//
//toolgen:tool name=get_label
func GetLabel(l Label) Label { return l }

// Float32 returns a float32, wrapped.
//
//toolgen:tool
func Float32(x float32) float32 { return x }

// Uint64 returns a uint64, wrapped.
//
//toolgen:tool
func Uint64(x uint64) (uint64, error) { return x, nil }
