package analyze

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// Unions. A sealed interface, one with an unexported method, can only be
// implemented in its own package (or by a type that embeds it), so go/types
// can list its implementations: toolgen maps such an interface to a union
// of them. Which types are members, and how they are stored:
//
//   - every named non-interface type declared in the package whose value
//     (T) or pointer (*T) implements the interface, in source order;
//   - a member whose methods have value receivers decodes as a T; one that
//     implements the interface on *T only decodes as a *T; the encoder
//     takes both T and *T for value members, as encoding/json does.
//
// //toolgen:union tag=kind on the interface gives the discriminated object
// form, {"kind": "circle", ...the member's fields}; the tag's value is the
// member's //toolgen:member name=..., else its Go name in snake_case.
// Without a tag the members must have distinct JSON types (a string, a
// number, a boolean, an object, an array), which tell them apart.
//
// A union reached again while its members are mapped is refused: a
// recursive union would need $defs entries of anyOf schemas, which OpenAI's
// strict mode and Gemini handle unevenly.

const (
	unionDirectiveName  = directivePrefix + "union"
	memberDirectiveName = directivePrefix + "member"
)

// unionDirective is a parsed //toolgen:union on an interface.
type unionDirective struct {
	tag string
	pos token.Pos
}

// memberDirective is a parsed //toolgen:member on a member type.
type memberDirective struct {
	name string
	pos  token.Pos
	typ  types.Type // the type it is on; nil when it does not compile
	on   string     // that type's name
}

// readUnionDirective reads //toolgen:union [tag=NAME] on a type spec.
func (a *analyzer) readUnionDirective(c *ast.Comment, spec *ast.TypeSpec) {
	if _, ok := spec.Type.(*ast.InterfaceType); !ok {
		a.errorf(c.Slash, "//toolgen:union belongs on an interface type with an unexported method; %s is not an interface", spec.Name.Name)
		return
	}
	if obj := a.pkg.TypesInfo.Defs[spec.Name]; obj != nil {
		if iface, ok := obj.Type().Underlying().(*types.Interface); ok && !sealed(iface) {
			a.errorf(c.Slash, "//toolgen:union on %s, which has no unexported method: only a sealed interface, which no other package can implement, is a union; add one, such as is%s()", spec.Name.Name, spec.Name.Name)
			return
		}
	}
	opts, ok := a.directiveOptions(c, unionDirectiveName, "tag")
	if !ok {
		return
	}
	if tag, has := opts["tag"]; has && tag == "" {
		a.errorf(c.Slash, "//toolgen:union tag= needs a member name: //toolgen:union tag=kind")
		return
	}
	a.unionDirs[spec.Name.Pos()] = unionDirective{tag: opts["tag"], pos: c.Slash}
}

// readMemberDirective reads //toolgen:member name=NAME on a type spec.
func (a *analyzer) readMemberDirective(c *ast.Comment, spec *ast.TypeSpec) {
	opts, ok := a.directiveOptions(c, memberDirectiveName, "name")
	if !ok {
		return
	}
	if opts["name"] == "" {
		a.errorf(c.Slash, "//toolgen:member needs name=: //toolgen:member name=circle")
		return
	}
	md := memberDirective{name: opts["name"], pos: c.Slash, on: spec.Name.Name}
	if obj := a.pkg.TypesInfo.Defs[spec.Name]; obj != nil {
		md.typ = obj.Type()
	}
	a.memberDirs[spec.Name.Pos()] = md
}

// checkMemberDirectives reports a //toolgen:member on a type that
// implements no sealed interface of the package, where it would name
// nothing.
func (a *analyzer) checkMemberDirectives() {
	scope := a.pkg.Types.Scope()
	var unions []*types.Interface
	for _, name := range scope.Names() {
		if obj, ok := scope.Lookup(name).(*types.TypeName); ok && !obj.IsAlias() {
			if iface, ok := obj.Type().Underlying().(*types.Interface); ok && sealed(iface) {
				unions = append(unions, iface)
			}
		}
	}
	for _, md := range a.memberDirs {
		t := md.typ
		if t == nil || slices.ContainsFunc(unions, func(u *types.Interface) bool {
			return types.Implements(t, u) || types.Implements(types.NewPointer(t), u)
		}) {
			continue
		}
		a.errorf(md.pos, "//toolgen:member on %s, which implements no sealed interface of the package: the directive names a union's member; remove it", md.on)
	}
}

// directiveOptions parses key=value words after a type directive's name,
// accepting only the keys given.
func (a *analyzer) directiveOptions(c *ast.Comment, name string, keys ...string) (map[string]string, bool) {
	opts := map[string]string{}
	for w := range strings.FieldsSeq(strings.TrimPrefix(c.Text, name)) {
		key, value, _ := strings.Cut(w, "=")
		if !slices.Contains(keys, key) {
			a.errorf(c.Slash, "%s: unknown option %q (it takes %s=)", name, w, strings.Join(keys, "=, "))
			return nil, false
		}
		opts[key] = value
	}
	return opts, true
}

// unionType maps a named non-empty interface: a union when it is sealed
// and declared in this package, else a type error. The union's own mistakes
// are reported at the interface and its members, once; every use then gets
// a short error.
func (a *analyzer) unionType(t *types.Named, iface *types.Interface) (*model.Type, error) {
	obj := t.Obj()
	switch {
	case !sealed(iface):
		return nil, unsupported("interface type %s: only any (interface{}) can hold JSON, or a sealed interface (one with an unexported method), which toolgen maps to a union of its implementations", a.typeString(t))
	case pkgPath(obj) != a.pkg.PkgPath:
		return nil, unsupported("union %s is declared in package %s: toolgen finds a union's members in the package it generates tools for; generate the tools in %s, or declare the interface in this package", a.typeString(t), pkgPath(obj), obj.Pkg().Name())
	case a.building[t]:
		return nil, unsupported("recursion through union %s: a member of %s holds a %s again; toolgen does not generate recursive unions: break the cycle (a json.RawMessage or a separate type for the inner value)", obj.Name(), obj.Name(), obj.Name())
	}
	if err, ok := a.unionErrs[t]; ok {
		return nil, err
	}
	a.building[t] = true
	defer delete(a.building, t)
	u := &model.Union{ID: a.structID(t), Tag: a.unionDirs[obj.Pos()].tag}
	before := len(a.errs)
	a.unionMembers(t, iface, u)
	if len(a.errs) > before {
		err := unsupported("union %s cannot be used: its declaration or members have mistakes, reported there", obj.Name())
		a.unionErrs[t] = err
		return nil, err
	}
	m := &model.Type{Kind: model.KindUnion, Name: obj.Name(), Pkg: pkgPath(obj), Doc: a.docs.of(obj), Union: u, Comparable: true}
	a.memo[t] = m
	return m, nil
}

// sealed reports whether an interface has an unexported method, which only
// its own package can implement.
func sealed(iface *types.Interface) bool {
	for i := range iface.NumMethods() {
		if !iface.Method(i).Exported() {
			return true
		}
	}
	return false
}

// unionMembers finds the package's implementations of iface and checks
// them, reporting mistakes at their positions.
func (a *analyzer) unionMembers(t *types.Named, iface *types.Interface, u *model.Union) {
	impls := a.implementations(t, iface)
	if len(impls) == 0 {
		a.errorf(t.Obj().Pos(), "union %s has no implementations in the package: declare a named type with its methods (%s), as value or pointer receivers", t.Obj().Name(), methodList(iface))
		return
	}
	for _, obj := range impls {
		named := obj.Type().(*types.Named)
		if types.IsInterface(named) {
			a.errorf(obj.Pos(), "interface %s has the methods of union %s, so it would be one of its members, but a member must be a concrete type that decoding can create: declare %s without embedding %s (list the exported methods it needs)", obj.Name(), t.Obj().Name(), obj.Name(), t.Obj().Name())
			continue
		}
		mt, err := a.typeOf(named)
		if err != nil {
			a.errorf(obj.Pos(), "member %s of union %s: %v", obj.Name(), t.Obj().Name(), err)
			continue
		}
		name := snakeCase(obj.Name())
		if md, ok := a.memberDirs[obj.Pos()]; ok {
			name = md.name
		}
		u.Members = append(u.Members, &model.UnionMember{
			Name: name, Type: mt, Pointer: !types.Implements(named, iface), Pos: a.position(obj.Pos()),
		})
	}
	if u.Tag != "" {
		a.checkTagged(t.Obj(), u)
	} else {
		a.checkUntagged(t.Obj(), u)
	}
}

// implementations are the package's named types whose T or *T implements
// iface, the interface itself left out, in source order.
func (a *analyzer) implementations(t *types.Named, iface *types.Interface) []*types.TypeName {
	scope := a.pkg.Types.Scope()
	var out []*types.TypeName
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || obj.IsAlias() || obj == t.Obj() {
			continue
		}
		named, ok := obj.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			continue
		}
		if types.Implements(named, iface) || !types.IsInterface(named) && types.Implements(types.NewPointer(named), iface) {
			out = append(out, obj)
		}
	}
	slices.SortFunc(out, func(x, y *types.TypeName) int { return int(x.Pos() - y.Pos()) })
	return out
}

func methodList(iface *types.Interface) string {
	names := make([]string, iface.NumMethods())
	for i := range names {
		names[i] = iface.Method(i).Name()
	}
	return strings.Join(names, ", ")
}

// checkTagged checks the discriminated object form: struct members, tag
// values distinct, no member field named as the tag.
func (a *analyzer) checkTagged(iface *types.TypeName, u *model.Union) {
	seen := map[string]*model.UnionMember{}
	for _, m := range u.Members {
		if m.Type.Kind != model.KindStruct {
			a.errorAt(a.tokenPos(m.Pos), "member %s of union %s is not a struct: the tagged form {%q: %q, ...} is an object of the member's fields; make %s a struct, or drop tag= from //toolgen:union to tell members apart by JSON type",
				m.Type.Name, iface.Name(), u.Tag, m.Name, m.Type.Name)
			continue
		}
		for _, f := range m.Type.Struct.Fields {
			if f.JSONName == u.Tag {
				a.errorAt(a.tokenPos(f.Pos), "field %s of %s has the JSON name %q, which is the tag of union %s: rename the field, or choose another tag= on //toolgen:union", goPath(f), m.Type.Name, u.Tag, iface.Name())
			}
		}
		if prev, ok := seen[m.Name]; ok {
			a.errorAt(a.tokenPos(m.Pos), "members %s and %s of union %s have the same tag value %q (at %s): give one a //toolgen:member name=...", m.Type.Name, prev.Type.Name, iface.Name(), m.Name, a.posString(prev.Pos))
		}
		seen[m.Name] = m
	}
}

// checkUntagged checks that the members' JSON types tell them apart.
func (a *analyzer) checkUntagged(iface *types.TypeName, u *model.Union) {
	seen := map[string]*model.UnionMember{}
	for _, m := range u.Members {
		m.JSONType = jsonTypeOf(m.Type)
		if m.JSONType == "" {
			a.errorAt(a.tokenPos(m.Pos), "member %s of union %s may be any JSON value, so its JSON type cannot tell it from the other members: add //toolgen:union tag=... on %s for the tagged form", m.Type.Name, iface.Name(), iface.Name())
			continue
		}
		if prev, ok := seen[m.JSONType]; ok {
			a.errorAt(a.tokenPos(m.Pos), "members %s (at %s) and %s of union %s are both JSON %ss, so a value cannot tell which it is: add //toolgen:union tag=... on %s (members become objects {\"tag\": name, ...}), or give the members distinct JSON types",
				prev.Type.Name, a.posString(prev.Pos), m.Type.Name, iface.Name(), m.JSONType, iface.Name())
			continue
		}
		seen[m.JSONType] = m
	}
}

// jsonTypeOf is the JSON type every value of t has, or "" when it varies.
// Integers and floats are one type, number: 3 reads as either.
func jsonTypeOf(t *model.Type) string {
	switch t.Kind {
	case model.KindString, model.KindTime, model.KindText, model.KindBytes:
		return "string"
	case model.KindEnum:
		if t.Basic == model.KindString {
			return "string"
		}
		return "number"
	case model.KindInt, model.KindUint, model.KindFloat, model.KindNumber:
		return "number"
	case model.KindBool:
		return "boolean"
	case model.KindStruct, model.KindMap:
		return "object"
	case model.KindSlice, model.KindArray:
		return "array"
	}
	return "" // any, json.RawMessage, JSON methods, pointers (null too), other unions
}
