package analyze

import (
	"fmt"
	"strings"
)

// A resource's URI template is read by RFC 6570's grammar, so that every
// mistake is reported at its offset, at once: braces that do not pair, a
// character a template cannot hold, an expression that is not RFC 6570 at
// all, and one that is but above level 1, which toolgen (toolgen.Resource's
// matcher) does not match. What the variables name is checkTemplate's.

// templateVar is a variable of a URI template and the offset of its
// expression's '{'.
type templateVar struct {
	name string
	at   int
}

// templateProblem is a mistake in a URI template at an offset.
type templateProblem struct {
	at  int
	msg string
}

// level1 is what toolgen matches, said in the messages of expressions
// above it.
const level1 = "toolgen matches RFC 6570 level 1 (no operators, lists or modifiers)"

// parseURITemplate reads a URI template: its variables, in order, and its
// problems.
func parseURITemplate(uri string) (vars []templateVar, problems []templateProblem) {
	add := func(at int, format string, args ...any) {
		problems = append(problems, templateProblem{at, fmt.Sprintf(format, args...)})
	}
	lastEnd := -1 // where the last expression ended, to find two in a row
	for i := 0; i < len(uri); {
		c := uri[i]
		switch {
		case c == '{':
			end := strings.IndexAny(uri[i+1:], "{}")
			if end < 0 || uri[i+1+end] == '{' {
				add(i, "this { is never closed")
				i++
				continue
			}
			end += i + 1
			if i == lastEnd {
				add(i, "%s follows %s with nothing between: the URI cannot tell where one value ends; put a literal between them", uri[i:end+1], uri[strings.LastIndexByte(uri[:i], '{'):i])
			}
			if v, ok := parseExpression(uri[i:end+1], i, add); ok {
				vars = append(vars, v)
			}
			i, lastEnd = end+1, end+1
		case c == '}':
			add(i, "this } closes no {")
			i++
		case c == '%':
			if i+2 >= len(uri) || !isHex(uri[i+1]) || !isHex(uri[i+2]) {
				add(i, "this %% does not begin a percent-encoding (%%XX, two hex digits)")
			}
			i++
		case c < 0x20 || c == 0x7f || strings.IndexByte(" \"'<>\\^`|", c) >= 0:
			add(i, "%q cannot be in a URI template (RFC 6570 literals): percent-encode it", c)
			i++
		default:
			i++
		}
	}
	return vars, problems
}

// parseExpression reads one expression, braces included, at offset at of
// the template. ok is false when it has a problem (reported).
func parseExpression(expr string, at int, add func(int, string, ...any)) (v templateVar, ok bool) {
	body := expr[1 : len(expr)-1]
	if body == "" {
		add(at, "{} is an empty expression: name a variable, {name}")
		return v, false
	}
	switch op := body[0]; {
	case strings.IndexByte("=,!@|", op) >= 0:
		add(at, "%s is not an RFC 6570 expression: the operator %c is reserved", expr, op)
		return v, false
	case strings.IndexByte("+#./;?&", op) >= 0:
		if validVarList(body[1:]) {
			add(at, "%s is not a simple expression {name}: %s", expr, level1)
		} else {
			add(at, "%s is not an RFC 6570 expression: %q is not a list of variable names", expr, body[1:])
		}
		return v, false
	}
	if !validVarList(body) {
		add(at, "%s is not an RFC 6570 expression: a variable name is letters, digits, _, %%XX and dots between them", expr)
		return v, false
	}
	if strings.ContainsAny(body, ",:*") {
		add(at, "%s is not a simple expression {name}: %s", expr, level1)
		return v, false
	}
	if strings.ContainsAny(body, ".%") {
		add(at, "%s: the variable must be named as the function's parameter is (letters, digits and _)", expr)
		return v, false
	}
	return templateVar{name: body, at: at}, true
}

// validVarList reports whether s is RFC 6570's variable-list: varspecs
// separated by commas, each a varname with an optional prefix (":N", N
// from 1 to 9999) or explode ("*") modifier.
func validVarList(s string) bool {
	for spec := range strings.SplitSeq(s, ",") {
		name, prefix, hasPrefix := strings.Cut(spec, ":")
		name = strings.TrimSuffix(name, "*")
		if hasPrefix && (strings.HasSuffix(spec, "*") || !validPrefix(prefix)) || !validVarName(name) {
			return false
		}
	}
	return true
}

func validPrefix(s string) bool {
	if len(s) < 1 || len(s) > 4 || s[0] == '0' {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validVarName reports whether s is RFC 6570's varname: varchars (ALPHA,
// DIGIT, "_", pct-encoded) with single dots between them.
func validVarName(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 2
		default:
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
