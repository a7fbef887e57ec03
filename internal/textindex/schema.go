package textindex

import "github.com/toolgen-dev/toolgen/internal/wire"

// Tool returns the entry of a tool from its fields: what the generator
// writes for it, and what a Toolbox makes of a tool that has none. An input schema that is not valid JSON counts as far as it reads.
func Tool(name, namespace, description string, inputSchema []byte) string {
	var b Builder
	b.AddTool(name, namespace, description)
	_ = b.AddSchema(inputSchema)
	return b.Entry()
}

// SetToolEntry is the func(*toolgen.Tool, string) that sets a tool's entry,
// an unexported field: package toolgen installs it, package toolimpl calls
// it with the entries generated code hands over (an any: no cycle).
var SetToolEntry any

// AddTool adds a tool's name, namespace and description.
func (b *Builder) AddTool(name, namespace, description string) {
	b.Add(Name, name)
	b.Add(Namespace, namespace)
	b.Add(Description, description)
}

// AddSchema adds what a JSON Schema text says of the arguments: the names
// of its properties, its descriptions, and its enum and const values that
// are strings or numbers, at any depth (see the package doc for the
// keywords walked). The names of $defs are types', not arguments', and are
// left out. It returns the first syntax error, having added what came
// before it.
func (b *Builder) AddSchema(schema []byte) error {
	var sc wire.Scanner
	sc.Reset(schema)
	sc.Space()
	return b.schema(&sc)
}

// schema reads one schema (anything but an object, such as true, is
// skipped).
func (b *Builder) schema(sc *wire.Scanner) error {
	if sc.Kind() != wire.KindObject {
		return sc.Skip()
	}
	return sc.Object(func(_, key []byte) error {
		switch string(key) {
		case "description":
			return b.value(sc, ParamDescription)
		case "enum":
			return b.array(sc, func() error { return b.value(sc, EnumValue) })
		case "const":
			return b.value(sc, EnumValue)
		case "properties":
			return b.members(sc, true)
		case "$defs", "definitions":
			return b.members(sc, false)
		case "items", "additionalProperties":
			if sc.Kind() == wire.KindArray { // items as an array, before 2020-12
				return b.array(sc, func() error { return b.schema(sc) })
			}
			return b.schema(sc)
		case "anyOf", "oneOf", "allOf", "prefixItems":
			return b.array(sc, func() error { return b.schema(sc) })
		}
		return sc.Skip()
	})
}

// members reads an object of schemas, adding their names when they are
// property names.
func (b *Builder) members(sc *wire.Scanner, names bool) error {
	if sc.Kind() != wire.KindObject {
		return sc.Skip()
	}
	return sc.Object(func(_, key []byte) error {
		if names {
			b.Add(ParamName, string(key))
		}
		return b.schema(sc)
	})
}

// array reads an array with elem, or skips a value that is not one.
func (b *Builder) array(sc *wire.Scanner, elem func() error) error {
	if sc.Kind() != wire.KindArray {
		return sc.Skip()
	}
	return sc.Array(func(int) error { return elem() })
}

// value adds a string's text or a number's literal; other values are
// skipped.
func (b *Builder) value(sc *wire.Scanner, f Field) error {
	switch sc.Kind() {
	case wire.KindString:
		_, text, err := sc.String()
		if err == nil {
			b.Add(f, string(text))
		}
		return err
	case wire.KindNumber:
		lit, _, err := sc.Number()
		if err == nil {
			b.Add(f, string(lit))
		}
		return err
	}
	return sc.Skip()
}
