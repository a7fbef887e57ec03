//go:build rulecheck_tool

package rulecheck

import "toolgen.test/e2e"

// A misspelled tool.
var _ = e2e.SerchRule{}.Rule()
