package generate

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/catalog"
)

// PrefixChanges says how the prefix f's package sends up front changes
// from the file on disk to f, per dialect (catalog.Changes): none when it
// is unchanged. recorded is false when the file on disk holds no prefix
// digests (it is missing, or an older toolgen wrote it), and so nothing can
// be said.
func PrefixChanges(f *File) (changes []catalog.PrefixChange, recorded bool, err error) {
	src, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	old, recorded, err := readPrefix(src)
	if !recorded || err != nil {
		return nil, recorded, err
	}
	return catalog.Changes(old, catalog.NewPrefix(f.Package)), true, nil
}

// readPrefix reads back the prefix a generated file records: the
// PrefixDigest constants and the table in their doc (emit's
// prefixDigests).
func readPrefix(src []byte) (p catalog.Prefix, recorded bool, err error) {
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ParseComments)
	if err != nil {
		return p, false, err
	}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.CONST || gen.Doc == nil {
			continue
		}
		values := constStrings(gen)
		if _, ok := values[catalog.PrefixDigestNames[0]]; !ok {
			continue
		}
		for i, name := range catalog.PrefixDigestNames {
			p.Digest[i] = values[name]
		}
		lines := make([]string, len(gen.Doc.List))
		for i, c := range gen.Doc.List {
			lines[i] = strings.TrimPrefix(c.Text, "//")
		}
		p.Tools, err = catalog.ParseTable(lines)
		return p, err == nil, err
	}
	return p, false, nil
}

// constStrings are the string constants gen declares, by name.
func constStrings(gen *ast.GenDecl) map[string]string {
	out := map[string]string{}
	for _, spec := range gen.Specs {
		vs := spec.(*ast.ValueSpec)
		for i, name := range vs.Names {
			if i >= len(vs.Values) {
				break
			}
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				out[name.Name], _ = strconv.Unquote(lit.Value)
			}
		}
	}
	return out
}
