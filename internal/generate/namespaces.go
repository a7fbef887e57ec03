package generate

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/analyze"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// NamespaceLimit is the fewest deferred tools in a namespace that draw a
// warning: OpenAI's tool search guide advises fewer than 10 functions a
// namespace, for token efficiency and the model's search (its adapter
// sends a namespace's deferred tools as one namespace tool).
const NamespaceLimit = 10

// NamespaceSizes says, for each namespace with NamespaceLimit deferred
// tools or more, how many it has and a split into namespaces under the
// limit, at its first deferred tool's position relative to work. The
// split is alphabetical, in near-equal parts: the simplest one that keeps
// every part under the limit; tools that belong together may call for
// another.
func NamespaceSizes(pkgs []*model.Package, work string) analyze.Errors {
	var out analyze.Errors
	for _, pkg := range pkgs {
		byNamespace := map[string][]*model.Tool{}
		var order []string
		for _, t := range pkg.Tools {
			if !t.Deferred {
				continue
			}
			if _, ok := byNamespace[t.Namespace]; !ok {
				order = append(order, t.Namespace)
			}
			byNamespace[t.Namespace] = append(byNamespace[t.Namespace], t)
		}
		for _, ns := range order {
			tools := byNamespace[ns]
			if len(tools) < NamespaceLimit {
				continue
			}
			p := tools[0].Pos
			out = append(out, analyze.Error{Pos: token.Position{Filename: p.File, Line: p.Line, Column: p.Col}, Msg: namespaceSplit(ns, tools)})
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out.Relative(work)
}

// namespaceSplit is the warning for namespace ns of the deferred tools:
// their names in alphabetical order, cut into the fewest near-equal parts
// under NamespaceLimit, each a namespace=ns_N.
func namespaceSplit(ns string, tools []*model.Tool) string {
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	slices.Sort(names)
	parts := (len(names) + NamespaceLimit - 2) / (NamespaceLimit - 1)
	var b strings.Builder
	fmt.Fprintf(&b, "namespace %s has %d deferred tools; OpenAI advises fewer than %d a namespace for its tool search: split it with the directive's namespace= option, for example", ns, len(names), NamespaceLimit)
	for i := range parts {
		part := names[i*len(names)/parts : (i+1)*len(names)/parts]
		sep := ","
		if i == parts-1 {
			sep = ""
		}
		fmt.Fprintf(&b, " namespace=%s_%d on %s%s", ns, i+1, strings.Join(part, " "), sep)
	}
	return b.String()
}
