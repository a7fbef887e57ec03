package schema

import "github.com/toolgen-dev/toolgen/internal/model"

// direction is the type whose form a schema describes: a KindJSON type's
// shape in the direction it has no method for (input without UnmarshalJSON,
// output without MarshalJSON or MarshalText), else t.
func (b *builder) direction(t *model.Type) *model.Type {
	if t.Kind != model.KindJSON || t.Shape == nil {
		return t
	}
	if b.output && !t.MarshalJSON && !t.TextMarshaler || !b.output && !t.UnmarshalJSON {
		return t.Shape.Base()
	}
	return t
}

// methodsSchema is the schema of what a type's methods read or write: the
// stated one, else a string for text methods and {} (anything) for JSON
// methods.
func (b *builder) methodsSchema(t *model.Type) *model.Schema {
	textOut := b.output && !t.MarshalJSON // KindJSON writing with MarshalText
	switch {
	case t.Schema != "":
		return mustParse(t.Schema)
	case t.Kind == model.KindText || textOut:
		return &model.Schema{Type: "string"}
	}
	return &model.Schema{}
}
