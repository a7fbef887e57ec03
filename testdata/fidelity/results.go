package fidelity

import (
	"encoding/json"
	"time"

	"toolgen.test/fidelity/other"
)

// The result tools take one struct and return some other kind of value,
// so that wrapped results of every kind are checked.

// In is the argument of the result tools.
type In struct {
	N    int     `json:"n" toolgen:"min=0,max=3"`
	Word string  `json:"word"`
	F    float64 `json:"f"`
}

func result[T any](in In, out T) (T, error) {
	last, lastOut = in, out
	return out, nil
}

// ReturnInt returns an integer.
//
//toolgen:tool
func ReturnInt(in In) (int, error) { return result(in, in.N) }

// ReturnFloat returns a float.
//
//toolgen:tool
func ReturnFloat(in In) (float32, error) { return result(in, float32(in.F)) }

// ReturnBool returns a bool.
//
//toolgen:tool
func ReturnBool(in In) (bool, error) { return result(in, in.N > 1) }

// ReturnEnum returns an integer enum: one of its constants, as its output
// schema's enum says (a value no constant names would break it).
//
//toolgen:tool
func ReturnEnum(in In) (U64, error) {
	return result(in, [...]U64{U64One, U64Big, U64Max, U64One}[in.N])
}

// ReturnSlice returns a slice, nil for n = 0.
//
//toolgen:tool
func ReturnSlice(in In) ([]*Point, error) {
	var out []*Point
	for i := range in.N {
		if i == 1 {
			out = append(out, nil)
			continue
		}
		out = append(out, &Point{X: float64(i), Y: in.F})
	}
	return result(in, out)
}

// ReturnMap returns a map, nil for n = 0.
//
//toolgen:tool
func ReturnMap(in In) (map[string][]Odd, error) {
	var out map[string][]Odd
	if in.N > 0 {
		out = map[string][]Odd{in.Word: {OddControl, OddHTML}}
	}
	return result(in, out)
}

// ReturnArray returns a named array.
//
//toolgen:tool
func ReturnArray(in In) (Hash, error) { return result(in, Hash{byte(in.N), 255}) }

// ReturnBlob returns a named []byte.
//
//toolgen:tool
func ReturnBlob(in In) (Blob, error) { return result(in, Blob(in.Word)) }

// ReturnAny returns any.
//
//toolgen:tool
func ReturnAny(in In) (any, error) {
	var out any = map[string]any{"w": in.Word, "n": []any{in.F, nil}, "rich": Rich{Odd: OddHTML, Blob: []byte(in.Word), Map: map[string]Level{"b": 1, "a": 0}},
		"ptr": &Rich{When: time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("", 3600))}, "f32": float32(in.F), "u64": uint64(1<<64 - 1), "bytes": []byte{0, 255},
		"html": "<&>\u2028", "nil_slice": []int(nil), "nil_map": map[string]int(nil), "temp": Temp(in.F), "raw": json.RawMessage(` {"a" : 1} `)}
	if in.N == 0 {
		out = nil
	}
	return result(in, out)
}

// ReturnPtrInt returns a pointer to an integer, nil for n = 0.
//
//toolgen:tool
func ReturnPtrInt(in In) (*int, error) {
	if in.N == 0 {
		return result[*int](in, nil)
	}
	return result(in, &in.N)
}

// ReturnText returns a text type.
//
//toolgen:tool
func ReturnText(in In) (Upper, error) { return result(in, Upper(in.Word)) }

// ReturnJSON returns a JSON type by value.
//
//toolgen:tool
func ReturnJSON(in In) (Both, error) { return result(in, Both(in.N)) }

// ReturnStamped returns a struct that embeds time.Time.
//
//toolgen:tool
func ReturnStamped(in In) (Stamped, error) { return result(in, Stamped{Note: in.Word}) }

// ReturnForeign returns a struct from another package by pointer.
//
//toolgen:tool
func ReturnForeign(in In) (*other.Place, error) {
	return result(in, &other.Place{City: in.Word, Unit: other.Fahrenheit})
}

// ReturnNamedMap returns a named map.
//
//toolgen:tool
func ReturnNamedMap(in In) (Index, error) {
	return result(in, Index{in.Word: make([]int, in.N)})
}

// ReturnPlaces returns method types in every position by value.
//
//toolgen:tool
func ReturnPlaces(in In) (Places, error) {
	return result(in, Places{U: Upper(in.Word), US: []Upper{"a"}, PTS: []*PtrText{{v: in.Word}, nil}, OK: map[OutKey]int{"k": 1}})
}

// ReturnAnySlice returns any holding a slice.
//
//toolgen:tool
func ReturnAnySlice(in In) (any, error) {
	return result[any](in, []any{in.N, in.Word, Upper(in.Word), Level(in.N % 2), &Point{X: in.F}})
}
