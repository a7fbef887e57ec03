package emit

import (
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// rt names an identifier of the tool API, package toolgen.
func rt(name string) *jen.Statement { return jen.Qual(toolimpl.APIImportPath, name) }

// impl names an identifier of package toolimpl, generated code's support.
func impl(name string) *jen.Statement { return jen.Qual(toolimpl.ImportPath, name) }

// GoType spells a type in generated code (and in toolgen mcp's stubs).
func GoType(t *model.Type) *jen.Statement {
	if t.Name != "" {
		if t.Pkg == "" {
			return jen.Id(t.Name)
		}
		return jen.Qual(t.Pkg, t.Name)
	}
	switch t.Kind {
	case model.KindPointer:
		return jen.Op("*").Add(GoType(t.Elem))
	case model.KindSlice:
		return jen.Index().Add(GoType(t.Elem))
	case model.KindBytes:
		if t.Elem != nil {
			return jen.Index().Add(GoType(t.Elem))
		}
		return jen.Index().Byte()
	case model.KindArray:
		return jen.Index(jen.Lit(int(t.Len))).Add(GoType(t.Elem))
	case model.KindMap:
		return jen.Map(GoType(t.Key)).Add(GoType(t.Elem))
	}
	return jen.Any()
}

// helperName names a generated helper for a named type: toolgenDecodeUnit,
// or toolgenDecode_time_Month for a type of another package.
func (g *generator) helperName(prefix string, t *model.Type) string {
	if t.Struct != nil {
		return prefix + t.Struct.ID
	}
	if t.Pkg == g.pkg.Path {
		return prefix + t.Name
	}
	return prefix + "_" + lastElem(t.Pkg) + "_" + t.Name
}

func lastElem(path string) string {
	path = path[strings.LastIndex(path, "/")+1:]
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return '_'
	}, path)
}

// argName is the local variable holding a flat parameter: argCity.
func argName(goName string) string {
	r := []rune(goName)
	r[0] = unicode.ToUpper(r[0])
	return "arg" + string(r)
}
