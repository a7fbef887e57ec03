package model

import (
	"encoding/json"
	"strconv"
	"strings"
)

// JSONString quotes s as JSON without escaping <, > and &: schemas are read
// by models and people, not embedded in HTML.
func JSONString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// JSONOfGoLiteral turns a Go string or integer literal (an enum constant's
// Value) into JSON text.
func JSONOfGoLiteral(lit string) string {
	if s, err := strconv.Unquote(lit); err == nil {
		return JSONString(s)
	}
	return lit
}
