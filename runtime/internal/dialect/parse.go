package dialect

import (
	"bytes"
	"errors"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
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

// maxNesting bounds the nesting of arrays and objects the parser follows,
// so that hostile input cannot make it recurse without end.
const maxNesting = 1000

// parser reads one JSON text into schemas.
type parser struct {
	data  []byte
	pos   int
	depth int
	path  pathStack
	slab  []schema // where new schemas come from, allocated at once
}

// parse reads data, a JSON object, into a schema.
func parse(data []byte) (*schema, error) {
	if len(data) > math.MaxInt32 {
		return nil, errors.New("a schema of more than 2 GiB")
	}
	p := &parser{data: data}
	// One schema per object of the input, at most: one allocation.
	p.slab = make([]schema, bytes.Count(data, []byte{'{'}))
	p.ws()
	s, err := p.schema()
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.pos < len(p.data) {
		return nil, p.syntax("text after the schema")
	}
	return s, nil
}

func (p *parser) syntax(what string) error {
	return errors.New("invalid JSON at offset " + strconv.Itoa(p.pos) + ": " + what)
}

// notA reads the value at p.pos and reports that it is not what.
func (p *parser) notA(what string) error {
	if err := p.value(); err != nil {
		return err
	}
	return p.bad("not " + what)
}

// bad reports a schema that model.Schema could not hold.
func (p *parser) bad(what string) error {
	return errors.New(what + " at " + p.path.String())
}

// ws skips whitespace and reports whether there was any.
func (p *parser) ws() bool {
	start := p.pos
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return p.pos > start
		}
	}
	return p.pos > start
}

func (p *parser) peek() byte {
	if p.pos < len(p.data) {
		return p.data[p.pos]
	}
	return 0
}

// expect consumes c (after whitespace).
func (p *parser) expect(c byte) error {
	p.ws()
	if p.peek() != c {
		if p.pos >= len(p.data) {
			return p.syntax("unexpected end, want " + strconv.QuoteRune(rune(c)))
		}
		return p.syntax("want " + strconv.QuoteRune(rune(c)))
	}
	p.pos++
	return nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > maxNesting {
		return p.syntax("nested too deeply")
	}
	return nil
}

// str reads a string (at p.pos, after whitespace).
func (p *parser) str() (str, error) {
	if p.peek() != '"' {
		return str{}, p.syntax("want a string")
	}
	start := p.pos
	p.pos++
	escaped := false
	for {
		if p.pos >= len(p.data) {
			return str{}, p.syntax("unterminated string")
		}
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			raw := p.data[start:p.pos]
			inner := raw[1 : len(raw)-1]
			if !utf8.Valid(inner) {
				return str{}, p.syntax("invalid UTF-8 in a string")
			}
			if !escaped {
				return str{raw: raw, dec: inner}, nil
			}
			return str{raw: raw, dec: unescape(inner)}, nil
		case c < 0x20:
			return str{}, p.syntax("control character in a string")
		case c == '\\':
			escaped = true
			if p.pos+1 >= len(p.data) {
				return str{}, p.syntax("unterminated string")
			}
			switch p.data[p.pos+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.pos += 2
			case 'u':
				if p.pos+6 > len(p.data) {
					return str{}, p.syntax("unterminated string")
				}
				for _, h := range p.data[p.pos+2 : p.pos+6] {
					if hexVal(h) < 0 {
						return str{}, p.syntax("invalid \\u escape")
					}
				}
				p.pos += 6
			default:
				return str{}, p.syntax("invalid escape")
			}
		default:
			p.pos++
		}
	}
}

func hexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// unescape decodes the inside of a valid JSON string, as encoding/json
// does (a lone surrogate becomes U+FFFD).
func unescape(in []byte) []byte {
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); {
		c := in[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		switch in[i+1] {
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r := hex4(in[i+2:])
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(in) && in[i] == '\\' && in[i+1] == 'u' {
					if r2 := utf16.DecodeRune(r, hex4(in[i+2:])); r2 != utf8.RuneError {
						r = r2
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
			continue
		default: // '"', '\\', '/'
			out = append(out, in[i+1])
		}
		i += 2
	}
	return out
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		r = r<<4 | rune(hexVal(c))
	}
	return r
}

// number reads a number and reports whether it is an integer (no fraction
// or exponent).
func (p *parser) number() (raw []byte, integer bool, err error) {
	start := p.pos
	if p.peek() == '-' {
		p.pos++
	}
	switch c := p.peek(); {
	case c == '0':
		p.pos++
	case '1' <= c && c <= '9':
		p.digits()
	default:
		return nil, false, p.syntax("invalid number")
	}
	integer = true
	if p.peek() == '.' {
		integer = false
		p.pos++
		if !p.digits() {
			return nil, false, p.syntax("invalid number")
		}
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		integer = false
		p.pos++
		if c := p.peek(); c == '+' || c == '-' {
			p.pos++
		}
		if !p.digits() {
			return nil, false, p.syntax("invalid number")
		}
	}
	return p.data[start:p.pos], integer, nil
}

func (p *parser) digits() bool {
	start := p.pos
	for p.pos < len(p.data) && '0' <= p.data[p.pos] && p.data[p.pos] <= '9' {
		p.pos++
	}
	return p.pos > start
}

// value reads any JSON value.
func (p *parser) value() error {
	p.ws()
	_, err := p.skip()
	return err
}

// skip reads any value (at p.pos, after whitespace) and reports whether
// it holds insignificant whitespace.
func (p *parser) skip() (spaced bool, err error) {
	switch c := p.peek(); c {
	case '"':
		_, err := p.str()
		return false, err
	case '{', '[':
		if err := p.enter(); err != nil {
			return false, err
		}
		end := byte('}')
		if c == '[' {
			end = ']'
		}
		p.pos++
		spaced = p.ws()
		if p.peek() == end {
			p.pos++
			p.depth--
			return spaced, nil
		}
		for {
			if c == '{' {
				if _, err := p.str(); err != nil {
					return false, err
				}
				if p.ws() {
					spaced = true
				}
				if p.peek() != ':' {
					return false, p.syntax("want ':'")
				}
				p.pos++
				if p.ws() {
					spaced = true
				}
			}
			sp, err := p.skip()
			if err != nil {
				return false, err
			}
			if sp || p.ws() {
				spaced = true
			}
			switch p.peek() {
			case ',':
				p.pos++
				if p.ws() {
					spaced = true
				}
			case end:
				p.pos++
				p.depth--
				return spaced, nil
			default:
				return false, p.syntax("want ',' or " + strconv.QuoteRune(rune(end)))
			}
		}
	case 't':
		return false, p.literal("true")
	case 'f':
		return false, p.literal("false")
	case 'n':
		return false, p.literal("null")
	case 0:
		if p.pos >= len(p.data) {
			return false, p.syntax("unexpected end")
		}
	}
	_, _, err = p.number()
	return false, err
}

func (p *parser) literal(word string) error {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return p.syntax("invalid literal")
	}
	p.pos += len(word)
	return nil
}

// members reads an object (at p.pos, after whitespace), calling f with
// each key with p.pos at its value (after whitespace).
func (p *parser) members(f func(key str) error) error {
	if p.peek() != '{' {
		return p.syntax("want an object")
	}
	if err := p.enter(); err != nil {
		return err
	}
	p.pos++
	p.ws()
	if p.peek() == '}' {
		p.pos++
		p.depth--
		return nil
	}
	for {
		p.ws()
		key, err := p.str()
		if err != nil {
			return err
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		p.ws()
		if err := f(key); err != nil {
			return err
		}
		p.ws()
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			p.depth--
			return nil
		default:
			return p.syntax("want ',' or '}'")
		}
	}
}

// elements reads an array (at p.pos, after whitespace), calling f with
// p.pos at each element (after whitespace).
func (p *parser) elements(f func(i int) error) error {
	if p.peek() != '[' {
		return p.syntax("want an array")
	}
	if err := p.enter(); err != nil {
		return err
	}
	p.pos++
	p.ws()
	if p.peek() == ']' {
		p.pos++
		p.depth--
		return nil
	}
	for i := 0; ; i++ {
		p.ws()
		if err := f(i); err != nil {
			return err
		}
		p.ws()
		switch p.peek() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			p.depth--
			return nil
		default:
			return p.syntax("want ',' or ']'")
		}
	}
}

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

// schema reads one schema (at p.pos, after whitespace).
func (p *parser) schema() (*schema, error) {
	if p.peek() != '{' {
		if p.pos >= len(p.data) {
			return nil, p.syntax("unexpected end")
		}
		return nil, p.notA("a schema (an object)")
	}
	var s *schema
	if len(p.slab) > 0 {
		s, p.slab = &p.slab[0], p.slab[1:]
	} else {
		s = &schema{}
	}
	seen := 0
	err := p.members(func(key str) error {
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
		if p.peek() != '"' {
			return p.notA("a string")
		}
		start := p.pos
		v, err := p.str()
		if err != nil {
			return err
		}
		if len(v.dec) == 0 {
			return nil // model.Schema omits an empty string
		}
		sp := span{int32(start), int32(p.pos)}
		switch k {
		case kSchema:
			s.schemaURI = sp
		case kRef:
			s.ref = sp
		case kDescription:
			s.description = sp
		case kFormat:
			s.format = sp
			if contains(strictFormats, v.dec) {
				s.flags |= strictFormat
			}
			if contains(geminiFormats, v.dec) {
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
		return p.elements(func(i int) error {
			p.path.pushIndex(i)
			defer p.path.pop()
			sub, err := p.schema()
			s.anyOf = append(s.anyOf, sub)
			return err
		})
	case kEnum, kExamples:
		if p.peek() != '[' {
			return p.notA("an array")
		}
		start, n := p.pos, 0
		if err := p.elements(func(int) error { n++; _, err := p.skip(); return err }); err != nil {
			return err
		}
		if n == 0 {
			return nil // model.Schema omits an empty list
		}
		sp := span{int32(start), int32(p.pos)}
		if k == kEnum {
			s.enum, s.nEnum = sp, n
		} else {
			s.examples = sp
		}
		return nil
	case kMinimum, kMaximum, kDefault:
		start := p.pos
		if _, err := p.skip(); err != nil {
			return err
		}
		v := span{int32(start), int32(p.pos)}
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
		if c := p.peek(); c != '-' && (c < '0' || c > '9') {
			return p.notA("an integer")
		}
		start := p.pos
		_, integer, err := p.number()
		if err != nil {
			return err
		}
		if !integer {
			return p.bad("not an integer")
		}
		v := span{int32(start), int32(p.pos)}
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
		err := p.members(func(name str) error {
			p.path.push(name.dec)
			defer p.path.pop()
			sub, err := p.schema()
			props = append(props, prop{name: name, s: sub})
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
		return p.elements(func(int) error {
			if p.peek() != '"' {
				return p.notA("a string in required")
			}
			v, err := p.str()
			if err != nil {
				return err
			}
			s.required = append(s.required, v)
			return nil
		})
	case kAdditional:
		if p.peek() == 'f' {
			if err := p.literal("false"); err != nil {
				return err
			}
			s.additional = &additional{}
			return nil
		}
		if p.peek() != '{' {
			return p.notA("false or a schema")
		}
		sub, err := p.schema()
		s.additional = &additional{s: sub}
		return err
	}
	return nil
}

// typ reads the type keyword: a name, or [name, "null"].
func (p *parser) typ(s *schema) error {
	switch p.peek() {
	case '"':
		start := p.pos
		v, err := p.str()
		if err != nil {
			return err
		}
		if len(v.dec) > 0 {
			s.typ = span{int32(start), int32(p.pos)}
			switch string(v.dec) {
			case "object":
				s.flags |= isObject
			case "string":
				s.flags |= isString
			}
		}
		return nil
	case '[':
		start := p.pos
		var names []str
		err := p.elements(func(int) error {
			if p.peek() != '"' {
				return p.notA("a type name")
			}
			v, err := p.str()
			names = append(names, v)
			return err
		})
		if err != nil {
			return err
		}
		if len(names) != 2 || string(names[1].dec) != "null" {
			return p.bad(`a type that is neither a name nor [name, "null"]`)
		}
		s.typ = span{int32(start), int32(p.pos)}
		return nil
	}
	return p.notA(`a type name or [name, "null"]`)
}
