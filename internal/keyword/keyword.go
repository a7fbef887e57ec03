// Package keyword is the table of the JSON Schema (2020-12) keywords toolgen
// knows, so that a keyword is added in one place: its name, what its value
// is, the order toolgen writes keywords in, whether a //toolgen:schema
// directive may use it, whether it is written when its value is empty, and
// what each provider dialect does with it.
//
// Who reads it:
//   - internal/model: Schema has one field per keyword, in the table's order
//     (encoding/json writes fields in their order; model's tests hold the
//     two together);
//   - internal/schema reads //toolgen:schema text by it: the keywords a
//     directive may use, each value by its kind, the list its error gives;
//   - internal/dialect parses an input schema by it (each value by its
//     kind), drops and refuses keywords as it says, and writes keywords back
//     in its order;
//   - internal/mcpgen reads remote servers' schemas through keywords of the
//     table (its tests check its struct's tags against it);
//   - internal/dialectcheck classifies every keyword of the table for each
//     provider from the providers' documentation, independently of the
//     table's dialect columns, which it checks.
//
// Their tests fail when a keyword is added here and not handled there.
//
// The dialect parser looks keywords up at every program's start, for every
// tool: Lookup allocates nothing.
package keyword

import (
	"iter"
	"math/bits"
	"strings"
)

// Keyword is a keyword of the table; keywords are numbered in the order
// toolgen writes them.
type Keyword uint8

// The keywords, in the order toolgen writes them.
const (
	SchemaURI Keyword = iota // $schema
	Ref                      // $ref
	Type
	Description
	AnyOf
	Enum
	Format
	Pattern
	Minimum
	Maximum
	MinLength
	MaxLength
	MinItems
	MaxItems
	Items
	Properties
	Required
	AdditionalProperties
	ContentEncoding
	Default
	Examples
	XMCPHeader // x-mcp-header
	Defs       // $defs

	// Count is the number of keywords: they are 0 to Count-1.
	Count = iota
)

// Kind is what a keyword's value is.
type Kind uint8

// The kinds of values.
const (
	KindString        Kind = iota + 1 // a string
	KindType                          // a type name, or [name, "null"]
	KindCount                         // a non-negative integer
	KindNumber                        // a number
	KindAny                           // any JSON value
	KindValues                        // an array of JSON values
	KindStrings                       // an array of strings
	KindSchema                        // a schema
	KindSchemas                       // an array of schemas
	KindSchemaMap                     // an object of schemas, by name
	KindFalseOrSchema                 // false, or a schema
)

// kinds describes each kind, for messages, and gives a value of it.
var kinds = [...]struct{ what, example string }{
	KindString:        {"a string", `"a"`},
	KindType:          {`a type name or [name, "null"]`, `"string"`},
	KindCount:         {"a non-negative integer", `1`},
	KindNumber:        {"a number", `1.5`},
	KindAny:           {"any JSON value", `{"a":[1,null]}`},
	KindValues:        {"an array", `["a","b"]`},
	KindStrings:       {"an array of strings", `["a"]`},
	KindSchema:        {"a schema", `{"type":"string"}`},
	KindSchemas:       {"an array of schemas", `[{"type":"string"}]`},
	KindSchemaMap:     {"an object of schemas", `{"a":{"type":"string"}}`},
	KindFalseOrSchema: {"false or a schema", `false`},
}

// String says what a value of kind k is: "a non-negative integer".
func (k Kind) String() string { return kinds[k].what }

// Example is a value of kind k, as JSON text: the tests of the table's
// readers give it to each keyword, to show that they read every keyword.
func (k Kind) Example() string { return kinds[k].example }

// Dialect is a provider's schema dialect.
type Dialect uint8

// The dialects toolgen derives.
const (
	Strict Dialect = iota // OpenAI's strict mode (Structured Outputs)
	Gemini                // Gemini's function declarations (a subset of OpenAPI 3.0's Schema)
)

// String names d: "strict mode", "Gemini".
func (d Dialect) String() string {
	if d == Gemini {
		return "Gemini"
	}
	return "strict mode"
}

// Fate is what a dialect does with a keyword.
type Fate uint8

// The fates of a keyword in a dialect.
const (
	Kept            Fate = iota + 1 // written as it is, the schemas in it derived in turn
	Dropped                         // left out: it only narrows values, or is a note the dialect lacks
	KeptIfSupported                 // kept when the dialect supports its value (format)
	Refused                         // a schema that has it has no form in the dialect
)

// table is the keywords: per keyword, its name, its kind, whether a
// //toolgen:schema directive may use it, whether toolgen writes it when it
// is empty (model.Schema omits every other empty value), and what OpenAI's
// strict mode and Gemini do with it.
var table = [Count]struct {
	name        string
	kind        Kind
	directive   bool
	writesEmpty bool
	strict      Fate
	gemini      Fate
}{
	// No directive may use $schema, $ref or $defs: $schema belongs at the
	// root, which toolgen writes; $ref and $defs are for the recursive
	// types toolgen derives itself.
	SchemaURI:   {name: "$schema", kind: KindString, strict: Dropped, gemini: Dropped},
	Ref:         {name: "$ref", kind: KindString, strict: Kept, gemini: Refused},
	Type:        {name: "type", kind: KindType, directive: true, strict: Kept, gemini: Kept},
	Description: {name: "description", kind: KindString, directive: true, strict: Kept, gemini: Kept},
	AnyOf:       {name: "anyOf", kind: KindSchemas, directive: true, strict: Kept, gemini: Kept},
	Enum:        {name: "enum", kind: KindValues, directive: true, strict: Kept, gemini: Kept},
	Format:      {name: "format", kind: KindString, directive: true, strict: KeptIfSupported, gemini: KeptIfSupported},
	Pattern:     {name: "pattern", kind: KindString, directive: true, strict: Kept, gemini: Kept},
	Minimum:     {name: "minimum", kind: KindNumber, directive: true, strict: Kept, gemini: Kept},
	Maximum:     {name: "maximum", kind: KindNumber, directive: true, strict: Kept, gemini: Kept},
	MinLength:   {name: "minLength", kind: KindCount, directive: true, strict: Dropped, gemini: Kept},
	MaxLength:   {name: "maxLength", kind: KindCount, directive: true, strict: Dropped, gemini: Kept},
	MinItems:    {name: "minItems", kind: KindCount, directive: true, strict: Kept, gemini: Kept},
	MaxItems:    {name: "maxItems", kind: KindCount, directive: true, strict: Kept, gemini: Kept},
	Items:       {name: "items", kind: KindSchema, directive: true, strict: Kept, gemini: Kept},
	// An empty properties is written: it says that an object has no
	// members (and strict mode wants it on every object).
	Properties: {name: "properties", kind: KindSchemaMap, directive: true, writesEmpty: true, strict: Kept, gemini: Kept},
	Required:   {name: "required", kind: KindStrings, directive: true, strict: Kept, gemini: Kept},
	// Strict mode keeps false (and puts it on every object); a map (a
	// schema here) has no form in either dialect, a rule on objects that
	// internal/dialect keeps.
	AdditionalProperties: {name: "additionalProperties", kind: KindFalseOrSchema, directive: true, strict: Kept, gemini: Dropped},
	ContentEncoding:      {name: "contentEncoding", kind: KindString, directive: true, strict: Dropped, gemini: Dropped},
	// Gemini's schema has a default too (internal/dialectcheck accepts
	// it); both dialects leave it out all the same.
	Default:  {name: "default", kind: KindAny, directive: true, strict: Dropped, gemini: Dropped},
	Examples: {name: "examples", kind: KindValues, directive: true, strict: Dropped, gemini: Dropped},
	// x-mcp-header (MCP 2026-07-28) names the HTTP header a property's
	// argument is mirrored into; a note for MCP clients, not for models.
	// It is set by a field's or parameter's header= option, never by a
	// directive (it belongs to a property, not to a type).
	XMCPHeader: {name: "x-mcp-header", kind: KindString, strict: Dropped, gemini: Dropped},
	Defs:       {name: "$defs", kind: KindSchemaMap, strict: Kept, gemini: Refused},
}

// Name is k's name: "minLength".
func (k Keyword) Name() string { return table[k].name }

// String is k's name.
func (k Keyword) String() string { return table[k].name }

// Kind is what k's value is.
func (k Keyword) Kind() Kind { return table[k].kind }

// Directive reports whether a //toolgen:schema directive may use k.
func (k Keyword) Directive() bool { return table[k].directive }

// WritesEmpty reports whether toolgen writes k when its value is empty
// ("", [] or {}); model.Schema omits the others.
func (k Keyword) WritesEmpty() bool { return table[k].writesEmpty }

// In is what dialect d does with k.
func (k Keyword) In(d Dialect) Fate {
	if d == Gemini {
		return table[k].gemini
	}
	return table[k].strict
}

// Lookup is the keyword named name, without allocating. Its switch repeats
// the table's names on purpose: the compiler turns it into comparisons
// with constants, about twice as fast as a loop over the table's names
// (BenchmarkLookup), and the dialect parser looks up every keyword of
// every tool's schema at start-up. TestNamesRoundTrip holds the two lists
// together.
func Lookup[Name string | []byte](name Name) (Keyword, bool) {
	switch string(name) {
	case "$schema":
		return SchemaURI, true
	case "$ref":
		return Ref, true
	case "type":
		return Type, true
	case "description":
		return Description, true
	case "anyOf":
		return AnyOf, true
	case "enum":
		return Enum, true
	case "format":
		return Format, true
	case "pattern":
		return Pattern, true
	case "minimum":
		return Minimum, true
	case "maximum":
		return Maximum, true
	case "minLength":
		return MinLength, true
	case "maxLength":
		return MaxLength, true
	case "minItems":
		return MinItems, true
	case "maxItems":
		return MaxItems, true
	case "items":
		return Items, true
	case "properties":
		return Properties, true
	case "required":
		return Required, true
	case "additionalProperties":
		return AdditionalProperties, true
	case "contentEncoding":
		return ContentEncoding, true
	case "default":
		return Default, true
	case "examples":
		return Examples, true
	case "x-mcp-header":
		return XMCPHeader, true
	case "$defs":
		return Defs, true
	}
	return 0, false
}

// Set is a set of keywords.
type Set uint32

// A Set holds every keyword: this fails to compile when there are more
// keywords than bits.
const _ = Set(1 << (Count - 1))

// Has reports whether k is in s.
func (s Set) Has(k Keyword) bool { return s&(1<<k) != 0 }

// With is s and k.
func (s Set) With(k Keyword) Set { return s | 1<<k }

// Without is s less k.
func (s Set) Without(k Keyword) Set { return s &^ (1 << k) }

// All yields the keywords of s in writing order.
func (s Set) All() iter.Seq[Keyword] {
	return func(yield func(Keyword) bool) {
		for rest := s; rest != 0; rest &= rest - 1 {
			if !yield(Keyword(bits.TrailingZeros32(uint32(rest)))) {
				return
			}
		}
	}
}

// Names is the names of s's keywords in writing order, separated by
// commas: for messages.
func (s Set) Names() string {
	var names []string
	for k := range s.All() {
		names = append(names, k.Name())
	}
	return strings.Join(names, ", ")
}

// InDirective is the set of keywords a //toolgen:schema directive may use.
func InDirective() Set { return directiveSet }

// Fated is the set of keywords whose fate in dialect d is f.
func Fated(d Dialect, f Fate) Set { return fated[d][f] }

var directiveSet, fated = func() (directive Set, fated [Gemini + 1][Refused + 1]Set) {
	for k := range Keyword(Count) {
		if k.Directive() {
			directive = directive.With(k)
		}
		for _, d := range []Dialect{Strict, Gemini} {
			fated[d][k.In(d)] = fated[d][k.In(d)].With(k)
		}
	}
	return directive, fated
}()
