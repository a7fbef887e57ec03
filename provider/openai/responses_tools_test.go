package openai_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// The items of the API's own tools, as it answers them.
const (
	webSearchItem       = `{"type":"web_search_call","id":"ws_1","status":"completed","action":{"type":"search","query":"weather Paris"}}`
	failedSearchItem    = `{"type":"web_search_call","id":"ws_2","status":"failed","action":{"type":"search","query":"weather Atlantis"}}`
	codeInterpreterItem = `{"type":"code_interpreter_call","id":"ci_1","status":"completed","code":"print(17*9/5+32)","container_id":"cntr_1","outputs":null}`
)

// The calls the API ran are agent.ProviderCalls: the agent reports them
// (EventProviderCall) and never runs them; unstored, the next request
// leaves them out, stored it refers to them.
func TestResponsesProviderCalls(t *testing.T) {
	turn1 := []string{webSearchItem, failedSearchItem, codeInterpreterItem, messageItem("msg_1", "Let me check."), functionCallItem(0, paris, `{"city":"Paris"}`)}
	for _, stored := range []bool{false, true} {
		opts := []openai.Option{openai.WithWebSearch(), openai.WithCodeInterpreter()}
		if stored {
			opts = append(opts, openai.WithStore())
		}
		f, m := responsesAdapter.Serve(t, []reply{answerOf("resp_1", turn1...), answerOf("resp_2", messageItem("msg_2", "17°C."))}, opts...)
		var events []agent.Event
		ag, err := agent.New(m, agent.WithTools(weather.Tools()), agent.WithObserver(func(e agent.Event) {
			if e.Kind == agent.EventProviderCall || e.Kind == agent.EventToolFinished {
				events = append(events, e)
			}
		}))
		require.NoError(t, err)
		st, err := ag.Run(context.Background(), "Weather in Paris?", nil)
		require.NoError(t, err)
		assert.Equal(t, "17°C.", st.Output())

		calls := st.Messages[1].ProviderCalls
		require.Len(t, calls, 3)
		assert.Equal(t, agent.ProviderCall{Provider: "openai", ID: "ws_1", Name: "web_search",
			Args: json.RawMessage(`{"type":"search","query":"weather Paris"}`), Result: json.RawMessage(webSearchItem)}, calls[0])
		assert.True(t, calls[1].IsError, "a failed search")
		assert.Equal(t, "code_interpreter", calls[2].Name)
		assert.JSONEq(t, `{"code":"print(17*9/5+32)"}`, string(calls[2].Args))
		require.Len(t, events, 4, "three provider calls, one tool run")
		for i, e := range events[:3] {
			assert.Equal(t, agent.EventProviderCall, e.Kind)
			assert.Equal(t, calls[i].ID, e.ProviderCall.ID)
		}
		assert.Equal(t, agent.EventToolFinished, events[3].Kind)
		assert.Equal(t, "get_weather", string(events[3].Call.Name), "only the function ran here")

		if stored {
			types, prev := inputTypes(t, f.Bodies()[1])
			assert.Equal(t, "resp_1", prev)
			assert.Equal(t, []string{"function_call_output"}, types)
			continue
		}
		types, _ := inputTypes(t, f.Bodies()[1])
		assert.Equal(t, []string{"message", "message", "function_call", "function_call_output"}, types, "unstored: the API's calls are left out")
	}
}

// Streamed, each call the API ran comes whole when its item is done,
// among the text as it came; the stream collects to Generate's response.
func TestResponsesStreamProviderCalls(t *testing.T) {
	e := &events{}
	e.add("response.created", `"response":`+responseObject("resp_1", "in_progress", "", nil))
	e.add("response.output_item.added", `"output_index":0,"item":{"type":"web_search_call","id":"ws_1","status":"in_progress"}`)
	e.add("response.web_search_call.in_progress", `"item_id":"ws_1","output_index":0`)
	e.add("response.web_search_call.searching", `"item_id":"ws_1","output_index":0`)
	e.add("response.web_search_call.completed", `"item_id":"ws_1","output_index":0`)
	e.add("response.output_item.done", `"output_index":0,"item":`+webSearchItem)
	e.add("response.output_item.added", `"output_index":1,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}`)
	e.add("response.output_text.delta", `"item_id":"msg_1","output_index":1,"content_index":0,"delta":"Sunny."`)
	e.add("response.output_item.done", `"output_index":1,"item":`+messageItem("msg_1", "Sunny."))
	e.add("response.completed", `"response":`+responseObject("resp_1", "completed", "", []string{webSearchItem, messageItem("msg_1", "Sunny.")}))
	_, m := responsesAdapter.Serve(t, []reply{answerOf("resp_1", webSearchItem, messageItem("msg_1", "Sunny.")), e.reply()}, openai.WithWebSearch())
	want, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	parts, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	require.Len(t, parts, 4)
	assert.Equal(t, agent.PartProviderCall, parts[0].Kind)
	assert.Equal(t, want.Message.ProviderCalls[0], parts[0].ProviderCall)
	assert.Equal(t, agent.Part{Kind: agent.PartText, Text: "Sunny."}, parts[1])
	got, err := agent.Collect(func(yield func(agent.Part, error) bool) {
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
	})
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// The model names the API's tools its options enable
// (agent.ProviderToolModel); an agent whose rules deny one sends its
// requests without it.
func TestResponsesProviderToolsDenied(t *testing.T) {
	f, m := responsesAdapter.Serve(t, []reply{answerOf("resp_1", messageItem("msg_1", "Hi"))}, openai.WithWebSearch(), openai.WithCodeInterpreter())
	assert.Equal(t, []string{"code_interpreter", "web_search"}, m.ProviderTools())
	ag, err := agent.New(m, agent.WithTools(weather.Tools()),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "web_search"}}}))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "Hi", nil)
	require.NoError(t, err)
	var types []string
	for _, tool := range f.Requests()[0]["tools"].([]any) {
		if typ := tool.(map[string]any)["type"]; typ != "function" {
			types = append(types, typ.(string))
		}
	}
	assert.Equal(t, []string{"code_interpreter"}, types)
}
