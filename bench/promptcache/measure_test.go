package promptcache

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/bench/wirefake"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// An order is how a request's tools are arranged before the adapter sends
// them: as the agent sends them (arrange nil), or as another agent would.
type order struct {
	name    string
	arrange func(agent.Request) []agent.ToolSpec
}

// orders are toolgen's and two naive ones: the tools in the order they
// were registered, a loaded tool in its place among them (toolgen's before
// this measurement), and the tools ranked anew each turn by their
// relevance to the last message, as agents that pick tools per turn do.
func orders(t *testing.T, tools []toolgen.Tool) []order {
	registered := map[toolgen.ToolName]int{agent.ToolSearchTools: len(tools)}
	for i, tool := range tools {
		registered[tool.Name] = i
	}
	box, err := toolgen.NewToolbox(tools)
	if err != nil {
		t.Fatal(err)
	}
	return []order{
		{name: "toolgen: up front, then loaded, append-only"},
		{name: "registration order, a loaded tool in its place", arrange: func(req agent.Request) []agent.ToolSpec {
			return sortedBy(req.Tools, func(s agent.ToolSpec) int { return registered[s.Name] })
		}},
		{name: "ranked by relevance to the last message, each turn", arrange: func(req agent.Request) []agent.ToolSpec {
			rank := map[toolgen.ToolName]int{}
			for i, hit := range box.Search(lastText(req), 0) {
				rank[hit.Tool.Name] = i - len(tools) // before every tool the search misses
			}
			return sortedBy(req.Tools, func(s agent.ToolSpec) int { return rank[s.Name] })
		}},
	}
}

func sortedBy(specs []agent.ToolSpec, key func(agent.ToolSpec) int) []agent.ToolSpec {
	out := slices.Clone(specs)
	slices.SortStableFunc(out, func(a, b agent.ToolSpec) int { return key(a) - key(b) })
	return out
}

// lastText is the text of a request's last message: the user's, or its
// results'.
func lastText(req agent.Request) string {
	m := req.Messages[len(req.Messages)-1]
	text := m.Text
	for _, r := range m.Results {
		text += " " + r.Result.Text()
	}
	return text
}

// arranged is a model whose requests' tools an order arranges; it keeps
// the names of the tools each request sent.
type arranged struct {
	agent.Model
	arrange func(agent.Request) []agent.ToolSpec
	sent    *[][]toolgen.ToolName
}

// SearchesTools passes on the model's (agent.NativeToolSearcher).
func (m arranged) SearchesTools() bool {
	ns, ok := m.Model.(agent.NativeToolSearcher)
	return ok && ns.SearchesTools()
}

func (m arranged) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	if m.arrange != nil {
		req.Tools = m.arrange(req)
	}
	var names []toolgen.ToolName
	for _, s := range req.Tools {
		names = append(names, s.Name)
	}
	*m.sent = append(*m.sent, names)
	return m.Model.Generate(ctx, req)
}

// caches are each provider's prompt, cache, and the fewest tokens it
// caches, by wirefake's name.
var caches = map[string]struct {
	render    renderer
	cache     func(*tokencount.Counter) cache
	minTokens int
}{
	"openai chat":                     {openAIPrompt, newOpenAICache, openAIMinTokens},
	"openai responses":                {openAIPrompt, newOpenAICache, openAIMinTokens},
	"anthropic":                       {anthropicPrompt, newAnthropicCache, anthropicMinTokens},
	wirefake.AnthropicToolSearch.Name: {anthropicPrompt, newAnthropicCache, anthropicMinTokens},
	wirefake.OpenAIToolSearch.Name:    {openAIPrompt, newOpenAICache, openAIMinTokens},
	"gemini":                          {geminiPrompt, newGeminiCache, geminiMinTokens},
}

// A run is a session's requests as a provider's cache served them, and
// whether each sent other tools than the request before it.
type run struct {
	requests     []usage
	toolsChanged []bool
	minTokens    int // the fewest the cache keeps
}

// measure runs the session in order o through p's adapter against a fake
// of p's API that answers the script, and accounts the requests the
// adapter sent with p's cache.
func measure(t *testing.T, p wirefake.Provider, o order, tools []toolgen.Tool, answers []agent.Message, c *tokencount.Counter) run {
	api, err := p.Fake(answers)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(api)
	defer srv.Close()
	m, err := p.Model(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	var sent [][]toolgen.ToolName
	a, err := agent.New(arranged{m, o.arrange, &sent}, agent.WithTools(tools), agent.WithSystem(system),
		agent.WithToolSearch(agent.ToolSearch{}), agent.WithMaxTurns(turns))
	if err != nil {
		t.Fatal(err)
	}
	st, err := a.Run(t.Context(), prompt, nil)
	if err != nil || st.StopReason != agent.StopDone || len(api.Bodies()) != turns {
		t.Fatalf("%s, %s: %v (stopped: %s after %d requests)", p.Name, o.name, err, st.StopReason, len(api.Bodies()))
	}
	pc := caches[p.Name]
	cache := pc.cache(c)
	r := run{minTokens: pc.minTokens}
	for i, body := range api.Bodies() {
		blocks, err := pc.render(body)
		if err != nil {
			t.Fatal(err)
		}
		r.requests = append(r.requests, cache.serve(blocks))
		r.toolsChanged = append(r.toolsChanged, i > 0 && !slices.Equal(sent[i], sent[i-1]))
	}
	return r
}

const prompt = "Tidy up this week's customer follow-ups: check the drive, the calendar, the mail and the payments."

// total is the run's requests added up.
func (r run) total() usage {
	var u usage
	for _, q := range r.requests {
		u.input, u.cached = u.input+q.input, u.cached+q.cached
	}
	return u
}

// missed are the requests after the first that the cache did not serve
// the previous request's whole prompt (but the part of a 128-token step
// OpenAI's cache leaves out), when that prompt was long enough to cache.
func (r run) missed() []bool {
	out := make([]bool, len(r.requests))
	for i := 1; i < len(r.requests); i++ {
		prev := r.requests[i-1].input
		out[i] = prev >= r.minTokens && r.requests[i].cached < prev-128
	}
	return out
}

// afterLoads are the requests that sent other tools than the one before,
// when that one's prompt was long enough to cache.
func (r run) afterLoads() []bool {
	out := make([]bool, len(r.requests))
	for i := 1; i < len(r.requests); i++ {
		out[i] = r.toolsChanged[i] && r.requests[i-1].input >= r.minTokens
	}
	return out
}

func (u usage) share() float64 { return float64(u.cached) / float64(u.input) }

// TestPromptCache runs the session in each order through each provider's
// adapter. With toolgen's order, the cache serves each request the whole
// of the previous one's prompt, but the requests right after a load: the
// tools come before the conversation, so a load makes the provider read
// the conversation again, once. Every naive order has less of its input
// served from the cache. With Anthropic's or OpenAI's own tool search,
// which put a found tool in the conversation, no request misses, and the
// cache serves at least 90% of the input. With TOOLGEN_PROMPTCACHE_TABLE=1 it logs the
// table (with -v).
func TestPromptCache(t *testing.T) {
	var c tokencount.Counter
	tools := sessionTools()
	answers := script(t, tools, nil)
	all := orders(t, tools)
	runs := make([][]run, len(all))
	for i, o := range all {
		for _, p := range wirefake.Providers {
			runs[i] = append(runs[i], measure(t, p, o, tools, answers, &c))
		}
	}
	for j, p := range wirefake.Providers {
		toolgen := runs[0][j]
		if loads := slices.Index(toolgen.toolsChanged, true); loads < 0 {
			t.Fatalf("%s: no request loaded a tool", p.Name)
		}
		assert.Equal(t, toolgen.afterLoads(), toolgen.missed(), "%s: the requests the cache missed with toolgen's order are those after a load", p.Name)
		for i := 1; i < len(all); i++ {
			if runs[i][j].total().share() >= toolgen.total().share() {
				t.Errorf("%s: %s had %.3f from the cache, toolgen's order %.3f", p.Name, all[i].name, runs[i][j].total().share(), toolgen.total().share())
			}
		}
	}
	natives := map[string]run{
		"anthropic":        measure(t, wirefake.AnthropicToolSearch, all[0], tools, script(t, tools, anthropicSearch), &c),
		"openai responses": measure(t, wirefake.OpenAIToolSearch, all[0], tools, script(t, tools, openAISearch), &c),
	}
	for name, native := range natives {
		assert.NotContains(t, native.missed(), true, "%s: with the API's own tool search, no request misses", name)
		assert.GreaterOrEqual(t, native.total().share(), 0.9, "%s: with the API's own tool search", name)
	}
	if os.Getenv("TOOLGEN_PROMPTCACHE_TABLE") != "" {
		t.Log("\n" + table(all, runs, natives))
	}
}

// table is the runs as a Markdown table: per order, per provider, the
// share of input tokens served from the cache, the tokens, and the
// requests after the first the cache did not serve the previous prompt.
func table(orders []order, runs [][]run, natives map[string]run) string {
	var b strings.Builder
	b.WriteString("| tool order |")
	for _, p := range wirefake.Providers {
		fmt.Fprintf(&b, " %s |", p.Name)
	}
	b.WriteString("\n|---|" + strings.Repeat("--:|", len(wirefake.Providers)) + "\n")
	for i, o := range orders {
		fmt.Fprintf(&b, "| %s |", o.name)
		for _, r := range runs[i] {
			b.WriteString(cell(r))
		}
		b.WriteString("\n")
	}
	b.WriteString("| toolgen, with the API's own tool search (defer_loading) |")
	for _, p := range wirefake.Providers {
		if native, ok := natives[p.Name]; ok {
			fmt.Fprint(&b, cell(native))
		} else {
			b.WriteString(" |")
		}
	}
	return b.String() + "\n"
}

func cell(r run) string {
	u := r.total()
	return fmt.Sprintf(" %.1f%% (%d / %d; %d missed) |", 100*u.share(), u.cached, u.input, count(r.missed()))
}

func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}
