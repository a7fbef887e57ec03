package runtime

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Rule matches tool calls: Tool is a tool name or a glob pattern over names;
// Args maps an argument (a top-level member of the call's arguments object)
// to a glob pattern over that argument's value.
//
// Globs are fnmatch-like (see Match): whole-string, case-sensitive, * crosses
// / and spaces, ? is one character, [a-z] [!a-z] sets, \ escapes.
//
// A rule matches a call when its Tool matches the tool's name and every one of
// its Args matches: the call must send that argument (an absent argument
// cannot be vouched for, so {"command": "*"} does not match {}), and the
// argument's value must match the pattern. A string value is matched as its
// text, unescaped; any other value as its compact JSON text with every
// number, nested ones included, in a canonical form, so that a number is
// matched by its value however the model spelled it: 7.0, 7e0 and 70e-1 are
// all "7", 0.50 is "0.5", -0 is "0" (an integer without fraction or
// exponent, else a plain decimal without trailing zeros; see
// appendCanonicalNumber for numbers with huge exponents). So true, null,
// ["a","b"] and {"k":[1,2.5]} are matched as written, compacted, and
// {"k":1.0} as {"k":1}. Arguments the rule does not name are not
// constrained. When the arguments are not a JSON object, a
// rule with Args matches nothing, a rule without Args still matches by name.
// If a member is repeated, the last one counts (as in encoding/json).
//
// Rules are text matching, not a sandbox: {"command": "git *"} also matches
// "git log; rm -rf ~".
type Rule struct {
	Tool ToolName          `json:"tool"`
	Args map[string]string `json:"args,omitempty"`
}

// Permissions decide what may run. Order: Deny, then Allow, then Ask; the
// first list with a matching rule wins; no match -> OutcomeNone (the caller
// then applies presets and the tool's own RequiresApproval).
//
// Deny always wins. Unlike Claude Code, where ask beats allow, an Allow rule
// here beats an Ask rule: Ask{run_command} with Allow{run_command,
// command="git *"} asks about everything but git. Within a list the order of
// rules only decides which rule is reported.
type Permissions struct {
	Allow []Rule `json:"allow,omitempty"`
	Ask   []Rule `json:"ask,omitempty"`
	Deny  []Rule `json:"deny,omitempty"`
}

// Outcome is what permission rules decide about a call.
type Outcome string

// The outcomes.
const (
	OutcomeNone  Outcome = "" // no rule matched
	OutcomeAllow Outcome = "allow"
	OutcomeAsk   Outcome = "ask"
	OutcomeDeny  Outcome = "deny"
)

// Decide returns the outcome for a call of tool name with raw JSON args, and
// the rule that decided (nil for OutcomeNone): the first matching rule of
// Deny, else of Allow, else of Ask. The rule points into p's list. The
// arguments are read at most once, and only if a rule with Args names the
// tool.
func (p Permissions) Decide(name ToolName, args []byte) (Outcome, *Rule) {
	call := callArgs{raw: args}
	if r := call.firstMatch(p.Deny, name); r != nil {
		return OutcomeDeny, r
	}
	if r := call.firstMatch(p.Allow, name); r != nil {
		return OutcomeAllow, r
	}
	if r := call.firstMatch(p.Ask, name); r != nil {
		return OutcomeAsk, r
	}
	return OutcomeNone, nil
}

// Matches reports whether r matches the call.
func (r Rule) Matches(name ToolName, args []byte) bool {
	call := callArgs{raw: args}
	return call.matches(&r, name)
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
	for i, k := range SortedKeys(r.Args) {
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

// Check reports configuration errors, all at once: a rule with an empty
// Tool; a malformed glob, in Tool or in Args; and a Deny or Ask rule whose
// Tool is not a pattern and is not among registered, since a typo must never
// silently allow. Allow rules may name tools the agent lacks (one policy
// shared by several agents), and pattern rules are not checked. If
// registered is empty, the unregistered check is skipped.
func (p Permissions) Check(registered []ToolName) error {
	var errs []error
	for _, l := range p.lists() {
		for i := range l.rules {
			errs = append(errs, checkRule(l.name, i, &l.rules[i])...)
		}
	}
	if err := p.checkRegistered(registered); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

type ruleList struct {
	name  string
	rules []Rule
}

// lists are p's lists in the order Decide reads them.
func (p Permissions) lists() []ruleList {
	return []ruleList{{"deny", p.Deny}, {"allow", p.Allow}, {"ask", p.Ask}}
}

// checkRule reports an empty tool and malformed globs of the rule list[i].
func checkRule(list string, i int, r *Rule) []error {
	var errs []error
	at := fmt.Sprintf("permission rule %s[%d] %s", list, i, r)
	if r.Tool == "" {
		errs = append(errs, errors.New(at+": names no tool (use \"*\" for every tool)"))
	} else if err := checkPattern(string(r.Tool)); err != nil {
		errs = append(errs, fmt.Errorf("%s: malformed tool pattern %q: %w", at, r.Tool, err))
	}
	for _, k := range SortedKeys(r.Args) {
		if err := checkPattern(r.Args[k]); err != nil {
			errs = append(errs, fmt.Errorf("%s: malformed pattern %q for argument %q: %w", at, r.Args[k], k, err))
		}
	}
	return errs
}

// checkRegistered reports Deny and Ask rules naming tools that are not
// registered.
func (p Permissions) checkRegistered(registered []ToolName) error {
	if len(registered) == 0 {
		return nil
	}
	var unknown []ToolName
	for _, rules := range [][]Rule{p.Deny, p.Ask} {
		for _, r := range rules {
			if r.Tool != "" && !r.IsPattern() && !slices.Contains(registered, r.Tool) {
				unknown = append(unknown, r.Tool)
			}
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	known := slices.Clone(registered)
	slices.Sort(unknown)
	slices.Sort(known)
	return fmt.Errorf("permission rules deny or ask about tools that are not registered: %s (registered tools: %s). "+
		"A rule that names no tool matches no call, so it would silently allow what it was written to stop",
		joinNames(slices.Compact(unknown)), joinNames(slices.Compact(known)))
}

// callArgs reads a call's arguments for rules with Args: once, and only
// when such a rule names the tool.
type callArgs struct {
	raw    []byte
	read   bool
	object bool   // raw is a JSON object (only then do rules with Args match)
	text   []byte // the members' keys and values, one after another
	// The members in the order sent: the first ones in an array, which
	// costs no allocation, the rest in a slice.
	n     int
	first [8]member
	rest  []member
}

// member is one member of the arguments: its key is text[start:mid], its
// value text[mid:end].
type member struct{ start, mid, end int }

// member returns the i'th member.
func (c *callArgs) member(i int) member {
	if i < len(c.first) {
		return c.first[i]
	}
	return c.rest[i-len(c.first)]
}

func (c *callArgs) add(m member) {
	if c.n < len(c.first) {
		c.first[c.n] = m
	} else {
		c.rest = append(c.rest, m)
	}
	c.n++
}

// firstMatch returns the first rule of rules matching the call, or nil.
func (c *callArgs) firstMatch(rules []Rule, name ToolName) *Rule {
	for i := range rules {
		if c.matches(&rules[i], name) {
			return &rules[i]
		}
	}
	return nil
}

// matches reports whether r matches the call. A rule with an empty Tool
// matches nothing (Check reports it).
func (c *callArgs) matches(r *Rule, name ToolName) bool {
	if r.Tool == "" || !Match(string(r.Tool), string(name)) {
		return false
	}
	if len(r.Args) == 0 {
		return true
	}
	c.parse()
	if !c.object {
		return false
	}
	for key, pattern := range r.Args {
		v, ok := c.value(key)
		if !ok || !matchBytes(pattern, v) {
			return false
		}
	}
	return true
}

// value returns the value of the member key as text, the last one when the
// key is repeated.
func (c *callArgs) value(key string) ([]byte, bool) {
	for i := c.n - 1; i >= 0; i-- {
		m := c.member(i)
		if string(c.text[m.start:m.mid]) == key {
			return c.text[m.mid:m.end], true
		}
	}
	return nil, false
}

// parse reads the arguments with the package's Decoder (no reflection):
// strings unescaped, other values as compact JSON text with canonical
// numbers.
func (c *callArgs) parse() {
	if c.read {
		return
	}
	c.read = true
	var d Decoder
	d.Reset(c.raw)
	if d.Kind() != KindObject {
		return
	}
	// Unescaped and compacted, the text is hardly ever longer than the
	// arguments (only invalid UTF-8, read as U+FFFD, and a number whose
	// exponent stands for zeros, at most maxPlainZeros each, grow).
	c.text = make([]byte, 0, len(c.raw))
	d.Object()
	for key, ok := d.Field(); ok; key, ok = d.Field() {
		m := member{start: len(c.text)}
		c.text = append(c.text, key...)
		m.mid = len(c.text)
		if !c.readValue(&d) {
			return
		}
		m.end = len(c.text)
		c.add(m)
	}
	c.object = d.Close() == nil
}

// readValue appends the text of the next value; false on a syntax error.
func (c *callArgs) readValue(d *Decoder) bool {
	if d.Kind() == KindString {
		s, ok := d.StringBytes()
		c.text = append(c.text, s...)
		return ok
	}
	raw, ok := d.RawValue() // checked JSON, so appendCanonicalJSON may be used; no copy needed
	c.text = appendCanonicalJSON(c.text, raw)
	return ok
}
