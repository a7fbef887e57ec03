package gemini

import (
	"encoding/json"
	"slices"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// The API runs some tools itself: Google Search grounding and code
// execution. An answer has executableCode and codeExecutionResult parts
// for each run of code, and groundingMetadata for its searches. They
// become agent.ProviderCalls, never run by the agent: the code and its
// result as the API gave them (and sent back with the history as parts),
// the searches' queries and the grounding metadata (not sent back: the
// API does not take it).

// providerName marks the calls this adapter sends back.
const providerName = "gemini"

// The names of the API's tools, as ProviderCall.Name and as permission
// rules name them.
const (
	GoogleSearch  toolgen.ToolName = "google_search"
	CodeExecution toolgen.ToolName = "code_execution"
)

// WithGoogleSearch lets the model search the web with Google Search
// (grounding): its queries and the grounding metadata come back as a
// ProviderCall named "google_search", never run by the loop. An agent
// whose permission rules deny or ask about "google_search" sends its
// requests without it (the API searches without asking).
func WithGoogleSearch() Option {
	return func(c *config) error {
		c.EnableProviderTool(string(GoogleSearch), nil)
		return nil
	}
}

// WithCodeExecution lets the model write and run Python in the API's
// sandbox: each run comes back as a ProviderCall named "code_execution",
// its Args the executableCode part, its Result the codeExecutionResult
// part (IsError when the outcome is not OUTCOME_OK). An agent whose
// permission rules deny or ask about "code_execution" sends its requests
// without it.
func WithCodeExecution() Option {
	return func(c *config) error {
		c.EnableProviderTool(string(CodeExecution), nil)
		return nil
	}
}

// ProviderTools names the API's tools the options enable
// (agent.ProviderToolModel), in name order.
func (m *Model) ProviderTools() []string {
	return slices.Clone(m.providerTools)
}

var _ agent.ProviderToolModel = (*Model)(nil)

// providerToolParams are the API's tools a request may use: those the options
// enable but the ones it disables (Request.DisabledProviderTools: the
// agent's rules deny or ask about them).
func (m *Model) providerToolParams(disabled []string) []*genai.Tool {
	var tools []*genai.Tool
	for _, name := range m.providerTools {
		if slices.Contains(disabled, name) {
			continue
		}
		switch toolgen.ToolName(name) {
		case GoogleSearch:
			tools = append(tools, &genai.Tool{GoogleSearch: &genai.GoogleSearch{}})
		case CodeExecution:
			tools = append(tools, &genai.Tool{CodeExecution: &genai.ToolCodeExecution{}})
		}
	}
	return tools
}

// codeRuns are the code runs of an answer waiting for their result.
type codeRuns struct{ open []agent.ProviderCall }

func (c *codeRuns) start(id string, code *genai.ExecutableCode) {
	args, _ := json.Marshal(code)
	c.open = append(c.open, agent.ProviderCall{Provider: providerName, ID: id, Name: string(CodeExecution), Args: args})
}

// settle gives the run with the result's id, else the oldest, its result,
// and returns it whole.
func (c *codeRuns) settle(res *genai.CodeExecutionResult) (agent.ProviderCall, bool) {
	if len(c.open) == 0 {
		return agent.ProviderCall{}, false
	}
	i := slices.IndexFunc(c.open, func(pc agent.ProviderCall) bool { return res.ID != "" && pc.ID == res.ID })
	if i < 0 {
		i = 0
	}
	pc := c.open[i]
	c.open = slices.Delete(c.open, i, i+1)
	pc.Result, _ = json.Marshal(res)
	pc.IsError = res.Outcome != genai.OutcomeOK
	return pc, true
}

// unsettled takes the runs whose result did not come.
func (c *codeRuns) unsettled() []agent.ProviderCall {
	out := c.open
	c.open = nil
	return out
}

// searchCall is the provider call of an answer's grounding: its queries,
// and the metadata whole; none without queries or sources.
func searchCall(id string, g *genai.GroundingMetadata) (agent.ProviderCall, bool) {
	if g == nil || (len(g.WebSearchQueries) == 0 && len(g.GroundingChunks) == 0) {
		return agent.ProviderCall{}, false
	}
	args, _ := json.Marshal(struct {
		Queries []string `json:"queries"`
	}{g.WebSearchQueries})
	result, _ := json.Marshal(g)
	return agent.ProviderCall{Provider: providerName, ID: id, Name: string(GoogleSearch), Args: args, Result: result}, true
}

// groundingSources are the web pages of an answer's grounding, as
// agent.Sources: its groundingChunks' web pages (uri, title) in their
// order, one per URL, each with the pieces of the answer's text that
// groundingSupports say it supports (their segments: byte offsets, checked
// against the segment's text, else the text's place in the answer).
// Chunks of other kinds (retrieved contexts, maps) are not web pages.
func groundingSources(g *genai.GroundingMetadata, text string) []agent.Source {
	if g == nil {
		return nil
	}
	web := func(i int32) *genai.GroundingChunkWeb {
		if i < 0 || int(i) >= len(g.GroundingChunks) || g.GroundingChunks[i] == nil {
			return nil
		}
		return g.GroundingChunks[i].Web
	}
	var msg agent.Message
	for i := range g.GroundingChunks {
		if w := web(int32(i)); w != nil {
			msg.AddSource(agent.Source{URL: w.URI, Title: w.Title})
		}
	}
	for _, s := range g.GroundingSupports {
		if s == nil || s.Segment == nil {
			continue
		}
		c, ok := adapter.Cite(text, int(s.Segment.StartIndex), int(s.Segment.EndIndex), s.Segment.Text)
		if !ok {
			continue
		}
		for _, i := range s.GroundingChunkIndices {
			if w := web(i); w != nil {
				msg.AddSource(agent.Source{URL: w.URI, Citations: []agent.Citation{c}})
			}
		}
	}
	return msg.Sources
}

// providerParts are the parts of the code an earlier answer ran, as they
// came; searches are not sent back, nor other providers' calls.
func providerParts(calls []agent.ProviderCall) []*genai.Part {
	var parts []*genai.Part
	for _, pc := range calls {
		if pc.Provider != providerName || pc.Name != string(CodeExecution) {
			continue
		}
		var code genai.ExecutableCode
		if json.Unmarshal(pc.Args, &code) != nil {
			continue
		}
		parts = append(parts, &genai.Part{ExecutableCode: &code})
		var res genai.CodeExecutionResult
		if len(pc.Result) > 0 && json.Unmarshal(pc.Result, &res) == nil {
			parts = append(parts, &genai.Part{CodeExecutionResult: &res})
		}
	}
	return parts
}
