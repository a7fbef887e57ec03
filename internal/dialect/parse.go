package dialect

import (
	"bytes"
	"errors"
	"math"

	"github.com/toolgen-dev/toolgen/internal/wire"
)

// schema is one schema of the input, in the shape of the generator's
// model.Schema: every keyword it can hold, scalars as their text in the
// input, so that writing it back gives the generator's own bytes. Keywords
// that model.Schema omits when empty ("" or []) are absent here too.
type schema struct {
	schemaURI, ref, description, format, pattern, contentEnc span // strings

	typ   span  // "name" or ["name","null"]
	flags uint8 // facts about type and format, decoded

	anyOf                []*schema
	enum                 span // an array
	nEnum                int
	minimum, maximum     span // any values
	minLength, maxLength span // integers
	minItems, maxItems   span
	items                *schema
	hasProps             bool // properties present, even if empty
	props                []prop
	required             []str
	additional           *additional
	def                  span // any value
	examples             span // an array
	defs                 []prop
}

// The flags of a schema.
const (
	isObject     = 1 << iota // type is "object" (not ["object", "null"])
	isString                 // type is "string"
	strictFormat             // format is one strict mode supports
	geminiFormat             // format is one Gemini supports
)

// span is a keyword's value: where its text is in the input (compact or
// not; the writer compacts it). The zero span is an absent keyword.
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

// additional is additionalProperties: false (s nil) or a schema.
type additional struct{ s *schema }

// The keywords of model.Schema, as bits of a set.
const (
	kSchema = 1 << iota
	kRef
	kType
	kDescription
	kAnyOf
	kEnum
	kFormat
	kPattern
	kMinimum
	kMaximum
	kMinLength
	kMaxLength
	kMinItems
	kMaxItems
	kItems
	kProperties
	kRequired
	kAdditional
	kContentEnc
	kDefault
	kExamples
	kDefs
)

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

// keyword is the keyword named name, or 0.
func keyword(name []byte) int {
	switch string(name) {
	case "$schema":
		return kSchema
	case "$ref":
		return kRef
	case "type":
		return kType
	case "description":
		return kDescription
	case "anyOf":
		return kAnyOf
	case "enum":
		return kEnum
	case "format":
		return kFormat
	case "pattern":
		return kPattern
	case "minimum":
		return kMinimum
	case "maximum":
		return kMaximum
	case "minLength":
		return kMinLength
	case "maxLength":
		return kMaxLength
	case "minItems":
		return kMinItems
	case "maxItems":
		return kMaxItems
	case "items":
		return kItems
	case "properties":
		return kProperties
	case "required":
		return kRequired
	case "additionalProperties":
		return kAdditional
	case "contentEncoding":
		return kContentEnc
	case "default":
		return kDefault
	case "examples":
		return kExamples
	case "$defs":
		return kDefs
	}
	return 0
}

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
	seen := 0
	err := p.sc.Object(func(raw, dec []byte) error {
		key := str{raw, dec}
		k := keyword(key.dec)
		if k == 0 {
			p.path.push(key.dec)
			err := p.bad("unknown keyword " + string(key.raw))
			p.path.pop()
			return err
		}
		if seen&k != 0 {
			return p.bad("keyword " + string(key.raw) + " twice")
		}
		seen |= k
		return p.keyword(s, k, key)
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// keyword reads the value of keyword k into s.
func (p *parser) keyword(s *schema, k int, key str) error {
	p.path.push(key.dec)
	defer p.path.pop()
	switch k {
	case kSchema, kRef, kDescription, kFormat, kPattern, kContentEnc:
		if p.sc.Kind() != wire.KindString {
			return p.notA("a string")
		}
		start := p.sc.Pos()
		_, v, err := p.sc.String()
		if err != nil {
			return err
		}
		if len(v) == 0 {
			return nil // model.Schema omits an empty string
		}
		sp := p.spanFrom(start)
		switch k {
		case kSchema:
			s.schemaURI = sp
		case kRef:
			s.ref = sp
		case kDescription:
			s.description = sp
		case kFormat:
			s.format = sp
			if contains(strictFormats, v) {
				s.flags |= strictFormat
			}
			if contains(geminiFormats, v) {
				s.flags |= geminiFormat
			}
		case kPattern:
			s.pattern = sp
		case kContentEnc:
			s.contentEnc = sp
		}
		return nil
	case kType:
		return p.typ(s)
	case kAnyOf:
		return p.sc.Array(func(i int) error {
			p.path.pushIndex(i)
			defer p.path.pop()
			sub, err := p.schema()
			s.anyOf = append(s.anyOf, sub)
			return err
		})
	case kEnum, kExamples:
		if p.sc.Kind() != wire.KindArray {
			return p.notA("an array")
		}
		start, n := p.sc.Pos(), 0
		if err := p.sc.Array(func(int) error { n++; return p.sc.Skip() }); err != nil {
			return err
		}
		if n == 0 {
			return nil // model.Schema omits an empty list
		}
		sp := p.spanFrom(start)
		if k == kEnum {
			s.enum, s.nEnum = sp, n
		} else {
			s.examples = sp
		}
		return nil
	case kMinimum, kMaximum, kDefault:
		start := p.sc.Pos()
		if err := p.sc.Skip(); err != nil {
			return err
		}
		v := p.spanFrom(start)
		switch k {
		case kMinimum:
			s.minimum = v
		case kMaximum:
			s.maximum = v
		default:
			s.def = v
		}
		return nil
	case kMinLength, kMaxLength, kMinItems, kMaxItems:
		if p.sc.Kind() != wire.KindNumber {
			return p.notA("an integer")
		}
		start := p.sc.Pos()
		_, integer, err := p.sc.Number()
		if err != nil {
			return err
		}
		if !integer {
			return p.bad("not an integer")
		}
		v := p.spanFrom(start)
		switch k {
		case kMinLength:
			s.minLength = v
		case kMaxLength:
			s.maxLength = v
		case kMinItems:
			s.minItems = v
		default:
			s.maxItems = v
		}
		return nil
	case kItems:
		sub, err := p.schema()
		s.items = sub
		return err
	case kProperties, kDefs:
		var props []prop
		err := p.sc.Object(func(raw, dec []byte) error {
			p.path.push(dec)
			defer p.path.pop()
			sub, err := p.schema()
			props = append(props, prop{name: str{raw, dec}, s: sub})
			return err
		})
		if err != nil {
			return err
		}
		if k == kProperties {
			s.hasProps, s.props = true, props
		} else {
			s.defs = props
		}
		return nil
	case kRequired:
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
	case kAdditional:
		switch p.sc.Kind() {
		case wire.KindBool:
			start := p.sc.Pos()
			if err := p.sc.Skip(); err != nil {
				return err
			}
			if p.sc.Pos()-start != len("false") {
				return p.bad("not false or a schema")
			}
			s.additional = &additional{}
			return nil
		case wire.KindObject:
			sub, err := p.schema()
			s.additional = &additional{s: sub}
			return err
		}
		return p.notA("false or a schema")
	}
	return nil
}

// typ reads the type keyword: a name, or [name, "null"].
func (p *parser) typ(s *schema) error {
	start := p.sc.Pos()
	switch p.sc.Kind() {
	case wire.KindString:
		_, v, err := p.sc.String()
		if err != nil {
			return err
		}
		if len(v) > 0 {
			s.typ = p.spanFrom(start)
			switch string(v) {
			case "object":
				s.flags |= isObject
			case "string":
				s.flags |= isString
			}
		}
		return nil
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
			return err
		}
		if len(names) != 2 || string(names[1]) != "null" {
			return p.bad(`a type that is neither a name nor [name, "null"]`)
		}
		s.typ = p.spanFrom(start)
		return nil
	}
	return p.notA(`a type name or [name, "null"]`)
}
