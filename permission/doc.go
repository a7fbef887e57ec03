// Package permission is the matcher of permission rules. Permissions
// decide whether a call runs, asks a person first, or is refused: the agent
// loop (package agent, agent.WithPermissions) and an MCP
// server (package mcp, mcp.WithPermissions) decide every call with them.
// Their rules are toolgen.Rule values, plain data that generated code can
// build:
//
//	perms := permission.Permissions{
//		Deny:  []toolgen.Rule{{Tool: "run_command", Args: map[string]string{"command": "*rm -rf*"}}},
//		Allow: []toolgen.Rule{{Tool: "read_*"}, {Tool: "run_command", Args: map[string]string{"command": "git *"}}},
//		Ask:   []toolgen.Rule{{Tool: "run_command"}},
//	}
//	outcome, rule := perms.Decide("run_command", []byte(`{"command":"git status"}`))
//	// allow, run_command(command="git *"); "rm -rf /" is denied, "curl x" asks
//
// How they decide:
//
//   - Order: Deny, then Allow, then Ask; the first list with a matching rule
//     wins, and Decide returns the first matching rule of that list. No match
//     is OutcomeNone: the agent then applies its preset and the tool's
//     RequiresApproval. Deny always wins, but allow beats ask (Claude Code
//     checks ask first): above, the allow rule exempts git from the ask rule.
//     For a host tool that requires approval, the agent counts only allow
//     rules whose Tool is the tool's name: a pattern allows the calls of
//     other tools, never waives that approval (see agent's Presets).
//   - A rule matches when Tool, a name or a glob, matches the tool's name, and
//     every one of Args matches: the call must send that argument (an absent
//     argument cannot be vouched for: "{"command": "*"}" does not match {})
//     and its value must match the glob. A string is matched as its text; any
//     other value as its compact JSON (true, null, "["a","b"]"), with every
//     number, nested ones too, by its value in a canonical form: an integer
//     without fraction or exponent (7.0, 7e0 and 70e-1 are all 7), any other
//     number as a plain decimal without trailing zeros (0.50 is 0.5, -1225e-2
//     is -12.25), -0 as 0. So "{"count": "7"}" cannot be sidestepped by
//     writing 7.0. A number whose plain form would need more than 400 zeros it
//     does not write is put in exponent form (1e999999999, 2.5e-500): unique
//     too, and no longer than the literal. Strings nested in a value, names
//     included, are matched in one spelling, unescaped but for the quote,
//     the backslash and control characters: {"k\u0069nd":"circle"} is
//     {"kind":"circle"} to a glob. Arguments a rule does not name are free.
//     If the arguments are not a JSON object, rules with Args match nothing.
//   - Rules, the decoder and a person see the same values. Arguments that
//     repeat a member name in one object, at any depth (names compared
//     unescaped), are refused by the loop before any rule, with the
//     decoder's words ("invalid arguments: /shape/kind: duplicate member
//     ..."): one reader keeps the first, another the last, a glob sees
//     both, so no reading may slip past a deny or ask rule, and no person
//     is asked about them. Permissions.Decide, on its own, never allows
//     such arguments, nor arguments with two names in one object that
//     differ only in case (encoding/json reads them as one), by a rule with
//     Args; its deny and ask rules match them when they match any reading
//     (a case variant of the argument's name too, and a value repeating a
//     name within as matching anything). MatchRule matches one reading:
//     false for them. A rule without Args matches by name, as always.
//   - Globs (Match), the same for names and values: the whole string,
//     case-sensitively; * is any run of characters, / and spaces included
//     (unlike path.Match); "?" one character (a code point, not a byte);
//     [abc], [a-z], "[!abc]" or "[^abc]" one character of a set (a ] first is
//     a member); "\" makes the next character literal: "\*" is a star,
//     "\["a"]" matches the array "["a"]". A malformed pattern matches nothing.
//     "MatchRule(rule, name, args)" tells whether one rule matches a
//     call.
//   - Check (agent.New runs it) reports every mistake at once: a rule without
//     a tool, a malformed glob, and a deny or ask rule naming a tool that is
//     not registered, since a rule that names no tool would silently allow
//     what it was written to stop: "permission rules deny or ask about tools
//     that are not registered: run_comand (registered tools: read_file,
//     run_command)...". Allow rules may name tools an agent lacks (one policy
//     for several agents); patterns are not checked for that. A rule naming an
//     argument its tool does not take is refused too, in every list, since it
//     would match no call: "permission rule deny[0] run_command(comand="rm
//     *"): tool run_command takes no argument "comand", so the rule matches no
//     call (run_command takes command, cwd)"; for a pattern rule it is enough
//     that one matching tool takes the argument, and tools whose schemas
//     declare no properties (or use "$ref") are not checked.
//   - Rules match text; they are not a sandbox: "git *" also matches "git log;
//     rm -rf ~", and does not match git alone (git* matches both, and gitk).
package permission
