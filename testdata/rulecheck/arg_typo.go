//go:build rulecheck_arg

package rulecheck

import "toolgen.test/e2e"

// A misspelled argument.
var _ = e2e.SearchRule{Qeury: "x"}.Rule()
