package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/toolgen-dev/toolgen"
)

// ToolSearchTools names the tool an agent with tool search offers its model
// (WithToolSearch).
const ToolSearchTools = toolSearchTools

// ToolSearch configures tool search (WithToolSearch).
type ToolSearch struct {
	// Limit is the most tools one search returns: 1 to 20, 0 for
	// DefaultToolSearchLimit. The model may ask for fewer.
	Limit int
}

// DefaultToolSearchLimit is how many tools a search returns unless
// ToolSearch.Limit says otherwise.
const DefaultToolSearchLimit = 5

// WithToolSearch sends the model, instead of every tool, the tools that are
// not Deferred (toolgen.Tool.Deferred, the directive's defer option) and a
// search_tools tool (ToolSearchTools). A search returns the best matching
// tools of the agent's (toolgen.Toolbox.Search over their build-time
// index), and every deferred tool it returns is sent with each request
// from the next one on, after the tools sent up front and in the order
// they were loaded: a request's tools start with the previous one's, so a
// provider's cached prefix stays valid. The State records them
// (State.LoadedTools), so a paused, resumed or durable run keeps them, and
// an EventToolsLoaded says which. With the provider searching (below),
// the deferred tools are sent after the others, always deferred. A search
// finds only tools the agent offers (its filters) and that no deny rule
// refuses by name alone; a found tool's calls are decided by the
// permission rules as any other's. A model that calls a deferred tool
// it was not sent (a name it remembers) is decided as if it had found it.
//
// search_tools is read-only and idempotent: presets let it run, and rules
// may name it (ToolSearchTools). Without WithToolSearch, deferred tools are
// sent like any other.
//
// With a model whose provider searches tools itself (NativeToolSearcher,
// such as anthropic.WithToolSearch), the agent has no search_tools: it
// sends the deferred tools marked ToolSpec.Deferred (but those a deny rule
// refuses by name alone, which are not sent), the provider searches them,
// and the tools its searches find (ProviderCall.Found) are loaded as
// search_tools' are. The provider decides how many tools a search returns:
// Limit does not apply.
func WithToolSearch(ts ToolSearch) Option {
	return func(c *config) error {
		switch {
		case ts.Limit < 0 || ts.Limit > 20:
			return fmt.Errorf("agent.WithToolSearch(Limit: %d): must be 1 to 20, or 0 for %d", ts.Limit, DefaultToolSearchLimit)
		case ts.Limit == 0:
			ts.Limit = DefaultToolSearchLimit
		}
		c.search = &ts
		return nil
	}
}

// FoundTools is search_tools' result: the tools found, best first.
type FoundTools struct {
	// Tools can be called from the next request on.
	Tools []FoundTool `json:"tools"`
}

// FoundTool is one tool a search found.
type FoundTool struct {
	// Name is the tool's name, to call it by.
	Name toolgen.ToolName `json:"name"`
	// Namespace is the group the tool belongs to.
	Namespace string `json:"namespace,omitempty"`
	// Description is what the tool does.
	Description string `json:"description"`
}

// toolSearcher is the receiver of the generated tool searchTools: the
// agent whose tools it searches.
type toolSearcher struct {
	agent *Agent
	limit int
}

// searchTools finds tools for a task among the tools you have not been
// sent yet, by what they do. The tools it returns can be called from your
// next message on; search again with other words when none fits.
//
// Parameters:
//   - query minLength=1: What the tool should do, in a few words, for example "refund a payment" or "move a calendar event".
//   - limit min=1,max=20: How many tools to return at most; the agent's limit when absent.
//
//toolgen:tool readonly idempotent name=search_tools
func (ts *toolSearcher) searchTools(ctx context.Context, query string, limit *int) (FoundTools, error) {
	if ts.agent == nil {
		return FoundTools{}, errors.New("tool search is not set up: this tool belongs to an agent made with agent.WithToolSearch")
	}
	n := ts.limit
	if limit != nil && *limit < n {
		n = *limit
	}
	found := FoundTools{Tools: []FoundTool{}}
	for _, t := range ts.agent.searchable(query, n) {
		found.Tools = append(found.Tools, FoundTool{Name: t.Name, Namespace: t.Namespace, Description: t.Description})
	}
	return found, nil
}

// searchable is the best n tools for query that a search may return: the
// ones the agent offers, but search_tools and those a deny rule refuses by
// name alone.
func (a *Agent) searchable(query string, n int) []toolgen.Tool {
	var out []toolgen.Tool
	for _, hit := range a.tools.Search(query, 0) {
		if len(out) == n {
			break
		}
		if t := hit.Tool; t.Name != ToolSearchTools && a.offered[t.Name] && !a.perms.DeniesEveryCall(t.Name) {
			out = append(out, t)
		}
	}
	return out
}

// providerTools are the tools m's provider runs itself, if it says.
func providerTools(m Model) []string {
	if pm, ok := m.(ProviderToolModel); ok {
		return pm.ProviderTools()
	}
	return nil
}

// searchesTools reports whether m's provider searches deferred tools
// itself.
func searchesTools(m Model) bool {
	ns, ok := m.(NativeToolSearcher)
	return ok && ns.SearchesTools()
}

// toolsFor is the tools a request of s offers: all the agent offers; or,
// with tool search on, those not deferred in their fixed order, and then
// the deferred ones s has loaded (marked Loaded), in the order they were
// loaded. Loading a tool thus appends to the list the previous request
// sent and never rewrites it, so the provider's cached prefix (tools
// first) stays valid.
//
// When the provider searches, the deferred ones follow those not deferred,
// every one marked Deferred, loaded or not: the API expands a found tool
// in the conversation (Anthropic: a tool_reference block, replayed with
// the history) and keeps deferred tools out of the cached prefix, so
// sending a loaded tool undeferred would only change the tools, which
// invalidates the cache of the tools, the system prompt and every message.
// Kept after the others, they leave the tools sent up front one block, the
// place a cache breakpoint on the last of them covers.
func (a *Agent) toolsFor(s *State) []ToolSpec {
	if a.search == nil {
		return a.specs
	}
	specs := make([]ToolSpec, 0, len(a.specs))
	var deferred []ToolSpec
	for _, spec := range a.specs {
		switch {
		case !a.deferred[spec.Name]:
			specs = append(specs, spec)
		case a.native && !a.perms.DeniesEveryCall(spec.Name):
			spec.Deferred = true
			deferred = append(deferred, spec)
		}
	}
	if a.native {
		return append(specs, deferred...)
	}
	for _, name := range s.LoadedTools {
		if i := slices.IndexFunc(a.specs, func(spec ToolSpec) bool { return spec.Name == name }); i >= 0 {
			spec := a.specs[i]
			spec.Loaded = true
			specs = append(specs, spec)
		}
	}
	return specs
}

// loadProviderFound adds to s the deferred tools that the provider's own
// tool search found in the response just added, and reports them.
func (a *Agent) loadProviderFound(s *State, calls []ProviderCall, out sink) {
	var found []toolgen.ToolName
	for _, pc := range calls {
		found = append(found, pc.Found...)
	}
	a.load(s, found, out)
}

// loadFound adds to s the deferred tools that the turn's searches found and
// the deferred tools the turn called, in the order of the results, and
// reports them. It is pure: the engine seam replays it.
func (a *Agent) loadFound(s *State, results []ToolResult, out sink) {
	if a.search == nil {
		return
	}
	var names []toolgen.ToolName
	for _, r := range results {
		if r.Name != ToolSearchTools {
			names = append(names, r.Name)
			continue
		}
		names = append(names, foundNames(r.Result)...)
	}
	a.load(s, names, out)
}

// load adds to s, once each and in order, the names that are deferred
// tools the agent offers and s has not loaded, and reports them.
func (a *Agent) load(s *State, names []toolgen.ToolName, out sink) {
	if a.search == nil {
		return
	}
	var loaded []toolgen.ToolName
	for _, name := range names {
		if a.deferred[name] && a.offered[name] && !slices.Contains(s.LoadedTools, name) && !slices.Contains(loaded, name) {
			loaded = append(loaded, name)
		}
	}
	if len(loaded) > 0 {
		s.LoadedTools = append(s.LoadedTools, loaded...)
		out.emit(s, Event{Kind: EventToolsLoaded, RunID: s.RunID, Turn: s.Turns, Tools: loaded})
	}
}

// foundNames is the tools a search_tools result names; none for a failed
// call or a result that is not search_tools' (a State edited by hand).
func foundNames(r toolgen.Result) []toolgen.ToolName {
	if r.IsError || len(r.Structured) == 0 {
		return nil
	}
	var found FoundTools
	if json.Unmarshal(r.Structured, &found) != nil {
		return nil
	}
	names := make([]toolgen.ToolName, len(found.Tools))
	for i, t := range found.Tools {
		names[i] = t.Name
	}
	return names
}
