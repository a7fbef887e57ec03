package agent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// changingTool reports two file changes while it runs.
func changingTool(rec *recorder) toolgen.Tool {
	return rec.tool("change", func(tl *toolgen.Tool) {
		call := tl.Call
		tl.Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
			toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "a.txt", Kind: toolgen.FileCreated, SizeAfter: 1, HashAfter: "h1"})
			toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "b.txt", Kind: toolgen.FileDeleted, SizeBefore: 2, HashBefore: "h2", Before: []byte("hi")})
			return call(ctx, args)
		}
	})
}

func TestFileChangesReachTheStreamBetweenStartAndFinish(t *testing.T) {
	var rec recorder
	model := rt.NewModel(rt.Calls(rt.Call("1", "change", `{}`)), rt.StreamText("done"))
	var observed []agent.Event
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{changingTool(&rec)}),
		agent.WithObserver(func(e agent.Event) {
			if e.Kind == agent.EventFileChanged {
				observed = append(observed, e)
			}
		}))
	require.NoError(t, err)
	var ev events
	_, err = ag.RunStream(context.Background(), "go", nil, ev.consume)
	require.NoError(t, err)

	var tools []string
	for _, e := range ev.all {
		switch e.Kind {
		case agent.EventToolStarted, agent.EventToolFinished:
			tools = append(tools, fmt.Sprintf("%s %s", e.Kind, e.Call.ID))
		case agent.EventFileChanged:
			require.NotNil(t, e.FileChange)
			tools = append(tools, fmt.Sprintf("%s %s %s %s %s", e.Kind, e.Call.ID, e.Call.Name, e.FileChange.Kind, e.FileChange.Path))
			assert.Equal(t, 1, e.Turn)
			assert.NotEmpty(t, e.RunID)
		}
	}
	assert.Equal(t, []string{
		"tool_started 1",
		"file_changed 1 change created a.txt",
		"file_changed 1 change deleted b.txt",
		"tool_finished 1",
	}, tools)
	require.Len(t, observed, 2, "observers get them too")
	assert.Equal(t, toolgen.FileChange{Path: "b.txt", Kind: toolgen.FileDeleted, SizeBefore: 2, HashBefore: "h2", Before: []byte("hi")}, *observed[1].FileChange)
}

func TestFileChangesOutsideARunGoNowhere(t *testing.T) {
	assert.False(t, toolgen.ReportsFileChanges(context.Background()))
	toolgen.ReportFileChange(context.Background(), toolgen.FileChange{Path: "x"}) // no receiver: nothing happens
	var got []toolgen.FileChange
	ctx := toolgen.WithFileChanges(context.Background(), func(c toolgen.FileChange) { got = append(got, c) })
	assert.True(t, toolgen.ReportsFileChanges(ctx))
	toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "x"})
	assert.Equal(t, []toolgen.FileChange{{Path: "x"}}, got)
}
