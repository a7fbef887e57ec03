package analyze

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// ruleFields names the fields of a tool's generated rule type, one per
// member of its input: the exported Go name of the parameter or struct field
// (city -> City; a promoted field by its own name). Names two members share,
// and Rule (the type's method), fall back to an exported form of the JSON
// name (a_name -> AName), then take a numeric suffix (Name2): no member is
// preferred over another for a name they share.
func ruleFields(fields []*model.Field) []string {
	names := make([]string, len(fields))
	count := map[string]int{}
	for i, f := range fields {
		names[i] = exportedName(f.Path[len(f.Path)-1].Name)
		count[names[i]]++
	}
	taken := map[string]bool{"Rule": true}
	var clashing []int
	for i, n := range names {
		if count[n] > 1 || taken[n] {
			clashing = append(clashing, i)
			continue
		}
		taken[n] = true
	}
	for _, i := range clashing {
		base := exportedName(camelCase(fields[i].JSONName))
		n := base
		for k := 2; taken[n]; k++ {
			n = base + strconv.Itoa(k)
		}
		taken[n] = true
		names[i] = n
	}
	return names
}

// exportedName turns an identifier into an exported one: city -> City,
// _tmp -> Tmp; one that cannot start with a capital letter (a digit, a
// letter without case, nothing) gets the prefix Arg.
func exportedName(id string) string {
	id = strings.TrimLeft(id, "_")
	if id == "" {
		return "Arg"
	}
	r := []rune(id)
	r[0] = unicode.ToUpper(r[0])
	if !unicode.IsUpper(r[0]) {
		return "Arg" + id
	}
	return string(r)
}

// camelCase turns a JSON name into an identifier: each run of letters and
// digits capitalised, anything else dropped (user-id -> UserId, a_name ->
// AName).
func camelCase(name string) string {
	var b strings.Builder
	for w := range strings.FieldsFuncSeq(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	return b.String()
}
