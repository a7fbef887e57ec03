package permission

import (
	"strings"

	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/wire"
)

// Permissions decide what may run. Order: Deny, then Allow, then Ask; the
// first list with a matching rule wins; no match -> OutcomeNone (the caller
// then applies presets and the tool's own RequiresApproval).
//
// Deny always wins. Unlike Claude Code, where ask beats allow, an Allow rule
// here beats an Ask rule: Ask{run_command} with Allow{run_command,
// command="git *"} asks about everything but git. Within a list the order of
// rules only decides which rule is reported.
type Permissions struct {
	Allow []toolgen.Rule `json:"allow,omitempty"`
	Ask   []toolgen.Rule `json:"ask,omitempty"`
	Deny  []toolgen.Rule `json:"deny,omitempty"`
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
// tool. Arguments that can be read more than one way (a member name
// repeated, names in one object that differ only in case, see toolgen.Rule)
// are matched by a deny or ask rule on any reading, and by no allow rule
// with Args.
func (p Permissions) Decide(name toolgen.ToolName, args []byte) (Outcome, *toolgen.Rule) {
	return p.decide(name, args, false)
}

// DecideTool is Decide for a call of t as the agent loop reads the rules:
// if t is a host tool that requires approval (RequiresApproval, and not
// Builtin), only an allow rule whose Tool is t's name lifts that, not a
// pattern that matches it. Servers that decide calls as the loop does
// (package mcp) use it.
func (p Permissions) DecideTool(t *toolgen.Tool, args []byte) (Outcome, *toolgen.Rule) {
	return p.decide(t.Name, args, t.RequiresApproval && !t.Builtin)
}

// decide is Decide, where, if namedOnly, only an allow rule whose Tool is
// name (not a pattern matching it) counts (see DecideTool).
func (p Permissions) decide(name toolgen.ToolName, args []byte, namedOnly bool) (Outcome, *toolgen.Rule) {
	call := callArgs{raw: args}
	if r := call.firstMatch(p.Deny, name); r != nil {
		return OutcomeDeny, r
	}
	if r := call.firstAllowing(p.Allow, name, namedOnly); r != nil {
		return OutcomeAllow, r
	}
	if r := call.firstMatch(p.Ask, name); r != nil {
		return OutcomeAsk, r
	}
	return OutcomeNone, nil
}

// MatchRule reports whether r matches a call of tool name with raw JSON
// args read one way (see toolgen.Rule for what matching means): a rule with
// Args matches no arguments that repeat a member name, or have two names in
// one object that differ only in case. Decide's deny and ask rules match
// such arguments on any reading.
func MatchRule(r toolgen.Rule, name toolgen.ToolName, args []byte) bool {
	call := callArgs{raw: args}
	return call.matches(&r, name, false)
}

// Check reports configuration errors, all at once, against the tools the
// rules are for: a rule with an empty Tool; a malformed glob, in Tool or in
// Args; a Deny or Ask rule whose Tool is not a pattern and is not among
// tools, since a typo must never silently allow; and a rule whose Args name
// an argument that is not a property of the input schema of the tool it
// names, or, for a pattern, of any tool it matches (see checkArgs), since
// such a rule matches no call. Allow rules may name tools the agent lacks
// (one policy shared by several agents), and pattern rules need not match a
// tool. If tools is empty, the checks against tools are skipped. agent.New
// runs Check with the agent's tools, and the names of the tools its model
// runs itself (agent.ProviderToolModel) as providerTools, which count as
// registered.
func (p Permissions) Check(tools []toolgen.Tool, providerTools ...string) error {
	var errs []error
	for _, l := range p.lists() {
		for i := range l.rules {
			errs = append(errs, checkRule(l.name, i, &l.rules[i])...)
			if err := checkArgs(l.name, i, &l.rules[i], tools); err != nil {
				errs = append(errs, err)
			}
		}
	}
	registered := make([]toolgen.ToolName, len(tools), len(tools)+len(providerTools))
	for i, t := range tools {
		registered[i] = t.Name
	}
	if len(tools) > 0 {
		for _, name := range providerTools {
			registered = append(registered, toolgen.ToolName(name))
		}
	}
	if err := p.checkRegistered(registered); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

type ruleList struct {
	name  string
	rules []toolgen.Rule
}

// lists are p's lists in the order Decide reads them.
func (p Permissions) lists() []ruleList {
	return []ruleList{{"deny", p.Deny}, {"allow", p.Allow}, {"ask", p.Ask}}
}

// checkRule reports an empty tool and malformed globs of the rule list[i].
func checkRule(list string, i int, r *toolgen.Rule) []error {
	var errs []error
	at := fmt.Sprintf("permission rule %s[%d] %s", list, i, r)
	if r.Tool == "" {
		errs = append(errs, errors.New(at+": names no tool (use \"*\" for every tool)"))
	} else if err := checkPattern(string(r.Tool)); err != nil {
		errs = append(errs, fmt.Errorf("%s: malformed tool pattern %q: %w", at, r.Tool, err))
	}
	for _, k := range slices.Sorted(maps.Keys(r.Args)) {
		if err := checkPattern(r.Args[k]); err != nil {
			errs = append(errs, fmt.Errorf("%s: malformed pattern %q for argument %q: %w", at, r.Args[k], k, err))
		}
	}
	return errs
}

// checkRegistered reports Deny and Ask rules naming tools that are not
// registered.
func (p Permissions) checkRegistered(registered []toolgen.ToolName) error {
	if len(registered) == 0 {
		return nil
	}
	var unknown []toolgen.ToolName
	for _, rules := range [][]toolgen.Rule{p.Deny, p.Ask} {
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
	text   []byte // the members' names and values, one after another
	// The members in the order sent (see wire.AppendRuleArgs).
	members []wire.RuleMember
	clash   wire.NameClash
}

// firstMatch returns the first rule of rules matching the call, or nil; a
// rule matches arguments that can be read in more than one way when it
// matches one of the readings (see matches): the Deny and Ask lists.
func (c *callArgs) firstMatch(rules []toolgen.Rule, name toolgen.ToolName) *toolgen.Rule {
	for i := range rules {
		if c.matches(&rules[i], name, true) {
			return &rules[i]
		}
	}
	return nil
}

// firstAllowing returns the first rule of rules matching the call read
// one way, or nil: the Allow list, which never matches arguments that can
// be read in more than one way by a rule with Args. If namedOnly, only a
// rule whose Tool is name (not a pattern) counts.
func (c *callArgs) firstAllowing(rules []toolgen.Rule, name toolgen.ToolName, namedOnly bool) *toolgen.Rule {
	for i := range rules {
		if (!namedOnly || rules[i].Tool == name) && c.matches(&rules[i], name, false) {
			return &rules[i]
		}
	}
	return nil
}

// matches reports whether r matches the call. A rule with an empty Tool
// matches nothing (Check reports it). Read one way (the Allow list,
// MatchRule), a rule with Args matches no arguments that repeat a member
// name, or whose names in one object differ only in case, anywhere (see
// wire.NameClash). On any reading (the Deny and Ask lists), each argument
// of r.Args is matched by any member whose name is the argument's or
// differs from it only in case (encoding/json reads {"Command": ...} as
// command), when its value matches the glob or repeats a name within
// itself (it could then read as anything); for arguments read one way,
// with no such names, that is the same.
func (c *callArgs) matches(r *toolgen.Rule, name toolgen.ToolName, anyReading bool) bool {
	if r.Tool == "" || !Match(string(r.Tool), string(name)) {
		return false
	}
	if len(r.Args) == 0 {
		return true
	}
	c.parse()
	if !c.object || !anyReading && (c.clash.Repeated || c.clash.Folded) {
		return false
	}
	for key, pattern := range r.Args {
		if anyReading {
			if !c.anyValue(key, pattern) {
				return false
			}
		} else if v, ok := c.value(key); !ok || !matchBytes(pattern, v) {
			return false
		}
	}
	return true
}

// value returns the text of the member key, read one way (no name
// repeated).
func (c *callArgs) value(key string) ([]byte, bool) {
	for _, m := range c.members {
		if string(c.text[m.Start:m.Mid]) == key {
			return c.text[m.Mid:m.End], true
		}
	}
	return nil, false
}

// anyValue reports whether a member named key, or a case variant of it,
// has a value that matches pattern or repeats a name within.
func (c *callArgs) anyValue(key, pattern string) bool {
	for _, m := range c.members {
		if name := c.text[m.Start:m.Mid]; (string(name) == key || bytes.EqualFold(name, []byte(key))) &&
			(m.Tangled || matchBytes(pattern, c.text[m.Mid:m.End])) {
			return true
		}
	}
	return false
}

// parse reads the arguments with the JSON reader of internal/wire (no
// reflection): names and strings unescaped, other values as canonical JSON
// text (wire.AppendRuleArgs).
func (c *callArgs) parse() {
	if c.read {
		return
	}
	c.read = true
	// Unescaped and compacted, the text is hardly ever longer than the
	// arguments (only invalid UTF-8, read as U+FFFD, and a number whose
	// exponent stands for zeros, at most maxPlainZeros each, grow).
	c.text, c.members, c.clash, c.object = wire.AppendRuleArgs(make([]byte, 0, len(c.raw)), make([]wire.RuleMember, 0, 8), c.raw)
}

// DeniesEveryCall reports whether a deny rule refuses every call of the tool
// name, whatever its arguments: a rule without Args whose Tool matches it.
// Tool search leaves such tools out of what it finds.
func (p Permissions) DeniesEveryCall(name toolgen.ToolName) bool {
	for _, r := range p.Deny {
		if len(r.Args) == 0 && Match(string(r.Tool), string(name)) {
			return true
		}
	}
	return false
}

func joinNames(names []toolgen.ToolName) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}
