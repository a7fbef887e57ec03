package fidelity

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// goTypes gives, for each tool, a new value of the Go type its arguments
// decode into, for encoding/json to read the same document.
var goTypes = map[toolgen.ToolName]func() any{
	ToolEchoScalars:     func() any { return new(Scalars) },
	ToolEchoEnums:       func() any { return new(Enums) },
	ToolEchoCollections: func() any { return new(Collections) },
	ToolEchoPointers:    func() any { return new(*Pointers) },
	ToolEchoConstrained: func() any { return new(Constrained) },
	ToolEchoFormats:     func() any { return new(Formats) },
	ToolEchoSpecial:     func() any { return new(Special) },
	ToolEchoEmbedded:    func() any { return new(Embedded) },
	ToolEchoOmit:        func() any { return new(Omit) },
	ToolEchoTree:        func() any { return new(Tree) },
	ToolFlat:            func() any { return new(FlatArgs) },
	ToolDensify:         func() any { return new(Sparse) },
	ToolEchoMethods:     func() any { return new(*Methods) },
	ToolEchoNumbers:     func() any { return new(*Numbers) },
	ToolEchoShapes:      func() any { return new(Shapes) },
	ToolEchoEmbeds:      func() any { return new(Embeds) },
	ToolEchoEmbedsMore:  func() any { return new(*EmbedsMore) },
	ToolEchoTagged:      func() any { return new(Tagged) },
	ToolEchoNamed:       func() any { return new(Named) },
	ToolEchoWide:        func() any { return new(Wide) },
	ToolEchoGraph:       func() any { return new(*Graph) },
	ToolEchoDeeps:       func() any { return new(Deeps) },
	ToolEchoOmits:       func() any { return new(Omits) },
	ToolEchoPlaces:      func() any { return new(*Places) },
	ToolFlatAll:         func() any { return new(FlatAllArgs) },
	ToolReturnInt:       func() any { return new(In) },
	ToolReturnFloat:     func() any { return new(In) },
	ToolReturnBool:      func() any { return new(In) },
	ToolReturnEnum:      func() any { return new(In) },
	ToolReturnSlice:     func() any { return new(In) },
	ToolReturnMap:       func() any { return new(In) },
	ToolReturnArray:     func() any { return new(In) },
	ToolReturnBlob:      func() any { return new(In) },
	ToolReturnAny:       func() any { return new(In) },
	ToolReturnPtrInt:    func() any { return new(In) },
	ToolReturnText:      func() any { return new(In) },
	ToolReturnJSON:      func() any { return new(In) },
	ToolReturnStamped:   func() any { return new(In) },
	ToolReturnForeign:   func() any { return new(In) },
	ToolReturnNamedMap:  func() any { return new(In) },
	ToolReturnPlaces:    func() any { return new(In) },
	ToolReturnAnySlice:  func() any { return new(In) },
	ToolEchoMisc:        func() any { return new(*Misc) },
	ToolFlatDefaults:    func() any { return new(FlatDefaultsArgs) },
	ToolEchoUnions:      func() any { return new(unionsRef) },
}

// methodMembers are members whose Go type reads itself (UnmarshalText or
// UnmarshalJSON): the method has the last word, so the decoder may refuse
// what the schema allows there.
var methodMembers = map[string]bool{"addr": true, "temp": true, "temps": true, "pt": true, "level": true, "levels": true, "bigf": true, "big": true,
	"lvl": true, "zt": true, "stamp": true, "stamps": true, "pj": true, "pjs": true, "pja": true, "pjp": true, "both": true, "boths": true, "pts": true, "ptm": true}

// oneWayMembers hold types with MarshalText but no UnmarshalText (OnlyOut):
// read by their shape, written as text (documented), so their results do
// not read back.
var oneWayMembers = map[string]bool{"oo": true, "oos": true, "letters": true}

// oneWayOnly reports whether every problem in a decoder's message is at a
// one-way member.
func oneWayOnly(text string) bool {
	locs := problemRE.FindAllStringSubmatch(text, -1)
	for _, loc := range locs {
		if !oneWayMembers[strings.Split(strings.TrimPrefix(loc[1], "/"), "/")[0]] {
			return false
		}
	}
	return len(locs) > 0
}

// A tool under test: its schemas compiled and parsed.
type subject struct {
	tool                  toolgen.Tool
	input, output, strict *jsonschema.Schema
	inputTree, strictTree schema
	newValue              func() any
}

func subjects(t testing.TB) []*subject {
	var out []*subject
	for _, tool := range Tools() {
		newValue, ok := goTypes[tool.Name]
		require.True(t, ok, "tool %s has no Go type in goTypes", tool.Name)
		s := &subject{tool: tool, input: compile(t, tool.InputSchema), inputTree: parseSchema(tool.InputSchema), newValue: newValue}
		if tool.OutputSchema != nil {
			s.output = compile(t, tool.OutputSchema)
		}
		if tool.StrictSchema != nil {
			s.strict, s.strictTree = compile(t, tool.StrictSchema), parseSchema(tool.StrictSchema)
		}
		out = append(out, s)
	}
	return out
}

func compile(t testing.TB, text []byte) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	require.NoError(t, c.AddResource("schema.json", doc))
	s, err := c.Compile("schema.json")
	require.NoError(t, err)
	return s
}

// check calls the tool with doc and returns every disagreement between the
// decoder, the schema validator, encoding/json, the output schema and the
// encoder, beyond the documented differences (see the toolgen command's doc,
// "Differences from encoding/json").
func (s *subject) check(doc []byte) []string {
	var bad []string
	fail := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	last, lastOut = nil, nil
	res, err := s.tool.Call(context.Background(), doc)
	if err != nil {
		return []string{"Call returned an error: " + err.Error()}
	}
	accepted := !res.IsError
	if nilResult(res, lastOut) {
		// Documented: a nil pointer result is a failed result naming the
		// tool (encoding/json would write null).
		accepted, res = true, toolgen.Result{}
	}
	if res.IsError && strings.HasPrefix(res.Text(), "could not encode the tool's result: ") {
		if _, err := json.Marshal(lastOut); err != nil {
			return nil // a result encoding/json cannot write either (+Inf, NaN)
		}
	}
	if res.IsError && !strings.HasPrefix(res.Text(), "invalid arguments: ") {
		fail("the call failed: %s", res.Text())
	}
	if len(bytes.Trim(doc, " \t\r\n")) == 0 {
		doc = []byte(`{}`) // documented: no arguments at all read as {}
	}
	parsed, ok := parseDoc(doc)
	if !ok {
		if accepted {
			fail("the decoder accepted text that is not JSON")
		}
		return bad
	}
	norm := normalize(parsed, s.inputTree)
	if m := hugeExponent.FindSubmatch(doc); m != nil {
		// Costly for the validator's exact arithmetic. A number beyond
		// float64 must be refused whatever the schema says; one below its
		// smallest (1e-10000) reads as 0, as in encoding/json, which is
		// checked by TestTinyNumbers rather than here.
		if accepted && !bytes.HasPrefix(m[1], []byte("-")) {
			fail("the decoder accepted a number beyond float64")
		}
		return bad
	}
	valid := s.input.Validate(norm) == nil
	// A member given twice: both values are read (the last counts), so a
	// problem with the first is reported where a validator sees only the
	// last (documented).
	stricter := !accepted && (stricterAllowed(res.Text(), s.inputTree) || hasDuplicateKeys(doc))
	if accepted != valid && !stricter {
		fail("the decoder says %s, the schema validator says %s", verdict(accepted, res.Text()), verdict(valid, validationText(s.input, norm)))
	}
	goValue := s.newValue()
	jsonErr := decodeStrict(marshal(withDefaults(norm, s.inputTree)), goValue)
	if !accepted {
		return bad
	}
	decoded := last
	if jsonErr != nil {
		if !jsonStricterAllowed(jsonErr) {
			fail("the decoder accepts, encoding/json says %v", jsonErr)
		}
	} else if want := goOf(goValue); !same(reflect.ValueOf(decoded), want) {
		fail("the decoder read %#v, encoding/json read %#v", decoded, want.Interface())
	}
	returned := lastOut
	if res.Structured == nil && res.Content == nil {
		return bad // a nil pointer result
	}
	bad = append(bad, s.checkStrict(parsed, res)...)
	return append(bad, s.checkResult(res, returned)...)
}

// nilResult reports whether res is the failed result of a tool that
// returned a nil pointer and no error.
func nilResult(res toolgen.Result, returned any) bool {
	v := reflect.ValueOf(returned)
	return res.IsError && v.Kind() == reflect.Pointer && v.IsNil() && strings.Contains(res.Text(), "returned no result (a nil ")
}

// wrapped reports whether a tool's result is wrapped as {"result": value}
// (any result but a struct, see the toolgen command's doc, "Results"): its
// result is no argument document to read back.
func (s *subject) wrapped() bool {
	var out struct {
		Properties map[string]any `json:"properties"`
	}
	_ = json.Unmarshal(s.tool.OutputSchema, &out)
	_, ok := out.Properties["result"]
	return ok && len(out.Properties) == 1
}

// echoes reports whether a tool returns its arguments, so that its results
// read back as arguments.
func (s *subject) echoes() bool { return !strings.HasPrefix(string(s.tool.Name), "return_") }

// checkStrict checks accepted arguments as OpenAI's strict mode sends them
// (null for every optional member left out): valid under the strict schema,
// and read as the arguments without those nulls.
func (s *subject) checkStrict(args any, res toolgen.Result) []string {
	if s.strict == nil {
		return nil
	}
	full := marshal(withNulls(args, s.strictTree))
	parsed, _ := parseDoc(full)
	if err := s.strict.Validate(parsed); err != nil {
		return []string{fmt.Sprintf("completed with nulls, %s breaks the strict schema: %v", full, err)}
	}
	again, err := s.tool.Call(context.Background(), full)
	if err != nil || !reflect.DeepEqual(again, res) {
		return []string{fmt.Sprintf("completed with nulls, %s reads as %s, not %s", full, again.Text(), res.Text())}
	}
	return nil
}

// withNulls adds null for every member a strict schema has and v lacks, at
// every level.
func withNulls(v any, s schema) any {
	s = s.branch(v)
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		props, _ := s.node["properties"].(map[string]any)
		for k := range props {
			out[k] = nil
		}
		for k, val := range x {
			if p, ok := s.property(k); ok {
				out[k] = withNulls(val, nullable(p))
			} else {
				out[k] = val
			}
		}
		return out
	case []any:
		items, _ := s.sub("items")
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = withNulls(val, nullable(items))
		}
		return out
	}
	return v
}

// nullable looks through a strict schema's anyOf [T, null] to T (a union
// that may be null, anyOf [members..., null], is left for branch).
func nullable(s schema) schema {
	if alts, ok := s.node["anyOf"].([]any); ok && len(alts) == 2 {
		if first, ok := alts[0].(map[string]any); ok {
			return schema{node: first, root: s.root}
		}
	}
	return s
}

// checkResult checks a structured result against the output schema and
// against encoding/json.Marshal of the value the tool returned, then reads
// it back.
func (s *subject) checkResult(res toolgen.Result, returned any) []string {
	var bad []string
	if s.output == nil {
		return nil
	}
	out, ok := parseDoc(res.Structured)
	if !ok {
		return []string{"the result is not JSON: " + string(res.Structured)}
	}
	if err := s.output.Validate(out); err != nil {
		bad = append(bad, fmt.Sprintf("the result %s breaks the output schema: %v", res.Structured, err))
	}
	want, err := json.Marshal(referenceOf(returned))
	if err != nil {
		return append(bad, "encoding/json cannot marshal the value: "+err.Error())
	}
	if s.wrapped() {
		want = append(append([]byte(`{"result":`), want...), '}')
	}
	wantTree, _ := parseDoc(want)
	if !sameJSON(wantTree, out) {
		bad = append(bad, fmt.Sprintf("the encoder wrote %s, encoding/json writes %s", res.Structured, want))
	}
	// A result reads back as arguments (values equal but for members that
	// omitempty leaves out and a default then fills in).
	if !s.echoes() {
		return bad
	}
	if again, err := s.tool.Call(context.Background(), res.Structured); err != nil || again.IsError && !oneWayOnly(again.Text()) {
		bad = append(bad, fmt.Sprintf("the result %s does not read back: %s", res.Structured, again.Text()))
	}
	return bad
}

func verdict(ok bool, text string) string {
	if ok {
		return "valid"
	}
	return "invalid (" + text + ")"
}

func validationText(s *jsonschema.Schema, v any) string {
	if err := s.Validate(v); err != nil {
		return strings.ReplaceAll(err.Error(), "\n", " ")
	}
	return ""
}

func parseDoc(doc []byte) (any, bool) {
	if !json.Valid(doc) {
		return nil, false
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	return v, err == nil
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func decodeStrict(doc []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// normalize drops the null members that a schema does not require: the
// decoder reads them as absent (OpenAI's strict mode sends null for every
// optional member), while the default schema has no null.
func normalize(v any, s schema) any {
	s = s.branch(v)
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range x {
			p, isProp := s.property(k)
			switch {
			case isProp && val == nil && !s.required(k):
			case isProp:
				out[k] = normalize(val, p)
			default:
				add, _ := s.sub("additionalProperties")
				out[k] = normalize(val, add)
			}
		}
		return out
	case []any:
		items, _ := s.sub("items")
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = normalize(val, items)
		}
		return out
	}
	return v
}

// withDefaults fills in absent members that have a default, as the decoder
// does, so that encoding/json reads the same value.
func withDefaults(v any, s schema) any {
	s = s.branch(v)
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, val := range x {
			p, _ := s.property(k)
			out[k] = withDefaults(val, p)
		}
		props, _ := s.node["properties"].(map[string]any)
		for k := range props {
			p, _ := s.property(k)
			if def, ok := p.node["default"]; ok {
				if _, present := out[k]; !present {
					out[k] = def
				}
			}
		}
		return out
	case []any:
		items, _ := s.sub("items")
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = withDefaults(val, items)
		}
		return out
	}
	return v
}

// hasDuplicateKeys reports whether an object in doc has a member twice.
func hasDuplicateKeys(doc []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var stack []map[string]bool // nil entries for arrays
	expectKey := func() bool { return len(stack) > 0 && stack[len(stack)-1] != nil }
	keyNext := true
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, map[string]bool{})
			keyNext = true
			continue
		case json.Delim('['):
			stack = append(stack, nil)
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		default:
			if k, ok := tok.(string); ok && expectKey() && keyNext {
				if stack[len(stack)-1][k] {
					return true
				}
				stack[len(stack)-1][k] = true
				keyNext = false
				continue
			}
		}
		keyNext = expectKey()
	}
}

// hugeExponent finds a number that is not zero whose exponent has five
// digits or more; the exponent's sign is its first group.
var hugeExponent = regexp.MustCompile(`(?:[1-9][0-9]*(?:\.[0-9]+)?|0\.[0-9]*[1-9][0-9]*)[eE]([+-]?)0*[1-9][0-9]{4}`)

// problemRE splits the decoder's message into problems.
var problemRE = regexp.MustCompile(`(?:^invalid arguments: |; )(/[^:;]*): `)

// stricterAllowed reports whether every problem the decoder found is one
// where toolgen is documented to be stricter than the schema: a number
// beyond a 64-bit type's range (schemas leave those bounds out), or a value
// a type's own method refuses.
func stricterAllowed(text string, s schema) bool {
	locs := problemRE.FindAllStringSubmatchIndex(text, -1)
	if len(locs) == 0 {
		return false
	}
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		pointer, msg := text[loc[2]:loc[3]], text[loc[1]:end]
		if !stricterProblem(pointer, msg, s) {
			return false
		}
	}
	return true
}

func stricterProblem(pointer, msg string, s schema) bool {
	parts := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	if slices.ContainsFunc(parts, func(p string) bool { return methodMembers[p] }) {
		return true
	}
	at, ok := schemaAt(s, parts)
	if !ok {
		return false
	}
	if _, hasFormat := at.node["format"]; hasFormat && strings.HasPrefix(msg, `"`) && strings.Contains(msg, " is not a valid ") {
		// Validators read formats' RFCs differently at the edges (this one
		// takes "@0" for an email); toolgen's checks are tested against the
		// RFC grammars in internal/jsonformat.
		return true
	}
	unbounded := func(key string) bool { _, has := at.node[key]; return !has }
	switch {
	case strings.Contains(msg, "greater than the maximum") && unbounded("maximum"):
		return true
	case strings.Contains(msg, "less than the minimum") && unbounded("minimum"):
		return true
	case strings.Contains(msg, "beyond") || strings.Contains(msg, "out of range"):
		return unbounded("maximum")
	}
	return false
}

// schemaAt follows a JSON pointer's parts through a schema.
func schemaAt(s schema, parts []string) (schema, bool) {
	for _, p := range parts {
		s = s.resolve()
		if prop, ok := s.property(p); ok {
			s = prop
			continue
		}
		if items, ok := s.sub("items"); ok {
			s = items
			continue
		}
		if add, ok := s.sub("additionalProperties"); ok {
			s = add
			continue
		}
		if len(s.node) == 0 || s.node["type"] == nil && s.node["anyOf"] == nil && s.node["$ref"] == nil {
			return s, true // any value: what lies below is any value too
		}
		return s, false
	}
	return s.resolve(), true
}

// jsonStricterAllowed reports whether encoding/json refuses what toolgen
// accepts for a documented reason: an integer written with a fraction or
// an exponent (3.0, 1e2: integers in JSON Schema), or an RFC 3339 form Go's
// time parser refuses (lowercase t and z, a leap second).
func jsonStricterAllowed(err error) bool {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && strings.HasPrefix(typeErr.Value, "number ") {
		r, ok := new(big.Rat).SetString(strings.TrimPrefix(typeErr.Value, "number "))
		return ok && r.IsInt()
	}
	var timeErr *time.ParseError
	return errors.As(err, &timeErr)
}

// same compares two Go values as JSON sees them: nil and empty slices and
// maps alike, times by instant, raw JSON by its compact form.
func same(a, b reflect.Value) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	if a.Type() == reflect.TypeFor[time.Time]() {
		return a.Interface().(time.Time).Equal(b.Interface().(time.Time))
	}
	if a.Type() == reflect.TypeFor[json.RawMessage]() {
		return sameRaw(a.Bytes(), b.Bytes())
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return same(a.Elem(), b.Elem())
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !same(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !b.MapIndex(k).IsValid() || !same(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		if !a.CanInterface() || a.Type().PkgPath() != "" && hasUnexported(a.Type()) {
			return reflect.DeepEqual(a.Interface(), b.Interface())
		}
		for i := range a.NumField() {
			if !same(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

func hasUnexported(t reflect.Type) bool {
	for i := range t.NumField() {
		if !t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

func sameRaw(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(bytes.TrimSpace(a)) == len(bytes.TrimSpace(b)) || string(bytes.TrimSpace(a)) == "null" || string(bytes.TrimSpace(b)) == "null"
	}
	x, okx := parseDoc(a)
	y, oky := parseDoc(b)
	return okx && oky && sameJSON(x, y)
}

// sameJSON compares what encoding/json wrote (want) with what the encoder
// wrote (got): numbers by value, and null written by encoding/json for a nil
// slice or map as [] or {} (the documented difference: results keep their
// schema's type, as encoding/json/v2 writes them).
func sameJSON(want, got any) bool {
	switch w := want.(type) {
	case nil:
		switch g := got.(type) {
		case nil:
			return true
		case []any:
			return len(g) == 0
		case map[string]any:
			return len(g) == 0
		case string:
			return g == ""
		}
		return false
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			return false
		}
		x, okx := new(big.Rat).SetString(string(w))
		y, oky := new(big.Rat).SetString(string(g))
		return okx && oky && x.Cmp(y) == 0
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return false
		}
		for i := range w {
			if !sameJSON(w[i], g[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range w {
			gv, ok := g[k]
			if !ok && v == nil {
				continue // a nil pointer member is left out rather than written as null
			}
			if !ok || !sameJSON(v, gv) {
				return false
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(want, got)
}

// handWritten are edge cases every tool gets, on top of generated ones.
var handWritten = []string{
	`{}`, `[]`, `null`, `"x"`, `1`, ``, ` `, `{"unknown":1}`, `{"a":1,}`, `{"a" 1}`, `{`, `{}}`, `{} x`,
	"\ufeff{}", "\xef\xbb\xbf{}", "{}\x00", "{\"\xff\":1}", `{"\ud800":1}`, `{"":1}`, `{"-":1}`, "\t{\n}\r\n",
	`{"n":0,"word":"\ud83d\ude00\ud800x\udc00","f":0}`, "{\"n\":0,\"word\":\"\xff\xfe\xc3\",\"f\":0}",
	`{"n":0,"word":"\u0000","f":-0.0}`, `{"n":0,"word":"a","f":1E+2}`, `{"n":0,"word":"a","f":1e-400}`,
	`{"n":01,"word":"a","f":0}`, `{"n":+1,"word":"a","f":0}`, `{"n":0,"word":'a',"f":0}`, `{"n":0,"word":"a","f":.5}`,
	`{"n":0,"word":"a","f":NaN}`, `{"n":0,"word":"a","f":Infinity}`, `{"n":0,"word":"a","f":1.}`, `{"n":0,"word":"a\x","f":0}`,
	`{"n":0,"word":"a","f":0,"n":1}`, `{"N":0,"word":"a","f":0}`, `{"n":1e0,"word":"a","f":-1e-0}`,
	`{"tags":["a"],"board":[[1,2],[3,4]],"blob":"YQ==\n","octets":"YWI=","hash":[1,2,3,4],"arr":[1,2,3],"u8s":"","joined":"a,b","my_raw":"e30=","raws":[{} , [ ] , 1e2],"by_key":{},"index":{"a":[1]},"blobs":{"x":"AA=="}}`,
	`{"tags":null,"board":[[1,2],[3,4]],"blob":null,"octets":[1,2],"hash":"AQIDBA==","arr":"AQID","u8s":[1],"joined":["a"],"my_raw":{},"raws":[],"by_key":{"k":"v"},"index":{},"blobs":{}}`,
	`{"i8":-128,"u16":65535,"u64":18446744073709551615,"i64":-9223372036854775808,"odd":"bell\u0007\u0001","r":0.5,"f":true,"ai":[127,0]}`,
	`{"i8":-128,"u16":65535,"u64":9223372036854775808,"i64":9223372036854775807,"odd":"say \"hi\"","r":2,"f":false,"ai":[-128,-128],"def_o":null}`,
	`{"i8":-128,"u16":65535,"u64":1,"i64":9223372036854775807,"odd":"line\u2028sep","r":2,"f":false,"ai":[0,0],"ko":{"a\\b":1,"":2}}`,
	`{"i8":-128,"u16":65535,"u64":1,"i64":9223372036854775807,"odd":"\u003ca\u0026b\u003e","r":2,"f":false,"ai":[0,0]}`,
	`{"-":1,"naïve":"","with space":"","Quote":"","Bslash":"","Empty":1,"a-b.c:d":"","a/b~c":"","100%":"","UPPER":1}`,
	`{"-":1,"na\u00efve":"","with space":"","Quote":"","Bslash":"","Empty":1,"a-b.c:d":"","a/b~c":"","100%":"","NoName":true}`,
	`{"Name":"n","hidden":"h","shared":1,"only2":2,"X":3,"Count":4,"by":"b","rev":1,"box":{"a":1},"kept":{"a":2}}`,
	`{"Name":"n","hidden":"h","shared":1,"only2":2,"X":3,"Count":4,"by":"b","box":null,"kept":{"a":2},"a":1,"V":1,"Stamp":{}}`,
	`{"stamp":"2026-01-02T03:04:05Z","lvl":"low","pe":{"own":1,"id":"x","shared":"s","only2":1}}`,
	`{"stamp":"2026-01-02T03:04:05Z","lvl":"high","pe":{"own":1}}`,
	`{"ppi":1,"pps":"x","psp":[{"x":1,"y":2}],"pmp":{"a":1},"ppp":{"x":1,"y":1},"spp":[1,2],"def_s":null,"def_c":null,"def":null,"any":{"a":[1,{"b":null}]},"pa":null}`,
	`{"ppi":null,"pps":null,"psp":[null],"pmp":{"a":null},"spp":[null],"any":null,"anys":[null],"forest":[{"name":"a","kids":[{"name":"b","kids":null}]}]}`,
	`{"id":"a","edges":{"b":{"id":"b","edges":{}}},"kids":[{"id":"c"}],"pair":[{"id":"d"},null],"next":{"id":"e","next":null},"ref":{"peers":[{"peers":[]}],"back":{"id":"f"}}}`,
	`{"id":"a","pair":[{"id":"d"}],"next":null}`,
	`{"arr":[0,0],"arr0":[],"st":{"x":0,"y":0},"z":[0,0],"zp":null,"zm":{},"za":null,"zb":"","zt":"0C","both":0,"blob":"","any":null,"raw":""}`,
	`{"u":"x","us":[],"ua":["a","b"],"um":{},"pt":"p:","pts":["p:a"],"ptm":{"k":"p:"},"both":{"both":1},"boths":[{"both":2}],"oo":7,"oos":[1],"ok":{"a":1}}`,
	`{"unit":"celsius","place":{"city":"c"},"p_place":null,"board":[[0,0],[0,0]],"blob":"","index":{},"u64":1,"temp":"1C","any":null,"wait":1,"octets":"AA==","upper":"u","deep":null}`,
	`{"unit":"kelvin","place":{"city":"c","unit":""},"board":[[0,0],[0,0]],"blob":"","index":{},"u64":1,"temp":"1C","any":1,"wait":1.5,"octets":[],"upper":"u","deep":5,"level":"low","odd":""}`,
}

// documents returns the argument documents for a subject: hand-written ones,
// then n generated from its schema, each also mutated.
func (s *subject) documents(rng *rand.Rand, n int) [][]byte {
	g := &generator{rng: rng}
	var out [][]byte
	for _, h := range handWritten {
		out = append(out, []byte(h))
	}
	for i := range n {
		v := g.value(s.inputTree, 0)
		out = append(out, marshal(v))
		if i%4 == 0 {
			out = append(out, respell(marshal(v), rng))
		}
		for range 3 {
			v = g.mutate(v)
			out = append(out, marshal(v))
		}
	}
	return out
}

func TestDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	docs, types := 0, 0
	for _, s := range subjects(t) {
		types++
		t.Run(string(s.tool.Name), func(t *testing.T) {
			failures := 0
			for _, doc := range s.documents(rng, 400) {
				docs++
				for _, msg := range s.check(doc) {
					if failures++; failures <= 10 {
						t.Errorf("%s: %s", doc, msg)
					}
				}
			}
			if failures > 10 {
				t.Errorf("... %d disagreements in all", failures)
			}
		})
	}
	t.Logf("%d argument documents over %d tools", docs, types)
	require.Greater(t, docs, 10000)
}

// respell writes doc again with every string's characters escaped as
// \uXXXX at random, and whitespace between tokens: the same document, as a
// model may spell it.
func respell(doc []byte, rng *rand.Rand) []byte {
	var out []byte
	inString := false
	for i := 0; i < len(doc); i++ {
		c := doc[i]
		switch {
		case inString && c == '\\':
			out = append(out, c, doc[i+1])
			i++
			continue
		case c == '"':
			inString = !inString
		case inString && c < 0x80 && rng.IntN(3) == 0:
			out = fmt.Appendf(out, `\u%04x`, c)
			continue
		case !inString && (c == ',' || c == ':') && rng.IntN(2) == 0:
			out = append(out, c, ' ', '\n')
			continue
		}
		out = append(out, c)
	}
	return out
}

func FuzzDifferential(f *testing.F) {
	subs := subjects(f)
	rng := rand.New(rand.NewPCG(3, 4))
	for i, s := range subs {
		for _, doc := range s.documents(rng, 5) {
			f.Add(uint8(i), doc)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, doc []byte) {
		s := subs[int(which)%len(subs)]
		for _, msg := range s.check(doc) {
			t.Errorf("%s %s: %s", s.tool.Name, doc, msg)
		}
	})
}

// TestEveryToolIsCovered keeps goTypes and the generated tools in step.
func TestEveryToolIsCovered(t *testing.T) {
	var names []string
	for _, tool := range Tools() {
		names = append(names, string(tool.Name))
	}
	for name := range goTypes {
		require.True(t, slices.Contains(names, string(name)), "goTypes names %s, which is not a tool", name)
	}
}

// TestTinyNumbers: numbers below float64's smallest, or zero with a huge
// exponent, read as 0, as encoding/json reads them (found by the fuzz
// target: 0e010000 is no number beyond float64).
func TestTinyNumbers(t *testing.T) {
	for _, f := range []string{"0e010000", "0.0e-99999", "1e-10000", "1e-400", "-1e-99999999999999999999"} {
		doc := []byte(`{"n":0,"word":"","f":` + f + `}`)
		var want In
		require.NoError(t, json.Unmarshal(doc, &want), f)
		res, err := callTool(ToolReturnFloat, doc)
		require.NoError(t, err)
		require.False(t, res.IsError, "%s: %s", f, res.Text())
		require.Equal(t, want, last, f)
	}
	require.Nil(t, hugeExponent.Find([]byte("0e10000")))
	require.NotNil(t, hugeExponent.Find([]byte("1.5e10000")))
}

func callTool(name toolgen.ToolName, doc []byte) (toolgen.Result, error) {
	for _, tool := range Tools() {
		if tool.Name == name {
			return tool.Call(context.Background(), doc)
		}
	}
	return toolgen.Result{}, fmt.Errorf("no tool %s", name)
}

func TestHasDuplicateKeys(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"a":1,"a":2}`: true, `{"a":{"b":1},"b":1}`: false, `{"a":[{"x":1,"x":2}]}`: true,
		`{"a":"a"}`: false, `{"a":{"a":"a"}}`: false, `[{"k":1},{"k":1}]`: false, `{"a":[1,"a"],"b":2}`: false,
	} {
		require.Equal(t, want, hasDuplicateKeys([]byte(doc)), doc)
	}
}
