// Package imports declares, at package level, names that the generated
// file would import packages as: the generated file imports those packages
// under other names.
package imports

import (
	stdjson "encoding/json"
	stdtime "time"
)

// json is a package-level name, as with a drop-in JSON library.
var json = stdjson.Valid

// math is a constant.
const math = 3

// context is a function.
func context() {}

// runtime is a type.
type runtime struct{}

// toolgenjson takes the first new name for encoding/json too.
var toolgenjson = 0

// Note is a struct parameter with a float (math), a pattern (regexp) and a
// time.
type Note struct {
	Text  string             `json:"text" toolgen:"pattern=^[a-z]+$"`
	Score float64            `json:"score"`
	When  stdtime.Time       `json:"when"`
	Raw   stdjson.RawMessage `json:"raw"`
}

// Save saves a note.
//
//toolgen:tool
func Save(n Note) (Note, error) {
	_, _, _, _ = json, math, context, runtime{}
	return n, nil
}
