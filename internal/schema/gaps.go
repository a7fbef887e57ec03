package schema

import (
	"errors"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/dialect"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// gapsOf turns the error of a dialect's derivation into the tool's gaps:
// each place the dialect cannot say, with the argument it is in, the way
// out and a position (the argument's, else the tool's).
func gapsOf(t *model.Tool, d model.Dialect, err error) []model.Gap {
	var missing *dialect.Missing
	if !errors.As(err, &missing) {
		// Not a schema toolgen writes: a bug, said as it is.
		return []model.Gap{{Dialect: d, Reason: err.Error(), Fix: "report it as a toolgen bug", Pos: t.Pos}}
	}
	out := make([]model.Gap, 0, len(missing.Gaps))
	for _, g := range missing.Gaps {
		gap := model.Gap{Dialect: d, Pointer: g.Pointer, Reason: g.What, Pos: t.Pos}
		field := argumentOf(t, g.Pointer)
		if field != nil {
			gap.Param = field.JSONName
			gap.Pos = field.Pos
		}
		gap.Fix = fix(t, g, field)
		out = append(out, gap)
	}
	return out
}

// argumentOf is the member of t's input that pointer (into the input
// schema) is in, or nil.
func argumentOf(t *model.Tool, pointer string) *model.Field {
	name, ok := strings.CutPrefix(pointer, "/properties/")
	if !ok || t.Input == nil {
		return nil
	}
	name, _, _ = strings.Cut(name, "/")
	name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
	for _, f := range t.Input.Fields {
		if f.JSONName == name {
			return f
		}
	}
	return nil
}

// flatParams reports whether t's arguments are its parameters (options go
// in doc items) rather than one struct's fields (options go in tags).
func flatParams(t *model.Tool) bool {
	for _, p := range t.Params {
		if p.Kind == model.ParamStruct {
			return false
		}
	}
	return true
}

// fix says the way out of a gap, in the terms of the Go source.
func fix(t *model.Tool, g dialect.Gap, field *model.Field) string {
	switch g.Reason {
	case dialect.ReasonMap:
		return mapFix(t, g.Pointer, field)
	case dialect.ReasonAny:
		return "give the value a concrete Go type, or state its type's schema with //toolgen:schema"
	case dialect.ReasonDepth:
		return "nest objects at most 10 levels deep (flatten the argument types)"
	case dialect.ReasonEnumSize:
		return "take a plain string and check the value in the tool, or split the enum"
	case dialect.ReasonProperties:
		return "split the tool into tools that take fewer arguments"
	case dialect.ReasonEnumType:
		return "make the enum a named string type with string constants"
	case dialect.ReasonRecursive:
		return "replace the recursive type with a flat shape (a list of nodes that name their parent, say)"
	case dialect.ReasonRootUnion:
		return "make the input an object"
	case dialect.ReasonKeywords:
		return "leave those keywords out of the //toolgen:schema"
	}
	return "none known"
}

// mapFix is the way out for a map: the entries option where the map is a
// member (a parameter or a struct field), else a slice of key/value
// structs in its place.
func mapFix(t *model.Tool, pointer string, field *model.Field) string {
	const form = ` to send the map as an array of {"key": …, "value": …} objects, which the tool reads back into the map`
	i := strings.LastIndex(pointer, "/")
	isMember := i >= 0 && strings.HasSuffix(pointer[:i], "/properties") && !strings.HasPrefix(pointer, "/$defs/")
	// The map is the argument field itself when its pointer is
	// /properties/name (a token escapes any / of the name).
	isArgument := field != nil && strings.Count(pointer, "/") == 2
	switch {
	case !isMember:
		return "use a slice of structs with key and value fields in place of the map"
	case isArgument && flatParams(t):
		return `add the entries option to the parameter's doc item ("- ` + field.JSONName + ` entries: …")` + form
	case isArgument:
		return `add toolgen:"entries" to the field's tag` + form
	}
	return `add toolgen:"entries" to the tag of the struct field holding the map` + form
}
