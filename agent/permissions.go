package agent

import (
	"slices"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// The permission matcher moved to package permission, so that an MCP server
// (package mcp) decides calls as the loop does without importing the loop.
// These names keep code written against agent working; go fix rewrites it.

// Permissions decide what may run: see [permission.Permissions].
//
//go:fix inline
type Permissions = permission.Permissions

// Outcome is what permission rules decide about a call: see [permission.Outcome].
//
//go:fix inline
type Outcome = permission.Outcome

// The outcomes: see [permission.OutcomeNone].
//
//go:fix inline
const (
	OutcomeNone  = permission.OutcomeNone
	OutcomeAllow = permission.OutcomeAllow
	OutcomeAsk   = permission.OutcomeAsk
	OutcomeDeny  = permission.OutcomeDeny
)

// Match reports whether the glob pattern matches all of s: see [permission.Match].
//
//go:fix inline
func Match(pattern, s string) bool { return permission.Match(pattern, s) }

// MatchRule reports whether r matches a call read one way: see [permission.MatchRule].
//
//go:fix inline
func MatchRule(r toolgen.Rule, name toolgen.ToolName, args []byte) bool {
	return permission.MatchRule(r, name, args)
}

// readsArgs reports whether a rule of p with Args, in any list, matches
// calls of the tool name: its decision then depends on the arguments as sent.
func readsArgs(p permission.Permissions, name toolgen.ToolName) bool {
	for _, r := range slices.Concat(p.Deny, p.Allow, p.Ask) {
		if len(r.Args) > 0 && permission.Match(string(r.Tool), string(name)) {
			return true
		}
	}
	return false
}

// withheld are the provider tools of names that a Deny or Ask rule of p
// names, by name or pattern, whatever its arguments (see ProviderToolModel).
func withheld(p permission.Permissions, names []string) []string {
	var out []string
	for _, name := range names {
		for _, r := range slices.Concat(p.Deny, p.Ask) {
			if permission.Match(string(r.Tool), name) {
				out = append(out, name)
				break
			}
		}
	}
	return out
}
