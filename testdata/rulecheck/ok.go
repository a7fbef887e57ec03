// Package rulecheck shows that the generated rule types are checked by the
// compiler: ok.go compiles; the files behind the build tags rulecheck_tool
// and rulecheck_arg misspell a tool and an argument, and must not
// (internal/generate's TestRuleTypos builds each).
package rulecheck

import (
	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"

	"toolgen.test/e2e"
)

// Policy uses the rule types of the e2e package as intended.
var Policy = agent.Permissions{
	Deny:  []toolgen.Rule{e2e.SearchRule{Query: "secret*"}.Rule()},
	Allow: []toolgen.Rule{e2e.EchoRule{Text: "hello*", Times: "[1-3]"}.Rule()},
	Ask:   []toolgen.Rule{e2e.AddRule{}.Rule()},
}
