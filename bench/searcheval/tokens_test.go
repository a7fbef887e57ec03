package searcheval

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

// upFront is how many of the catalog's tools the deferral scenario sends
// up front: the first ten, as a program keeps its most used tools loaded.
const upFront = 10

// definitionTokens sums the tools' definitions in one dialect; a tool
// without a form in the dialect is sent its default one.
func definitionTokens(tools []toolgen.Tool, strict bool) int {
	n := 0
	for _, t := range tools {
		if strict && t.Tokens.Strict > 0 {
			n += t.Tokens.Strict
		} else {
			n += t.Tokens.Default
		}
	}
	return n
}

// TestDeferralTokens measures the definition tokens a request sends with
// every tool, and with all but ten deferred behind search_tools, at 100,
// 500 and 1,000 tools (past the catalog's 567, renamed copies, whose
// counts are their originals'), and requires at least 85% fewer at 500.
func TestDeferralTokens(t *testing.T) {
	a, err := agent.New(agenttest.NewModel(), agent.WithToolSearch(agent.ToolSearch{}))
	if err != nil {
		t.Fatal(err)
	}
	search, ok := a.Tool(agent.ToolSearchTools)
	if !ok || search.Tokens.Default == 0 {
		t.Fatal("search_tools has no token count")
	}
	var out strings.Builder
	fmt.Fprintf(&out, "| tools | every tool sent (default / strict) | %d sent + search_tools (default / strict) | fewer | after a search loaded 5 (default) |\n| --- | --- | --- | --- | --- |\n", upFront)
	for _, n := range []int{100, 500, 1000} {
		tools := withCopies(catalogTools(), n)
		all := definitionTokens(tools, false)
		allStrict := definitionTokens(tools, true)
		deferred := definitionTokens(tools[:upFront], false) + search.Tokens.Default
		deferredStrict := definitionTokens(tools[:upFront], true) + search.Tokens.Strict
		fewer := 1 - float64(deferred)/float64(all)
		loaded := deferred + definitionTokens(tools[upFront:upFront+5], false)
		fmt.Fprintf(&out, "| %d | %d / %d | %d / %d | %.1f%% / %.1f%% | %d (%.1f%% fewer) |\n", n, all, allStrict, deferred, deferredStrict,
			100*fewer, 100*(1-float64(deferredStrict)/float64(allStrict)), loaded, 100*(1-float64(loaded)/float64(all)))
		if n == 500 && fewer < 0.85 {
			t.Errorf("at 500 tools deferral saves %.1f%% of the definition tokens, under 85%%", 100*fewer)
		}
	}
	t.Log("\n" + out.String())
}
