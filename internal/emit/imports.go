package emit

import (
	"go/parser"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
)

// importAliases reads the imports of src and returns new names for those
// whose name the package declares itself: toolgenjson for encoding/json
// when the package has a var json.
func importAliases(src []byte, declared []string) (map[string]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "tools_gen.go", src, parser.ImportsOnly)
	if err != nil {
		return nil, err
	}
	taken := slices.Clone(declared)
	var clashing []string
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			return nil, err
		}
		alias := ""
		if imp.Name != nil {
			alias = imp.Name.Name
		}
		name := importName(alias, p)
		taken = append(taken, name)
		if slices.Contains(declared, name) {
			clashing = append(clashing, p)
		}
	}
	aliases := map[string]string{}
	for _, p := range clashing {
		alias := "toolgen" + importName("", p)
		for n := 2; slices.Contains(taken, alias); n++ {
			alias = "toolgen" + importName("", p) + strconv.Itoa(n)
		}
		taken = append(taken, alias)
		aliases[p] = alias
	}
	return aliases, nil
}

// importName is the name an import declares: its alias, else the last
// element of its path that is not a major version (math/rand/v2 is rand).
// jennifer writes an alias for every package whose name it guessed, so an
// import without one is a standard library package or the runtime.
func importName(alias, p string) string {
	if alias != "" {
		return alias
	}
	base := path.Base(p)
	if v := strings.TrimPrefix(base, "v"); v != base && v != "" && strings.Trim(v, "0123456789") == "" {
		base = path.Base(path.Dir(p))
	}
	return base
}
