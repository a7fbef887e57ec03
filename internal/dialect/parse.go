package dialect

import (
	"bytes"
	"errors"
	"math"

	"github.com/toolgen-dev/toolgen/internal/keyword"
	"github.com/toolgen-dev/toolgen/internal/wire"
)

// schema is one schema of the input, in the shape of the generator's
// model.Schema: every keyword of the table (internal/keyword) it can hold,
// scalars as their text in the input, so that writing it back gives the
// generator's own bytes.
type schema struct {
	// has is the keywords written back: those of the input, less those
	// empty ("" or []) that model.Schema omits, less those a dialect drops.
	has keyword.Set
	// text is the value of each keyword of a scalar kind (a string, a
	// number, a type, any value, an array of values), as written.
	text  [keyword.Count]span
	flags uint8 // facts about type and format, decoded
	nEnum int   // how many values enum has

	// The keywords that hold schemas, and required: what the dialects
	// work on.
	anyOf      []*schema
	items      *schema
	props      []prop
	required   []str
	additional *schema // additionalProperties' schema; nil when it is false
	defs       []prop
}

// The flags of a schema.
const (
	isObject     = 1 << iota // type is "object" (not ["object", "null"])
	isString                 // type is "string"
	strictFormat             // format is one strict mode supports
	geminiFormat             // format is one Gemini supports
)

// span is a keyword's value: where its text is in the input (compact or
// not; the writer compacts it).
type span struct{ lo, hi int32 }

// str is a JSON string: raw (with quotes and escapes, as written) and
// decoded.
type str struct{ raw, dec []byte }

// prop is one member of properties or $defs.
type prop struct {
	name   str
	s      *schema
	orNull bool // written as s or null (strict mode's optional properties)
}

// parser reads one JSON text into schemas, through wire's Scanner.
type parser struct {
	sc   wire.Scanner
	path pathStack
	slab []schema // where new schemas come from, allocated at once
}

// parse reads data, a JSON object, into a schema.
func parse(data []byte) (*schema, error) {
	if len(data) > math.MaxInt32 {
		return nil, errors.New("a schema of more than 2 GiB")
	}
	p := &parser{}
	p.sc.Reset(data)
	// One schema per object of the input, at most: one allocation.
	p.slab = make([]schema, bytes.Count(data, []byte{'{'}))
	p.sc.Space()
	s, err := p.schema()
	if err != nil {
		return nil, err
	}
	p.sc.Space()
	if p.sc.Pos() < len(data) {
		return nil, &wire.SyntaxError{Offset: p.sc.Pos(), What: "text after the schema"}
	}
	return s, nil
}

// notA reads the value at the scanner's position and reports that it is
// not what.
func (p *parser) notA(what string) error {
	if err := p.sc.Skip(); err != nil {
		return err
	}
	return p.bad("not " + what)
}

// bad reports a schema that model.Schema could not hold.
func (p *parser) bad(what string) error {
	return errors.New(what + " at " + p.path.String())
}

// spanFrom is the span from start to the scanner's position.
func (p *parser) spanFrom(start int) span { return span{int32(start), int32(p.sc.Pos())} }

// schema reads one schema (at the scanner's position, after whitespace).
func (p *parser) schema() (*schema, error) {
	if p.sc.Kind() != wire.KindObject {
		return nil, p.notA("a schema (an object)")
	}
	var s *schema
	if len(p.slab) > 0 {
		s, p.slab = &p.slab[0], p.slab[1:]
	} else {
		s = &schema{}
	}
	var seen keyword.Set
	err := p.sc.Object(func(raw, dec []byte) error {
		k, ok := keyword.Lookup(dec)
		if ok && seen.Has(k) {
			return p.bad("keyword " + string(raw) + " twice")
		}
		p.path.push(dec)
		defer p.path.pop()
		if !ok {
			return p.bad("unknown keyword " + string(raw))
		}
		seen = seen.With(k)
		empty, err := p.keyword(s, k)
		if !empty || k.WritesEmpty() { // model.Schema omits the others empty
			s.has = s.has.With(k)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// keyword reads the value of keyword k into s, and reports whether it is
// empty ("", [] or {}). The keywords that hold schemas, and required, go
// to the fields the dialects work on; the others are read by their kind,
// as their text.
func (p *parser) keyword(s *schema, k keyword.Keyword) (empty bool, err error) {
	switch k {
	case keyword.AnyOf:
		err = p.sc.Array(func(i int) error {
			p.path.pushIndex(i)
			defer p.path.pop()
			sub, err := p.schema()
			s.anyOf = append(s.anyOf, sub)
			return err
		})
		return len(s.anyOf) == 0, err
	case keyword.Items:
		s.items, err = p.schema()
		return false, err
	case keyword.Properties:
		s.props, err = p.schemaMap()
		return len(s.props) == 0, err
	case keyword.Defs:
		s.defs, err = p.schemaMap()
		return len(s.defs) == 0, err
	case keyword.Required:
		err = p.required(s)
		return len(s.required) == 0, err
	case keyword.AdditionalProperties:
		return false, p.additional(s)
	}
	start := p.sc.Pos()
	empty, err = p.scalar(s, k)
	s.text[k] = p.spanFrom(start)
	return empty, err
}

// scalar reads the value of k, which holds no schema, by its kind.
func (p *parser) scalar(s *schema, k keyword.Keyword) (empty bool, err error) {
	switch kind := k.Kind(); kind {
	case keyword.KindString:
		return p.string(s, k)
	case keyword.KindType:
		return p.typ(s)
	case keyword.KindCount:
		return false, p.count()
	case keyword.KindNumber:
		if p.sc.Kind() != wire.KindNumber {
			return false, p.notA(kind.String())
		}
		_, _, err := p.sc.Number()
		return false, err
	case keyword.KindAny:
		return false, p.sc.Skip()
	case keyword.KindValues:
		return p.values(s, k)
	}
	// A keyword added to the table with a kind read only above: the
	// tests catch it.
	return false, p.bad("keyword " + k.Name() + " (" + k.Kind().String() + ") has no reader")
}

// string reads a string; it notes whether a format is one a dialect
// supports.
func (p *parser) string(s *schema, k keyword.Keyword) (empty bool, err error) {
	if p.sc.Kind() != wire.KindString {
		return false, p.notA(keyword.KindString.String())
	}
	_, v, err := p.sc.String()
	if err != nil {
		return false, err
	}
	if k == keyword.Format {
		if contains(strictFormats, v) {
			s.flags |= strictFormat
		}
		if contains(geminiFormats, v) {
			s.flags |= geminiFormat
		}
	}
	return len(v) == 0, nil
}

// count reads a non-negative integer.
func (p *parser) count() error {
	if p.sc.Kind() != wire.KindNumber {
		return p.notA(keyword.KindCount.String())
	}
	literal, integer, err := p.sc.Number()
	if err != nil {
		return err
	}
	if !integer || literal[0] == '-' {
		return p.bad("not " + keyword.KindCount.String())
	}
	return nil
}

// values reads an array of values (enum, examples), and counts them.
func (p *parser) values(s *schema, k keyword.Keyword) (empty bool, err error) {
	if p.sc.Kind() != wire.KindArray {
		return false, p.notA(keyword.KindValues.String())
	}
	n := 0
	if err := p.sc.Array(func(int) error { n++; return p.sc.Skip() }); err != nil {
		return false, err
	}
	if k == keyword.Enum {
		s.nEnum = n
	}
	return n == 0, nil
}

// schemaMap reads an object of schemas (properties, $defs).
func (p *parser) schemaMap() ([]prop, error) {
	var props []prop
	err := p.sc.Object(func(raw, dec []byte) error {
		p.path.push(dec)
		defer p.path.pop()
		sub, err := p.schema()
		props = append(props, prop{name: str{raw, dec}, s: sub})
		return err
	})
	return props, err
}

// required reads required: an array of strings.
func (p *parser) required(s *schema) error {
	return p.sc.Array(func(int) error {
		if p.sc.Kind() != wire.KindString {
			return p.notA("a string in required")
		}
		raw, dec, err := p.sc.String()
		if err != nil {
			return err
		}
		s.required = append(s.required, str{raw, dec})
		return nil
	})
}

// additional reads additionalProperties: false or a schema.
func (p *parser) additional(s *schema) error {
	want := keyword.KindFalseOrSchema.String()
	switch p.sc.Kind() {
	case wire.KindBool:
		start := p.sc.Pos()
		if err := p.sc.Skip(); err != nil {
			return err
		}
		if p.sc.Pos()-start != len("false") {
			return p.bad("not " + want)
		}
		return nil
	case wire.KindObject:
		var err error
		s.additional, err = p.schema()
		return err
	}
	return p.notA(want)
}

// typ reads the type keyword: a name, or [name, "null"].
func (p *parser) typ(s *schema) (empty bool, err error) {
	switch p.sc.Kind() {
	case wire.KindString:
		_, v, err := p.sc.String()
		if err != nil {
			return false, err
		}
		switch string(v) {
		case "object":
			s.flags |= isObject
		case "string":
			s.flags |= isString
		}
		return len(v) == 0, nil
	case wire.KindArray:
		var names [][]byte
		err := p.sc.Array(func(int) error {
			if p.sc.Kind() != wire.KindString {
				return p.notA("a type name")
			}
			_, v, err := p.sc.String()
			names = append(names, v)
			return err
		})
		if err != nil {
			return false, err
		}
		if len(names) != 2 || string(names[1]) != "null" {
			return false, p.bad(`a type that is neither a name nor [name, "null"]`)
		}
		return false, nil
	}
	return false, p.notA(keyword.KindType.String())
}
