package mcpgen

import (
	"encoding/json"
	"go/token"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/jsonformat"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// The Go types of schemas are model types, so that internal/emit writes
// their readers and writers as it writes a tool's: the stubs check
// arguments with the code a toolgen server decodes them with.

var (
	stringType  = &model.Type{Kind: model.KindString, Name: "string"}
	boolType    = &model.Type{Kind: model.KindBool, Name: "bool"}
	int64Type   = &model.Type{Kind: model.KindInt, Bits: 64, Name: "int64"}
	float64Type = &model.Type{Kind: model.KindFloat, Bits: 64, Name: "float64"}
	timeType    = &model.Type{Kind: model.KindTime, Name: "Time", Pkg: "time"}
	rawType     = &model.Type{Kind: model.KindRaw, Name: "RawMessage", Pkg: "encoding/json"}
	anyType     = &model.Type{Kind: model.KindAny}
)

// maxDepth bounds how deep nested objects become structs; deeper ones are
// maps. Named types ($defs) do not count: a recursive type is one struct.
const maxDepth = 6

// decl is a type the file declares: a struct or an enum.
type decl struct {
	t    *model.Type
	what string // what it is, for the first line of its doc comment
	root bool   // a tool's arguments or result
}

// verb joins a type's name to what it is: "EchoArgs are the arguments...".
func (d decl) verb() string {
	if d.root && strings.HasSuffix(d.t.Name, "Args") {
		return "are"
	}
	return "is"
}

// converter maps one tool's schemas to Go types.
type converter struct {
	root  *schema                // the schema $ref "#" and "#/$defs/..." point into
	names *namer                 // the file's type and constant names
	refs  map[string]*model.Type // the types of the references met, by reference
	open  map[*model.Type]bool   // the structs whose fields are being converted
	decls []decl
}

func newConverter(root *schema, names *namer) *converter {
	return &converter{root: root, names: names, refs: map[string]*model.Type{}, open: map[*model.Type]bool{}}
}

// object is the struct of a tool's arguments or result: the root object,
// named name.
func (c *converter) object(s *schema, name, what string) *model.Type {
	n := len(c.decls)
	t := c.structType(s, name, what, 0, "#")
	c.decls[n].root = true
	return t
}

// result is the struct of a tool's structured result: a type the file
// declared already for the same schema (another tool's result, or a type
// the arguments use), else a new one, which later schemas may share.
func (c *converter) result(s *schema, name, what string) *model.Type {
	return c.named(s, func() *model.Type { return c.object(s, describedName(s.Description, name), what) })
}

// sharedKey is the key a schema's named type is shared under: its
// canonical JSON (properties in name order), or "" for a schema that is
// not shared, one holding a $ref, whose meaning depends on its root.
func sharedKey(s *schema) string {
	b, err := json.Marshal(s)
	if err != nil || hasRef.Match(b) {
		return ""
	}
	return string(b)
}

// describedName is the name a type's description gives it, else name: a
// description that starts "Book is" or "Books are" names a Go type, as Go
// doc comments (and so toolgen's schemas) do.
func describedName(description, name string) string {
	word, rest, ok := strings.Cut(description, " ")
	if !ok || !(strings.HasPrefix(rest, "is ") || strings.HasPrefix(rest, "are ")) || !token.IsExported(word) {
		return name
	}
	for _, r := range word {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return name
		}
	}
	return exported(word)
}

// hasRef finds a $ref with a value in a schema marshaled from schema
// (whose Ref is written "" when it has none).
var hasRef = regexp.MustCompile(`"\$ref":"[^"]`)

// named is the shared named type of s (a struct or an enum), made by
// declare the first time a schema like it is met.
func (c *converter) named(s *schema, declare func() *model.Type) *model.Type {
	key := sharedKey(s)
	if t := c.names.shared[key]; t != nil && key != "" {
		return t
	}
	t := declare()
	if t != nil && key != "" && c.names.shared != nil {
		c.names.shared[key] = t
	}
	return t
}

// typeOf maps a schema to a Go type; name is the name a new type takes
// (made unique), what says what it is for its doc comment.
func (c *converter) typeOf(s *schema, name, what string, depth int) *model.Type {
	if s == nil {
		return anyType
	}
	if s.Ref != "" {
		return c.ref(s.Ref, depth)
	}
	if len(s.Enum) > 0 {
		if t := c.named(s, func() *model.Type { return c.enumType(s, name, what) }); t != nil {
			return t
		}
	}
	switch s.typeName() {
	case "string":
		if s.Format == "date-time" {
			return timeType
		}
		return stringType
	case "integer":
		return int64Type
	case "number":
		return float64Type
	case "boolean":
		return boolType
	case "array":
		return &model.Type{Kind: model.KindSlice, Elem: c.typeOf(s.Items, name+"Item", "an element of "+what, depth+1)}
	case "object":
		if len(s.Properties) > 0 && depth < maxDepth {
			return c.named(s, func() *model.Type {
				return c.structType(s, describedName(s.Description, name), what, depth, "")
			})
		}
		elem := anyType
		if add := s.additional(); add != nil {
			elem = c.typeOf(add, name+"Value", "a value of "+what, depth+1)
		}
		return &model.Type{Kind: model.KindMap, Key: stringType, Elem: elem}
	}
	return rawType
}

// ref is the named type of a reference to the root ("#") or one of its
// $defs ("#/$defs/Name"); other references are json.RawMessage.
func (c *converter) ref(ref string, depth int) *model.Type {
	if t, ok := c.refs[ref]; ok {
		if t == nil { // a definition that is not a struct, met inside itself
			return rawType
		}
		return t
	}
	def, name := c.resolve(ref)
	if def == nil {
		return rawType
	}
	what := "the schema's " + strings.TrimPrefix(ref, "#/")
	if def.typeName() == "object" && len(def.Properties) > 0 {
		return c.structType(def, exported(name), what, 0, ref)
	}
	c.refs[ref] = nil
	t := c.typeOf(def, exported(name), what, depth)
	c.refs[ref] = t
	return t
}

// resolve finds the schema a reference points to, and its name.
func (c *converter) resolve(ref string) (*schema, string) {
	if ref == "#" {
		return c.root, "Root"
	}
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || strings.Contains(name, "/") {
		return nil, ""
	}
	name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
	return c.root.Defs[name], name
}

// structType declares the struct of an object with properties, registered
// under ref (when one names it) before its fields are read, so that a field
// may refer to it.
func (c *converter) structType(s *schema, name, what string, depth int, ref string) *model.Type {
	name = c.names.name(name)
	t := &model.Type{Kind: model.KindStruct, Name: name, Doc: s.Description, Struct: &model.Struct{ID: name, Open: !s.closed()}}
	if ref != "" {
		c.refs[ref] = t
		t.Struct.Recursive = true
	}
	c.decls = append(c.decls, decl{t: t, what: what})
	c.open[t] = true
	t.Struct.Fields = c.fields(s, name, depth)
	delete(c.open, t)
	return t
}

// fields are an object's properties in name order.
func (c *converter) fields(s *schema, parent string, depth int) []*model.Field {
	names := make([]string, 0, len(s.Properties))
	for n := range s.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	goNames := newNamer()
	out := make([]*model.Field, 0, len(names))
	for _, n := range names {
		p := s.Properties[n]
		goName := goNames.name(n)
		f := &model.Field{JSONName: n, Path: []model.Step{{Name: goName}}, Required: required[n]}
		t := c.typeOf(p, parent+goName, n+" in "+parent, depth+1)
		if p != nil {
			f.Doc = p.Description
			f.Constraints, f.Doc = c.constraints(p, t, f.Doc)
		}
		f.Type = c.fieldType(f, t, p != nil && p.nullable())
		out = append(out, f)
	}
	return out
}

// fieldType is the Go type of a field of type t: optional scalars and
// structs are pointers (nil is absent), and so are nullable ones and a
// struct's field of its own type (a Go struct cannot hold itself). An
// optional slice, map or raw value is left out when empty; a required one
// when nil, so that the check reports it missing, as the server would.
func (c *converter) fieldType(f *model.Field, t *model.Type, nullable bool) *model.Type {
	switch t.Kind {
	case model.KindSlice, model.KindMap, model.KindRaw, model.KindAny:
		f.OmitEmpty, f.OmitZero = !f.Required, f.Required
		return t
	}
	if !f.Required || nullable || c.open[t] {
		return &model.Type{Kind: model.KindPointer, Elem: t}
	}
	return t
}

// enumType is a named type with a constant per value, for an enum of
// strings or of integers; nil for any other enum (its values are then not
// checked).
func (c *converter) enumType(s *schema, name, what string) *model.Type {
	if len(s.Enum) == 0 {
		return nil
	}
	basic, values := enumValues(s)
	if basic == "" {
		return nil
	}
	name = c.names.name(describedName(s.Description, name))
	t := &model.Type{Kind: model.KindEnum, Name: name, Basic: basic, Bits: 64, Doc: s.Description, Enum: &model.Enum{}}
	for _, v := range values {
		goName, lit := constName(name, v), v
		if basic == model.KindString {
			lit = strconv.Quote(v)
		}
		t.Enum.Values = append(t.Enum.Values, model.EnumValue{GoName: c.names.name(goName), Value: lit})
	}
	c.decls = append(c.decls, decl{t: t, what: what})
	return t
}

// enumValues are an enum's values as strings when all are strings (and the
// type allows strings), or as decimal integers when all are integers that
// fit an int64; "" otherwise.
func enumValues(s *schema) (model.Kind, []string) {
	typ := s.typeName()
	var strs, ints []string
	for _, e := range s.Enum {
		var str string
		if json.Unmarshal(e, &str) == nil {
			strs = append(strs, str)
			continue
		}
		if n, err := strconv.ParseInt(string(e), 10, 64); err == nil {
			ints = append(ints, strconv.FormatInt(n, 10))
		}
	}
	switch {
	case len(strs) == len(s.Enum) && (typ == "" || typ == "string"):
		return model.KindString, dedupe(strs)
	case len(ints) == len(s.Enum) && typ == "integer":
		return model.KindInt, dedupe(ints)
	}
	return "", nil
}

func dedupe(vs []string) []string {
	seen := map[string]bool{}
	out := vs[:0]
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// constName names an enum's constant: the type's name and the value's
// (ModeFast, Level2, LevelMinus1, ModeEmpty for "").
func constName(typeName, value string) string {
	switch n, err := strconv.ParseInt(value, 10, 64); {
	case err == nil && n < 0:
		return typeName + "Minus" + strconv.FormatInt(-n, 10)
	case strings.TrimFunc(value, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) == "":
		return typeName + "Empty"
	}
	// typeName is a Go name already; the value's words follow it (a
	// leading x keeps a digit from being prefixed, and is dropped).
	return typeName + exported("x_" + value)[1:]
}

// constraints are the checks the schema states on a value of type t, as
// the decoder makes them; doc gains a line for one it cannot make.
func (c *converter) constraints(p *schema, t *model.Type, doc string) (model.Constraints, string) {
	header := p.XMCPHeader // the property's own, not its $ref's
	if p.Ref != "" {
		if def, _ := c.resolve(p.Ref); def != nil {
			p = def
		}
	}
	// A property mirrored into an HTTP header stays so in the stub's own
	// schema (a server the stub's tools are served by again mirrors it).
	r := model.Constraints{Header: header}
	switch t.Kind {
	case model.KindInt:
		r.Min, r.Max = intBound(p.Minimum, true), intBound(p.Maximum, false)
	case model.KindFloat:
		r.Min, r.Max = floatBound(p.Minimum), floatBound(p.Maximum)
	case model.KindString:
		r.MinLength, r.MaxLength = p.MinLength, p.MaxLength
		if _, known := jsonformat.Valid("", p.Format); known {
			r.Format = p.Format
		}
		if p.Pattern != "" {
			if _, err := ecmaregex.Translate(p.Pattern); err != nil {
				doc = strings.TrimSpace(doc + "\n(Its pattern " + p.Pattern + " is not checked before sending: " + err.Error() + ".)")
			} else {
				r.Pattern = p.Pattern
			}
		}
	case model.KindSlice:
		r.MinItems, r.MaxItems = p.MinItems, p.MaxItems
		r.Elem, doc = c.elemConstraints(p.Items, t.Elem, doc)
	case model.KindMap:
		r.Elem, doc = c.elemConstraints(p.additional(), t.Elem, doc)
	}
	return r, doc
}

// elemConstraints are the constraints of an array's items or an object's
// additional members, nil when there are none.
func (c *converter) elemConstraints(s *schema, t *model.Type, doc string) (*model.Constraints, string) {
	if s == nil {
		return nil, doc
	}
	r, doc := c.constraints(s, t, doc)
	r.Header = "" // only a property is mirrored, never an item or a map's value
	if reflect.DeepEqual(r, model.Constraints{}) {
		return nil, doc
	}
	return &r, doc
}

// intBound is a minimum (up) or maximum (down) as the integer bound of an
// int64 it means: 1.5 as a minimum is 2. A bound beyond int64's range is
// no bound ("").
func intBound(n json.Number, minimum bool) string {
	if n == "" {
		return ""
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return ""
	}
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	// QuoRem truncates toward zero: round a positive minimum up and a
	// negative maximum down.
	if m.Sign() > 0 && minimum {
		q.Add(q, big.NewInt(1))
	} else if m.Sign() < 0 && !minimum {
		q.Sub(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return ""
	}
	return q.String()
}

// floatBound is a number bound as a Go constant, or "" when it is none or
// beyond float64's range.
func floatBound(n json.Number) string {
	if n == "" {
		return ""
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) {
		return ""
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
