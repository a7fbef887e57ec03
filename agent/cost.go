package agent

import (
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// What each tool costs the context: its definition, sent with each
// request, and its results, as they entered the transcript.

// ToolTokens is what one tool put in a run's context, in estimated tokens
// (State.ToolTokens).
type ToolTokens struct {
	// Tool is the tool's name; a tool a sub-agent (AsTool) offered is
	// named by the sub-agent tool's name, a slash and its own name
	// ("research/fetch"), so that no sub-agent's figures mix with another
	// agent's, and a slash never clashes with a tool's name.
	Tool toolgen.ToolName `json:"tool"`
	// Calls counts the calls whose results entered the context, refused
	// calls included.
	Calls int `json:"calls,omitempty"`
	// DefinitionTokens is the size of the tool's definition times the
	// requests that sent it (that got a response). The size is
	// toolgen.Tool.Tokens.Default, counted at build time; a tool without
	// one (hand-written, MCP, the agent's own) is estimated as
	// EstimateTokens counts a tool. A deferred tool counts from the first
	// request after it was loaded; before, only its name is sent.
	DefinitionTokens int `json:"definition_tokens,omitempty"`
	// ResultTokens is the size of the tool's results as they entered the
	// context (a cut result: its kept part and note), as EstimateTokens
	// counts them, the yardstick of WithResultBudget.
	ResultTokens int `json:"result_tokens,omitempty"`
}

// definitionTokens is the size of t's definition: its build-time count,
// or else EstimateTokens' estimate.
func definitionTokens(t toolgen.Tool) int {
	if t.Tokens.Default > 0 {
		return t.Tokens.Default
	}
	return (len(t.Name) + len(t.Description) + len(t.InputSchema) + bytesPerToken - 1) / bytesPerToken
}

// resultTokens is the estimated size of a result in the context.
func resultTokens(r toolgen.Result) int {
	return (resultBytes(r) + bytesPerToken - 1) / bytesPerToken
}

// toolTokens is the entry of tool in s.ToolTokens, added in name order if
// there is none.
func (s *State) toolTokens(tool toolgen.ToolName) *ToolTokens {
	i, found := slices.BinarySearchFunc(s.ToolTokens, tool, func(t ToolTokens, name toolgen.ToolName) int { return strings.Compare(string(t.Tool), string(name)) })
	if !found {
		s.ToolTokens = slices.Insert(s.ToolTokens, i, ToolTokens{Tool: tool})
	}
	return &s.ToolTokens[i]
}

// countDefinitions adds the definitions of the tools a request of s sends
// to s.ToolTokens: before the response to it changes s. A tool sent
// deferred counts once loaded (its provider's search found it).
func (a *Agent) countDefinitions(s *State) {
	for _, spec := range a.toolsFor(s) {
		if spec.Deferred && !slices.Contains(s.LoadedTools, spec.Name) {
			continue
		}
		s.toolTokens(spec.Name).DefinitionTokens += a.definitions[spec.Name]
	}
}

// countResult adds a result that entered the transcript to s.ToolTokens.
func (s *State) countResult(r ToolResult) int {
	n := resultTokens(r.Result)
	t := s.toolTokens(r.Name)
	t.Calls++
	t.ResultTokens += n
	return n
}

// AddSubAgentTokens adds to s.ToolTokens what the tools of sub, the run
// of the sub-agent behind the tool named tool (AsTool), cost, each under
// tool + "/" + its name. A run adds its sub-agents' figures itself; an
// engine that runs a sub-agent's run apart (SubAgent) calls this, as it
// adds sub.Usage to s.Usage.
func (s *State) AddSubAgentTokens(tool toolgen.ToolName, sub *State) {
	if sub == nil {
		return
	}
	for _, t := range sub.ToolTokens {
		t.Tool = tool + "/" + t.Tool
		s.addToolTokens(t)
	}
}

// addToolTokens adds t to the entry of its tool in s.ToolTokens.
func (s *State) addToolTokens(t ToolTokens) {
	into := s.toolTokens(t.Tool)
	into.Calls += t.Calls
	into.DefinitionTokens += t.DefinitionTokens
	into.ResultTokens += t.ResultTokens
}
