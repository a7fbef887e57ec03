// Package dialect derives the dialects of a tool's input schema for
// providers that accept less than JSON Schema 2020-12: OpenAI's strict mode
// (Strict) and Gemini's function declarations (Gemini). It works on the
// schema's JSON text, as toolgen writes it into generated code, and gives
// byte for byte what the generator itself derives (internal/schema's
// dialects): every scalar keeps its text, keywords keep the order of the
// keyword table (internal/keyword), which model.Schema's follows, and the
// output is compact. What each dialect keeps, drops or refuses of each
// keyword is the table's; the rules on objects (strict mode's required and
// additionalProperties, maps) and values (formats, enums) are here.
//
// A schema that cannot be said in a dialect has none: the functions return
// a *Missing error listing every place the dialect cannot say (Gap: the
// reason, a JSON pointer into the input, what is there in plain English),
// not only the first, and adapters then send the default schema. The
// generator turns each gap into a warning with the way out
// (internal/schema).
package dialect

import (
	"strconv"

	"github.com/toolgen-dev/toolgen/internal/keyword"
)

// OpenAI's strict mode (Structured Outputs, "strict": true on a function):
// every property required, optional ones nullable, additionalProperties
// false on every object, and only the supported keywords.
const (
	strictMaxDepth      = 10   // nesting levels of objects
	strictMaxProperties = 5000 // properties in all
	strictMaxEnum       = 1000 // values of one enum
)

// strictFormats are the string formats strict mode supports.
var strictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

// geminiFormats are the string formats Gemini's schema supports.
var geminiFormats = []string{"date-time"}

// JSON pointer tokens of the keywords holding schemas.
var (
	tokItems      = []byte("items")
	tokProperties = []byte("properties")
	tokDefs       = []byte("$defs")
	tokAnyOf      = []byte("anyOf")
)

// Strict returns input, a JSON Schema as toolgen writes it (a JSON object,
// compact or indented), in OpenAI's strict dialect as compact JSON, or a
// *Missing error listing what strict mode cannot say: a map
// (additionalProperties with a schema), a value of any type (no type and
// no $ref), more nesting, properties or enum values than it allows.
// Keywords it does not support and that only narrow a value (minLength,
// maxLength, unsupported formats, default, examples, contentEncoding) are
// left out, as is $schema. Input that is no schema toolgen writes is a
// plain error.
func Strict(input []byte) ([]byte, error) {
	return derive(input, func(in *schema) *gaps {
		st := &strictor{}
		st.node(in, 0)
		if st.props > strictMaxProperties {
			st.path = pathStack{}
			st.gaps.add(ReasonProperties, &st.path, strconv.Itoa(st.props)+" properties in all, more than strict mode's "+strconv.Itoa(strictMaxProperties))
		}
		return &st.gaps
	})
}

// derive parses input, lets transform turn the tree, in place, into a
// dialect's form and return the gaps it found, and writes the form when
// there are none.
func derive(input []byte, transform func(*schema) *gaps) ([]byte, error) {
	in, err := parse(input)
	if err != nil {
		return nil, err
	}
	if err := transform(in).err(); err != nil {
		return nil, err
	}
	w := writer{in: input, b: make([]byte, 0, outputSize(input))}
	w.schema(in, false)
	return w.b, nil
}

type strictor struct {
	props int
	gaps  gaps
	path  pathStack
}

func (st *strictor) fail(r Reason, what string) { st.gaps.add(r, &st.path, what) }

// node turns s, in place, into its strict form, or records why it has
// none and goes on with the rest, so that every gap is found at once.
// (The tree is parsed afresh for each call, so it is the caller's to
// change.)
func (st *strictor) node(s *schema, depth int) {
	switch {
	case depth > strictMaxDepth:
		st.fail(ReasonDepth, "objects nested deeper than strict mode's "+strconv.Itoa(strictMaxDepth)+" levels")
		return
	case s.nEnum > strictMaxEnum:
		st.fail(ReasonEnumSize, "an enum of "+strconv.Itoa(s.nEnum)+" values, more than strict mode's "+strconv.Itoa(strictMaxEnum))
		return
	case isUnion(s) && depth == 0:
		st.fail(ReasonRootUnion, "a union (anyOf) as the whole schema, where strict mode takes only an object")
		return
	case isUnion(s):
		st.alternatives(s, depth)
		return
	case !s.has.Has(keyword.Type) && !s.has.Has(keyword.Ref):
		st.fail(ReasonAny, whatAnyStrict)
		return
	case s.has&strictRefused != 0:
		st.fail(ReasonKeywords, "keywords strict mode lacks ("+(s.has&strictRefused).Names()+")")
		return
	}
	s.has &^= strictDropped
	if s.flags&strictFormat == 0 {
		s.has = s.has.Without(keyword.Format)
	}
	if s.items != nil {
		st.path.push(tokItems)
		st.node(s.items, depth+1)
		st.path.pop()
	}
	if s.has.Has(keyword.Defs) {
		st.path.push(tokDefs)
		st.props2(s.defs, depth, false, nil)
		st.path.pop()
	}
	if s.flags&isObject != 0 {
		if s.additional != nil {
			st.fail(ReasonMap, whatMap)
			return
		}
		s.has = s.has.With(keyword.Properties).With(keyword.AdditionalProperties) // false
		st.path.push(tokProperties)
		st.props2(s.props, depth+1, true, s.required)
		st.path.pop()
		requireAll(s)
	}
}

// isUnion reports whether s is a union toolgen writes: anyOf its members,
// without a type of its own (its alternatives have theirs).
func isUnion(s *schema) bool {
	return s.has.Has(keyword.AnyOf) && !s.has.Has(keyword.Type) && !s.has.Has(keyword.Ref)
}

// alternatives converts a union's members, each a schema of its own (both
// dialects take anyOf below the root).
func (st *strictor) alternatives(s *schema, depth int) {
	for i, sub := range s.anyOf {
		st.path.push(tokAnyOf)
		st.path.pushIndex(i)
		st.node(sub, depth)
		st.path.pop()
		st.path.pop()
	}
}

// requireAll makes every property of s required.
func requireAll(s *schema) {
	if len(s.props) <= cap(s.required) {
		s.required = s.required[:len(s.props)]
	} else {
		s.required = make([]str, len(s.props))
	}
	for i, p := range s.props {
		s.required[i] = p.name
	}
	s.has = s.has.Without(keyword.Required)
	if len(s.required) > 0 { // model.Schema omits it empty
		s.has = s.has.With(keyword.Required)
	}
}

// The keywords the dialects drop and refuse (the table's).
var (
	strictDropped = keyword.Fated(keyword.Strict, keyword.Dropped)
	strictRefused = keyword.Fated(keyword.Strict, keyword.Refused) // none yet
	geminiDropped = keyword.Fated(keyword.Gemini, keyword.Dropped)
	geminiRefused = keyword.Fated(keyword.Gemini, keyword.Refused)
)

// props2 converts named schemas in place; when nullable, those not in
// required are made nullable.
func (st *strictor) props2(props []prop, depth int, nullable bool, required []str) {
	for i := range props {
		p := &props[i]
		st.props++
		st.path.push(p.name.dec)
		st.node(p.s, depth)
		st.path.pop()
		p.orNull = nullable && !containsStr(required, p.name.dec)
	}
}

// outputSize is room for a dialect of input: mostly shorter, unless it is
// compact and strict mode adds much.
func outputSize(input []byte) int { return len(input) + len(input)/4 + 64 }

// Gemini returns input, a JSON Schema as toolgen writes it (a JSON object,
// compact or indented), in the subset of OpenAPI 3.0 that Gemini's
// function declarations accept, as compact JSON, or a *Missing error
// listing what that subset lacks: $ref and $defs (recursive types), maps
// (objects without properties but with additionalProperties), values of
// any type, enums of other than strings. $schema, additionalProperties,
// default, examples, contentEncoding and formats other than date-time are
// left out. Input that is no schema toolgen writes is a plain error.
func Gemini(input []byte) ([]byte, error) {
	return derive(input, func(in *schema) *gaps {
		g := &geminier{}
		g.node(in)
		g.gaps.list = dropDefsGap(g.gaps.list)
		return &g.gaps
	})
}

type geminier struct {
	gaps gaps
	path pathStack
}

func (g *geminier) fail(r Reason, what string) { g.gaps.add(r, &g.path, what) }

// node turns s, in place, into its Gemini form, or records why it has
// none and goes on with the rest.
func (g *geminier) node(s *schema) {
	if s.has&geminiRefused == keyword.Set(0).With(keyword.Defs) {
		// The definitions themselves are said where they are used (a
		// $ref, each a gap of its own, naming its parameter): look on.
		g.fail(ReasonRecursive, whatDefs)
		s.has = s.has.Without(keyword.Defs)
	}
	switch {
	case s.has&geminiRefused != 0:
		g.fail(geminiRefusal(s.has & geminiRefused))
		return
	case isUnion(s) && len(g.path.tokens) == 0:
		g.fail(ReasonRootUnion, "a union (anyOf) as the whole schema, where Gemini takes only an object")
		return
	case isUnion(s):
		for i, sub := range s.anyOf {
			g.path.push(tokAnyOf)
			g.path.pushIndex(i)
			g.node(sub)
			g.path.pop()
			g.path.pop()
		}
		return
	case !s.has.Has(keyword.Type):
		g.fail(ReasonAny, whatAnyGemini)
		return
	case s.has.Has(keyword.Enum) && s.flags&isString == 0:
		g.fail(ReasonEnumType, whatEnumType)
		return
	}
	isMap := s.additional != nil
	s.has &^= geminiDropped
	if s.flags&geminiFormat == 0 {
		s.has = s.has.Without(keyword.Format)
	}
	if s.items != nil {
		g.path.push(tokItems)
		g.node(s.items)
		g.path.pop()
	}
	if s.flags&isObject == 0 {
		return
	}
	if len(s.props) == 0 {
		if isMap {
			g.fail(ReasonMap, whatMap)
		}
		return // an object without members: {} is all it takes
	}
	g.path.push(tokProperties)
	for _, p := range s.props {
		g.path.push(p.name.dec)
		g.node(p.s)
		g.path.pop()
	}
	g.path.pop()
}

// dropDefsGap leaves out the gap of the root's $defs when a $ref names a
// place that uses them: that says it where it is.
func dropDefsGap(list []Gap) []Gap {
	if len(list) < 2 || list[0].Reason != ReasonRecursive || list[0].Pointer != "" {
		return list
	}
	for _, g := range list[1:] {
		if g.Reason == ReasonRecursive {
			return list[1:]
		}
	}
	return list
}

// geminiRefusal says why a schema with the keywords refused (those the
// table says Gemini refuses) has no form in Gemini's subset.
func geminiRefusal(refused keyword.Set) (Reason, string) {
	switch {
	case refused.Has(keyword.Ref):
		return ReasonRecursive, whatRef
	case refused.Has(keyword.Defs):
		return ReasonRecursive, whatDefs
	}
	return ReasonKeywords, "keywords Gemini lacks (" + refused.Names() + ")"
}

// contains reports whether name is in list.
func contains(list []string, name []byte) bool {
	for _, l := range list {
		if l == string(name) {
			return true
		}
	}
	return false
}

func containsStr(list []str, name []byte) bool {
	for _, l := range list {
		if string(l.dec) == string(name) {
			return true
		}
	}
	return false
}
