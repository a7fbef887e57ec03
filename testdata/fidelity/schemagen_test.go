package fidelity

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// schema is a parsed JSON Schema with its root, for $ref.
type schema struct {
	node map[string]any
	root map[string]any
}

func parseSchema(text []byte) schema {
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(string(text)))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		panic(err)
	}
	return schema{node: m, root: m}
}

// resolve follows a $ref into the root's $defs.
func (s schema) resolve() schema {
	for {
		ref, ok := s.node["$ref"].(string)
		if !ok {
			return s
		}
		defs := s.root["$defs"].(map[string]any)
		s = schema{node: defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any), root: s.root}
	}
}

// alternatives are the members of a union's anyOf (a schema with anyOf and
// no type of its own), or nil.
func (s schema) alternatives() []schema {
	alts, ok := s.node["anyOf"].([]any)
	if !ok || s.node["type"] != nil {
		return nil
	}
	var out []schema
	for _, a := range alts {
		out = append(out, schema{node: a.(map[string]any), root: s.root})
	}
	return out
}

// branch is the member of a union that v is meant as: the object whose tag
// (a property with a one-value enum) v has, else the member of v's JSON
// type; s itself when s is no union or no member fits.
func (s schema) branch(v any) schema {
	s = s.resolve()
	for _, alt := range s.alternatives() {
		if alt.fits(v) {
			return alt
		}
	}
	return s
}

func (s schema) fits(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		if !slices.Contains(s.types(), "object") {
			return false
		}
		props, _ := s.node["properties"].(map[string]any)
		for name, p := range props {
			if enum, ok := p.(map[string]any)["enum"].([]any); ok && len(enum) == 1 {
				return x[name] == enum[0]
			}
		}
		return true
	case []any:
		return slices.Contains(s.types(), "array")
	case string:
		return slices.Contains(s.types(), "string")
	case bool:
		return slices.Contains(s.types(), "boolean")
	case json.Number:
		return slices.Contains(s.types(), "integer") || slices.Contains(s.types(), "number")
	}
	return false
}

func (s schema) sub(key string) (schema, bool) {
	m, ok := s.node[key].(map[string]any)
	return schema{node: m, root: s.root}, ok
}

func (s schema) property(name string) (schema, bool) {
	props, ok := s.node["properties"].(map[string]any)
	if !ok {
		return schema{}, false
	}
	p, ok := props[name].(map[string]any)
	return schema{node: p, root: s.root}, ok
}

func (s schema) required(name string) bool {
	req, _ := s.node["required"].([]any)
	return slices.Contains(req, any(name))
}

func (s schema) types() []string {
	switch t := s.node["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, x.(string))
		}
		return out
	}
	return nil
}

func (s schema) number(key string) (float64, bool) {
	n, ok := s.node[key].(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func (s schema) count(key string, def int) int {
	if n, ok := s.node[key].(json.Number); ok {
		i, _ := n.Int64()
		return int(i)
	}
	return def
}

// generator makes argument documents for a schema: mostly valid ones, so
// that acceptance, results and round trips are exercised, with edge values
// mixed in.
type generator struct {
	rng *rand.Rand
}

// value makes a value for s, valid unless an edge value is drawn.
func (g *generator) value(s schema, depth int) any {
	s = s.resolve()
	switch g.rng.IntN(24) {
	case 0, 1:
		return g.edge()
	case 2:
		return nil
	}
	if enum, ok := s.node["enum"].([]any); ok {
		return enum[g.rng.IntN(len(enum))]
	}
	if alts := s.alternatives(); alts != nil {
		return g.value(alts[g.rng.IntN(len(alts))], depth)
	}
	types := s.types()
	if len(types) == 0 {
		return g.anyValue(depth)
	}
	t := types[g.rng.IntN(len(types))]
	switch t {
	case "null":
		return nil
	case "boolean":
		return g.rng.IntN(2) == 0
	case "integer":
		return g.integer(s)
	case "number":
		return g.float(s)
	case "string":
		return g.str(s)
	case "array":
		return g.array(s, depth)
	}
	return g.object(s, depth)
}

func (g *generator) integer(s schema) any {
	lo, hasLo := s.number("minimum")
	hi, hasHi := s.number("maximum")
	if !hasLo {
		lo = -1000
	}
	if !hasHi {
		hi = lo + 2000
	}
	switch g.rng.IntN(6) {
	case 0:
		return json.Number(strconv.FormatFloat(lo, 'f', -1, 64))
	case 1:
		return json.Number(strconv.FormatFloat(hi, 'f', -1, 64))
	case 2: // the same integer written as a float
		return json.Number(strconv.FormatInt(int64(lo+(hi-lo)/2), 10) + ".0")
	}
	span := hi - lo
	if span > 1e15 {
		span = 1e15
	}
	return json.Number(strconv.FormatInt(int64(lo)+g.rng.Int64N(int64(span)+1), 10))
}

func (g *generator) float(s schema) any {
	lo, hasLo := s.number("minimum")
	hi, hasHi := s.number("maximum")
	if !hasLo {
		lo = -1e6
	}
	if !hasHi {
		hi = 1e6
	}
	switch g.rng.IntN(5) {
	case 0:
		return s.node["minimum"]
	case 1:
		return s.node["maximum"]
	}
	f := lo + g.rng.Float64()*(hi-lo)
	if g.rng.IntN(3) == 0 {
		f = float64(float32(f))
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// formatSamples are valid values of each format, and tricky ones.
var formatSamples = map[string][]string{
	"date-time": {"2026-01-02T03:04:05Z", "2026-01-02T03:04:05.123+02:00", "1999-12-31T23:59:59-08:30"},
	"date":      {"2026-01-02", "2024-02-29"},
	"time":      {"03:04:05Z", "23:59:59.5+01:00"},
	"email":     {"a@b.io", "first.last@example.com"},
	"uri":       {"https://example.com/a?b=c", "urn:isbn:0451450523"},
	"uuid":      {"123e4567-e89b-12d3-a456-426614174000"},
	"ipv4":      {"10.0.0.1", "192.168.1.254"},
	"ipv6":      {"::1", "2001:db8::8a2e:370:7334"},
	"hostname":  {"example.com", "a-b.c"},
}

func (g *generator) str(s schema) any {
	if f, ok := s.node["format"].(string); ok {
		if samples := formatSamples[f]; samples != nil {
			return samples[g.rng.IntN(len(samples))]
		}
	}
	if s.node["contentEncoding"] == "base64" {
		b := make([]byte, g.rng.IntN(8))
		for i := range b {
			b[i] = byte(g.rng.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	if p, ok := s.node["pattern"].(string); ok {
		return g.matching(regexp.MustCompile(p))
	}
	lo, hi := s.count("minLength", 0), s.count("maxLength", 8)
	n := lo + g.rng.IntN(hi-lo+1)
	const letters = "abcxyzABCé 世\"\\\n"
	r := []rune(letters)
	out := make([]rune, n)
	for i := range out {
		out[i] = r[g.rng.IntN(len(r))]
	}
	return string(out)
}

// matching returns a string the pattern matches, drawn from random
// candidates; "" when none is found.
func (g *generator) matching(re *regexp.Regexp) string {
	const alphabet = "ABCDEFXYZabcxyz0123456789:-_ "
	for range 2000 {
		n := 1 + g.rng.IntN(6)
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[g.rng.IntN(len(alphabet))]
		}
		if re.Match(b) {
			return string(b)
		}
	}
	return ""
}

func (g *generator) array(s schema, depth int) any {
	items, _ := s.sub("items")
	lo, hi := s.count("minItems", 0), s.count("maxItems", 3)
	if depth > 4 {
		hi = lo
	}
	out := make([]any, lo+g.rng.IntN(hi-lo+1))
	for i := range out {
		out[i] = g.value(items, depth+1)
	}
	return out
}

func (g *generator) object(s schema, depth int) any {
	out := map[string]any{}
	props, _ := s.node["properties"].(map[string]any)
	for _, name := range slices.Sorted(mapKeys(props)) {
		p, _ := s.property(name)
		if s.required(name) || (depth < 4 && g.rng.IntN(2) == 0) {
			out[name] = g.value(p, depth+1)
		}
	}
	if add, ok := s.sub("additionalProperties"); ok && depth < 5 {
		for i := range g.rng.IntN(3) {
			out["k"+strconv.Itoa(i)] = g.value(add, depth+1)
		}
	}
	return out
}

func (g *generator) anyValue(depth int) any {
	switch g.rng.IntN(6) {
	case 0:
		return nil
	case 1:
		return "text"
	case 2:
		return json.Number("1.5")
	case 3:
		return true
	case 4:
		if depth < 4 {
			return []any{json.Number("1"), "a", map[string]any{"b": nil}}
		}
	}
	return map[string]any{"a": json.Number("1")}
}

// edges are values of every JSON kind chosen for the boundaries toolgen
// maps: widths, float32, enums' spellings, formats, time forms, nulls.
var edges = []string{
	`""`, `"x"`, `"red"`, `"Red"`, `"green"`, `"AB1"`, `"ab1"`, `"fast"`,
	`"2026-01-02T03:04:05Z"`, `"2026-01-02t03:04:05z"`, `"2016-12-31T23:59:60Z"`, `"2026-01-02T03:04:05+24:00"`,
	`"2026-01-02T03:04:05.1234567891Z"`, `"2026-02-30T00:00:00Z"`, `"2026-01-02"`, `"03:04:05Z"`,
	`"a@b.io"`, `"::1"`, `"10.0.0.1"`, `"999.1.1.1"`, `"http://x.y/z"`, `"aGk="`, `"not base64!"`, `"1h"`, `"12.5"`,
	`0`, `-0`, `1`, `-1`, `2`, `3`, `1.5`, `2.0`, `1e2`, `3e0`, `70e-1`, `0.1`, `0.09999999`, `0.9`, `0.90000001`,
	`127`, `128`, `-128`, `-129`, `255`, `256`, `32767`, `32768`, `65535`, `65536`, `2147483647`, `2147483648`,
	`4294967295`, `4294967296`, `9223372036854775807`, `9223372036854775808`, `-9223372036854775808`,
	`-9223372036854775809`, `18446744073709551615`, `18446744073709551616`, `1e400`, `3.4028235e38`, `3.5e38`,
	`1e-50`, `true`, `false`, `null`, `[]`, `[1]`, `[1,2,3]`, `[null]`, `["red"]`, `[[1,2],[3,4]]`, `{}`,
	`{"a":1}`, `{"a":null}`, `{"x":1,"y":2}`, `{"name":"n"}`,
}

func (g *generator) edge() any {
	var v any
	dec := json.NewDecoder(strings.NewReader(edges[g.rng.IntN(len(edges))]))
	dec.UseNumber()
	_ = dec.Decode(&v)
	return v
}

// mutate changes one place of a document: a member removed, replaced by
// an edge value, set to null, or an unknown member added.
func (g *generator) mutate(v any) any {
	switch x := v.(type) {
	case map[string]any:
		keys := slices.Sorted(mapKeys(x))
		out := maps(x)
		if len(keys) == 0 || g.rng.IntN(8) == 0 {
			out["unknown"] = g.edge()
			return out
		}
		k := keys[g.rng.IntN(len(keys))]
		switch g.rng.IntN(5) {
		case 0:
			delete(out, k)
		case 1:
			out[k] = g.edge()
		case 2:
			out[k] = nil
		default:
			out[k] = g.mutate(x[k])
		}
		return out
	case []any:
		if len(x) == 0 {
			return []any{g.edge()}
		}
		out := slices.Clone(x)
		i := g.rng.IntN(len(out))
		if g.rng.IntN(2) == 0 {
			out[i] = g.edge()
		} else {
			out[i] = g.mutate(out[i])
		}
		return out
	}
	return g.edge()
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
