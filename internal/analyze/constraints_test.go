package analyze

import (
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/model"
)

var (
	stringType  = &model.Type{Kind: model.KindString, Name: "string", Basic: model.KindString}
	intType     = &model.Type{Kind: model.KindInt, Name: "int", Bits: 64, Basic: model.KindInt}
	int8Type    = &model.Type{Kind: model.KindInt, Name: "int8", Bits: 8, Basic: model.KindInt}
	uint64Type  = &model.Type{Kind: model.KindUint, Name: "uint64", Bits: 64, Basic: model.KindUint}
	float64Type = &model.Type{Kind: model.KindFloat, Name: "float64", Bits: 64, Basic: model.KindFloat}
	sliceType   = &model.Type{Kind: model.KindSlice, Elem: stringType}
	sizeType    = &model.Type{Kind: model.KindEnum, Name: "Size", Basic: model.KindString,
		Enum: &model.Enum{Values: []model.EnumValue{{GoName: "Small", Value: `"s"`}, {GoName: "Large", Value: `"l"`}, {GoName: "Big", Value: `"l"`}}}}
)

// constraints parses text for a value of type t and returns the constraints and
// the messages.
func constraints(text string, t *model.Type) (model.Constraints, []string) {
	a := &analyzer{collector: collector{fset: token.NewFileSet()}}
	r := a.parseConstraints(token.NoPos, "field F", text, t)
	var msgs []string
	for _, e := range a.errs {
		msgs = append(msgs, e.Msg)
	}
	return r, msgs
}

func TestParseConstraintsCommas(t *testing.T) {
	r, msgs := constraints("pattern=^[a-z]{1,3}$,maxLength=5", stringType)
	require.Empty(t, msgs)
	assert.Equal(t, "^[a-z]{1,3}$", r.Pattern, "a comma not followed by a key belongs to the value")
	require.NotNil(t, r.MaxLength)
	assert.Equal(t, 5, *r.MaxLength)

	r, msgs = constraints("maxLength=5,pattern=^(a|b),c{2,}$", stringType)
	require.Empty(t, msgs)
	assert.Equal(t, "^(a|b),c{2,}$", r.Pattern, "the last value runs to the end")

	r, msgs = constraints("default=hello, world,example=a,b", stringType)
	require.Empty(t, msgs)
	assert.Equal(t, &model.Value{JSON: `"hello, world"`, Go: `"hello, world"`}, r.Default)
	assert.Equal(t, []model.Value{{JSON: `"a,b"`, Go: `"a,b"`}}, r.Examples)

	r, msgs = constraints(" minLength=1 ,  maxLength=2 ", stringType)
	require.Empty(t, msgs, "space around pairs is allowed")
	assert.Equal(t, 1, *r.MinLength)
	assert.Equal(t, 2, *r.MaxLength)
}

func TestParseConstraintsKeyInsideAValue(t *testing.T) {
	// ",min=" inside a pattern starts a new option: such a pattern cannot
	// be written in a tag. This pins the documented limit.
	r, msgs := constraints("pattern=^a,min=1$", stringType)
	assert.Equal(t, "^a", r.Pattern)
	assert.Equal(t, []string{"field F: min=1$: min and max apply to numbers, not string"}, msgs)
}

func TestParseConstraintsValues(t *testing.T) {
	r, msgs := constraints("min=1,max=14,default=3,example=5,example=7", intType)
	require.Empty(t, msgs)
	assert.Equal(t, "1", r.Min)
	assert.Equal(t, "14", r.Max)
	assert.Equal(t, &model.Value{JSON: "3", Go: "3"}, r.Default)
	assert.Equal(t, []model.Value{{JSON: "5", Go: "5"}, {JSON: "7", Go: "7"}}, r.Examples, "example may repeat")

	r, msgs = constraints("min=-1.5,max=1e3", float64Type)
	require.Empty(t, msgs)
	assert.Equal(t, "-1.5", r.Min)
	assert.Equal(t, "1000", r.Max, "numbers are written as JSON numbers")

	float32Type := &model.Type{Kind: model.KindFloat, Name: "float32", Bits: 32, Basic: model.KindFloat}
	r, msgs = constraints("min=0.1,max=3.4028235e38,default=0.3,example=5e-1", float32Type)
	require.Empty(t, msgs)
	assert.Equal(t, "0.1", r.Min, "a float32 in the shortest text that reads back as it, not 0.10000000149011612")
	assert.Equal(t, "3.4028235e+38", r.Max)
	assert.Equal(t, "0.3", r.Default.JSON)
	assert.Equal(t, "0.5", r.Examples[0].JSON)
	_, msgs = constraints("max=3.5e38", float32Type)
	assert.Equal(t, []string{"field F: max=3.5e38: beyond what a float32 holds (±3.4028235e+38)"}, msgs)

	r, msgs = constraints("max=18446744073709551615", uint64Type)
	require.Empty(t, msgs)
	assert.Equal(t, "18446744073709551615", r.Max)

	r, msgs = constraints("minItems=1,maxItems=3", sliceType)
	require.Empty(t, msgs)
	assert.Equal(t, 1, *r.MinItems)
	assert.Equal(t, 3, *r.MaxItems)

	r, msgs = constraints("default=l,example=s,format=email", &model.Type{Kind: model.KindPointer, Elem: sizeType})
	assert.Equal(t, []string{"field F: format applies to strings"}, msgs, "an enum is not a string for format; a pointer is described by what it points to")
	assert.Equal(t, &model.Value{JSON: `"l"`, Go: `"l"`}, r.Default)
	assert.Equal(t, []model.Value{{JSON: `"s"`, Go: `"s"`}}, r.Examples)

	r, msgs = constraints(`default=say "hi" <b>`, stringType)
	require.Empty(t, msgs)
	assert.Equal(t, &model.Value{JSON: `"say \"hi\" <b>"`, Go: `"say \"hi\" <b>"`}, r.Default, "JSON without HTML escapes, Go quoted")
}

func TestParseConstraintsErrors(t *testing.T) {
	tests := []struct {
		text string
		typ  *model.Type
		want []string
	}{
		{"", stringType, nil},
		{"required", stringType, []string{`field F: cannot read toolgen options "required" (keys: min, max, minLength, maxLength, minItems, maxItems, pattern, format, default, example, header; write key=value,key=value, after entries for a map)`}},
		{"entries", intType, []string{`field F: the entries option is for maps (it sends one as an array of {"key", "value"} objects), not for an int`}},
		{"min=1,entries", intType, []string{`field F: the entries option comes first, before the key=value options (entries,min=1)`}},
		{"untrusted", intType, []string{`field F: the untrusted option is for strings (it writes one fenced in results), not for an int`}},
		{"untrusted", sliceType, []string{`field F: the untrusted option is for strings (it writes one fenced in results), not for a slice`}},
		{"maxLength=9,untrusted", stringType, []string{`field F: the untrusted option comes first, before the key=value options (untrusted,maxLength=9)`}},
		{"untrusted", stringType, nil},
		{"untrusted,maxLength=9", stringType, nil},
		{"oops,min=1", intType, []string{`field F: cannot read toolgen options "oops,min=1" (keys: min, max, minLength, maxLength, minItems, maxItems, pattern, format, default, example, header; write key=value,key=value, after entries for a map)`}},
		{"min=1,min=2", intType, []string{"field F: option min given twice"}},
		{"max=128", int8Type, []string{"field F: max=128: not an integer that fits in int8"}},
		{"min=-1", uint64Type, []string{"field F: min=-1: not an unsigned integer that fits in uint64"}},
		{"max=1e999", float64Type, []string{"field F: max=1e999: not a finite number"}},
		{"maxLength=-1,minItems=x", sliceType, []string{
			"field F: maxLength applies to strings",
			"field F: minItems=x: not a count (a whole number >= 0)",
		}},
		{"pattern=(a", stringType, []string{`field F: pattern "(a": at offset 0: unclosed group (write \( for a literal parenthesis)`}},
		{"pattern=(?i)ab", stringType, []string{`field F: pattern "(?i)ab": at offset 0: inline flags and modifiers like (?i) are not JSON Schema (ECMA-262) syntax; write [Aa][Bb]`}},
		{"pattern=^a.c$,default=a\u2028c", stringType, []string{"field F: default=\"a\\u2028c\" does not match pattern=^a.c$"}},
		{"min=10,max=1", intType, []string{"field F: min=10 is greater than max=1: no number is allowed"}},
		{"min=0.1,max=0.7,example=0.0999999", float64Type, []string{"field F: example=0.0999999 is less than min=0.1"}},
		{"minLength=3,maxLength=2", stringType, []string{"field F: minLength=3 is greater than maxLength=2: nothing is allowed"}},
		{"minItems=3,maxItems=2", sliceType, []string{"field F: minItems=3 is greater than maxItems=2: nothing is allowed"}},
		{"format=uuid,maxLength=10", stringType, []string{"field F: format=uuid needs at least 36 characters, more than maxLength=10"}},
		{"format=date,default=2024-13-01", stringType, []string{"field F: default=2024-13-01 is not a valid date"}},
		{"format=ipv4,example=1.2.3.4,example=1.2.3", stringType, []string{"field F: example=1.2.3 is not a valid ipv4"}},
		{"format=phone", stringType, []string{`field F: unknown format "phone" (known: date-time, date, time, email, uri, uuid, ipv4, ipv6, hostname)`}},
		{"default=m", sizeType, []string{`field F: default=m: not one of "s", "l"`}},
		{"default=yes", &model.Type{Kind: model.KindBool, Name: "bool"}, []string{"field F: default=yes: not true or false"}},
		{"example=a", sliceType, []string{"field F: example applies to strings, numbers, booleans and enums, not slice"}},
	}
	for _, tt := range tests {
		_, msgs := constraints(tt.text, tt.typ)
		assert.Equal(t, tt.want, msgs, "%q", tt.text)
	}
}
