package analyze

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/schema"
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
	if isBudget(c) {
		a.errorf(c.Slash, budgetPlace)
		return
	}
	switch directiveName(c) {
	case "//toolgen:schema":
		a.errorf(c.Slash, "//toolgen:schema belongs in the doc comment of a type declaration")
	case "//toolgen:tool":
		a.errorf(c.Slash, "//toolgen:tool belongs in the doc comment of a function or method")
	case unionDirectiveName, memberDirectiveName, questionDirective:
		a.errorf(c.Slash, "%s belongs in the doc comment of a type declaration", directiveName(c))
	default:
		a.errorf(c.Slash, "unknown directive %s (toolgen knows //toolgen:tool on functions, //toolgen:schema, //toolgen:union, //toolgen:member and //toolgen:question on types and //toolgen:budget at file level)", directiveName(c))
	}
}

func directiveName(c *ast.Comment) string { return strings.Fields(c.Text)[0] }

// typeDirective reads one directive on a type declaration.
func (a *analyzer) typeDirective(c *ast.Comment, spec *ast.TypeSpec, out map[token.Pos]typeSchema) {
	switch directiveName(c) {
	case unionDirectiveName:
		a.readUnionDirective(c, spec)
		return
	case memberDirectiveName:
		a.readMemberDirective(c, spec)
		return
	case questionDirective:
		a.readQuestionDirective(c, spec)
		return
	case schemaDirective:
	default:
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
	s, err := schema.Parse([]byte(text))
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
