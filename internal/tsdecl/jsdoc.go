package tsdecl

import (
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// docLines are a doc comment's lines, then tags.
func docLines(doc string, tags []string) []string {
	var lines []string
	if doc = strings.TrimSpace(doc); doc != "" {
		for line := range strings.Lines(doc) {
			lines = append(lines, strings.TrimRight(line, " \t\n"))
		}
	}
	return append(lines, tags...)
}

// oneLine is the longest JSDoc text written on one line: a short doc and
// its tags take fewer tokens so than a line each.
const oneLine = 100

// writeDoc writes lines as a JSDoc comment at indent: on one line when
// they fit (joined by spaces), else a line each. "*/" in the text is
// written "*\/", so that a doc cannot end the comment.
//
//	/** Days ahead. @minimum 1 @maximum 14 */
func writeDoc(b *strings.Builder, indent string, lines []string) {
	if len(lines) == 0 {
		return
	}
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "*/", `*\/`)
	}
	if joined := strings.Join(lines, " "); len(joined) <= oneLine {
		b.WriteString(indent + "/** " + joined + " */\n")
		return
	}
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		b.WriteString(strings.TrimRight(indent+" * "+l, " ") + "\n")
	}
	b.WriteString(indent + " */\n")
}

// tags are a member's constraints as JSDoc tags named as JSON Schema's
// keywords: what the decoder checks of an argument. A result's members say
// them too, so that a struct that reads as it writes has one declaration;
// results are not checked against them.
func tags(c model.Constraints) []string {
	var out []string
	add := func(tag, value string) {
		if value != "" {
			out = append(out, "@"+tag+" "+value)
		}
	}
	add("minimum", c.Min)
	add("maximum", c.Max)
	add("minLength", intText(c.MinLength))
	add("maxLength", intText(c.MaxLength))
	add("minItems", intText(c.MinItems))
	add("maxItems", intText(c.MaxItems))
	add("pattern", c.Pattern)
	add("format", c.Format)
	if c.Default != nil {
		add("default", c.Default.JSON)
	}
	for _, e := range c.Examples {
		add("example", e.JSON)
	}
	return out
}

func intText(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}
