package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// A value is a JSON document as a tree: raw is a leaf's text as written
// (which may be no valid JSON: bad UTF-8, a lone surrogate), members an
// object's (in order, names may repeat), items an array's.
type value struct {
	raw     string
	members []member
	items   []value
	isArray bool
}

type member struct {
	name string
	val  value
}

func (v value) String() string {
	switch {
	case v.isArray:
		parts := make([]string, len(v.items))
		for i, item := range v.items {
			parts[i] = item.String()
		}
		return "[" + strings.Join(parts, ",") + "]"
	case v.members != nil:
		parts := make([]string, len(v.members))
		for i, m := range v.members {
			parts[i] = strconv.Quote(m.name) + ":" + m.val.String()
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return v.raw
}

// badValues replace each value of a valid document in turn: every JSON
// kind, the edges of the integer types, numbers no Go type holds, strings
// of bad UTF-8, long strings, deep nesting.
var badValues = []string{
	`null`, `true`, `false`, `0`, `-0`, `-1`, `1.5`, `1e2`, `255`, `256`, `-129`, `65536`, `2147483648`,
	`9007199254740993`, `18446744073709551616`, `-9223372036854775809`, `1e400`, `-1e400`, `1e-400`,
	`""`, `"x"`, `"score"`, "\"\xff\xfe\"", `"\ud800"`, `"a\u0000b"`, strconv.Quote(strings.Repeat("a", 1000)),
	`"2026-01-02T03:04:05Z"`, `"2026-13-45T99:00:00Z"`, `"aGVsbG8="`, `"10.0.0.1"`,
	`[]`, `[null]`, `[1,"x"]`, `{}`, `{"x":1}`, `{"type":"zzz"}`,
	strings.Repeat("[", 300) + strings.Repeat("]", 300),
	strings.Repeat(`{"a":`, 300) + "1" + strings.Repeat("}", 300),
}

// wholeDocuments are arguments that are no JSON object, or no JSON.
var wholeDocuments = []string{``, ` `, `{`, `{"a":}`, `{} {}`, `{}x`, `nul`, "{\"\xff\":1}", `[{}]`}

// documents are the arguments tried on a tool of the input schema text:
// a valid document and its variants, one change each.
func documents(schemaText []byte) []string {
	var root map[string]any
	dec := json.NewDecoder(strings.NewReader(string(schemaText)))
	dec.UseNumber()
	if err := dec.Decode(&root); err != nil {
		panic(err)
	}
	base := sample(root, root, 0)
	docs := []string{base.String()}
	for _, v := range variants(base) {
		docs = append(docs, v.String())
	}
	return append(docs, wholeDocuments...)
}

// variants are v with one change: v replaced by a bad value, or a member
// or item of v changed (at any depth), removed, repeated, or added.
func variants(v value) []value {
	var out []value
	for _, raw := range badValues {
		out = append(out, value{raw: raw})
	}
	for i, item := range v.items {
		for _, changed := range variants(item) {
			out = append(out, value{isArray: true, items: replaced(v.items, i, changed)})
		}
	}
	if len(v.items) > 0 {
		out = append(out, value{isArray: true, items: slices.Repeat(v.items[:1], 50)})
	}
	if v.members == nil {
		return out
	}
	for i, m := range v.members {
		for _, changed := range variants(m.val) {
			out = append(out, value{members: replaced(v.members, i, member{m.name, changed})})
		}
		out = append(out, value{members: slices.Delete(slices.Clone(v.members), i, i+1)})
	}
	out = append(out, value{members: append(slices.Clone(v.members), member{"zzUnknown", value{raw: "1"}})})
	if len(v.members) > 0 {
		out = append(out, value{members: append(slices.Clone(v.members), v.members[0])})
	}
	return out
}

func replaced[T any](list []T, i int, v T) []T {
	list = slices.Clone(list)
	list[i] = v
	return list
}

// sample is a valid value of schema s (root holds its $defs): members all
// present, an item per array, the first enum value, a string of the
// format. Below a depth, objects keep their required members and arrays
// have no items, which ends recursive types.
func sample(s, root map[string]any, depth int) value {
	s = resolve(s, root)
	if c, ok := s["const"]; ok {
		return literal(c)
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return literal(enum[0])
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts, ok := s[key].([]any); ok {
			for _, alt := range alts {
				if a := alt.(map[string]any); a["type"] != "null" {
					return sample(a, root, depth+1)
				}
			}
		}
	}
	switch schemaType(s) {
	case "object":
		return sampleObject(s, root, depth)
	case "array":
		return sampleArray(s, root, depth)
	case "string":
		return value{raw: strconv.Quote(sampleString(s))}
	case "integer":
		return value{raw: bound(s, "1")}
	case "number":
		return value{raw: bound(s, "1.5")}
	case "boolean":
		return value{raw: "true"}
	case "null":
		return value{raw: "null"}
	}
	return value{raw: `{"x":[1,"y",null]}`}
}

func sampleObject(s, root map[string]any, depth int) value {
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	for _, name := range asList(s["required"]) {
		required[name.(string)] = true
	}
	names := make([]string, 0, len(props))
	for name := range props {
		if depth < 4 || required[name] {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	obj := value{members: []member{}}
	for _, name := range names {
		obj.members = append(obj.members, member{name, sample(props[name].(map[string]any), root, depth+1)})
	}
	if len(names) == 0 && s["additionalProperties"] != nil && s["additionalProperties"] != false && depth < 4 {
		if extra, ok := s["additionalProperties"].(map[string]any); ok {
			obj.members = append(obj.members, member{"k", sample(extra, root, depth+1)})
		}
	}
	return obj
}

func sampleArray(s, root map[string]any, depth int) value {
	arr := value{isArray: true}
	for _, p := range asList(s["prefixItems"]) {
		arr.items = append(arr.items, sample(p.(map[string]any), root, depth+1))
	}
	if items, ok := s["items"].(map[string]any); ok && depth < 4 {
		n := 1
		if min, err := strconv.Atoi(string(asNumber(s["minItems"]))); err == nil && min > 1 {
			n = min
		}
		for range n {
			arr.items = append(arr.items, sample(items, root, depth+1))
		}
	}
	return arr
}

var formats = map[string]string{
	"date-time": "2026-01-02T03:04:05Z", "date": "2026-01-02", "time": "03:04:05Z", "email": "a@b.io",
	"uri": "https://example.com/x", "uuid": "123e4567-e89b-12d3-a456-426614174000", "ipv4": "10.0.0.1",
	"ipv6": "::1", "hostname": "example.com", "duration": "PT1S",
}

func sampleString(s map[string]any) string {
	if f, ok := formats[fmt.Sprint(s["format"])]; ok {
		return f
	}
	if s["contentEncoding"] == "base64" {
		return "aGVsbG8="
	}
	n := 1
	if min, err := strconv.Atoi(string(asNumber(s["minLength"]))); err == nil && min > 1 {
		n = min
	}
	return strings.Repeat("a", n)
}

// bound is the schema's minimum, else its exclusive minimum, else def.
func bound(s map[string]any, def string) string {
	if m := asNumber(s["minimum"]); m != "" {
		return string(m)
	}
	if m := asNumber(s["exclusiveMinimum"]); m != "" {
		f, _ := m.Float64()
		return strconv.FormatFloat(math.Floor(f)+1, 'f', -1, 64)
	}
	return def
}

func resolve(s, root map[string]any) map[string]any {
	for range 100 {
		ref, ok := s["$ref"].(string)
		if !ok {
			break
		}
		s = root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	}
	return s
}

// schemaType is s's type, the first but null of a list of types.
func schemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, name := range t {
			if name != "null" {
				return name.(string)
			}
		}
	}
	return ""
}

func literal(v any) value {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return value{raw: string(b)}
}

func asList(v any) []any { l, _ := v.([]any); return l }

func asNumber(v any) json.Number { n, _ := v.(json.Number); return n }
