package analyze

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"
	"unicode"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// structType maps a named struct to an object whose members follow
// encoding/json's rules: json tag names, "-", omitempty/omitzero, embedded
// structs flattened, unexported fields skipped.
func (a *analyzer) structType(t *types.Named, u *types.Struct) (*model.Type, error) {
	obj := t.Obj()
	m := &model.Type{Kind: model.KindStruct, Name: obj.Name(), Pkg: pkgPath(obj), Doc: a.docs.of(obj),
		Struct: &model.Struct{ID: a.structID(t), Layout: layout(obj, u)}}
	a.memo[t] = m
	a.building[t] = true
	defer delete(a.building, t)
	var cands []candidate
	a.collectFields(u, nil, 0, map[*types.Struct]bool{u: true}, &cands)
	fields, err := dominantFields(cands)
	if err != nil {
		delete(a.memo, t)
		return nil, fmt.Errorf("struct %s: %w", obj.Name(), err)
	}
	m.Struct.Fields = fields
	return m, nil
}

// layout spells out a struct's underlying type, for model.Struct.Layout.
// An unexported field's name is its package's, so the layout of a struct
// with one names the package.
func layout(obj *types.TypeName, u *types.Struct) string {
	s := types.TypeString(u, (*types.Package).Path)
	for i := range u.NumFields() {
		if !u.Field(i).Exported() && obj.Pkg() != nil {
			return obj.Pkg().Path() + " " + s
		}
	}
	return s
}

// structID names a struct's helpers: its own name, qualified by its
// package's name when two packages share it.
func (a *analyzer) structID(t *types.Named) string {
	id := t.Obj().Name()
	if t.Obj().Pkg() != nil && t.Obj().Pkg().Path() != a.pkg.PkgPath {
		id = t.Obj().Pkg().Name() + "_" + id
	}
	for n := 2; a.ids[id] != nil && a.ids[id] != t; n++ {
		id = fmt.Sprintf("%s%d", t.Obj().Name(), n)
	}
	a.ids[id] = t
	return id
}

// candidate is a field before encoding/json's dominance rules pick among
// fields of the same JSON name.
type candidate struct {
	field  *model.Field
	depth  int
	tagged bool
}

func (a *analyzer) collectFields(st *types.Struct, path []model.Step, depth int, seen map[*types.Struct]bool, out *[]candidate) {
	for i := range st.NumFields() {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i))
		jsonTag := tag.Get("json")
		if jsonTag == "-" { // but "-," names the member "-", as in encoding/json
			continue
		}
		name, opts := parseJSONTag(jsonTag)
		if f.Embedded() && name == "" && a.flatten(f, path, depth, seen, out) {
			continue
		}
		if !f.Exported() && !(f.Embedded() && a.unexportedMember(f)) {
			continue
		}
		if c, ok := a.memberField(f, tag, name, opts, path); ok {
			*out = append(*out, candidate{field: c, depth: depth, tagged: name != ""})
		}
	}
}

// flatten adds the fields of an embedded struct (or pointer to one) and
// reports whether f was one.
func (a *analyzer) flatten(f *types.Var, path []model.Step, depth int, seen map[*types.Struct]bool, out *[]candidate) bool {
	t, ptr := f.Type(), false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	named, _ := types.Unalias(t).(*types.Named)
	st, ok := t.Underlying().(*types.Struct)
	if !ok || (named != nil && (implementsText(named) || pkgPath(named.Obj()) == "time")) {
		return false
	}
	if seen[st] {
		return true // a cycle of embedding: encoding/json goes no further
	}
	if ptr && !f.Exported() {
		a.refuseUnexportedPointer(f, st)
		return true
	}
	step := model.Step{Name: f.Name(), Pointer: ptr}
	if ptr {
		step.Type = &model.Type{Kind: model.KindStruct, Name: named.Obj().Name(), Pkg: pkgPath(named.Obj())}
	}
	seen[st] = true
	a.collectFields(st, append(append([]model.Step(nil), path...), step), depth+1, seen, out)
	delete(seen, st)
	return true
}

// unexportedMember reports whether an embedded field of an unexported type
// with a json tag name is a member, as encoding/json makes it: a struct by
// value is; a pointer to one is refused, as encoding/json cannot set it.
func (a *analyzer) unexportedMember(f *types.Var) bool {
	t, ptr := f.Type(), false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false // encoding/json ignores an embedded unexported non-struct
	}
	if ptr {
		a.refuseUnexportedPointer(f, st)
		return false
	}
	return true
}

// refuseUnexportedPointer reports an embedded pointer to an unexported
// struct type that holds members: encoding/json writes its fields when it
// is set, but fails when it reads them ("cannot set embedded pointer to
// unexported struct"), and its fields still hide others of the same name.
func (a *analyzer) refuseUnexportedPointer(f *types.Var, st *types.Struct) {
	for i := range st.NumFields() {
		if g := st.Field(i); g.Exported() || g.Embedded() {
			a.errorf(f.Pos(), "embedded field *%s: encoding/json cannot set a pointer to an unexported struct type when it reads one of its fields; embed %s by value, or export the type", f.Name(), f.Name())
			return
		}
	}
}

func (a *analyzer) memberField(f *types.Var, tag reflect.StructTag, name, opts string, path []model.Step) (*model.Field, bool) {
	if hasOption(opts, "string") {
		a.errorf(f.Pos(), "field %s: the json \",string\" option is not supported", f.Name())
		return nil, false
	}
	t, err := a.typeOf(f.Type())
	if err != nil {
		a.errorf(f.Pos(), "field %s: %v", f.Name(), err)
		return nil, false
	}
	if name == "" {
		name = f.Name()
	}
	field := &model.Field{
		JSONName:  name,
		Path:      append(append([]model.Step(nil), path...), model.Step{Name: f.Name()}),
		Type:      t,
		Doc:       a.docs.of(f),
		OmitEmpty: hasOption(opts, "omitempty"),
		OmitZero:  hasOption(opts, "omitzero"),
		Pos:       a.position(f.Pos()),
	}
	if field.Doc == "" {
		field.Doc = typeDoc(t)
	}
	if field.OmitZero && !zeroTestable(t) {
		a.errorf(f.Pos(), "field %s: omitzero cannot tell when a %s is zero (it cannot be compared with ==); give %s an IsZero() bool method, or use omitempty or a pointer", f.Name(), a.typeString(f.Type()), a.typeString(f.Type()))
	}
	field.Constraints = a.parseConstraints(f.Pos(), "field "+f.Name(), tag.Get("toolgen"), t)
	if field.Constraints.Untrusted {
		field.Doc = strings.TrimSpace(field.Doc + " " + fencedNote(name))
	}
	a.noteHeader(field, f.Pos())
	field.Required = t.Kind != model.KindPointer && !field.OmitEmpty && !field.OmitZero && field.Constraints.Default == nil
	return field, true
}

// typeDoc is the description a value of type t gets when its field or
// parameter has none: the named type's doc comment.
func typeDoc(t *model.Type) string { return t.Base().Doc }

// dominantFields applies encoding/json's rule to fields sharing a JSON name:
// the shallowest wins, then the one with a json tag. Where encoding/json
// would silently drop both, toolgen says so.
func dominantFields(cands []candidate) ([]*model.Field, error) {
	byName := map[string][]candidate{}
	for _, c := range cands {
		byName[c.field.JSONName] = append(byName[c.field.JSONName], c)
	}
	var fields []*model.Field
	for _, c := range cands {
		winner, err := dominant(byName[c.field.JSONName])
		if err != nil {
			return nil, err
		}
		if winner.field == c.field {
			fields = append(fields, c.field)
		}
	}
	return fields, nil
}

func dominant(cs []candidate) (candidate, error) {
	best := cs[0]
	var rivals []candidate
	for _, c := range cs[1:] {
		switch {
		case c.depth < best.depth || (c.depth == best.depth && c.tagged && !best.tagged):
			best, rivals = c, nil
		case c.depth == best.depth && c.tagged == best.tagged:
			rivals = append(rivals, c)
		}
	}
	if len(rivals) > 0 {
		fix := "give one a json tag"
		if best.tagged {
			fix = "rename one"
		}
		return best, fmt.Errorf("fields %s and %s both have the JSON name %q at the same depth (encoding/json would drop both); %s",
			goPath(best.field), goPath(rivals[0].field), best.field.JSONName, fix)
	}
	return best, nil
}

// goPath spells how Go reaches a field (A.Name), so that two promoted
// fields of one name can be told apart.
func goPath(f *model.Field) string {
	names := make([]string, len(f.Path))
	for i, s := range f.Path {
		names[i] = s.Name
	}
	return strings.Join(names, ".")
}

// parseJSONTag splits a json tag into its name and options. A name
// encoding/json does not take (one with a quote, a backslash, a comma or
// other punctuation outside its list) is no name, as in encoding/json: the
// field keeps its Go name.
func parseJSONTag(tag string) (name, opts string) {
	name, opts, _ = strings.Cut(tag, ",")
	if !validTagName(name) {
		name = ""
	}
	return name, opts
}

// validTagName is encoding/json's isValidTag.
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
			// Backslash and quote characters are reserved, other
			// punctuation is allowed.
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

func hasOption(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

// zeroTestable reports whether generated code can test a value of type t
// for omitzero as encoding/json does: with its IsZero method, against nil,
// or with == (encoding/json also looks inside structs that cannot be
// compared; toolgen refuses those rather than write them when zero).
func zeroTestable(t *model.Type) bool {
	switch {
	case t.IsZeroer, t.Comparable:
		return true
	case t.Kind == model.KindJSON && t.Shape != nil:
		return zeroTestable(t.Shape)
	}
	switch t.Kind {
	case model.KindStruct, model.KindArray, model.KindText, model.KindJSON:
		return false
	}
	return true
}

// fencedNote is what an untrusted field's description adds: the schema
// says how the value is written.
func fencedNote(name string) string {
	return `Written fenced, as <untrusted-data source="` + name + `">…</untrusted-data>.`
}
