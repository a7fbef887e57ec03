package analyze

import (
	"errors"
	"fmt"
	"go/token"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/jsonformat"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// formats are the formats a format= option accepts: those the runtime's
// CheckFormat checks.
var formats = jsonformat.Names()

// constraintKeys are the keys of a toolgen:"..." tag, in the order documented.
var constraintKeys = []string{"min", "max", "minLength", "maxLength", "minItems", "maxItems", "pattern", "format", "default", "example", "header"}

// constraintStart finds where a key=value pair starts: at the beginning or
// after a comma, a known key and '='. A comma followed by anything else
// belongs to the value, so patterns like ^[a-z]{1,3}$ need no escaping.
var constraintStart = regexp.MustCompile(`(?:^|,)\s*(` + strings.Join(constraintKeys, "|") + `)=`)

// entriesOption is the option that publishes a map as an array of
// {"key", "value"} objects; untrustedOption marks a string written fenced
// in results (internal/fence). They take no value and come first, before
// any key=value pair (a value may hold commas).
const (
	entriesOption   = "entries"
	untrustedOption = "untrusted"
)

// misplacedEntries finds an entries or untrusted option after others,
// where it would be read as part of a value.
var misplacedEntries = regexp.MustCompile(`,\s*(entries|untrusted)\s*$`)

// withArticle is a kind's name after "a" or "an": a slice, an int.
func withArticle(kind string) string {
	if strings.ContainsRune("aeio", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// cutWord removes a leading option without a value from text.
func cutWord(text, word string) (rest string, found bool) {
	text = strings.TrimSpace(text)
	if text == word {
		return "", true
	}
	if rest, ok := strings.CutPrefix(text, word+","); ok {
		return rest, true
	}
	return text, false
}

// cutWords removes the leading options without a value, in any order.
func cutWords(text string) (rest string, entries, untrusted bool) {
	for {
		var cutE, cutU bool
		text, cutE = cutWord(text, entriesOption)
		text, cutU = cutWord(text, untrustedOption)
		entries, untrusted = entries || cutE, untrusted || cutU
		if !cutE && !cutU {
			return text, entries, untrusted
		}
	}
}

// parseConstraints reads constraint options (from a struct tag or a doc
// item) for a value of type t. where names the field or parameter in
// messages.
func (a *analyzer) parseConstraints(pos token.Pos, where, text string, t *model.Type) model.Constraints {
	var c model.Constraints
	text, c.Entries, c.Untrusted = cutWords(text)
	if c.Entries && t.Base().Kind != model.KindMap {
		a.errorf(pos, "%s: the entries option is for maps (it sends one as an array of {\"key\", \"value\"} objects), not for %s", where, withArticle(string(t.Base().Kind)))
	}
	if c.Untrusted && t.Base().Kind != model.KindString {
		a.errorf(pos, "%s: the untrusted option is for strings (it writes one fenced in results), not for %s", where, withArticle(string(t.Base().Kind)))
	}
	if strings.TrimSpace(text) == "" {
		return c
	}
	if m := misplacedEntries.FindStringSubmatch(text); m != nil {
		a.errorf(pos, "%s: the %s option comes first, before the key=value options (%s,%s)", where, m[1], m[1], misplacedEntries.ReplaceAllString(text, ""))
		return c
	}
	locs := constraintStart.FindAllStringSubmatchIndex(text, -1)
	if len(locs) == 0 || strings.TrimSpace(text[:locs[0][0]]) != "" {
		a.errorf(pos, "%s: cannot read toolgen options %q (keys: %s; write key=value,key=value, after entries for a map)", where, text, strings.Join(constraintKeys, ", "))
		return c
	}
	seen := map[string]bool{}
	for i, loc := range locs {
		key := text[loc[2]:loc[3]]
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		if seen[key] && key != "example" { // examples are a list
			a.errorf(pos, "%s: option %s given twice", where, key)
		}
		seen[key] = true
		if msg := applyConstraint(&c, key, strings.TrimSpace(text[loc[1]:end]), t); msg != "" {
			a.errorf(pos, "%s: %s", where, msg)
		}
	}
	for _, msg := range contradictions(c) {
		a.errorf(pos, "%s: %s", where, msg)
	}
	return c
}

// contradictions are the ways the options contradict each other: bounds
// out of order, a format no string of the allowed lengths can match, and
// a default or example that the tool would reject if a model sent it.
func contradictions(r model.Constraints) []string {
	var out []string
	if r.Min != "" && r.Max != "" && compareNumbers(r.Min, r.Max) > 0 {
		out = append(out, fmt.Sprintf("min=%s is greater than max=%s: no number is allowed", r.Min, r.Max))
	}
	out = append(out, countsOutOfOrder("Length", r.MinLength, r.MaxLength)...)
	out = append(out, countsOutOfOrder("Items", r.MinItems, r.MaxItems)...)
	if msg := formatLengths(r); msg != "" {
		out = append(out, msg)
	}
	if r.Default != nil {
		if msg := valueViolation("default", *r.Default, r); msg != "" {
			out = append(out, msg)
		}
	}
	for _, e := range r.Examples {
		if msg := valueViolation("example", e, r); msg != "" {
			out = append(out, msg)
		}
	}
	return out
}

func countsOutOfOrder(what string, min, max *int) []string {
	if min != nil && max != nil && *min > *max {
		return []string{fmt.Sprintf("min%s=%d is greater than max%s=%d: nothing is allowed", what, *min, what, *max)}
	}
	return nil
}

// compareNumbers compares two JSON numbers (as numberLiteral writes them)
// exactly.
func compareNumbers(a, b string) int {
	x, okA := new(big.Rat).SetString(a)
	y, okB := new(big.Rat).SetString(b)
	if !okA || !okB {
		return 0
	}
	return x.Cmp(y)
}

// formatSizes are the fewest and most characters a string of a format can
// have (-1: no most).
var formatSizes = map[string][2]int{
	"date-time": {len("2006-01-02T15:04:05Z"), -1},
	"date":      {len("2006-01-02"), len("2006-01-02")},
	"time":      {len("15:04:05Z"), -1},
	"email":     {len("a@b"), 254},
	"uri":       {len("a:"), -1},
	"uuid":      {36, 36},
	"ipv4":      {len("0.0.0.0"), len("255.255.255.255")},
	"ipv6":      {len("::"), -1},
	"hostname":  {1, 254},
}

// formatLengths reports a format that no string within minLength and
// maxLength can match.
func formatLengths(r model.Constraints) string {
	size, ok := formatSizes[r.Format]
	if !ok {
		return ""
	}
	if r.MaxLength != nil && *r.MaxLength < size[0] {
		return fmt.Sprintf("format=%s needs at least %d characters, more than maxLength=%d", r.Format, size[0], *r.MaxLength)
	}
	if r.MinLength != nil && size[1] >= 0 && *r.MinLength > size[1] {
		return fmt.Sprintf("format=%s allows at most %d characters, fewer than minLength=%d", r.Format, size[1], *r.MinLength)
	}
	return ""
}

// valueViolation says how a default or example (key) breaks the other
// constraints, or "": one that the tool would reject if a model sent it is
// a mistake. Enum membership and width were checked when it was read.
func valueViolation(key string, v model.Value, r model.Constraints) string {
	if _, isNumber := new(big.Rat).SetString(v.JSON); isNumber && !strings.HasPrefix(v.JSON, `"`) {
		if r.Min != "" && compareNumbers(v.JSON, r.Min) < 0 {
			return fmt.Sprintf("%s=%s is less than min=%s", key, v.JSON, r.Min)
		}
		if r.Max != "" && compareNumbers(v.JSON, r.Max) > 0 {
			return fmt.Sprintf("%s=%s is greater than max=%s", key, v.JSON, r.Max)
		}
		return ""
	}
	s, err := strconv.Unquote(v.Go)
	if err != nil {
		return ""
	}
	return stringViolation(key, s, r)
}

func stringViolation(key, value string, r model.Constraints) string {
	s := value
	if strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) }) {
		s = strconv.Quote(s) // show a control character as an escape
	}
	n := utf8.RuneCountInString(value)
	switch {
	case r.MinLength != nil && n < *r.MinLength:
		return fmt.Sprintf("%s=%s is shorter than minLength=%d", key, s, *r.MinLength)
	case r.MaxLength != nil && n > *r.MaxLength:
		return fmt.Sprintf("%s=%s is longer than maxLength=%d", key, s, *r.MaxLength)
	case r.Pattern != "" && !patternMatches(r.Pattern, value):
		return fmt.Sprintf("%s=%s does not match pattern=%s", key, s, r.Pattern)
	}
	if valid, known := jsonformat.Valid(value, r.Format); known && !valid {
		return fmt.Sprintf("%s=%s is not a valid %s", key, s, r.Format)
	}
	return ""
}

// patternMatches reports whether s matches pattern (accepted by
// patternConstraint) as ECMA-262 reads it.
func patternMatches(pattern, s string) bool {
	translated, err := ecmaregex.Translate(pattern)
	return err == nil && regexp.MustCompile(translated).MatchString(s)
}

func applyConstraint(r *model.Constraints, key, value string, t *model.Type) string {
	b := t.Base()
	switch key {
	case "min", "max":
		return numberConstraint(r, key, value, b)
	case "minLength", "maxLength":
		return countConstraint(key, value, isStringKind(b), "strings", &r.MinLength, &r.MaxLength)
	case "minItems", "maxItems":
		return countConstraint(key, value, b.Kind == model.KindSlice, "slices", &r.MinItems, &r.MaxItems)
	case "pattern":
		return patternConstraint(r, value, b)
	case "format":
		return formatConstraint(r, value, b)
	case "header":
		return headerConstraint(r, value, b)
	case "default":
		v, msg := scalarValue(key, value, b)
		r.Default = v
		return msg
	}
	v, msg := scalarValue(key, value, b) // example
	if v != nil {
		r.Examples = append(r.Examples, *v)
	}
	return msg
}

func isStringKind(t *model.Type) bool {
	return t.Kind == model.KindString || t.Kind == model.KindText
}

func numberConstraint(r *model.Constraints, key, value string, t *model.Type) string {
	lit, msg := numberLiteral(value, t)
	if msg != "" {
		return key + "=" + value + ": " + msg
	}
	if key == "min" {
		r.Min = lit
	} else {
		r.Max = lit
	}
	return ""
}

// numberLiteral checks a bound against the type's kind and width and
// returns it as JSON text.
func numberLiteral(value string, t *model.Type) (string, string) {
	switch t.Kind {
	case model.KindInt:
		n, err := strconv.ParseInt(value, 10, t.Bits)
		if err != nil {
			return "", "not an integer that fits in " + t.Name
		}
		return strconv.FormatInt(n, 10), ""
	case model.KindUint:
		n, err := strconv.ParseUint(value, 10, t.Bits)
		if err != nil {
			return "", "not an unsigned integer that fits in " + t.Name
		}
		return strconv.FormatUint(n, 10), ""
	case model.KindFloat:
		f, err := strconv.ParseFloat(value, t.Bits)
		if t.Bits == 32 && errors.Is(err, strconv.ErrRange) && !math.IsInf(f, 0) {
			err = nil // a number too small for a float32 reads as 0, as the decoder does
		}
		if t.Bits == 32 && errors.Is(err, strconv.ErrRange) {
			if _, err64 := strconv.ParseFloat(value, 64); err64 == nil {
				return "", "beyond what a float32 holds (±" + strconv.FormatFloat(math.MaxFloat32, 'g', -1, 32) + ")"
			}
		}
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", "not a finite number"
		}
		// The shortest text that reads back as the same float of t's width:
		// 0.1 for a float32, not 0.10000000149011612. The decoder compares
		// with exactly this text's value.
		return strconv.FormatFloat(f, 'g', -1, t.Bits), ""
	}
	return "", "min and max apply to numbers, not " + describeKind(t)
}

func countConstraint(key, value string, applies bool, what string, min, max **int) string {
	if !applies {
		return key + " applies to " + what
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < 0 {
		return key + "=" + value + ": not a count (a whole number >= 0)"
	}
	if strings.HasPrefix(key, "min") {
		*min = &n
	} else {
		*max = &n
	}
	return ""
}

func patternConstraint(r *model.Constraints, value string, t *model.Type) string {
	if !isStringKind(t) {
		return "pattern applies to strings"
	}
	// A pattern means what ECMA-262 says (JSON Schema's meaning); the
	// decoder checks its translation to RE2, and what cannot be translated
	// faithfully is refused here.
	if _, err := ecmaregex.Translate(value); err != nil {
		return "pattern " + strconv.Quote(value) + ": " + err.Error()
	}
	r.Pattern = value
	return ""
}

func formatConstraint(r *model.Constraints, value string, t *model.Type) string {
	if !isStringKind(t) {
		return "format applies to strings"
	}
	if !slices.Contains(formats, value) {
		return "unknown format " + strconv.Quote(value) + " (known: " + strings.Join(formats, ", ") + ")"
	}
	r.Format = value
	return ""
}

// scalarValue reads a default or example (key) of type t. Messages name the
// option as written, like those of min and max.
func scalarValue(key, value string, t *model.Type) (*model.Value, string) {
	switch t.Kind {
	case model.KindString, model.KindText:
		return &model.Value{JSON: model.JSONString(value), Go: strconv.Quote(value)}, ""
	case model.KindBool:
		b, err := strconv.ParseBool(value)
		if err != nil {
			return nil, key + "=" + value + ": not true or false"
		}
		return &model.Value{JSON: strconv.FormatBool(b), Go: strconv.FormatBool(b)}, ""
	case model.KindInt, model.KindUint, model.KindFloat:
		lit, msg := numberLiteral(value, t)
		if msg != "" {
			return nil, key + "=" + value + ": " + msg
		}
		return &model.Value{JSON: lit, Go: lit}, ""
	case model.KindEnum:
		v, msg := enumValue(value, t)
		if msg != "" {
			return nil, key + "=" + value + ": " + msg
		}
		return v, ""
	}
	return nil, key + " applies to strings, numbers, booleans and enums, not " + describeKind(t)
}

func enumValue(value string, t *model.Type) (*model.Value, string) {
	want := value
	if t.Basic == model.KindString {
		want = strconv.Quote(value)
	}
	var allowed []string
	for _, v := range t.EnumValues() {
		if v == want {
			return &model.Value{JSON: model.JSONOfGoLiteral(v), Go: v}, ""
		}
		allowed = append(allowed, model.JSONOfGoLiteral(v))
	}
	return nil, "not one of " + strings.Join(allowed, ", ")
}

func describeKind(t *model.Type) string {
	if t.Name != "" {
		return t.Name
	}
	return string(t.Kind)
}
