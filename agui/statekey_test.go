package agui_test

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agui"
)

// An agent with a state key (agent.WithStateKey) answers interrupts as
// any other: the handler gives the answers through the agent, which seals
// them, so the approved call runs and the rejected one does not.
func TestInterruptsWithStateKey(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"n":1}`), rt.Call("c2", "write", `{"n":2}`)), rt.Text("one of two"))
	a, err := agent.New(model, agent.WithTools(rec.all()), agent.WithStateKey([]byte("0123456789abcdef0123456789abcdef")))
	require.NoError(t, err)
	h, err := agui.NewHandler(a)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	first := run(t, srv.URL, input("t", user("u1", "write both")))
	list := interrupts(t, first)
	require.Len(t, list, 2)
	answers := map[string]*bool{}
	for _, ask := range list {
		approve := ask["toolCallId"] == "c1"
		answers[ask["id"].(string)] = &approve
	}
	second := run(t, srv.URL, resume("t", answers, ""))
	assert.Equal(t, map[string]any{"type": "success"}, second.last()["outcome"], "%v", second.types())
	assert.Equal(t, []string{`write {"n":1}`}, rec.calls())
}
