package bench

import (
	"bytes"
	"cmp"
	"context"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/go-json-experiment/json/jsontext"
	googleschema "github.com/google/jsonschema-go/jsonschema"
	invopop "github.com/invopop/jsonschema"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/catalog"
	"github.com/toolgen-dev/toolgen/internal/dialect"
	"github.com/toolgen-dev/toolgen/internal/dialectcheck"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// TestDefinitionTokens measures what the catalog's tools (bench/catalog,
// 567 tools in 14 packages) cost a model's context when defined three
// ways: by toolgen (its generated schemas, descriptions from doc comments),
// by the official go-sdk's schema inference (jsonschema-go's ForType, what
// mcp.AddTool calls) and by invopop/jsonschema's Reflector (configured as
// Genkit's InferJSONSchema is, inline and without $schema, and also
// without the $id it writes for a named type). The
// peers reflect over the same Go types: a tool's one struct parameter, or
// for a tool of flat parameters the struct a user of those libraries would
// write, one field per parameter, optional (omitempty) where toolgen's
// schema does not require it.
//
// A definition is what a provider is sent for a tool, as toolgen.Tokens
// counts it: {"name":…,"description":…,"parameters":SCHEMA}, in o200k_base
// tokens. Every library is given toolgen's tool description; the schemas
// differ. Per provider form: toolgen sends its dialects (InputSchema,
// StrictSchema, GeminiSchema); a peer sends the one schema it emits to
// every provider, and dialectcheck says which of those a provider would
// refuse. The peers read property descriptions from struct tags only, so
// each is measured as is (no tags) and with every property described by a
// tag carrying toolgen's description text ("tagged": what a user would
// have to write to say as much).
//
// It prints the table with -v:
//
//	go test -run TestDefinitionTokens -v .
func TestDefinitionTokens(t *testing.T) {
	tools := loadCatalog(t)
	variants := []variant{
		{name: "toolgen", toolgen: true},
		{name: "toolgen without $schema", toolgen: true, strip: func(k string) bool { return k == "$schema" }},
		{name: "toolgen without $schema and constraints", toolgen: true, strip: constraint},
		{name: "go-sdk (jsonschema-go), as is", schema: goSDKSchema, args: func(c catalogTool) reflect.Type { return c.args }},
		{name: "go-sdk (jsonschema-go), tagged", schema: goSDKSchema, args: func(c catalogTool) reflect.Type { return c.tagged("jsonschema") }},
		{name: "invopop/jsonschema, as is", schema: invopopSchema, args: func(c catalogTool) reflect.Type { return c.args }},
		{name: "invopop/jsonschema, tagged", schema: invopopSchema, args: func(c catalogTool) reflect.Type { return c.tagged("jsonschema_description") }},
	}
	var counter tokencount.Counter
	results := make([]result, len(variants))
	for i, v := range variants {
		results[i] = v.measure(t, &counter, tools)
	}
	if t.Failed() {
		return
	}
	t.Log("\n" + table(results, len(tools)))
	t.Log("\n" + userWork(tools, results[0]))
	for _, r := range results {
		if !r.toolgen {
			t.Log("\n" + r.problems())
		}
	}

	// toolgen's OpenAI-strict and Gemini definitions, where a tool has
	// them, follow those providers' rules.
	for _, r := range results {
		if r.toolgen && (r.rejected[formStrict] != 0 || r.rejected[formGemini] != 0) {
			t.Errorf("%s: %d definitions refused in strict mode, %d by Gemini, want 0", r.name, r.rejected[formStrict], r.rejected[formGemini])
		}
	}
	// Saying as much (the same tool and property descriptions, no
	// constraints), toolgen's default definitions are no larger than the
	// peers'.
	i := slices.IndexFunc(results, func(r result) bool { return r.name == "toolgen without $schema and constraints" })
	if i < 0 {
		t.Fatal("no result for toolgen without $schema and constraints")
	}
	same := results[i]
	for _, r := range results {
		if strings.HasSuffix(r.name, "tagged") && r.total[formDefault] < same.total[formDefault] {
			t.Errorf("%s: %d tokens, %s: %d: the peer's definitions are the smaller", r.name, r.total[formDefault], same.name, same.total[formDefault])
		}
	}
}

// constraint says whether a keyword is one of those toolgen's schemas have
// and the peers' schemas, with tags that only describe, do not: $schema,
// enum, bounds, formats and patterns.
func constraint(keyword string) bool {
	switch keyword {
	case "$schema", "enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
		"minLength", "maxLength", "minItems", "maxItems", "pattern", "format", "default", "examples", "contentEncoding":
		return true
	}
	return false
}

// The provider forms of a definition.
const (
	formDefault = iota // JSON Schema as is (Anthropic, OpenAI non-strict, MCP)
	formStrict         // OpenAI's strict mode
	formGemini         // Gemini's function declarations
	numForms
)

var formNames = [numForms]string{"default", "OpenAI strict", "Gemini"}

// catalogTool is one catalog tool and the Go type its arguments are.
type catalogTool struct {
	tool   toolgen.Tool
	schema map[string]any // tool.InputSchema, decoded
	args   reflect.Type   // a struct: the one struct parameter, or one made of the flat ones
	// params are the flat parameters' types, nil for a struct parameter.
	params []reflect.Type
	props  []string // the schema's properties, in order
}

// loadCatalog reads every catalog tool, its function and its arguments'
// type, checking that toolgen's Tokens are the definitions' sizes as this
// test counts them.
func loadCatalog(t *testing.T) []catalogTool {
	t.Helper()
	var out []catalogTool
	for _, tools := range catalogTools {
		for _, tool := range tools() {
			fn, ok := catalogFuncs[tool.Name]
			if !ok {
				t.Errorf("%s: no function in catalogFuncs: list it in deftokens_funcs_test.go", tool.Name)
				continue
			}
			c, err := newCatalogTool(tool, reflect.TypeOf(fn))
			if err != nil {
				t.Errorf("%s: %v", tool.Name, err)
				continue
			}
			def := catalog.Definition(string(tool.Name), tool.Description, string(tool.InputSchema))
			if n := tokencount.Count(def); n != tool.Tokens.Default {
				t.Errorf("%s: the default definition counts %d tokens, its Tokens.Default says %d", tool.Name, n, tool.Tokens.Default)
			}
			out = append(out, c)
		}
	}
	if len(out) != len(catalogFuncs) {
		t.Errorf("%d catalog tools, %d functions in catalogFuncs", len(out), len(catalogFuncs))
	}
	return out
}

func newCatalogTool(tool toolgen.Tool, fn reflect.Type) (catalogTool, error) {
	c := catalogTool{tool: tool}
	if err := json.Unmarshal(tool.InputSchema, &c.schema); err != nil {
		return c, err
	}
	props, err := propertyOrder(tool.InputSchema)
	if err != nil {
		return c, err
	}
	c.props = props
	if fn.Kind() != reflect.Func || fn.NumIn() == 0 || fn.In(0) != reflect.TypeFor[context.Context]() {
		return c, fmt.Errorf("%s is not a function of a context.Context and arguments", fn)
	}
	in := make([]reflect.Type, 0, fn.NumIn()-1)
	for i := 1; i < fn.NumIn(); i++ {
		in = append(in, fn.In(i))
	}
	if len(in) == 1 && deref(in[0]).Kind() == reflect.Struct && deref(in[0]).Name() != "" && !hasJSONMethods(deref(in[0])) {
		c.args = deref(in[0])
	} else {
		if len(in) != len(props) {
			return c, fmt.Errorf("%d parameters, %d properties in the schema", len(in), len(props))
		}
		c.params = in
		c.args = c.flatStruct("")
	}
	// The peers must describe the same arguments: the properties the
	// reflection finds are the schema's.
	got := jsonNames(c.args)
	want := slices.Clone(props)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		return c, fmt.Errorf("%s has JSON fields %v, the schema properties %v", c.args, got, want)
	}
	return c, nil
}

// flatStruct is the struct a user would write for flat parameters: a field
// per parameter, named as the schema's property, omitempty where the schema
// does not require it; with tagKey, each field has its description in that
// struct tag, and so do the fields of the types it holds.
func (c catalogTool) flatStruct(tagKey string) reflect.Type {
	required := strs(c.schema["required"])
	fields := make([]reflect.StructField, len(c.params))
	for i, p := range c.params {
		name := c.props[i]
		tag := name
		if !slices.Contains(required, name) {
			tag += ",omitempty"
		}
		node := mapOf(mapOf(c.schema["properties"])[name])
		typ := p
		st := `json:` + strconv.Quote(tag)
		if tagKey != "" {
			typ = described(p, node, tagKey, 0)
			st += descTag(tagKey, node)
		}
		fields[i] = reflect.StructField{Name: goName(name, i), Type: typ, Tag: reflect.StructTag(st)}
	}
	return reflect.StructOf(fields)
}

// tagged is c's arguments type with every property described in a tagKey
// struct tag, as toolgen's schema describes it.
func (c catalogTool) tagged(tagKey string) reflect.Type {
	if c.params != nil {
		return c.flatStruct(tagKey)
	}
	return described(c.args, c.schema, tagKey, 0)
}

// described is t with its struct fields' descriptions (those of node, t's
// schema in toolgen's) in tagKey tags: an unnamed copy of each struct type
// (reflect.StructOf) with the same JSON fields. Types with JSON or text
// methods are kept, as the libraries read them through those.
func described(t reflect.Type, node map[string]any, tagKey string, depth int) reflect.Type {
	if depth > 16 || hasJSONMethods(t) {
		return t
	}
	if node["properties"] == nil && node["items"] == nil && node["anyOf"] != nil {
		for _, alt := range list(node["anyOf"]) {
			if alt["properties"] != nil || alt["items"] != nil {
				node = alt
				break
			}
		}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return reflect.PointerTo(described(t.Elem(), node, tagKey, depth+1))
	case reflect.Slice:
		return reflect.SliceOf(described(t.Elem(), mapOf(node["items"]), tagKey, depth+1))
	case reflect.Array:
		return reflect.ArrayOf(t.Len(), described(t.Elem(), mapOf(node["items"]), tagKey, depth+1))
	case reflect.Map:
		return reflect.MapOf(t.Key(), described(t.Elem(), mapOf(node["additionalProperties"]), tagKey, depth+1))
	case reflect.Struct:
		return reflect.StructOf(describedFields(t, node, tagKey, depth))
	}
	return t
}

// describedFields are t's JSON fields, embedded structs' flattened, each
// with its description from node.
func describedFields(t reflect.Type, node map[string]any, tagKey string, depth int) []reflect.StructField {
	var out []reflect.StructField
	props := mapOf(node["properties"])
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && deref(f.Type).Kind() == reflect.Struct && !hasJSONMethods(f.Type) {
			out = append(out, describedFields(deref(f.Type), node, tagKey, depth)...)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		sub := mapOf(props[name])
		out = append(out, reflect.StructField{
			Name: f.Name,
			Type: described(f.Type, sub, tagKey, depth+1),
			Tag:  f.Tag + reflect.StructTag(descTag(tagKey, sub)),
		})
	}
	return out
}

// descTag is a struct tag (with a leading space) holding node's
// description under key, or "" when node has none.
func descTag(key string, node map[string]any) string {
	d, _ := node["description"].(string)
	if d == "" {
		return ""
	}
	return " " + key + ":" + strconv.Quote(d)
}

// goSDKSchema is the input schema the official go-sdk infers for args, as
// mcp.AddTool does (jsonschema.ForType with no options), as JSON.
func goSDKSchema(args reflect.Type) ([]byte, error) {
	s, err := googleschema.ForType(args, &googleschema.ForOptions{})
	if err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// invopopSchema is the input schema invopop/jsonschema reflects for args,
// with Genkit's options (DoNotReference: inline, no $defs) and without
// the $schema and $id it would add, as JSON.
func invopopSchema(args reflect.Type) ([]byte, error) {
	r := &invopop.Reflector{DoNotReference: true, Anonymous: true}
	s := r.ReflectFromType(args)
	s.Version = ""
	return json.Marshal(s)
}

// variant is one way of defining the tools.
type variant struct {
	name    string
	toolgen bool // toolgen's own definitions
	// strip drops keywords from toolgen's schemas, nil for none.
	strip  func(keyword string) bool
	schema func(reflect.Type) ([]byte, error)
	args   func(catalogTool) reflect.Type
}

// result is a variant's measure over the catalog.
type result struct {
	name      string
	total     [numForms]int // tokens of all definitions, per form
	toolgen   bool
	rejected  [numForms]int // definitions a provider's rules refuse
	noForm    [numForms]int // tools with no form in a dialect: the default one is sent
	props     int           // properties, at every level
	described int           // properties with a description
	// why counts the providers' reasons for refusing, per form.
	why [numForms]map[string]int
	// viaDialect counts the peer schemas toolgen's dialect functions turn
	// into a strict or Gemini form, and the tokens of those definitions.
	viaDialect, viaDialectTokens [numForms]int
}

func (v variant) measure(t *testing.T, counter *tokencount.Counter, tools []catalogTool) result {
	r := result{name: v.name, toolgen: v.toolgen}
	for f := range r.why {
		r.why[f] = map[string]int{}
	}
	for _, c := range tools {
		var forms [numForms][]byte
		if v.toolgen {
			forms = [numForms][]byte{c.tool.InputSchema, c.tool.StrictSchema, c.tool.GeminiSchema}
			for f, s := range forms {
				if s == nil {
					continue
				}
				drop := v.strip
				if drop == nil {
					drop = func(string) bool { return false }
				}
				stripped, err := stripKeywords(s, drop)
				if err != nil {
					t.Errorf("%s: %s: %v", v.name, c.tool.Name, err)
				} else if v.strip == nil && !bytes.Equal(stripped, s) {
					t.Errorf("%s: stripping nothing from %s made %s", c.tool.Name, s, stripped)
				}
				forms[f] = stripped
			}
		} else {
			s, err := v.schema(v.args(c))
			if err != nil {
				t.Errorf("%s: %s: %v", v.name, c.tool.Name, err)
				continue
			}
			forms = [numForms][]byte{s, s, s}
		}
		var schema map[string]any
		if err := json.Unmarshal(forms[formDefault], &schema); err != nil {
			t.Errorf("%s: %s: %v", v.name, c.tool.Name, err)
			continue
		}
		r.countProps(schema)
		for f := range numForms {
			s := forms[f]
			if s == nil { // no form in this dialect: the default one is sent
				s = forms[formDefault]
			}
			def := catalog.Definition(string(c.tool.Name), c.tool.Description, string(s))
			n := counter.Count([]byte(def))
			r.total[f] += n
			if v.toolgen && v.strip == nil && f != formDefault {
				if want := [numForms]int{0, c.tool.Tokens.Strict, c.tool.Tokens.Gemini}[f]; forms[f] != nil && n != want {
					t.Errorf("%s: %s definition counts %d tokens, its Tokens say %d", c.tool.Name, formNames[f], n, want)
				}
			}
			var problems []string
			if f != formDefault {
				if forms[f] == nil {
					r.noForm[f]++
				} else {
					problems = problemsOf(f, s)
				}
			}
			if len(problems) > 0 {
				r.rejected[f]++
				seen := map[string]bool{}
				for _, p := range problems {
					p = reason(p)
					if !seen[p] {
						seen[p] = true
						r.why[f][p]++
					}
				}
			}
			if !v.toolgen && f != formDefault {
				conv := [numForms]func([]byte) ([]byte, error){nil, dialect.Strict, dialect.Gemini}[f]
				if d, err := conv(s); err == nil && problemsOf(f, d) == nil {
					r.viaDialect[f]++
					r.viaDialectTokens[f] += counter.Count([]byte(catalog.Definition(string(c.tool.Name), c.tool.Description, string(d))))
				}
			}
		}
	}
	return r
}

func problemsOf(form int, schema []byte) []string {
	if form == formStrict {
		return dialectcheck.Strict(schema)
	}
	return dialectcheck.Gemini(schema)
}

// reason is a dialectcheck problem without its place, and with property
// names left out, so that problems of one kind add up.
func reason(p string) string {
	if _, after, ok := strings.Cut(p, ": "); ok {
		p = after
	}
	if strings.HasPrefix(p, "property ") && strings.Contains(p, " is not required") {
		return "a property is not required (strict mode requires every property)"
	}
	return p
}

// userWork says what a user of the peers writes to say what toolgen's
// definitions say: argument structs for tools of flat parameters, a tag
// per described property, and the constraints toolgen's schemas hold.
func userWork(tools []catalogTool, tg result) string {
	flat, fields := 0, 0
	keywords := map[string]int{}
	for _, c := range tools {
		if c.params != nil {
			flat++
			fields += len(c.params)
		}
		countKeywords(c.schema, keywords)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "To say as much with go-sdk or invopop, a user writes:\n")
	fmt.Fprintf(&b, "  an arguments struct for each of the %d tools (of %d) whose Go functions take flat parameters (%d fields),\n", flat, len(tools), fields)
	fmt.Fprintf(&b, "  a description tag on each of %d properties (toolgen reads doc comments and parameter lists),\n", tg.described)
	var ks []string
	for k := range keywords {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	b.WriteString("  and, for the constraints toolgen's schemas hold (enums from Go constants, bounds and patterns from doc options, formats from types), of which the peers infer only a few from types (invopop: date-time; jsonschema-go: sized integers' bounds):")
	for _, k := range ks {
		fmt.Fprintf(&b, " %s %d,", k, keywords[k])
	}
	b.WriteString(" tags (invopop's jsonschema:\"enum=…,minimum=…\") or schema edits after inference (jsonschema-go reads only descriptions from tags).\n")
	return b.String()
}

// countKeywords counts the constraint keywords of schema s at every level.
func countKeywords(s map[string]any, counts map[string]int) {
	if s == nil {
		return
	}
	for k := range s {
		if constraint(k) && k != "$schema" {
			counts[k]++
		}
	}
	for _, p := range mapOf(s["properties"]) {
		countKeywords(mapOf(p), counts)
	}
	for _, k := range []string{"items", "additionalProperties"} {
		countKeywords(mapOf(s[k]), counts)
	}
	for _, alt := range list(s["anyOf"]) {
		countKeywords(alt, counts)
	}
	for _, d := range mapOf(s["$defs"]) {
		countKeywords(mapOf(d), counts)
	}
}

// countProps counts the properties of s at every level, and those with a
// description.
func (r *result) countProps(s map[string]any) {
	if s == nil {
		return
	}
	for _, p := range mapOf(s["properties"]) {
		ps := mapOf(p)
		r.props++
		if d, _ := ps["description"].(string); d != "" {
			r.described++
		}
		r.countProps(ps)
	}
	for _, k := range []string{"items", "additionalProperties"} {
		r.countProps(mapOf(s[k]))
	}
	for _, alt := range list(s["anyOf"]) {
		r.countProps(alt)
	}
	for _, d := range mapOf(s["$defs"]) {
		r.countProps(mapOf(d))
	}
}

// table is the results as a Markdown table.
func table(results []result, tools int) string {
	var b strings.Builder
	tg := results[0]
	fmt.Fprintf(&b, "%d tools; tokens (o200k_base) of all definitions, per provider form; ratio to toolgen's\n\n", tools)
	b.WriteString("| definitions | default | OpenAI strict | Gemini | per tool (default) | properties described | OpenAI strict: refused, no form | Gemini: refused, no form |\n")
	b.WriteString("|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s |", r.name)
		for f := range numForms {
			fmt.Fprintf(&b, " %d (%.2f×) |", r.total[f], float64(r.total[f])/float64(tg.total[f]))
		}
		fmt.Fprintf(&b, " %.1f | %d of %d | %d, %d | %d, %d |\n", float64(r.total[formDefault])/float64(tools),
			r.described, r.props, r.rejected[formStrict], r.noForm[formStrict], r.rejected[formGemini], r.noForm[formGemini])
	}
	return b.String()
}

// problems says why providers refuse r's definitions, most frequent first,
// and what toolgen's dialect functions make of them.
func (r result) problems() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n", r.name)
	for _, f := range []int{formStrict, formGemini} {
		type kv struct {
			k string
			n int
		}
		var kvs []kv
		for k, n := range r.why[f] {
			kvs = append(kvs, kv{k, n})
		}
		slices.SortFunc(kvs, func(a, b kv) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.k, b.k)) })
		fmt.Fprintf(&b, "  %s: %d refused", formNames[f], r.rejected[f])
		for i, e := range kvs {
			if i == 4 {
				break
			}
			fmt.Fprintf(&b, "; %d: %s", e.n, e.k)
		}
		fmt.Fprintf(&b, "\n    through toolgen's dialect.%s: %d accepted, %d tokens\n", [numForms]string{"", "Strict", "Gemini"}[f], r.viaDialect[f], r.viaDialectTokens[f])
	}
	return b.String()
}

// propertyOrder is the names of a schema's top-level properties, in the
// order of its text.
func propertyOrder(schema []byte) ([]string, error) {
	var top struct {
		Properties json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(schema, &top); err != nil {
		return nil, err
	}
	if len(top.Properties) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(top.Properties))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var names []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// jsonNames are the JSON names of struct t's fields, as encoding/json
// names them (embedded structs flattened; the catalog's types have no
// clashing names, which encoding/json would drop).
func jsonNames(t reflect.Type) []string {
	var out []string
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			continue // its fields are visible
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

// goName is an exported Go field name for a snake_case property name.
func goName(prop string, i int) string {
	var b strings.Builder
	up := true
	for _, r := range prop {
		switch {
		case r == '_' || r == '-':
			up = true
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	name := b.String()
	if name == "" || !unicode.IsUpper([]rune(name)[0]) {
		name = "F" + strconv.Itoa(i) + name
	}
	return name
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// hasJSONMethods says whether t or *t encodes itself (time.Time does).
func hasJSONMethods(t reflect.Type) bool {
	t = deref(t)
	p := reflect.PointerTo(t)
	return t.Implements(jsonMarshaler) || t.Implements(textMarshaler) || p.Implements(jsonMarshaler) || p.Implements(textMarshaler)
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func list(v any) []map[string]any {
	var out []map[string]any
	l, _ := v.([]any)
	for _, e := range l {
		out = append(out, mapOf(e))
	}
	return out
}

func strs(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// stripKeywords is schema, compact JSON, without the keywords drop says,
// at every level of the schema (properties, items, additionalProperties,
// anyOf, $defs), everything else kept as written: what toolgen's
// definitions cost without what the peers' schemas do not say.
func stripKeywords(schema []byte, drop func(keyword string) bool) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(schema))
	var out bytes.Buffer
	if err := stripSchema(dec, &out, drop); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func stripSchema(dec *jsontext.Decoder, out *bytes.Buffer, drop func(string) bool) error {
	if dec.PeekKind() != '{' {
		v, err := dec.ReadValue()
		out.Write(v)
		return err
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	out.WriteByte('{')
	first := true
	for dec.PeekKind() != '}' {
		rawName, err := dec.ReadValue()
		if err != nil {
			return err
		}
		name := string(rawName[1 : len(rawName)-1]) // keywords have no escapes
		if drop(name) {
			if err := dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		if !first {
			out.WriteByte(',')
		}
		first = false
		out.Write(rawName)
		out.WriteByte(':')
		switch name {
		case "properties", "$defs": // objects of schemas
			err = stripEach(dec, out, drop, true)
		case "anyOf", "oneOf", "allOf": // arrays of schemas
			err = stripEach(dec, out, drop, false)
		case "items", "additionalProperties":
			err = stripSchema(dec, out, drop)
		default:
			var v jsontext.Value
			v, err = dec.ReadValue()
			out.Write(v)
		}
		if err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	out.WriteByte('}')
	return err
}

// stripEach strips the schemas of an object (named) or an array.
func stripEach(dec *jsontext.Decoder, out *bytes.Buffer, drop func(string) bool, named bool) error {
	open, err := dec.ReadToken()
	if err != nil {
		return err
	}
	out.WriteString(open.String())
	closing := jsontext.Kind(']')
	if named {
		closing = '}'
	}
	for i := 0; dec.PeekKind() != closing; i++ {
		if i > 0 {
			out.WriteByte(',')
		}
		if named {
			name, err := dec.ReadValue()
			if err != nil {
				return err
			}
			out.Write(name)
			out.WriteByte(':')
		}
		if err := stripSchema(dec, out, drop); err != nil {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	out.WriteByte(byte(closing))
	return nil
}
