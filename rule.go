package toolgen

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Rule matches tool calls: Tool is a tool name or a glob pattern over names;
// Args maps an argument (a top-level member of the call's arguments object)
// to a glob pattern over that argument's value.
//
// Globs are fnmatch-like (see permission.Match): whole-string, case-sensitive, * crosses
// / and spaces, ? is one character, [a-z] [!a-z] sets, \ escapes.
//
// A rule matches a call when its Tool matches the tool's name and every one of
// its Args matches: the call must send that argument (an absent argument
// cannot be vouched for, so {"command": "*"} does not match {}), and the
// argument's value must match the pattern. A string value is matched as its
// text, unescaped; any other value as its compact JSON text in one
// spelling: every number, nested ones included, in a canonical form, so
// that a number is matched by its value however the model spelled it: 7.0,
// 7e0 and 70e-1 are all "7", 0.50 is "0.5", -0 is "0" (an integer without
// fraction or exponent, else a plain decimal without trailing zeros; a
// number with a huge exponent keeps an exponent); every string, names
// included, unescaped but for the quote, the backslash and control
// characters (\n, \t, \u0001), so {"k\u0069nd":"\u0063ircle"} is matched as
// {"kind":"circle"}. So true, null, ["a","b"] and {"k":[1,2.5]} are matched
// as written, compacted, and {"k":1.0} as {"k":1}. Arguments the rule does
// not name are not constrained. When the arguments are not a JSON object, a
// rule with Args matches nothing, a rule without Args still matches by name.
//
// Arguments that can be read more than one way are never allowed by a rule
// with Args: a member name repeated in one object, at any depth (names
// compared unescaped: "kind" and "\u006bind" are one), which the generated
// decoder refuses ("/kind: duplicate member"), and two names of one object
// that differ only in case, which encoding/json reads as one. A deny or ask
// rule matches any reading: an argument is matched by any member whose name
// is the argument's or differs from it only in case (so {"Command": "rm
// -rf /"} is denied by {"command": "rm *"}, as a tool decoding with
// encoding/json would read it), a value with a repeated name within
// counting as matching. The agent loop and the MCP server refuse a call
// whose arguments repeat a name before any rule is considered.
//
// Rules are data: package agent's Permissions decide with them, and a
// generated XRule type (one per tool) builds one whose Args are checked by
// the compiler. Rules are text matching, not a sandbox: {"command": "git *"} also matches
// "git log; rm -rf ~".
type Rule struct {
	Tool ToolName          `json:"tool"`
	Args map[string]string `json:"args,omitempty"`
}

// IsPattern reports whether r.Tool is a glob pattern (contains * ? or [).
func (r Rule) IsPattern() bool {
	return strings.ContainsAny(string(r.Tool), "*?[")
}

// String renders a rule for messages, its arguments sorted by name:
// read_file, run_command(command="git *").
func (r Rule) String() string {
	var b strings.Builder
	if r.Tool == "" {
		b.WriteString(`""`)
	}
	b.WriteString(string(r.Tool))
	if len(r.Args) == 0 {
		return b.String()
	}
	b.WriteByte('(')
	for i, k := range slices.Sorted(maps.Keys(r.Args)) {
		if i > 0 {
			b.WriteString(", ")
		}
		if plainKey(k) {
			b.WriteString(k)
		} else {
			b.WriteString(strconv.Quote(k))
		}
		b.WriteByte('=')
		b.WriteString(strconv.Quote(r.Args[k]))
	}
	b.WriteByte(')')
	return b.String()
}

// plainKey reports whether an argument name reads unquoted: a non-empty run
// of ASCII letters, digits, _ and -.
func plainKey(k string) bool {
	return k != "" && strings.Trim(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == ""
}
