package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// fixed is a tool named name whose every call returns res.
func fixed(name toolgen.ToolName, limit int, res toolgen.Result) toolgen.Tool {
	return toolgen.Tool{Name: name, Description: "Report.", InputSchema: []byte(`{"type":"object"}`), MaxResultTokens: limit,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return res, nil }}
}

// readOn finds the read_result call a note asks for.
var readOn = regexp.MustCompile(`read_result \{"call_id": "([^"]+)", "offset": (\d+)\}`)

// pager is a model's reply that reads on where the last note says, or
// answers "read it all" at the end.
func pager(n int) rt.Reply {
	return rt.Respond(func(req agent.Request) agent.Response {
		var m []string
		for i := len(req.Messages) - 1; i >= 0; i-- {
			if rs := req.Messages[i].Results; len(rs) > 0 {
				m = readOn.FindStringSubmatch(rs[0].Result.Text())
				break
			}
		}
		if m == nil {
			return agent.Response{Message: agent.Message{Text: "read it all"}}
		}
		args := fmt.Sprintf(`{"call_id":%q,"offset":%s}`, m[1], m[2])
		return agent.Response{Message: agent.Message{Calls: []agent.ToolCall{rt.Call(fmt.Sprintf("page%d", n), agent.ToolReadResult, args)}}}
	})
}

func pagers(from, n int) []rt.Reply {
	var out []rt.Reply
	for i := range n {
		out = append(out, pager(from+i))
	}
	return out
}

// longText is lines of mixed lengths, one of them longer than a page and
// of two-byte characters, so that a page ends inside it at a character.
func longText() string {
	var b strings.Builder
	for i := range 120 {
		fmt.Fprintf(&b, "line %d: %s\n", i, strings.Repeat("x", i%37))
		if i == 60 {
			b.WriteString(strings.Repeat("é", 700) + "\n")
		}
	}
	return b.String()
}

// results are the results of s's transcript, in order.
func results(s *agent.State) []agent.ToolResult {
	var out []agent.ToolResult
	for _, m := range s.Messages {
		out = append(out, m.Results...)
	}
	return out
}

// An oversized text result is cut at a line with a note, and the model
// pages through the rest with read_result to the end: every byte comes
// back, in order, each page within the limit; a run saved as JSON in the
// middle pages on after its resume.
func TestOversizedTextResultIsPaged(t *testing.T) {
	text := longText()
	tool := fixed("report", 100, toolgen.TextResult(text))
	var events []agent.Event
	observe := agent.WithObserver(func(e agent.Event) { events = append(events, e) })
	model := rt.NewModel(append([]rt.Reply{rt.Calls(rt.Call("c1", "report", `{}`))}, append(pagers(0, 3), rt.Text("later"))...)...)
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}), observe, agent.WithMaxTurns(100))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "report", nil)
	require.NoError(t, err)

	first := results(s)[0].Result
	require.Len(t, first.Content, 2)
	assert.LessOrEqual(t, len(first.Content[0].Text), 400)
	assert.True(t, strings.HasSuffix(first.Content[0].Text, "\n"), "cut at a line")
	assert.Contains(t, first.Content[1].Text, "[result cut to fit the context: report's results are limited to about 100 tokens, and this one has about")
	assert.Contains(t, first.Content[1].Text, fmt.Sprintf("of %d", len(text)))
	require.Len(t, s.HeldResults, 1)

	raw, err := json.Marshal(s)
	require.NoError(t, err)
	var saved agent.State
	require.NoError(t, json.Unmarshal(raw, &saved))
	saved.Messages = append(saved.Messages, agent.Message{Role: agent.RoleUser, Text: "read on"})
	model = rt.NewModel(pagers(3, 40)...)
	a, err = agent.New(model, agent.WithTools([]toolgen.Tool{tool}), observe, agent.WithMaxTurns(100))
	require.NoError(t, err)
	s2, err := a.Resume(context.Background(), &saved, nil)
	require.NoError(t, err)
	require.Equal(t, "read it all", s2.Output())

	var got strings.Builder
	pages := 0
	for _, r := range results(s2) {
		require.False(t, r.Result.IsError, r.Result.Text())
		require.Len(t, r.Result.Content, 2, "a page and its note")
		assert.LessOrEqual(t, len(r.Result.Content[0].Text), 400)
		got.WriteString(r.Result.Content[0].Text)
		if r.Name == agent.ToolReadResult {
			pages++
		}
	}
	assert.Equal(t, text, got.String(), "every byte, in order")
	assert.Greater(t, pages, 8)
	assert.Contains(t, results(s2)[pages].Result.Content[1].Text, "this is the end of it")

	finished := 0
	for _, e := range events {
		if e.Kind == agent.EventToolFinished && e.Call.Name == agent.ToolReadResult {
			finished++
		}
	}
	assert.Equal(t, pages, finished, "each page is reported as a tool's call")
}

// jsonItems are n objects, as a generated encoder writes them.
func jsonItems(n int) []string {
	items := make([]string, n)
	for i := range items {
		items[i] = fmt.Sprintf(`{"id":%d,"payee":"shop %d","amount":%d.5}`, i, i, i*3)
	}
	return items
}

// An oversized structured result is cut at an item of its array, as a top
// level array or as an object's array member: the kept part is valid JSON,
// and the pages bring back every item, in order, as written.
func TestOversizedJSONResultIsPaged(t *testing.T) {
	items := jsonItems(200)
	array := "[" + strings.Join(items, ",") + "]"
	for name, whole := range map[string]string{
		"array":  array,
		"object": `{"month":"may","payments":` + array + `,"notes":[1,2],"total":5}`,
	} {
		t.Run(name, func(t *testing.T) {
			tool := fixed("statement", 150, toolgen.Result{Structured: json.RawMessage(whole)})
			model := rt.NewModel(append([]rt.Reply{rt.Calls(rt.Call("c1", "statement", `{}`))}, pagers(0, 60)...)...)
			a, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}), agent.WithMaxTurns(100))
			require.NoError(t, err)
			s, err := a.Run(context.Background(), "statement", nil)
			require.NoError(t, err)
			require.Equal(t, "read it all", s.Output())

			all := results(s)
			cut := all[0].Result
			require.True(t, json.Valid(cut.Structured), "the kept part is JSON")
			assert.Equal(t, string(cut.Structured), cut.Content[0].Text)
			assert.LessOrEqual(t, len(cut.Structured), 600)
			var kept []json.RawMessage
			if name == "array" {
				require.NoError(t, json.Unmarshal(cut.Structured, &kept))
				assert.Contains(t, cut.Content[1].Text, "of the array of call c1")
			} else {
				var obj struct {
					Month    string
					Payments []json.RawMessage
					Total    int
				}
				require.NoError(t, json.Unmarshal(cut.Structured, &obj))
				assert.Equal(t, 5, obj.Total, "the other members are kept whole")
				kept = obj.Payments
				assert.Contains(t, cut.Content[1].Text, `of the array "payments" of call c1`)
			}
			got := rawStrings(kept)
			for _, r := range all[1:] {
				var page []json.RawMessage
				require.NoError(t, json.Unmarshal([]byte(r.Result.Content[0].Text), &page), r.Result.Text())
				assert.LessOrEqual(t, len(r.Result.Content[0].Text), 600)
				got = append(got, rawStrings(page)...)
			}
			assert.Equal(t, items, got, "every item, in order, as written")
			assert.Contains(t, all[len(all)-1].Result.Text(), "this is the end of it")
		})
	}
}

func rawStrings(raw []json.RawMessage) []string {
	out := make([]string, len(raw))
	for i, r := range raw {
		out[i] = string(r)
	}
	return out
}

// A result within its limit, one of a tool without a limit, and one with
// an image are not cut; WithMaxResultTokens overrides a tool's own limit
// and lifts it with 0; read_result answers a wrong call with an error;
// the options' mistakes are errors.
func TestResultLimitsAndReadResultErrors(t *testing.T) {
	text := longText()
	image := toolgen.Result{Content: []toolgen.Content{{Type: toolgen.ContentText, Text: text}, {Type: toolgen.ContentImage, Data: []byte("png"), MIMEType: "image/png"}}}
	tools := []toolgen.Tool{fixed("small", 100, toolgen.TextResult("short")), fixed("lifted", 100, toolgen.TextResult(text)),
		fixed("picture", 100, image), fixed("tight", 0, toolgen.TextResult(text))}
	model := rt.NewModel(
		rt.Calls(rt.Call("c1", "small", `{}`), rt.Call("c2", "lifted", `{}`), rt.Call("c3", "picture", `{}`), rt.Call("c4", "tight", `{}`)),
		rt.Calls(rt.Call("r1", agent.ToolReadResult, `{"call_id":"c2","offset":0}`), rt.Call("r2", agent.ToolReadResult, `{"call_id":"c4","offset":999999}`),
			rt.Call("r3", agent.ToolReadResult, `{"call_id":"c4","offset":0}`), rt.Call("r4", agent.ToolReadResult, `{"call_id":"c4"}`)),
		rt.Text("done"))
	a, err := agent.New(model, agent.WithTools(tools), agent.WithMaxResultTokens(0, "lifted"), agent.WithMaxResultTokens(10, "tight"))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	r := results(s)
	assert.Equal(t, "short", r[0].Result.Text())
	assert.Equal(t, text, r[1].Result.Text(), "0 lifts the tool's own limit")
	assert.Equal(t, image, r[2].Result, "a result with an image is not cut")
	assert.Equal(t, "line 0: \nline 1: x\nline 2: xx\n", r[3].Result.Content[0].Text, "cut to 40 bytes, at a line")
	assert.Contains(t, r[4].Result.Text(), `no cut result of call "c2" is held (held: c4)`)
	assert.Contains(t, r[5].Result.Text(), "offset 999999: not an offset a note of call c4's result gave")
	assert.False(t, r[6].Result.IsError)
	assert.Contains(t, r[7].Result.Text(), `read_result takes {"call_id": "...", "offset": N}`)

	_, err = agent.New(model, agent.WithMaxResultTokens(-1))
	assert.EqualError(t, err, "agent.WithMaxResultTokens(-1): must not be negative")
	_, err = agent.New(model, agent.WithMaxResultTokens(0))
	assert.ErrorContains(t, err, "agent.WithMaxResultTokens(0): must be at least 1")
	_, err = agent.New(model, agent.WithTools(tools), agent.WithMaxResultTokens(5, "nope"))
	assert.ErrorContains(t, err, "result limits name tools that are not registered: nope")
	_, err = agent.New(model, agent.WithTools([]toolgen.Tool{fixed(agent.ToolReadResult, 0, toolgen.TextResult(""))}), agent.WithMaxResultTokens(5))
	assert.ErrorContains(t, err, "with tool results bounded, the agent adds a tool named read_result")
	_, err = agent.New(model, agent.WithResultBudget(0))
	assert.EqualError(t, err, "agent.WithResultBudget(0): must be at least 1")

	a, err = agent.New(model, agent.WithTools([]toolgen.Tool{fixed("plain", 0, toolgen.TextResult(text))}))
	require.NoError(t, err)
	_, offered := a.Tool(agent.ToolReadResult)
	assert.False(t, offered, "no limit, no read_result")
}

// A run whose results take more than its budget stops after that turn
// with its own event; the saved State resumes, from JSON too, and the
// count starts again; the engine's Next stops alike.
func TestResultBudgetStopsAndResumes(t *testing.T) {
	tool := fixed("report", 0, toolgen.TextResult(strings.Repeat("x", 400))) // 100 tokens
	var events []agent.Event
	model := rt.NewModel(rt.Calls(rt.Call("c1", "report", `{}`)), rt.Calls(rt.Call("c2", "report", `{}`)), rt.Text("done"))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}), agent.WithResultBudget(150),
		agent.WithObserver(func(e agent.Event) { events = append(events, e) }))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "report twice", nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopResultBudget, s.StopReason)
	assert.Equal(t, 200, s.ResultTokens)
	assert.Equal(t, 2, s.Turns)
	n := len(events)
	require.GreaterOrEqual(t, n, 2)
	assert.Equal(t, agent.EventResultBudget, events[n-2].Kind)
	assert.Equal(t, "the tool results took about 200 tokens, over the run's budget of 150", events[n-2].Reason)
	assert.Equal(t, agent.EventRunStopped, events[n-1].Kind)
	assert.Equal(t, agent.StopResultBudget, events[n-1].Stop)

	act, err := a.Next(cloneState(t, s))
	require.NoError(t, err)
	assert.Equal(t, agent.ActionAskModel, act.Kind, "Next resumes it too")

	saved := cloneState(t, s)
	s2, err := a.Resume(context.Background(), saved, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s2.StopReason)
	assert.Equal(t, "done", s2.Output())
	assert.Zero(t, s2.ResultTokens, "the count starts again at the resume")

	model = rt.NewModel(rt.Calls(rt.Call("c1", "report", `{}`)), rt.Calls(rt.Call("c2", "report", `{}`)))
	a, err = agent.New(model, agent.WithTools([]toolgen.Tool{tool}), agent.WithResultBudget(150))
	require.NoError(t, err)
	s = &agent.State{Version: agent.StateVersion, RunID: "r", Messages: []agent.Message{{Role: agent.RoleUser, Text: "go"}}}
	kinds := driveSeam(t, a, s, nil)
	assert.Equal(t, agent.ActionStop, kinds[len(kinds)-1])
	assert.Equal(t, agent.StopResultBudget, s.StopReason, "the engine's Next stops alike")
}

// Through the engine's seam, read_result is answered by Next itself (no
// call to run), and pages as in Run.
func TestReadResultThroughTheSeam(t *testing.T) {
	text := longText()
	model := rt.NewModel(append([]rt.Reply{rt.Calls(rt.Call("c1", "report", `{}`))}, pagers(0, 40)...)...)
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{fixed("report", 0, toolgen.TextResult(text))}), agent.WithMaxResultTokens(200), agent.WithMaxTurns(100))
	require.NoError(t, err)
	s := &agent.State{Version: agent.StateVersion, RunID: "r", Messages: []agent.Message{{Role: agent.RoleUser, Text: "go"}}}
	driveSeam(t, a, s, nil)
	require.Equal(t, "read it all", s.Output())
	var got strings.Builder
	for _, r := range results(s) {
		got.WriteString(r.Result.Content[0].Text)
	}
	assert.Equal(t, text, got.String())
}

func cloneState(t *testing.T, s *agent.State) *agent.State {
	raw, err := json.Marshal(s)
	require.NoError(t, err)
	var out agent.State
	require.NoError(t, json.Unmarshal(raw, &out))
	return &out
}

// An array whose items are each larger than the limit keeps none of them
// and says so; each page then holds one whole item.
func TestItemsLargerThanTheLimit(t *testing.T) {
	items := []string{`"` + strings.Repeat("a", 700) + `"`, `"` + strings.Repeat("b", 700) + `"`}
	whole := "[" + strings.Join(items, ",") + "]"
	model := rt.NewModel(append([]rt.Reply{rt.Calls(rt.Call("c1", "big", `{}`))}, pagers(0, 5)...)...)
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{fixed("big", 150, toolgen.Result{Structured: json.RawMessage(whole)})}))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	r := results(s)
	require.Len(t, r, 3)
	assert.Equal(t, "[]", string(r[0].Result.Structured))
	assert.Contains(t, r[0].Result.Content[1].Text, "Kept: no item, the first being larger than the limit")
	assert.Equal(t, "["+items[0]+"]", r[1].Result.Content[0].Text)
	assert.Equal(t, "["+items[1]+"]", r[2].Result.Content[0].Text)
	assert.Equal(t, "read it all", s.Output())
}
