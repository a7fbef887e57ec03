package tsdecl

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/schema"
)

// direction says which way a value goes: an argument the decoder reads, or
// a result the encoder writes. A struct may read and write differently (a
// pointer or omitempty member is optional in a result, a member with a
// default in the arguments), so it gets a type per direction when they
// differ.
type direction bool

const (
	input  direction = false
	output direction = true
)

// entry is one named type the package's declarations share.
type entry struct {
	name, text string
	deps       map[int]bool // the entries its text names
}

// key identifies a named type: a struct's or union's in one direction, an
// enum's, or one of the aliases.
type key struct {
	of  any // *model.Struct, *model.Union, or a string
	dir direction
}

type decls struct {
	entries []*entry
	index   map[key]int
	taken   map[string]bool // names in use, TypeScript's own included
	deps    map[int]bool    // the entries named by what is being written
}

// builtinNames are the global types of TypeScript's standard library that
// a program may need, which no declared type may take (a Go type named
// Error becomes Error2).
const builtinNames = `any unknown never object string number boolean bigint symbol undefined null void
	Array ReadonlyArray Boolean Date Error Function Map Set WeakMap WeakSet Number Object Promise PromiseLike
	RegExp String Symbol JSON Math Record Partial Required Readonly Pick Omit Exclude Extract NonNullable
	ReturnType Parameters Awaited Iterable Iterator ArrayLike Uint8Array BigInt`

func newDecls() *decls {
	d := &decls{index: map[key]int{}, taken: map[string]bool{}}
	for _, n := range strings.Fields(builtinNames) {
		d.taken[n] = true
	}
	return d
}

// collect runs write and returns the entries it named, directly or
// through another entry, ascending.
func (d *decls) collect(write func()) []int {
	saved := d.deps
	d.deps = map[int]bool{}
	write()
	direct := d.deps
	d.deps = saved
	seen := map[int]bool{}
	var visit func(int)
	visit = func(i int) {
		if !seen[i] {
			seen[i] = true
			for j := range d.entries[i].deps {
				visit(j)
			}
		}
	}
	for i := range direct {
		visit(i)
	}
	return slices.Sorted(maps.Keys(seen))
}

// finish puts the shared types on pkg.
func (d *decls) finish(pkg *model.Package) {
	pkg.CodeModeTypes = make([]string, len(d.entries))
	for i, e := range d.entries {
		pkg.CodeModeTypes[i] = e.text
	}
}

// named is the name of k's type, declared by render(name) the first time.
func (d *decls) named(k key, base string, render func(name string) string) string {
	if i, ok := d.index[k]; ok {
		d.deps[i] = true
		return d.entries[i].name
	}
	other := key{k.of, !k.dir}
	if i, ok := d.index[other]; ok {
		if name, ok := d.sameBothWays(k, i, render); ok {
			return name
		}
		base += map[direction]string{input: "Input", output: "Output"}[k.dir]
	}
	name := base
	for n := 2; d.taken[name]; n++ {
		name = base + strconv.Itoa(n)
	}
	i := len(d.entries)
	d.entries = append(d.entries, &entry{name: name})
	d.taken[name] = true
	d.index[k] = i
	e := d.entries[i]
	saved := d.deps
	d.deps = map[int]bool{}
	e.text = render(name)
	e.deps, d.deps = d.deps, saved
	d.deps[i] = true
	return name
}

// sameBothWays tries the declaration other (of the other direction) for
// k: when k's type reads as it writes, one declaration serves both. When
// it does not, what the try declared is taken back.
func (d *decls) sameBothWays(k key, other int, render func(name string) string) (string, bool) {
	mark := len(d.entries)
	d.index[k] = other
	saved := d.deps
	d.deps = map[int]bool{}
	text := render(d.entries[other].name)
	d.deps = saved
	if text == d.entries[other].text {
		d.deps[other] = true
		return d.entries[other].name, true
	}
	for _, e := range d.entries[mark:] {
		delete(d.taken, e.name)
	}
	d.entries = d.entries[:mark]
	for k2, i := range d.index {
		if i >= mark {
			delete(d.index, k2)
		}
	}
	delete(d.index, k)
	return "", false
}

// alias is one of the aliases that say a JSON string's or number's form.
func (d *decls) alias(name, doc, of string) string {
	return d.named(key{of: "alias " + name}, name, func(name string) string {
		return fmt.Sprintf("/** %s */\ntype %s = %s;", doc, name, of)
	})
}

func (d *decls) integer() string {
	return d.alias("integer", "A JSON number without a fraction.", "number")
}

// expr is the TypeScript type of a value of t going in dir.
func (d *decls) expr(t *model.Type, dir direction) string {
	t = schema.Direction(t, bool(dir))
	switch t.Kind {
	case model.KindPointer:
		if dir == output { // the encoder writes a nil pointer as null
			return orNull(d.expr(t.Elem, dir))
		}
		return d.expr(t.Elem, dir)
	case model.KindString:
		return "string"
	case model.KindBool:
		return "boolean"
	case model.KindInt, model.KindUint:
		return d.integer()
	case model.KindFloat, model.KindNumber:
		return "number"
	case model.KindEnum:
		if dir == output && t.FlagSet() { // a combination of flags is a value too
			return d.integer()
		}
		return d.enum(t)
	case model.KindSlice:
		return arrayOf(d.expr(t.Elem, dir))
	case model.KindArray:
		return d.array(t, dir)
	case model.KindMap:
		return d.record(t, dir)
	case model.KindStruct:
		return d.structType(t, dir)
	case model.KindTime:
		return d.alias("DateTime", `An RFC 3339 date and time (JSON Schema's date-time), as "2026-01-02T15:04:05Z".`, "string")
	case model.KindBytes:
		return d.alias("Base64", "Bytes in standard base64, padded.", "string")
	case model.KindUnion:
		u := d.union(t, dir)
		if dir == output { // a nil interface is written as null
			return orNull(u)
		}
		return u
	case model.KindText, model.KindJSON:
		return d.methods(t, dir)
	}
	return "unknown" // any, json.RawMessage: any JSON value
}

// array is a fixed-length array: a tuple when short, else an array whose
// length the JSDoc of its member does not say (the decoder checks it).
func (d *decls) array(t *model.Type, dir direction) string {
	elem := d.expr(t.Elem, dir)
	if t.Len > 4 {
		return arrayOf(elem)
	}
	return "[" + strings.Join(slices.Repeat([]string{elem}, int(t.Len)), ", ") + "]"
}

// record is a map: Record<string, V>, or for keys of an enum type, the
// object whose members are some of its values.
func (d *decls) record(t *model.Type, dir direction) string {
	elem := d.expr(t.Elem, dir)
	if t.Key.Kind == model.KindEnum {
		return fmt.Sprintf("Partial<Record<%s, %s>>", d.enum(t.Key), elem)
	}
	return fmt.Sprintf("Record<string, %s>", elem)
}

// enum is a named enum type: the union of its values' literals, with what
// each means when its constant is documented.
//
//	/**
//	 * The unit.
//	 * "c": Celsius
//	 */
//	type Unit = "c" | "f";
func (d *decls) enum(t *model.Type) string {
	return d.named(key{of: "enum " + t.Pkg + "." + t.Name}, t.Name, func(name string) string {
		values := t.EnumValues()
		lits := make([]string, len(values))
		for i, v := range values {
			lits[i] = model.JSONOfGoLiteral(v)
		}
		var doc []string
		for _, v := range t.Enum.Values {
			if v.Doc != "" {
				doc = append(doc, model.JSONOfGoLiteral(v.Value)+": "+v.Doc)
			}
		}
		var b strings.Builder
		writeDoc(&b, "", docLines(t.Doc, doc))
		fmt.Fprintf(&b, "type %s = %s;", name, strings.Join(lits, " | "))
		return b.String()
	})
}

// structType is a named struct's interface in dir, or an anonymous one's
// object.
func (d *decls) structType(t *model.Type, dir direction) string {
	if t.Name == "" {
		return d.object(t.Struct, dir, "")
	}
	return d.named(key{t.Struct, dir}, t.Name, func(name string) string {
		var b strings.Builder
		writeDoc(&b, "", docLines(t.Doc, nil))
		fmt.Fprintf(&b, "interface %s %s", name, d.object(t.Struct, dir, ""))
		return b.String()
	})
}

// union is a sealed interface's members: in the tagged form each
// member's interface with its tag, in the untagged form the members' own
// types (their JSON types tell them apart).
//
//	type Shape = { kind: "circle" } & Circle | { kind: "square" } & Square;
func (d *decls) union(t *model.Type, dir direction) string {
	u := t.Union
	return d.named(key{u, dir}, t.Name, func(name string) string {
		alts := make([]string, len(u.Members))
		for i, m := range u.Members {
			alts[i] = d.expr(m.Type, dir)
			if u.Tag != "" {
				alts[i] = fmt.Sprintf("{ %s: %s } & %s", property(u.Tag), model.JSONString(m.Name), alts[i])
			}
		}
		var b strings.Builder
		writeDoc(&b, "", docLines(t.Doc, nil))
		fmt.Fprintf(&b, "type %s = %s;", name, strings.Join(alts, " | "))
		return b.String()
	})
}

// methods is a type whose methods read or write it: the form a
// //toolgen:schema states, else a string for text methods and unknown
// (any JSON value) for JSON methods.
func (d *decls) methods(t *model.Type, dir direction) string {
	switch {
	case t.Schema != "":
		s, err := schema.Parse([]byte(t.Schema))
		if err != nil {
			panic("toolgen bug: a checked schema does not parse: " + err.Error())
		}
		return d.fromSchema(s)
	case t.Kind == model.KindText, dir == output && !t.MarshalJSON:
		return "string"
	}
	return "unknown"
}

// arrayOf is an array of elem, in parentheses when elem is a union or an
// intersection ((Shape | null)[]).
func arrayOf(elem string) string {
	depth := 0
	for _, r := range elem {
		switch r {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case '|', '&':
			if depth == 0 {
				return "(" + elem + ")[]"
			}
		}
	}
	return elem + "[]"
}

func orNull(t string) string { return t + " | null" }
