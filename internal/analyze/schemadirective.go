package analyze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// The //toolgen:schema directive states the JSON Schema of a type whose
// JSON or text methods decide what it reads and writes, which toolgen
// cannot infer:
//
//	// Temp is a temperature such as "21C".
//	//
//	//toolgen:schema {"type":"string","pattern":"^-?[0-9]+C$"}
//	type Temp float64

const schemaDirective = directivePrefix + "schema"

// typeSchema is a parsed //toolgen:schema.
type typeSchema struct {
	schema      string // compact JSON, without the description
	description string // the schema's own description, if any
}

// scanTypeDirectives reads the //toolgen: directives on the package's
// declarations other than functions: //toolgen:schema on types with JSON
// or text methods. Anything else is an error at its position.
func (a *analyzer) scanTypeDirectives() map[token.Pos]typeSchema {
	out := map[token.Pos]typeSchema{}
	for _, f := range a.pkg.Syntax {
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, c := range directives(g.Doc) {
				if g.Tok != token.TYPE || g.Lparen.IsValid() {
					a.misplaced(c)
					continue
				}
				a.typeDirective(c, g.Specs[0].(*ast.TypeSpec), out)
			}
			for _, spec := range g.Specs {
				a.specDirectives(g, spec, out)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if st, ok := n.(*ast.StructType); ok {
				for _, field := range st.Fields.List {
					for _, c := range append(directives(field.Doc), directives(field.Comment)...) {
						a.misplaced(c)
					}
				}
			}
			return true
		})
	}
	return out
}

func (a *analyzer) specDirectives(g *ast.GenDecl, spec ast.Spec, out map[token.Pos]typeSchema) {
	switch s := spec.(type) {
	case *ast.TypeSpec:
		if !g.Lparen.IsValid() {
			return // the declaration's doc is the spec's: read above
		}
		for _, c := range directives(s.Doc) {
			a.typeDirective(c, s, out)
		}
		for _, c := range directives(s.Comment) {
			a.misplaced(c)
		}
	case *ast.ValueSpec:
		for _, c := range append(directives(s.Doc), directives(s.Comment)...) {
			a.misplaced(c)
		}
	}
}

func directives(cg *ast.CommentGroup) []*ast.Comment {
	if cg == nil {
		return nil
	}
	var out []*ast.Comment
	for _, c := range cg.List {
		if strings.HasPrefix(c.Text, directivePrefix) {
			out = append(out, c)
		}
	}
	return out
}

// misplaced reports a directive where toolgen reads none.
func (a *analyzer) misplaced(c *ast.Comment) {
	switch directiveName(c) {
	case "//toolgen:schema":
		a.errorf(c.Slash, "//toolgen:schema belongs in the doc comment of a type declaration")
	case "//toolgen:tool":
		a.errorf(c.Slash, "//toolgen:tool belongs in the doc comment of a function or method")
	default:
		a.errorf(c.Slash, "unknown directive %s (toolgen knows //toolgen:tool on functions and //toolgen:schema on types)", directiveName(c))
	}
}

func directiveName(c *ast.Comment) string { return strings.Fields(c.Text)[0] }

// typeDirective reads one directive on a type declaration.
func (a *analyzer) typeDirective(c *ast.Comment, spec *ast.TypeSpec, out map[token.Pos]typeSchema) {
	if directiveName(c) != schemaDirective {
		a.misplaced(c)
		return
	}
	if _, dup := out[spec.Name.Pos()]; dup {
		a.errorf(c.Slash, "a second //toolgen:schema on %s; one type has one schema", spec.Name.Name)
		return
	}
	if !a.hasOwnMethods(spec) {
		a.errorf(c.Slash, "//toolgen:schema on %s, which has no JSON or text methods: toolgen derives its schema from the type itself; remove the directive", spec.Name.Name)
		return
	}
	text := strings.TrimPrefix(c.Text, schemaDirective)
	at := len(schemaDirective) + len(text) - len(strings.TrimLeft(text, " \t"))
	if strings.TrimSpace(text) == "" || at == len(schemaDirective) {
		a.errorf(c.Slash, "//toolgen:schema needs a JSON Schema object on the same line: //toolgen:schema {\"type\":\"string\"}")
		return
	}
	ts, offset, err := parseTypeSchema(strings.TrimSpace(text))
	if err != nil {
		a.errorf(c.Slash+token.Pos(at+offset), "//toolgen:schema: %v", err)
		return
	}
	out[spec.Name.Pos()] = ts
}

// hasOwnMethods reports whether the declared type has JSON or text methods
// that decide its form.
func (a *analyzer) hasOwnMethods(spec *ast.TypeSpec) bool {
	obj := a.pkg.TypesInfo.Defs[spec.Name]
	if obj == nil {
		return true // it does not compile; the compiler says why
	}
	t := obj.Type()
	return hasJSONMethods(t) || implementsText(t)
}

// parseTypeSchema checks a directive's JSON: one object, in the keywords
// toolgen can carry to every provider. The offset of an error is a byte
// offset into text.
func parseTypeSchema(text string) (typeSchema, int, error) {
	s, err := schemaFromJSON([]byte(text))
	if err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return typeSchema{}, max(int(se.Offset)-1, 0), fmt.Errorf("invalid JSON: %v", se) // Offset is just past the bad byte
		}
		return typeSchema{}, 0, err
	}
	desc := s.Description
	s.Description = ""
	compact, err := json.Marshal(s)
	if err != nil {
		return typeSchema{}, 0, err
	}
	return typeSchema{schema: string(compact), description: desc}, 0, nil
}

// schemaKeywords are the keywords a //toolgen:schema may use: those of
// model.Schema.
const schemaKeywords = "type, description, anyOf, enum, format, pattern, minimum, maximum, minLength, maxLength, " +
	"minItems, maxItems, items, properties, required, additionalProperties, contentEncoding, default, examples"

// schemaFromJSON reads a JSON Schema object into a model.Schema, keeping
// the order of its properties.
func schemaFromJSON(b []byte) (*model.Schema, error) {
	if err := checkSyntax(b); err != nil {
		return nil, err
	}
	members, err := orderedObject(b)
	if err != nil {
		return nil, err
	}
	s := &model.Schema{}
	for _, m := range members {
		if err := setKeyword(s, m.key, m.value); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func checkSyntax(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err // a *json.SyntaxError: anything else decodes into any
	}
	if _, ok := v.(map[string]any); !ok {
		return errors.New("the schema must be a JSON object")
	}
	return nil
}

type member struct {
	key   string
	value json.RawMessage
}

// orderedObject reads the members of a JSON object in order; a repeated
// key is an error.
func orderedObject(b []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("the schema must be a JSON object")
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string)
		if seen[key] {
			return nil, fmt.Errorf("%q given twice", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key, v})
	}
	return out, nil
}

func setKeyword(s *model.Schema, key string, v json.RawMessage) error {
	var err error
	switch key {
	case "type":
		err = strictDecode(v, &s.Type, "a string (use anyOf for more than one type)")
		if err == nil && !validType(string(s.Type)) {
			err = fmt.Errorf("type %q is not a JSON Schema type (string, number, integer, boolean, object, array, null)", s.Type)
		}
	case "description":
		err = strictDecode(v, &s.Description, "a string")
	case "format":
		err = strictDecode(v, &s.Format, "a string")
	case "pattern":
		err = strictDecode(v, &s.Pattern, "a string")
		if err == nil {
			if _, terr := ecmaregex.Translate(s.Pattern); terr != nil {
				err = fmt.Errorf("pattern %q: %v", s.Pattern, terr)
			}
		}
	case "contentEncoding":
		err = strictDecode(v, &s.ContentEnc, "a string")
	case "minimum", "maximum":
		var n json.Number
		if err = strictDecode(v, &n, "a number"); err == nil {
			*map[string]*model.RawJSON{"minimum": &s.Minimum, "maximum": &s.Maximum}[key] = model.RawJSON(n)
		}
	case "minLength", "maxLength":
		err = strictDecode(v, map[string]any{"minLength": &s.MinLength, "maxLength": &s.MaxLength}[key], "a non-negative integer")
	case "minItems", "maxItems":
		err = strictDecode(v, map[string]any{"minItems": &s.MinItems, "maxItems": &s.MaxItems}[key], "a non-negative integer")
	case "required":
		err = strictDecode(v, &s.Required, "an array of strings")
	case "enum", "examples":
		var values []json.RawMessage
		if err = strictDecode(v, &values, "an array"); err == nil {
			for _, x := range values {
				raw := model.RawJSON(compactJSON(x))
				if key == "enum" {
					s.Enum = append(s.Enum, raw)
				} else {
					s.Examples = append(s.Examples, raw)
				}
			}
		}
	case "default":
		s.Default = model.RawJSON(compactJSON(v))
	case "items":
		s.Items, err = subSchema(key, v)
	case "anyOf":
		err = setAnyOf(s, v)
	case "properties":
		err = setProperties(s, v)
	case "additionalProperties":
		err = setAdditional(s, v)
	default:
		return fmt.Errorf("keyword %q is not supported (supported: %s)", key, schemaKeywords)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

func validType(t string) bool {
	switch t {
	case "string", "number", "integer", "boolean", "object", "array", "null":
		return true
	}
	return false
}

// strictDecode decodes v into dst, saying what was wanted when it does not
// fit; negative counts do not fit.
func strictDecode(v json.RawMessage, dst any, want string) error {
	if err := json.Unmarshal(v, dst); err != nil || bytes.HasPrefix(bytes.TrimSpace(v), []byte("-")) && want == "a non-negative integer" {
		return fmt.Errorf("must be %s, not %s", want, compactJSON(v))
	}
	if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		return fmt.Errorf("must be %s, not null", want)
	}
	return nil
}

func compactJSON(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

func subSchema(key string, v json.RawMessage) (*model.Schema, error) {
	if !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
		return nil, fmt.Errorf("must be a schema object, not %s", compactJSON(v))
	}
	s, err := schemaFromJSON(v)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func setAnyOf(s *model.Schema, v json.RawMessage) error {
	var items []json.RawMessage
	if err := strictDecode(v, &items, "an array of schemas"); err != nil {
		return err
	}
	for i, item := range items {
		sub, err := subSchema("anyOf", item)
		if err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		s.AnyOf = append(s.AnyOf, sub)
	}
	return nil
}

func setProperties(s *model.Schema, v json.RawMessage) error {
	if !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
		return fmt.Errorf("must be an object of schemas, not %s", compactJSON(v))
	}
	members, err := orderedObject(v)
	if err != nil {
		return err
	}
	props := model.Properties{}
	for _, m := range members {
		sub, err := subSchema(m.key, m.value)
		if err != nil {
			return fmt.Errorf("%s: %w", m.key, err)
		}
		props = append(props, model.Property{Name: m.key, Schema: sub})
	}
	s.Properties = &props
	return nil
}

func setAdditional(s *model.Schema, v json.RawMessage) error {
	switch string(bytes.TrimSpace(v)) {
	case "false":
		s.Additional = &model.Additional{}
		return nil
	case "true":
		s.Additional = nil // the default
		return nil
	}
	sub, err := subSchema("additionalProperties", v)
	if err != nil {
		return err
	}
	s.Additional = &model.Additional{Schema: sub}
	return nil
}

// typeSchemaOf is a type's stated schema as a model.Schema (checked when
// the directive was read, or toolgen's own).
func typeSchemaOf(text string) *model.Schema {
	s, err := schemaFromJSON([]byte(text))
	if err != nil {
		panic("toolgen: a checked schema does not parse: " + err.Error())
	}
	return s
}
