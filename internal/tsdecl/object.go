package tsdecl

import (
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/schema"
)

// object is a struct's members as an object type: on one line when none
// has a comment, else a member a line, indented below indent.
//
//	{ city: string; days?: integer }
func (d *decls) object(s *model.Struct, dir direction, indent string) string {
	if len(s.Fields) == 0 {
		return "{}"
	}
	docs := make([][]string, len(s.Fields))
	members := make([]string, len(s.Fields))
	multiline := false
	for i, f := range s.Fields {
		docs[i], members[i] = d.member(f, dir, indent+"  ")
		multiline = multiline || len(docs[i]) > 0 || strings.Contains(members[i], "\n")
	}
	if !multiline {
		return "{ " + strings.Join(members, "; ") + " }"
	}
	var b strings.Builder
	b.WriteString("{\n")
	for i := range members {
		writeDoc(&b, indent+"  ", docs[i])
		b.WriteString(indent + "  " + members[i] + ";\n")
	}
	b.WriteString(indent + "}")
	return b.String()
}

// member is a field's comment lines and its member: name, "?" when a
// value may leave it out (an optional argument, a result's member that
// may be omitted), and type; "| null" where a pointer takes or gives null.
func (d *decls) member(f *model.Field, dir direction, indent string) ([]string, string) {
	optional := !f.Required
	if dir == output {
		optional = f.Type.Kind == model.KindPointer || f.OmitEmpty || f.OmitZero || f.BehindPointer()
	}
	t := schema.MemberType(f.Type)
	var typ string
	if base := schema.Direction(t.Base(), bool(dir)); f.Constraints.Entries && base.Kind == model.KindMap {
		typ = arrayOf(fmt.Sprintf("{ key: %s; value: %s }", d.expr(base.Key, dir), d.expr(base.Elem, dir)))
	} else if t.Base().Kind == model.KindStruct && t.Base().Name == "" {
		typ = d.object(t.Base().Struct, dir, indent)
	} else {
		typ = d.expr(t, dir)
	}
	if f.Type.Kind == model.KindPointer && !optional {
		typ = orNull(typ)
	}
	name := property(f.JSONName)
	if optional {
		name += "?"
	}
	return docLines(d.memberDoc(f), tags(f.Constraints)), name + ": " + typ
}

// memberDoc is a field's doc, unless it is only the doc of a type declared
// by name (its declaration says it), and the note of its type (what a
// time.Duration's number means).
func (d *decls) memberDoc(f *model.Field) string {
	base := f.Type.Base()
	doc := f.Doc
	if doc == base.Doc && base.Name != "" && declaredByName(base) {
		doc = ""
	}
	if base.Note != "" && !strings.Contains(doc, base.Note) {
		doc = strings.TrimSpace(doc + "\n" + base.Note)
	}
	return doc
}

// declaredByName reports whether a named type is declared as such, with
// its doc: structs, enums and unions.
func declaredByName(t *model.Type) bool {
	switch t.Kind {
	case model.KindStruct, model.KindEnum, model.KindUnion:
		return true
	}
	return false
}

// property is a member's name: as it is when it is an identifier, else
// quoted.
func property(name string) string {
	for i, r := range name {
		if !(r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return model.JSONString(name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}
