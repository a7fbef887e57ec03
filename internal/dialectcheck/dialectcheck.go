// Package dialectcheck checks tool input schemas against the rules of the
// providers' schema dialects, as their documentation states them: OpenAI's
// strict mode (Structured Outputs, "Supported schemas") and Gemini's
// function declarations (the OpenAPI 3.0 Schema subset). Tests use it on
// every generated schema.
package dialectcheck

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/keyword"
)

// Limits of OpenAI's strict mode.
const (
	StrictMaxDepth      = 10
	StrictMaxProperties = 5000
	StrictMaxEnum       = 1000
)

// What each provider accepts, as its documentation states it. These lists
// are this package's own knowledge, on purpose: the keyword table
// (internal/keyword) says what the dialects keep of each keyword, and this
// package checks that, so a checker that took its answers from the table
// would only confirm it. They name the table's keywords through the table,
// so that no name drifts, and every keyword of the table is in one of each
// provider's two lists (the tests say so): adding a keyword to the table
// forces a decision here, from the provider's documentation.
var (
	// strictKeys are the keywords strict mode accepts: the table's, and
	// others toolgen does not write.
	strictKeys = append(names(keyword.Type, keyword.Description, keyword.Properties, keyword.Required,
		keyword.AdditionalProperties, keyword.Items, keyword.Enum, keyword.AnyOf, keyword.Ref, keyword.Defs,
		keyword.Pattern, keyword.Format, keyword.Minimum, keyword.Maximum, keyword.MinItems, keyword.MaxItems),
		"const", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
	// strictRefuses are the table's keywords strict mode does not accept.
	strictRefuses = []keyword.Keyword{keyword.SchemaURI, keyword.MinLength, keyword.MaxLength,
		keyword.ContentEncoding, keyword.Default, keyword.Examples, keyword.XMCPHeader}
	strictTypes   = []string{"string", "number", "boolean", "integer", "object", "array", "null"}
	strictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

	// geminiKeys are the keywords Gemini's schema accepts: the table's,
	// and others toolgen does not write.
	geminiKeys = append(names(keyword.Type, keyword.Format, keyword.Description, keyword.Enum, keyword.MaxItems,
		keyword.MinItems, keyword.Properties, keyword.Required, keyword.MinLength, keyword.MaxLength,
		keyword.Pattern, keyword.AnyOf, keyword.Default, keyword.Items, keyword.Minimum, keyword.Maximum),
		"title", "nullable", "minProperties", "maxProperties", "example", "propertyOrdering")
	// geminiRefuses are the table's keywords Gemini does not accept.
	geminiRefuses = []keyword.Keyword{keyword.SchemaURI, keyword.Ref, keyword.Defs, keyword.AdditionalProperties,
		keyword.ContentEncoding, keyword.Examples, keyword.XMCPHeader}
	geminiTypes   = []string{"string", "number", "integer", "boolean", "array", "object"}
	geminiFormats = map[string][]string{"string": {"date-time", "enum"}, "number": {"float", "double"}, "integer": {"int32", "int64"}}
)

func names(ks ...keyword.Keyword) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = k.Name()
	}
	return out
}

// Strict lists how schema breaks OpenAI's strict mode rules (nil: it
// follows them).
func Strict(schema []byte) []string {
	c, ok := newChecker(schema)
	if ok {
		c.strict(c.root, "", 0)
	}
	if c.props > StrictMaxProperties {
		c.addf("", "%d properties, more than %d", c.props, StrictMaxProperties)
	}
	return c.problems
}

// Gemini lists how schema breaks the rules of Gemini's function
// declaration schemas (nil: it follows them).
func Gemini(schema []byte) []string {
	c, ok := newChecker(schema)
	if ok {
		c.gemini(c.root, "")
	}
	return c.problems
}

type checker struct {
	root     map[string]any
	problems []string
	props    int
}

func (c *checker) addf(at, format string, args ...any) {
	if at == "" {
		at = "/"
	}
	c.problems = append(c.problems, at+": "+fmt.Sprintf(format, args...))
}

// newChecker decodes schema and checks that its root is an object; false
// when it is not JSON, the one problem then.
func newChecker(schema []byte) (*checker, bool) {
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		return &checker{problems: []string{fmt.Sprintf("not a JSON object: %v", err)}}, false
	}
	c := &checker{root: root}
	if root["type"] != "object" {
		c.addf("", "the root is not an object")
	}
	return c, true
}

func (c *checker) strict(s map[string]any, at string, depth int) {
	for _, k := range slices.Sorted(maps.Keys(s)) {
		if !slices.Contains(strictKeys, k) {
			c.addf(at, "keyword %q is not supported", k)
		}
	}
	_, hasType := s["type"]
	_, hasAnyOf := s["anyOf"]
	_, hasRef := s["$ref"]
	_, hasEnum := s["enum"]
	_, hasConst := s["const"]
	if !hasType && !hasAnyOf && !hasRef && !hasEnum && !hasConst {
		c.addf(at, "no type (a value of any type is not supported)")
	}
	for _, t := range types(s["type"]) {
		if !slices.Contains(strictTypes, t) {
			c.addf(at, "type %q is not supported", t)
		}
	}
	if f, ok := s["format"].(string); ok && !slices.Contains(strictFormats, f) {
		c.addf(at, "format %q is not supported", f)
	}
	if e, ok := s["enum"].([]any); ok && len(e) > StrictMaxEnum {
		c.addf(at, "%d enum values, more than %d", len(e), StrictMaxEnum)
	}
	if ref, ok := s["$ref"].(string); ok {
		c.ref(ref, at)
	}
	if slices.Contains(types(s["type"]), "object") {
		c.strictObject(s, at, depth)
	}
	if items, ok := s["items"].(map[string]any); ok {
		c.strict(items, at+"/items", depth)
	}
	for i, sub := range list(s["anyOf"]) {
		c.strict(sub, fmt.Sprintf("%s/anyOf/%d", at, i), depth)
	}
	for _, name := range slices.Sorted(maps.Keys(mapOf(s["$defs"]))) {
		c.strict(mapOf(s["$defs"])[name].(map[string]any), at+"/$defs/"+name, depth)
	}
}

func (c *checker) strictObject(s map[string]any, at string, depth int) {
	if depth+1 > StrictMaxDepth {
		c.addf(at, "more than %d levels of nesting", StrictMaxDepth)
	}
	if s["additionalProperties"] != false {
		c.addf(at, "additionalProperties is not false")
	}
	props := mapOf(s["properties"])
	required := strs(s["required"])
	for _, name := range slices.Sorted(maps.Keys(props)) {
		c.props++
		if !slices.Contains(required, name) {
			c.addf(at, "property %q is not required (strict mode requires every property)", name)
		}
		sub, ok := props[name].(map[string]any)
		if !ok {
			c.addf(at+"/properties/"+name, "not a schema")
			continue
		}
		c.strict(sub, at+"/properties/"+name, depth+1)
	}
	for _, name := range required {
		if _, ok := props[name]; !ok {
			c.addf(at, "required %q is not a property", name)
		}
	}
}

// ref checks that a $ref names the root or one of its $defs.
func (c *checker) ref(ref, at string) {
	if ref == "#" {
		return
	}
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if _, found := mapOf(c.root["$defs"])[name]; !ok || !found {
		c.addf(at, "$ref %q does not name the root or a $defs entry", ref)
	}
}

func (c *checker) gemini(s map[string]any, at string) {
	for _, k := range slices.Sorted(maps.Keys(s)) {
		if !slices.Contains(geminiKeys, k) {
			c.addf(at, "keyword %q is not supported", k)
		}
	}
	t, ok := s["type"].(string)
	if !ok {
		if _, anyOf := s["anyOf"]; !anyOf {
			c.addf(at, "type is not one type name")
		}
	} else if !slices.Contains(geminiTypes, t) {
		c.addf(at, "type %q is not supported", t)
	}
	if f, ok := s["format"].(string); ok && !slices.Contains(geminiFormats[t], f) {
		c.addf(at, "format %q is not supported for type %q", f, t)
	}
	if _, ok := s["enum"]; ok && t != "string" {
		c.addf(at, "enum on type %q (only strings have enums)", t)
	}
	if items, ok := s["items"].(map[string]any); ok {
		c.gemini(items, at+"/items")
	}
	for i, sub := range list(s["anyOf"]) {
		c.gemini(sub, fmt.Sprintf("%s/anyOf/%d", at, i))
	}
	props := mapOf(s["properties"])
	for _, name := range slices.Sorted(maps.Keys(props)) {
		sub, ok := props[name].(map[string]any)
		if !ok {
			c.addf(at+"/properties/"+name, "not a schema")
			continue
		}
		c.gemini(sub, at+"/properties/"+name)
	}
	for _, name := range strs(s["required"]) {
		if _, ok := props[name]; !ok {
			c.addf(at, "required %q is not a property", name)
		}
	}
}

// types is a type keyword's names: one, or an array's.
func types(v any) []string {
	if s, ok := v.(string); ok {
		return []string{s}
	}
	return strs(v)
}

func strs(v any) []string {
	var out []string
	for _, e := range asSlice(v) {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func list(v any) []map[string]any {
	var out []map[string]any
	for _, e := range asSlice(v) {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func mapOf(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
