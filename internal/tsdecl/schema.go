package tsdecl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// fromSchema is the type of a value a //toolgen:schema (or toolgen's table
// of standard library types) states the form of: the schema's types,
// enums, arrays, objects and anyOf, said in TypeScript. What TypeScript
// has no type for (a $ref, a pattern, a bound) is left to the schema,
// which the decoder checks: the type is the wider one (unknown for a
// $ref).
func (d *decls) fromSchema(s *model.Schema) string {
	switch {
	case s.Ref != "":
		return "unknown"
	case len(s.Enum) > 0:
		lits := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			lits[i] = string(v)
		}
		return strings.Join(lits, " | ")
	case len(s.AnyOf) > 0:
		alts := make([]string, len(s.AnyOf))
		for i, a := range s.AnyOf {
			alts[i] = d.fromSchema(a)
		}
		return strings.Join(slices.Compact(alts), " | ")
	}
	name, nullable := strings.CutSuffix(string(s.Type), " or null")
	t := d.schemaType(s, name)
	if nullable {
		return orNull(t)
	}
	return t
}

// schemaType is the TypeScript type of a schema of JSON type name.
func (d *decls) schemaType(s *model.Schema, name string) string {
	switch name {
	case "string":
		if s.Format == "date-time" {
			return d.expr(&model.Type{Kind: model.KindTime}, input)
		}
		return "string"
	case "integer":
		return d.integer()
	case "number", "boolean", "null":
		return name
	case "array":
		if s.Items == nil {
			return "unknown[]"
		}
		return arrayOf(d.fromSchema(s.Items))
	case "object":
		return d.schemaObject(s)
	}
	return "unknown"
}

// schemaObject is an object schema's type: its properties, or a record of
// its additional properties.
func (d *decls) schemaObject(s *model.Schema) string {
	if s.Properties == nil || len(*s.Properties) == 0 {
		if s.Additional != nil && s.Additional.Schema != nil {
			return fmt.Sprintf("Record<string, %s>", d.fromSchema(s.Additional.Schema))
		}
		return "Record<string, unknown>"
	}
	members := make([]string, len(*s.Properties))
	for i, p := range *s.Properties {
		name := property(p.Name)
		if !slices.Contains(s.Required, p.Name) {
			name += "?"
		}
		members[i] = name + ": " + d.fromSchema(p.Schema)
	}
	return "{ " + strings.Join(members, "; ") + " }"
}
