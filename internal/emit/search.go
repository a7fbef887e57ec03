package emit

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// SearchTerms is a tool's entry in the search index, which generated code
// hands to toolimpl.StaticTools or Tools beside the tool: its name, namespace and description, and what its input
// schema says of the arguments (property names, descriptions, enum values).
// The schema is read from the model, the same tree the generated JSON is
// written from, so the entry is the one textindex.Tool makes at run time of
// the generated tool's fields; internal/generate's tests check it.
func SearchTerms(t *model.Tool) string {
	var b textindex.Builder
	b.AddTool(t.Name, t.Namespace, t.Doc)
	addSchemaTerms(&b, t.InputSchema)
	return b.Entry()
}

// addSchemaTerms walks a schema as textindex.Builder.AddSchema walks its
// JSON text: the keywords model.Schema can hold that hold text or schemas.
func addSchemaTerms(b *textindex.Builder, s *model.Schema) {
	if s == nil {
		return
	}
	b.Add(textindex.ParamDescription, s.Description)
	for _, v := range s.Enum {
		addEnumTerms(b, v)
	}
	if s.Properties != nil {
		for _, p := range *s.Properties {
			b.Add(textindex.ParamName, p.Name)
			addSchemaTerms(b, p.Schema)
		}
	}
	addSchemaTerms(b, s.Items)
	for _, a := range s.AnyOf {
		addSchemaTerms(b, a)
	}
	if s.Additional != nil {
		addSchemaTerms(b, s.Additional.Schema)
	}
	for _, d := range s.Defs {
		addSchemaTerms(b, d.Schema)
	}
}

// addEnumTerms adds an enum value that is a string (its text) or a number
// (its literal).
func addEnumTerms(b *textindex.Builder, v model.RawJSON) {
	switch {
	case v == "":
	case v[0] == '"':
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			b.Add(textindex.EnumValue, s)
		}
	case v[0] == '-' || '0' <= v[0] && v[0] <= '9':
		b.Add(textindex.EnumValue, string(v))
	}
}
