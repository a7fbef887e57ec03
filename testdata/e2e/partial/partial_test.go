package partial

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

// listen calls a tool with a receiver of its progress, and returns the
// result and what it received, in order.
func listen(t *testing.T, name toolgen.ToolName, args string) (toolgen.Result, []toolgen.Progress) {
	t.Helper()
	var got []toolgen.Progress
	ctx := toolgen.WithProgress(context.Background(), func(p toolgen.Progress) { got = append(got, p) })
	return call(t, ctx, name, args), got
}

func call(t *testing.T, ctx context.Context, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	res, err := box.Call(ctx, name, []byte(args))
	require.NoError(t, err)
	return res
}

func partials(ps []toolgen.Progress) []string {
	var out []string
	for _, p := range ps {
		if p.Partial != nil {
			out = append(out, string(p.Partial))
		}
	}
	return out
}

// Each partial result arrives as its JSON, in the order it was sent, with
// the message and progress sent beside it; a plain Report carries none.
func TestPartialResultsArriveInOrder(t *testing.T) {
	res, got := listen(t, ToolReadRows, `{"count":3}`)
	require.False(t, res.IsError, res.Text())
	require.Len(t, got, 4)
	assert.Equal(t, []string{
		`{"rows":[{"id":1,"name":"row 1"}]}`,
		`{"rows":[{"id":1,"name":"row 1"},{"id":2,"name":"row 2"}]}`,
		`{"rows":[{"id":1,"name":"row 1"},{"id":2,"name":"row 2"},{"id":3,"name":"row 3"}]}`,
	}, partials(got))
	for i, p := range got[:3] {
		assert.Equal(t, "reading", p.Message)
		assert.Equal(t, float64(i+1), p.Progress)
		assert.Equal(t, 3.0, p.Total)
	}
	assert.Equal(t, toolgen.Progress{Message: "done"}, got[3])
	assert.Equal(t, string(got[2].Partial), res.Text(), "the last partial result is the result")

	_, got = listen(t, ToolWrite, `{"words":["a","b\"","c"]}`)
	assert.Equal(t, []string{`"a"`, `"ab\""`, `"ab\"c"`}, partials(got))

	_, got = listen(t, ToolMaybe, `{"empty":true}`)
	assert.Equal(t, []string{`null`}, partials(got))
	_, got = listen(t, ToolMaybe, `{"empty":false}`)
	assert.Equal(t, []string{`{"rows":[{"id":1,"name":"one"}]}`}, partials(got))

	_, got = listen(t, ToolTick, `{"n":3}`)
	assert.Equal(t, []string{`0`, `1`, `2`}, partials(got))
}

// Each partial result the tool sends is what encoding/json writes of the
// same value, and its schema accepts it.
func TestPartialResultsMatchEncodingJSON(t *testing.T) {
	_, got := listen(t, ToolReadRows, `{"count":2}`)
	p := Page{Rows: []Row{{ID: 1, Name: "row 1"}, {ID: 2, Name: "row 2"}}}
	want, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got[1].Partial))
}

// A value that cannot be written (a NaN) is no report: Send returns the
// encoder's error, which the tool returns.
func TestPartialThatCannotBeWritten(t *testing.T) {
	res, got := listen(t, ToolRatio, `{"nan":true}`)
	assert.Empty(t, got)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "partial result")
	assert.Contains(t, res.Text(), "NaN")

	res, got = listen(t, ToolRatio, `{"nan":false}`)
	assert.False(t, res.IsError, res.Text())
	assert.Equal(t, []string{`0.5`}, partials(got))
}

// With nobody listening, Send encodes nothing: the tool's values are
// never written, and sending costs no allocation.
func TestNothingIsEncodedWithoutAListener(t *testing.T) {
	encodes.Store(0)
	res := call(t, context.Background(), ToolTick, `{"n":100}`)
	require.False(t, res.IsError, res.Text())
	assert.Zero(t, encodes.Load(), "values written for nobody")
	_, got := listen(t, ToolTick, `{"n":100}`)
	assert.Len(t, got, 100)
	assert.EqualValues(t, 100, encodes.Load())

	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	allocs := func(ctx context.Context, n int) float64 {
		args := []byte(`{"n":` + strings.Repeat("1", n) + `}`) // n ones: 1 send, 11, 111
		return testing.AllocsPerRun(20, func() { _, _ = box.Call(ctx, ToolRows, args) })
	}
	quiet := context.Background()
	none, many := allocs(quiet, 1), allocs(quiet, 3)
	assert.Equal(t, none, many, "1 send and 111 sends to nobody allocate the same")
	heard := toolgen.WithProgress(quiet, func(toolgen.Progress) {})
	assert.GreaterOrEqual(t, allocs(heard, 3)-allocs(heard, 1), 110.0, "each send heard allocates its JSON")
}

// In an agent run, the partial results are the tool's progress events,
// between its tool_started and tool_finished.
func TestPartialResultsInAnAgentRun(t *testing.T) {
	model := agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", ToolWrite, `{"words":["x","y"]}`)), agenttest.Text("done"))
	a, err := agent.New(model, agent.WithTools(Tools()))
	require.NoError(t, err)
	var kinds []agent.EventKind
	var sent []string
	_, err = a.RunStream(context.Background(), "write", nil, func(e agent.Event) error {
		if e.Kind == agent.EventToolStarted || e.Kind == agent.EventToolProgress || e.Kind == agent.EventToolFinished {
			kinds = append(kinds, e.Kind)
		}
		if e.Kind == agent.EventToolProgress {
			sent = append(sent, string(e.Progress.Partial))
		}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{`"x"`, `"xy"`}, sent)
	assert.Equal(t, []agent.EventKind{agent.EventToolStarted, agent.EventToolProgress, agent.EventToolProgress, agent.EventToolFinished}, kinds)
}

// The tool carries the schema of what it sends; a tool that sends nothing
// has none.
func TestPartialSchema(t *testing.T) {
	byName := map[toolgen.ToolName]toolgen.Tool{}
	for _, tool := range Tools() {
		byName[tool.Name] = tool
	}
	assert.JSONEq(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"string"}`, string(byName[ToolWrite].PartialSchema))
	assert.Contains(t, string(byName[ToolReadRows].PartialSchema), `"rows"`)
	assert.NotContains(t, string(byName[ToolReadRows].InputSchema), "page", "the Partial is no argument")
}
