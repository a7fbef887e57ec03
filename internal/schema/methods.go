package schema

import "github.com/toolgen-dev/toolgen/internal/model"

// direction is the type whose form the builder's schema describes.
func (b *builder) direction(t *model.Type) *model.Type { return Direction(t, b.output) }

// Direction is the type whose form a value of t takes as an argument or,
// when output, in a result: a KindJSON type's shape in the direction it
// has no method for (input without UnmarshalJSON, output without
// MarshalJSON or MarshalText), else t.
func Direction(t *model.Type, output bool) *model.Type {
	if t.Kind != model.KindJSON || t.Shape == nil {
		return t
	}
	if output && !t.MarshalJSON && !t.TextMarshaler || !output && !t.UnmarshalJSON {
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
