package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// The long run: the model reads longTurns parts of 20 KB, one a turn, then
// answers from the last part it read.
const (
	longTurns = 15
	partBytes = 20 << 10
	budget    = 12000 // estimated tokens: two parts and a bit
)

// readTool returns 20 KB for each part.
func readTool() toolgen.Tool {
	return toolgen.Tool{
		Name: "read", Description: "reads a part", InputSchema: []byte(`{"type":"object"}`),
		Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
			var in struct{ Part int }
			if err := json.Unmarshal(args, &in); err != nil {
				return toolgen.Result{}, err
			}
			head := fmt.Sprintf("part %d: ", in.Part)
			return toolgen.TextResult(head + strings.Repeat("x", partBytes-len(head))), nil
		},
	}
}

// longScript is the model's replies: longTurns reads, then an answer
// naming the head of the last result it saw.
func longScript() []rt.Reply {
	var replies []rt.Reply
	for i := range longTurns {
		replies = append(replies, rt.Calls(rt.Call(fmt.Sprint("c", i+1), "read", fmt.Sprintf(`{"part":%d}`, i+1))))
	}
	return append(replies, rt.Respond(func(req agent.Request) agent.Response {
		last := req.Messages[len(req.Messages)-1].Results[0].Result.Text()
		return agent.Response{Message: agent.Message{Text: "the last part was " + last[:7]}}
	}))
}

// summarizer answers every summary request with a short summary.
func summarizer(n int) *rt.Model {
	var replies []rt.Reply
	for i := range n {
		replies = append(replies, rt.Respond(func(req agent.Request) agent.Response {
			return agent.Response{Message: agent.Message{Text: fmt.Sprintf("summary %d: read parts", i+1)}, Usage: agent.Usage{InputTokens: 100, OutputTokens: 10}}
		}))
	}
	return rt.NewModel(replies...)
}

// checkTranscript asserts that each tool message follows the assistant
// message whose calls it answers.
func checkTranscript(t *testing.T, msgs []agent.Message) {
	t.Helper()
	require.Equal(t, agent.RoleUser, msgs[0].Role)
	for i, m := range msgs {
		if m.Role != agent.RoleTool {
			continue
		}
		require.Positive(t, i)
		prev := msgs[i-1]
		require.Equal(t, agent.RoleAssistant, prev.Role, "message %d", i)
		require.Len(t, m.Results, len(prev.Calls))
		for j, r := range m.Results {
			assert.Equal(t, prev.Calls[j].ID, r.CallID)
		}
	}
}

// sentTokens is the estimated size of every request a model got.
func sentTokens(m *rt.Model) (total, largest int) {
	for _, req := range m.Requests() {
		n := agent.EstimateTokens(req)
		total += n
		largest = max(largest, n)
	}
	return total, largest
}

func longRun(t *testing.T, opts ...agent.Option) (*agent.State, *rt.Model, []agent.Event) {
	t.Helper()
	model := rt.NewModel(longScript()...)
	var events []agent.Event
	opts = append([]agent.Option{agent.WithTools([]toolgen.Tool{readTool()}), agent.WithSystem("You read parts."),
		agent.WithObserver(func(e agent.Event) { events = append(events, e) })}, opts...)
	a, err := agent.New(model, opts...)
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "Read the parts.", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, s.StopReason)
	require.Zero(t, model.Remaining())
	return s, model, events
}

func compactions(events []agent.Event) []agent.CompactionRecord {
	var out []agent.CompactionRecord
	for _, e := range events {
		if e.Kind == agent.EventCompaction {
			out = append(out, *e.Compaction)
		}
	}
	return out
}

func TestCompactionElidesOldToolResults(t *testing.T) {
	plain, plainModel, _ := longRun(t)
	_, largest := sentTokens(plainModel)
	require.Greater(t, largest, budget, "without compaction the run goes over the budget")

	s, model, events := longRun(t, agent.WithCompaction(budget, agent.ElideToolResults(1, 1024)))
	assert.Equal(t, plain.Output(), s.Output())
	assert.Equal(t, "the last part was part 15", s.Output())
	for i, req := range model.Requests() {
		assert.LessOrEqual(t, agent.EstimateTokens(req), budget, "request %d", i+1)
		checkTranscript(t, req.Messages)
	}
	checkTranscript(t, s.Messages)
	// Every result stays, answering its call; the old ones are markers.
	assert.Len(t, s.Messages, len(plain.Messages))
	var elided int
	for _, m := range s.Messages {
		for _, r := range m.Results {
			if r.Result.Text() == fmt.Sprintf(agent.ElidedResult, partBytes) {
				elided++
			}
		}
	}
	assert.Equal(t, longTurns-1, elided)

	// The state records what the events said.
	recs := compactions(events)
	require.NotEmpty(t, recs)
	assert.Equal(t, recs, s.Compactions)
	assert.Equal(t, 4, recs[0].Turn, "three parts are over the budget")
	total := 0
	for _, r := range recs {
		assert.Equal(t, "elide_tool_results", r.Policy)
		assert.Positive(t, r.SavedTokens)
		assert.Equal(t, r.TokensBefore-r.TokensAfter, r.SavedTokens)
		assert.LessOrEqual(t, r.TokensAfter, budget)
		total += r.ElidedResults
	}
	assert.Equal(t, longTurns-1, total, "each result is elided once")
	assert.Contains(t, recs[0].Removed, "tool results over 1024 bytes")
}

func TestCompactionSummarizes(t *testing.T) {
	plain, _, _ := longRun(t)
	sum := summarizer(longTurns)
	s, model, events := longRun(t, agent.WithCompaction(budget, agent.Summarize(sum, 2)))
	assert.Equal(t, plain.Output(), s.Output())
	for i, req := range model.Requests() {
		assert.LessOrEqual(t, agent.EstimateTokens(req), budget, "request %d", i+1)
		checkTranscript(t, req.Messages)
		assert.Equal(t, "You read parts.", req.System, "the system prompt is kept")
	}
	// The summary follows the prompt in the first message; the last two
	// turns are kept whole.
	require.Len(t, s.Messages, 1+2*2+1)
	first := s.Messages[0].Text
	assert.True(t, strings.HasPrefix(first, "Read the parts.\n\n"+agent.SummaryPrefix), first)
	n := len(sum.Requests())
	assert.True(t, strings.HasSuffix(first, fmt.Sprintf("summary %d: read parts", n)), "only the last summary: %s", first)
	assert.Equal(t, "part 14: ", s.Messages[2].Results[0].Result.Text()[:9])

	// The summarizer was asked with the fixed instruction and the
	// transcript as text, earlier summary included.
	reqs := sum.Requests()
	require.NotEmpty(t, reqs)
	assert.Equal(t, agent.SummaryInstruction, reqs[0].System)
	assert.Empty(t, reqs[0].Tools)
	assert.Contains(t, reqs[0].Messages[0].Text, "USER: Read the parts.")
	assert.Contains(t, reqs[0].Messages[0].Text, `ASSISTANT called read {"part":1}`)
	assert.Contains(t, reqs[0].Messages[0].Text, "more bytes]", "results are cut")
	if len(reqs) > 1 {
		assert.Contains(t, reqs[1].Messages[0].Text, "summary 1: read parts")
	}

	recs := compactions(events)
	require.Len(t, recs, n)
	assert.Equal(t, recs, s.Compactions)
	for _, r := range recs {
		assert.Equal(t, "summarize", r.Policy)
		assert.Positive(t, r.RemovedMessages)
		assert.Positive(t, r.SavedTokens)
		assert.Equal(t, agent.Usage{InputTokens: 100, OutputTokens: 10}, r.Usage)
	}
	// The summaries' cost is the run's.
	assert.Equal(t, plain.Usage.Add(agent.Usage{InputTokens: 100 * n, OutputTokens: 10 * n}), s.Usage)
}

func TestCompactionPoliciesInOrder(t *testing.T) {
	// Eliding is enough: the summarizer is never asked.
	sum := summarizer(0)
	s, _, _ := longRun(t, agent.WithCompaction(budget, agent.ElideToolResults(1, 1024), agent.Summarize(sum, 2)))
	assert.Empty(t, sum.Requests())
	for _, r := range s.Compactions {
		assert.Equal(t, "elide_tool_results", r.Policy)
	}

	// A budget of little more than one part: the markers of elided results
	// add up, and summaries follow.
	sum = summarizer(longTurns)
	s, model, _ := longRun(t, agent.WithCompaction(5200, agent.ElideToolResults(1, 1024), agent.Summarize(sum, 1)))
	assert.NotEmpty(t, sum.Requests())
	for i, req := range model.Requests() {
		assert.LessOrEqual(t, agent.EstimateTokens(req), 5200, "request %d", i+1)
		checkTranscript(t, req.Messages)
	}
	policies := map[string]bool{}
	for _, r := range s.Compactions {
		policies[r.Policy] = true
	}
	assert.Equal(t, map[string]bool{"elide_tool_results": true, "summarize": true}, policies)
}

func TestCompactionResumesFromTheCompactedHistory(t *testing.T) {
	script := longScript()
	opts := func(model agent.Model, turns int) *agent.Agent {
		a, err := agent.New(model, agent.WithTools([]toolgen.Tool{readTool()}), agent.WithMaxTurns(turns),
			agent.WithCompaction(budget, agent.ElideToolResults(1, 1024)))
		require.NoError(t, err)
		return a
	}
	first := rt.NewModel(script[:8]...)
	s, err := opts(first, 8).Run(context.Background(), "Read the parts.", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopMaxTurns, s.StopReason)
	require.NotEmpty(t, s.Compactions)

	data, err := json.Marshal(s)
	require.NoError(t, err)
	var saved agent.State
	require.NoError(t, json.Unmarshal(data, &saved))
	assert.Equal(t, s.Compactions, saved.Compactions)

	second := rt.NewModel(script[8:]...)
	resumed, err := opts(second, 20).Resume(context.Background(), &saved, nil)
	require.NoError(t, err)
	assert.Equal(t, "the last part was part 15", resumed.Output())
	// The resumed run went on from the compacted history.
	req := second.Requests()[0]
	assert.Equal(t, s.Messages[:len(s.Messages)-1], req.Messages[:len(s.Messages)-1])
	assert.Equal(t, fmt.Sprintf(agent.ElidedResult, partBytes), req.Messages[2].Results[0].Result.Text())
	for _, req := range second.Requests() {
		assert.LessOrEqual(t, agent.EstimateTokens(req), budget)
		checkTranscript(t, req.Messages)
	}
	assert.Greater(t, len(resumed.Compactions), len(s.Compactions))
	assert.Equal(t, s.Compactions, resumed.Compactions[:len(s.Compactions)])
}

func TestCompactionUsesReportedInputTokens(t *testing.T) {
	// The model reports many more tokens than the estimate: its count of
	// the transcript's prefix decides.
	model := rt.NewModel(
		rt.Respond(func(agent.Request) agent.Response {
			return agent.Response{Message: agent.Message{Calls: []agent.ToolCall{rt.Call("c1", "read", `{"part":1}`)}}, Usage: agent.Usage{InputTokens: 9000}}
		}),
		rt.Text("done"),
	)
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{readTool()}), agent.WithCompaction(10000, agent.ElideToolResults(0, 1024)))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "Read.", nil)
	require.NoError(t, err)
	require.Len(t, s.Compactions, 1)
	assert.Greater(t, s.Compactions[0].TokensBefore, 9000+partBytes/4)
	assert.Equal(t, fmt.Sprintf(agent.ElidedResult, partBytes), s.Messages[2].Results[0].Result.Text())
}

func TestCompactionOptionErrors(t *testing.T) {
	model := rt.NewModel()
	for name, opt := range map[string]agent.Option{
		"agent.WithCompaction(0): budget must be at least 1":                      agent.WithCompaction(0, agent.ElideToolResults(1, 1)),
		"agent.WithCompaction(10): no policy":                                     agent.WithCompaction(10),
		"agent.WithCompaction(10): policy 0 is nil":                               agent.WithCompaction(10, nil),
		"agent.WithCompaction(10): ElideToolResults(-1, 1): must not be negative": agent.WithCompaction(10, agent.ElideToolResults(-1, 1)),
		"agent.WithCompaction(10): Summarize: nil model":                          agent.WithCompaction(10, agent.Summarize(nil, 1)),
		"agent.WithCompaction(10): Summarize(0): keepTurns must be at least 1":    agent.WithCompaction(10, agent.Summarize(model, 0)),
	} {
		_, err := agent.New(model, opt)
		assert.EqualError(t, err, name)
	}
}

func TestCompactionRefusesAnInvalidTranscript(t *testing.T) {
	// A policy that drops the calls answered by the last results.
	bad := agent.CompactorFunc(func(_ context.Context, c agent.Compaction) (agent.Compacted, error) {
		return agent.Compacted{Policy: "bad", Removed: "calls", Messages: []agent.Message{c.Messages[0], c.Messages[len(c.Messages)-1]}}, nil
	})
	failing := agent.CompactorFunc(func(context.Context, agent.Compaction) (agent.Compacted, error) {
		return agent.Compacted{}, errors.New("no")
	})
	for _, c := range []struct {
		policy agent.Compactor
		want   string
	}{
		{bad, "agent: compaction bad: message 2: tool results that do not follow their calls"},
		{failing, "agent: compaction: no"},
	} {
		policy, want := c.policy, c.want
		model := rt.NewModel(longScript()...)
		a, err := agent.New(model, agent.WithTools([]toolgen.Tool{readTool()}), agent.WithCompaction(100, policy))
		require.NoError(t, err)
		_, err = a.Run(context.Background(), "Read.", nil)
		assert.EqualError(t, err, want)
	}
}

func TestCompactionInAStreamingRun(t *testing.T) {
	model := rt.NewModel(longScript()...)
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{readTool()}), agent.WithCompaction(budget, agent.ElideToolResults(1, 1024)))
	require.NoError(t, err)
	var kinds []agent.EventKind
	s, err := a.RunStream(context.Background(), "Read the parts.", nil, func(e agent.Event) error {
		if e.Kind == agent.EventCompaction || e.Kind == agent.EventTurnStarted {
			kinds = append(kinds, e.Kind)
		}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, "the last part was part 15", s.Output())
	assert.Equal(t, []agent.EventKind{agent.EventTurnStarted, agent.EventTurnStarted, agent.EventTurnStarted,
		agent.EventCompaction, agent.EventTurnStarted}, kinds[:5], "a compaction comes before the turn it makes room for")
	for _, req := range model.Requests() {
		assert.LessOrEqual(t, agent.EstimateTokens(req), budget)
	}
}

// BenchmarkCompaction runs the long scripted run (15 turns reading 20 KB
// each) without compaction and with each policy, and reports the tokens
// sent (EstimateTokens summed over the requests, the summarizer's
// included) and the largest request.
func BenchmarkCompaction(b *testing.B) {
	for _, c := range []struct {
		name   string
		policy func() (agent.Compactor, *rt.Model)
	}{
		{"compaction=none", nil},
		{"compaction=elide", func() (agent.Compactor, *rt.Model) { return agent.ElideToolResults(1, 1024), nil }},
		{"compaction=summarize", func() (agent.Compactor, *rt.Model) {
			sum := summarizer(longTurns)
			return agent.Summarize(sum, 2), sum
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var total, largest int
			for b.Loop() {
				model := rt.NewModel(longScript()...)
				opts := []agent.Option{agent.WithTools([]toolgen.Tool{readTool()}), agent.WithSystem("You read parts.")}
				var sum *rt.Model
				if c.policy != nil {
					var p agent.Compactor
					p, sum = c.policy()
					opts = append(opts, agent.WithCompaction(budget, p))
				}
				a, err := agent.New(model, opts...)
				if err != nil {
					b.Fatal(err)
				}
				s, err := a.Run(context.Background(), "Read the parts.", nil)
				if err != nil || s.Output() != "the last part was part 15" {
					b.Fatal(err, s.Output())
				}
				total, largest = sentTokens(model)
				if sum != nil {
					t, _ := sentTokens(sum)
					total += t
				}
			}
			b.ReportMetric(float64(total), "tokens-sent/run")
			b.ReportMetric(float64(largest), "largest-request-tokens")
		})
	}
}

// The estimate counts what the provider ran (its results can be large web
// pages) and leaves out what a deferred tool's definition would add.
func TestEstimateTokensCountsProviderCallsNotDeferredTools(t *testing.T) {
	base := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "hi"}}}
	withCall := base
	withCall.Messages = append(slices.Clone(base.Messages), agent.Message{Role: agent.RoleAssistant,
		ProviderCalls: []agent.ProviderCall{{ID: "s", Name: "web_search", Result: json.RawMessage(`"` + strings.Repeat("x", 4000) + `"`)}}})
	assert.GreaterOrEqual(t, agent.EstimateTokens(withCall)-agent.EstimateTokens(base), 1000)

	spec := agent.ToolSpec{Name: "refund_payment", Description: strings.Repeat("Refunds. ", 100), InputSchema: json.RawMessage(`{"type":"object"}`)}
	sent, deferred := base, base
	sent.Tools = []agent.ToolSpec{spec}
	spec.Deferred = true
	deferred.Tools = []agent.ToolSpec{spec}
	assert.Less(t, agent.EstimateTokens(deferred), agent.EstimateTokens(base)+10)
	assert.Greater(t, agent.EstimateTokens(sent), agent.EstimateTokens(base)+200)
}
