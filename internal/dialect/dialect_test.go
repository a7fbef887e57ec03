package dialect

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func strict(t *testing.T, input string) string {
	t.Helper()
	out, err := Strict([]byte(input))
	require.NoError(t, err)
	return string(out)
}

func gemini(t *testing.T, input string) string {
	t.Helper()
	out, err := Gemini([]byte(input))
	require.NoError(t, err)
	return string(out)
}

// forecast is an input schema as the generator writes it, indented.
const forecast = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "days": {
      "type": "integer",
      "description": "How many days ahead.",
      "minimum": 1,
      "maximum": 14
    },
    "city": {
      "type": "string",
      "description": "The city <name> & country.",
      "minLength": 1,
      "default": "Paris"
    }
  },
  "required": [
    "days"
  ],
  "additionalProperties": false
}`

func TestStrictOptionalMadeNullable(t *testing.T) {
	assert.Equal(t, `{"type":"object","properties":{`+
		`"days":{"type":"integer","description":"How many days ahead.","minimum":1,"maximum":14},`+
		`"city":{"description":"The city <name> & country.","anyOf":[{"type":"string"},{"type":"null"}]}},`+
		`"required":["days","city"],"additionalProperties":false}`, strict(t, forecast),
		"$schema dropped, the optional city nullable with its description on the wrapper, minLength and default dropped, required rebuilt")
}

func TestGeminiKeepsWhatItSays(t *testing.T) {
	assert.Equal(t, `{"type":"object","properties":{`+
		`"days":{"type":"integer","description":"How many days ahead.","minimum":1,"maximum":14},`+
		`"city":{"type":"string","description":"The city <name> & country.","minLength":1}},`+
		`"required":["days"]}`, gemini(t, forecast), "$schema, default and additionalProperties dropped")
}

func TestCompactOrIndented(t *testing.T) {
	compact := strings.NewReplacer("\n", "", "  ", "", `": `, `":`).Replace(forecast)
	require.NotContains(t, compact, "\n")
	assert.Equal(t, strict(t, forecast), strict(t, compact))
	assert.Equal(t, gemini(t, forecast), gemini(t, compact))
}

func TestStrictObjects(t *testing.T) {
	assert.Equal(t, `{"type":"object","properties":{},"additionalProperties":false}`, strict(t, `{"type":"object"}`),
		"every object gets properties and additionalProperties false")
	assert.Equal(t, `{"type":"object","properties":{"a":{"anyOf":[{"type":"object","properties":{},"additionalProperties":false},{"type":"null"}]}},"required":["a"],"additionalProperties":false}`,
		strict(t, `{"type":"object","properties":{"a":{"type":"object"}}}`))
	assert.Equal(t, `{"type":["object","null"]}`, strict(t, `{"type":[ "object", "null" ]}`),
		"only type object is an object")
	assert.Equal(t, `{"type":"array","items":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"],"additionalProperties":false}}`,
		strict(t, `{"type":"array","items":{"type":"object","properties":{"x":{"type":"string"}},"required":["x"]}}`))
}

func TestStrictRequiredByDecodedName(t *testing.T) {
	assert.Equal(t, `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}`,
		strict(t, `{"type":"object","properties":{"a":{"type":"string"}},"required":["\u0061"]}`),
		"a is required however it is spelled")
}

func TestFormats(t *testing.T) {
	for _, f := range []string{"date-time", "email", "uuid", "ipv4", "uri", "byte", "regex"} {
		in := `{"type":"string","format":"` + f + `"}`
		wantStrict, wantGemini := in, in
		if !contains(strictFormats, []byte(f)) {
			wantStrict = `{"type":"string"}`
		}
		if f != "date-time" {
			wantGemini = `{"type":"string"}`
		}
		assert.Equal(t, wantStrict, strict(t, in), f)
		assert.Equal(t, wantGemini, gemini(t, in), f)
	}
}

func TestKeywordsDropped(t *testing.T) {
	in := `{"$schema":"x","type":"string","description":"d","enum":["a","b"],"pattern":"^a","minLength":1,"maxLength":2,` +
		`"contentEncoding":"base64","default":"a","examples":["b"]}`
	assert.Equal(t, `{"type":"string","description":"d","enum":["a","b"],"pattern":"^a"}`, strict(t, in))
	assert.Equal(t, `{"type":"string","description":"d","enum":["a","b"],"pattern":"^a","minLength":1,"maxLength":2}`, gemini(t, in))
	arr := `{"type":"array","minItems":1,"maxItems":3,"items":{"type":"integer","minimum":0}}`
	assert.Equal(t, arr, strict(t, arr), "strict keeps minItems and maxItems")
	assert.Equal(t, arr, gemini(t, arr))
}

func TestStrictDefs(t *testing.T) {
	in := `{"$schema":"x","$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"next":{"$ref":"#/$defs/Node"}}}}}`
	assert.Equal(t, `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"next":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}},"required":["next"],"additionalProperties":false}}}`,
		strict(t, in))
	_, err := Gemini([]byte(in))
	assert.EqualError(t, err, "a reference ($ref) to a recursive type at the root")
	_, err = Gemini([]byte(`{"type":"object","$defs":{"A":{"type":"string"}}}`))
	assert.EqualError(t, err, "definitions ($defs) of recursive types at the root")
}

func TestMapsRefused(t *testing.T) {
	in := `{"type":"object","properties":{"tags":{"type":"object","additionalProperties":{"type":"string"}}},"required":["tags"]}`
	_, err := Strict([]byte(in))
	assert.EqualError(t, err, "a map (an object whose keys the caller chooses: additionalProperties with a schema) at /properties/tags")
	_, err = Gemini([]byte(in))
	assert.EqualError(t, err, "a map (an object whose keys the caller chooses: additionalProperties with a schema) at /properties/tags")
	// Gemini drops additionalProperties of an object with properties.
	assert.Equal(t, `{"type":"object","properties":{"a":{"type":"string"}}}`,
		gemini(t, `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"string"}}`))
}

func TestAnyTypeRefused(t *testing.T) {
	in := `{"type":"object","properties":{"v":{"description":"anything"}}}`
	_, err := Strict([]byte(in))
	assert.EqualError(t, err, "a value of any JSON type (a schema with neither type nor $ref) at /properties/v")
	_, err = Gemini([]byte(in))
	assert.EqualError(t, err, "a value of any JSON type (a schema without type) at /properties/v")
}

func TestEnums(t *testing.T) {
	values := make([]string, strictMaxEnum+1)
	for i := range values {
		values[i] = `"v` + strconv.Itoa(i) + `"`
	}
	big := `{"type":"object","properties":{"e":{"type":"string","enum":[` + strings.Join(values, ",") + `]}},"required":["e"]}`
	_, err := Strict([]byte(big))
	assert.EqualError(t, err, "an enum of 1001 values, more than strict mode's 1000 at /properties/e")
	assert.Contains(t, gemini(t, big), `"v1000"]`, "Gemini has no such limit")
	limit := `{"type":"string","enum":[` + strings.Join(values[:strictMaxEnum], ",") + `]}`
	assert.Equal(t, limit, strict(t, limit))

	_, err = Gemini([]byte(`{"type":"object","properties":{"n":{"type":"integer","enum":[1,2]}}}`))
	assert.EqualError(t, err, "an enum whose values are not all strings at /properties/n")
	assert.Equal(t, `{"type":"integer","enum":[1,2]}`, strict(t, `{"type":"integer","enum":[1, 2]}`))
}

// nested is n objects, each the only property "p" of the one before.
func nested(n int) string {
	s := `{"type":"string"}`
	for range n {
		s = `{"type":"object","properties":{"p":` + s + `},"required":["p"]}`
	}
	return s
}

func TestStrictNesting(t *testing.T) {
	_, err := Strict([]byte(nested(strictMaxDepth)))
	assert.NoError(t, err)
	_, err = Strict([]byte(nested(strictMaxDepth + 1)))
	assert.EqualError(t, err, "objects nested deeper than strict mode's 10 levels at "+strings.Repeat("/properties/p", strictMaxDepth+1))
	_, err = Gemini([]byte(nested(50)))
	assert.NoError(t, err, "Gemini has no such limit")
}

func TestStrictPropertyCount(t *testing.T) {
	props := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"p` + strconv.Itoa(i) + `":{"type":"boolean"}`)
		}
		b.WriteString(`}}`)
		return b.String()
	}
	_, err := Strict([]byte(props(strictMaxProperties)))
	assert.NoError(t, err)
	_, err = Strict([]byte(props(strictMaxProperties + 1)))
	assert.EqualError(t, err, "5001 properties in all, more than strict mode's 5000 at the root")
}

func TestScalarsVerbatim(t *testing.T) {
	in := `{"type":"number","description":"\u2028 \"q\" \\ é \ud83d\ude00","minimum":-1e+300,"maximum":3.4028235e+38,"default":1E5}`
	assert.Equal(t, `{"type":"number","description":"\u2028 \"q\" \\ é \ud83d\ude00","minimum":-1e+300,"maximum":3.4028235e+38}`, strict(t, in))
	assert.Equal(t, `{"type":"number","description":"\u2028 \"q\" \\ é \ud83d\ude00","minimum":-1e+300,"maximum":3.4028235e+38}`, gemini(t, in))
	assert.Equal(t, `{"type":"string","enum":["a b","c"]}`, gemini(t, `{"type":"string","enum":[ "a b" ,
		"c" ]}`), "whitespace outside strings goes, inside stays")
}

func TestNestedValuesIndented(t *testing.T) {
	// White space after a nested container inside a value (a default, an
	// enum) was refused once: the parser skipped it only when the
	// container itself was compact.
	in := `{"type":"string","default":{"a":{ "b":[ 1 ] } , "c":2 },"enum":[ "x" ,"y" ],"anyOf":[ {"type":"string","enum":[ [ 1 ] , 2 ]} ]}`
	assert.Equal(t, `{"type":"string","anyOf":[{"type":"string","enum":[[1],2]}],"enum":["x","y"]}`, strict(t, in))
}

func TestModelOrder(t *testing.T) {
	in := `{"required":["a"],"properties":{"a":{"maximum":2,"type":"integer"}},"description":"d","type":"object"}`
	assert.Equal(t, `{"type":"object","description":"d","properties":{"a":{"type":"integer","maximum":2}},"required":["a"],"additionalProperties":false}`,
		strict(t, in), "keywords in model.Schema's order, properties in theirs")
}

func TestAnyOfKeptAsIs(t *testing.T) {
	// The generator writes anyOf only around a nullable $ref or enum (in
	// output schemas); the dialects take its members as they are.
	in := `{"type":"string","anyOf":[{"$schema":"x","type":"string","format":"uri","default":"a"}]}`
	assert.Equal(t, in, strict(t, in))
	assert.Equal(t, in, gemini(t, in))
}

func TestEmptyKeywordsOmitted(t *testing.T) {
	assert.Equal(t, `{"type":"string"}`, gemini(t, `{"type":"string","description":"","enum":[],"required":[],"$ref":""}`),
		"as model.Schema omits them")
}

func TestPointerEscaped(t *testing.T) {
	_, err := Strict([]byte(`{"type":"object","properties":{"a/b~c":{"type":"object","additionalProperties":{"type":"string"}}}}`))
	assert.EqualError(t, err, "a map (an object whose keys the caller chooses: additionalProperties with a schema) at /properties/a~1b~0c")
	_, err = Strict([]byte(`{"type":"object","$defs":{"D":{"type":"array","items":{}}}}`))
	assert.EqualError(t, err, "a value of any JSON type (a schema with neither type nor $ref) at /$defs/D/items")
}

func TestInvalid(t *testing.T) {
	for in, want := range map[string]string{
		``:                                      "invalid JSON at offset 0: unexpected end",
		`{"type":"string"`:                      "invalid JSON at offset 16: want ',' or '}'",
		`{"type":"string"} x`:                   "invalid JSON at offset 18: text after the schema",
		`{"type":"str\ing"}`:                    "invalid JSON at offset 12: invalid escape",
		`{"type":"string","minimum":01}`:        "invalid JSON at offset 28: want ',' or '}'",
		`{"type":"string","enum":[tru]}`:        "invalid JSON at offset 25: invalid literal",
		"{\"type\":\"a\x01\"}":                  "invalid JSON at offset 10: control character in a string",
		"{\"type\":\"\xff\"}":                   "invalid JSON at offset 11: invalid UTF-8 in a string",
		`[]`:                                    "not a schema (an object) at the root",
		`{"type":"string","x-foo":1}`:           `unknown keyword "x-foo" at /x-foo`,
		`{"type":"string","type":"string"}`:     `keyword "type" twice at the root`,
		`{"type":3}`:                            `not a type name or [name, "null"] at /type`,
		`{"type":["string","integer"]}`:         `a type that is neither a name nor [name, "null"] at /type`,
		`{"type":"string","minLength":1.5}`:     "not a non-negative integer at /minLength",
		`{"type":"string","maxLength":-1}`:      "not a non-negative integer at /maxLength",
		`{"type":"array","minItems":"1"}`:       "not a non-negative integer at /minItems",
		`{"type":"number","minimum":"1"}`:       "not a number at /minimum",
		`{"enum":{}}`:                           "not an array at /enum",
		`{"type":"object","properties":[]}`:     "invalid JSON at offset 30: want an object",
		`{"additionalProperties":true}`:         "not false or a schema at /additionalProperties",
		`{"type":"object","required":[1]}`:      "not a string in required at /required",
		`{"description":null}`:                  "not a string at /description",
		`{"items":` + strings.Repeat("[", 2000): "invalid JSON at offset 1008: nested too deeply",
	} {
		for _, f := range []func([]byte) ([]byte, error){Strict, Gemini} {
			out, err := f([]byte(in))
			label := in[:min(len(in), 40)]
			assert.Nil(t, out, label)
			assert.EqualError(t, err, want, label)
		}
	}
}

func BenchmarkStrict(b *testing.B) {
	in := []byte(benchSchema)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Strict(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGemini(b *testing.B) {
	in := []byte(benchSchema)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Gemini(in); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSchema is a typical tool's input schema, compact: an edit tool's (a
// path, a list of edits of two strings, an optional flag, an enum, a time).
const benchSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{` +
	`"path":{"type":"string","description":"The file to edit, relative to the workspace.","minLength":1},` +
	`"edits":{"type":"array","description":"The replacements to make, in order.","items":{"type":"object","properties":{` +
	`"old":{"type":"string","description":"The exact text to replace; it must occur once.","minLength":1},` +
	`"new":{"type":"string","description":"The text to put in its place."}},"required":["old","new"],"additionalProperties":false},"minItems":1},` +
	`"dry_run":{"type":"boolean","description":"Report the diff without writing the file.","default":false},` +
	`"mode":{"type":"string","description":"How to match.","enum":["exact","fuzzy"]},` +
	`"when":{"type":"string","format":"date-time"}},"required":["path","edits"],"additionalProperties":false}`

// A union below the root keeps its anyOf in both dialects, each member
// converted (strict mode's optional members nullable, a union that may be
// left out gains null as one more member rather than an anyOf in an
// anyOf); a union at the root has no form, since both take only objects
// there.
func TestUnionForms(t *testing.T) {
	in := `{"type":"object","properties":{"focus":{"description":"F","anyOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["c"]},"r":{"type":"number","minimum":0}},"required":["kind"],"additionalProperties":false},{"type":"string"}]}},"additionalProperties":false}`
	strict, err := Strict([]byte(in))
	require.NoError(t, err)
	assert.Equal(t, `{"type":"object","properties":{"focus":{"description":"F","anyOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["c"]},"r":{"anyOf":[{"type":"number","minimum":0},{"type":"null"}]}},"required":["kind","r"],"additionalProperties":false},{"type":"string"},{"type":"null"}]}},"required":["focus"],"additionalProperties":false}`, string(strict))
	gemini, err := Gemini([]byte(in))
	require.NoError(t, err)
	assert.Equal(t, `{"type":"object","properties":{"focus":{"description":"F","anyOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["c"]},"r":{"type":"number","minimum":0}},"required":["kind"]},{"type":"string"}]}}}`, string(gemini))

	root := `{"anyOf":[{"type":"object","properties":{},"additionalProperties":false},{"type":"string"}]}`
	_, err = Strict([]byte(root))
	assert.ErrorContains(t, err, "a union (anyOf) as the whole schema, where strict mode takes only an object at the root")
	_, err = Gemini([]byte(root))
	assert.ErrorContains(t, err, "a union (anyOf) as the whole schema, where Gemini takes only an object at the root")

	member := `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"object","additionalProperties":{"type":"string"}}]}},"required":["u"],"additionalProperties":false}`
	_, err = Strict([]byte(member))
	assert.ErrorContains(t, err, "a map (an object whose keys the caller chooses: additionalProperties with a schema) at /properties/u/anyOf/1")
}

// Every place a dialect cannot say is listed, each with its reason and
// pointer, not only the first: a tool's author fixes them all at once.
func TestEveryGapListed(t *testing.T) {
	in := `{"type":"object","properties":{` +
		`"tags":{"type":"object","additionalProperties":{"type":"string"}},` +
		`"raw":{},` +
		`"level":{"type":"integer","enum":[1,2]},` +
		`"list":{"type":"array","items":{"type":"object","additionalProperties":{"type":"integer"}}},` +
		`"node":{"$ref":"#/$defs/N"}},` +
		`"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}}}`
	gapsOf := func(err error) []Gap {
		var m *Missing
		require.ErrorAs(t, err, &m)
		return m.Gaps
	}
	_, err := Strict([]byte(in))
	assert.Equal(t, []Gap{
		{ReasonMap, "/properties/tags", whatMap},
		{ReasonAny, "/properties/raw", whatAnyStrict},
		{ReasonMap, "/properties/list/items", whatMap},
	}, gapsOf(err))
	_, err = Gemini([]byte(in))
	assert.Equal(t, []Gap{
		{ReasonMap, "/properties/tags", whatMap},
		{ReasonAny, "/properties/raw", whatAnyGemini},
		{ReasonEnumType, "/properties/level", whatEnumType},
		{ReasonMap, "/properties/list/items", whatMap},
		{ReasonRecursive, "/properties/node", whatRef},
	}, gapsOf(err))
	assert.Equal(t, whatMap+" at /properties/tags; "+
		whatAnyGemini+" at /properties/raw; "+whatEnumType+" at /properties/level; "+whatMap+" at /properties/list/items; "+
		whatRef+" at /properties/node", err.Error())
}
