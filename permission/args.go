package permission

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/wire"
)

// checkArgs reports rules with Args naming an argument that is not a
// property of the input schema of the tool the rule names: such a rule
// matches no call (a call cannot send an argument its schema lacks), so a
// deny or ask rule would stop nothing, and an allow rule allow nothing.
//
// A plain rule is checked against its tool, when registered (an allow rule
// may name a tool the agent lacks). A pattern rule applies to every tool it
// matches, and each of those tools has its own arguments, so an argument
// passes when at least one matching tool has it: the rule then matches
// calls of that tool; requiring every matching tool to have it would refuse
// {Tool: "read_*", Args: {path: ...}} because one read_ tool takes a url.
// A tool whose schema declares no properties (an open object, a $ref) cannot
// be checked, and lets every argument pass.
func checkArgs(list string, i int, r *toolgen.Rule, tools []toolgen.Tool) error {
	if len(r.Args) == 0 || r.Tool == "" {
		return nil
	}
	var matched []toolgen.Tool
	for _, t := range tools {
		if Match(string(r.Tool), string(t.Name)) {
			matched = append(matched, t)
		}
	}
	if len(matched) == 0 {
		return nil // no tool to check against (checkRegistered reports deny and ask rules)
	}
	props := make([][]string, len(matched))
	for j, t := range matched {
		names, ok := schemaProperties(t.InputSchema)
		if !ok {
			return nil
		}
		props[j] = names
	}
	var bad []string
	for _, k := range slices.Sorted(maps.Keys(r.Args)) {
		if !slices.ContainsFunc(props, func(p []string) bool { return slices.Contains(p, k) }) {
			bad = append(bad, fmt.Sprintf("%q", k))
		}
	}
	if len(bad) == 0 {
		return nil
	}
	at := fmt.Sprintf("permission rule %s[%d] %s", list, i, r)
	what := "argument " + strings.Join(bad, ", ")
	if len(bad) > 1 {
		what = "arguments " + strings.Join(bad, ", ")
	}
	var known []string
	for j, t := range matched {
		known = append(known, fmt.Sprintf("%s takes %s", t.Name, argList(props[j])))
	}
	if r.IsPattern() {
		return fmt.Errorf("%s: no tool matching %s takes %s, so the rule matches no call (%s)",
			at, r.Tool, what, strings.Join(known, "; "))
	}
	return fmt.Errorf("%s: tool %s takes no %s, so the rule matches no call (%s)", at, r.Tool, what, strings.Join(known, "; "))
}

func argList(names []string) string {
	if len(names) == 0 {
		return "no arguments"
	}
	return strings.Join(names, ", ")
}

// schemaProperties returns the sorted names of the top-level properties of
// a JSON Schema of an object: its properties, and those of the schemas in
// its allOf, anyOf and oneOf. ok is false when the names cannot be known:
// a schema that is not an object, that refers elsewhere ($ref), or that
// declares no properties at all (every argument is then possible).
func schemaProperties(schema []byte) (names []string, ok bool) {
	var d wire.Decoder
	d.Reset(schema)
	if !collectProperties(&d, &names, 0) || d.Close() != nil || len(names) == 0 {
		return nil, false
	}
	slices.Sort(names)
	return slices.Compact(names), true
}

// collectProperties reads one schema, adding its property names to names;
// false when they cannot be known.
func collectProperties(d *wire.Decoder, names *[]string, depth int) bool {
	if d.Kind() != wire.KindObject || depth > 8 || !d.Object() {
		d.Skip()
		return false
	}
	ok := true
	for key, more := d.Field(); more; key, more = d.Field() {
		switch string(key) {
		case "properties":
			if d.Kind() != wire.KindObject || !d.Object() {
				d.Skip()
				ok = false
				continue
			}
			for name, more := d.Field(); more; name, more = d.Field() {
				*names = append(*names, string(name))
				d.Skip()
			}
		case "allOf", "anyOf", "oneOf":
			if _, isArray := d.Array(); !isArray {
				ok = false
				continue
			}
			for d.Elem() {
				ok = collectProperties(d, names, depth+1) && ok
			}
		case "$ref", "$dynamicRef":
			ok = false
			d.Skip()
		default:
			d.Skip()
		}
	}
	return ok
}
