package mcpgen

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/dave/jennifer/jen"
)

// schema is the part of a JSON Schema the generator reads: keywords of the
// keyword table (internal/keyword), which its tests check the tags against.
// A server's other keywords are ignored.
type schema struct {
	Type        json.RawMessage    `json:"type"`
	Description string             `json:"description"`
	Properties  map[string]*schema `json:"properties"`
	Required    []string           `json:"required"`
	Items       *schema            `json:"items"`
	Enum        []json.RawMessage  `json:"enum"`
}

// parseObject reads a tool's input schema; a missing one is an empty object.
func parseObject(raw json.RawMessage) (*schema, error) {
	s := &schema{}
	if len(raw) == 0 || string(raw) == "null" {
		return s, nil
	}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("inputSchema: %w", err)
	}
	if t := s.typeName(); t != "object" && t != "" {
		return nil, fmt.Errorf("inputSchema is of type %q, not object", t)
	}
	return s, nil
}

// typeName is the schema's single non-null type, or "" when it has none or
// several.
func (s *schema) typeName() string {
	if s == nil || len(s.Type) == 0 {
		return ""
	}
	var one string
	if json.Unmarshal(s.Type, &one) == nil {
		return one
	}
	var many []string
	if json.Unmarshal(s.Type, &many) != nil {
		return ""
	}
	kept := ""
	for _, t := range many {
		if t == "null" {
			continue
		}
		if kept != "" {
			return ""
		}
		kept = t
	}
	return kept
}

// field is one property of an argument struct.
type field struct {
	name, goName, doc string
	required          bool
	kind              kind
	items             kind        // element shape, for kindSlice
	enum              []string    // allowed strings, for kindString
	sub               *objectType // the struct of kindStruct, or of kindSlice's elements
}

// objectType is a generated struct for a nested object with properties.
type objectType struct {
	name, what string // its Go name; what it is, for its doc comment
	fields     []field
}

// maxDepth bounds how deep nested objects become structs; deeper ones are
// maps.
const maxDepth = 6

// kind is the Go shape of a property.
type kind int

const (
	kindRaw kind = iota // json.RawMessage
	kindString
	kindInt
	kindFloat
	kindBool
	kindMap
	kindSlice
	kindStruct // an object with properties: a generated struct
)

// fields lists the object's properties in name order; nested objects with
// properties become structs named after parent and field.
func (s *schema) fields(parent string, types *namer, depth int) []field {
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	goNames := newNamer()
	out := make([]field, 0, len(names))
	for _, n := range names {
		p := s.Properties[n]
		fd := field{name: n, goName: goNames.name(n), required: required[n], kind: kindOf(p)}
		if p != nil {
			fd.doc = p.Description
			switch fd.kind {
			case kindString:
				fd.enum = stringEnum(p.Enum)
			case kindSlice:
				fd.items = itemKind(p.Items)
				if hasProperties(p.Items) && depth < maxDepth {
					fd.items = kindStruct
					name := types.name(parent + fd.goName + "Item")
					fd.sub = &objectType{name: name, what: "an element of " + n, fields: p.Items.fields(name, types, depth+1)}
				}
			case kindMap:
				if hasProperties(p) && depth < maxDepth {
					fd.kind = kindStruct
					name := types.name(parent + fd.goName)
					fd.sub = &objectType{name: name, what: n, fields: p.fields(name, types, depth+1)}
				}
			}
		}
		out = append(out, fd)
	}
	return out
}

// kindOf maps a property's JSON type to a Go shape.
func kindOf(p *schema) kind {
	switch p.typeName() {
	case "string":
		return kindString
	case "integer":
		return kindInt
	case "number":
		return kindFloat
	case "boolean":
		return kindBool
	case "object":
		return kindMap
	case "array":
		return kindSlice
	}
	return kindRaw
}

// hasProperties reports whether s is an object schema with properties.
func hasProperties(s *schema) bool {
	return s != nil && s.typeName() == "object" && len(s.Properties) > 0
}

// itemKind is the Go shape of an array's elements: scalars keep their
// type, anything else is any.
func itemKind(items *schema) kind {
	switch k := kindOf(items); k {
	case kindString, kindInt, kindFloat, kindBool:
		return k
	}
	return kindRaw
}

// stringEnum is the enum's values when all are strings.
func stringEnum(enum []json.RawMessage) []string {
	var out []string
	for _, e := range enum {
		var s string
		if json.Unmarshal(e, &s) != nil {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// scalar reports whether optional values of the field are pointers.
func (fd field) scalar() bool {
	return fd.kind == kindString || fd.kind == kindInt || fd.kind == kindFloat || fd.kind == kindBool || fd.kind == kindStruct
}

// baseType is the field's Go type, not counting optional pointers.
func (fd field) baseType() *jen.Statement {
	if fd.kind == kindSlice {
		if fd.items == kindRaw {
			return jen.Index().Any()
		}
		return jen.Index().Add(field{kind: fd.items, sub: fd.sub}.baseType())
	}
	if fd.kind == kindStruct {
		return jen.Id(fd.sub.name)
	}
	switch fd.kind {
	case kindString:
		return jen.String()
	case kindInt:
		return jen.Int64()
	case kindFloat:
		return jen.Float64()
	case kindBool:
		return jen.Bool()
	case kindMap:
		return jen.Map(jen.String()).Any()
	}
	return jen.Qual("encoding/json", "RawMessage")
}

// goType is the field's Go type: optional scalars are pointers.
func (fd field) goType() *jen.Statement {
	if !fd.required && fd.scalar() {
		return jen.Op("*").Add(fd.baseType())
	}
	return fd.baseType()
}

// tag is the field's json tag.
func (fd field) tag() string {
	if fd.required {
		return fd.name
	}
	return fd.name + ",omitempty"
}

// checks adds the field's checks to Validate.
func (fd field) checks(g *jen.Group, args string) {
	sel := jen.Id("a").Dot(fd.goName)
	if fd.required && !fd.scalar() {
		g.If(jen.Add(sel).Op("==").Nil()).Block(jen.Return(jen.Qual("errors", "New").Call(
			jen.Lit(fmt.Sprintf("%s: %s is required", args, fd.name)))))
	}
	fd.nestedChecks(g)
	if len(fd.enum) == 0 {
		return
	}
	val := jen.Id("a").Dot(fd.goName)
	cond := jen.Null()
	if !fd.required {
		val = jen.Op("*").Id("a").Dot(fd.goName)
		cond = jen.Id("a").Dot(fd.goName).Op("!=").Nil().Op("&&")
	}
	cases := make([]jen.Code, len(fd.enum))
	for i, e := range fd.enum {
		cases[i] = jen.Lit(e)
	}
	g.If(jen.Add(cond).Op("!").Qual("slices", "Contains").Call(jen.Index().String().Values(cases...), val)).Block(
		jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit(fmt.Sprintf("%s: %s is %%q, not one of %s", args, fd.name, quoteList(fd.enum))), val)),
	)
}

// nestedChecks validates nested structs: the field's, or each element's.
func (fd field) nestedChecks(g *jen.Group) {
	validate := func(v jen.Code) *jen.Statement {
		return jen.If(jen.Err().Op(":=").Add(v).Dot("Validate").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err()))
	}
	sel := jen.Id("a").Dot(fd.goName)
	switch {
	case fd.kind == kindStruct && fd.required:
		g.Add(validate(sel))
	case fd.kind == kindStruct:
		g.If(jen.Add(sel).Op("!=").Nil()).Block(validate(jen.Id("a").Dot(fd.goName)))
	case fd.kind == kindSlice && fd.items == kindStruct:
		g.For(jen.List(jen.Id("_"), jen.Id("v")).Op(":=").Range().Add(sel)).Block(validate(jen.Id("v")))
	}
}

// quoteList is the values quoted and joined by commas.
func quoteList(vs []string) string {
	b, _ := json.Marshal(vs)
	return string(b)
}
