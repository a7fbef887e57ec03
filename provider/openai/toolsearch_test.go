package openai_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// searchCatalog: get_order is sent up front; the others are deferred, in
// namespaces billing and crm but archive_note; a refund needs approval,
// and a deny rule refuses delete_customer.
func searchCatalog(ran *[]string) []toolgen.Tool {
	tool := func(name, namespace string, deferred bool) toolgen.Tool {
		return toolgen.Tool{
			Name: toolgen.ToolName(name), Namespace: namespace, Description: "Does " + name + ".", Deferred: deferred,
			RequiresApproval: name == "refund_payment",
			InputSchema:      []byte(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				*ran = append(*ran, name+" "+string(args))
				return toolgen.TextResult(name + " done"), nil
			},
		}
	}
	return []toolgen.Tool{
		tool("get_order", "shop", false),
		tool("refund_payment", "billing", true),
		tool("delete_customer", "crm", true),
		tool("archive_note", "", true),
		tool("merge_customers", "crm", true),
		tool("cancel_subscription", "billing", true),
	}
}

// The items of a hosted tool search, as the Responses API documents them
// (Tool search: tool_search_call, then tool_search_output with the tools
// it loaded).
const (
	searchCallItem   = `{"type":"tool_search_call","id":"tsc_1","call_id":"call_ts1","execution":"server","status":"completed","arguments":{"paths":["billing"]},"created_by":"resp_1"}`
	searchOutputItem = `{"type":"tool_search_output","id":"tso_1","call_id":"call_ts1","execution":"server","status":"completed","created_by":"resp_1",` +
		`"tools":[{"type":"namespace","name":"billing","description":"Tools: refund_payment, cancel_subscription.","tools":[{"type":"function","name":"refund_payment","defer_loading":true,"parameters":{}}]}]}`
)

var refund = providertest.Call{ID: "call_r", Name: "refund_payment", Args: []string{`{"id":"pay_1"}`}}

// searchStream is the first answer streamed: the search's two items, then
// the call of the tool it found.
func searchStream() reply {
	e := &events{}
	e.add("response.created", `"response":`+responseObject("resp_1", "in_progress", "", nil))
	for i, item := range []string{searchCallItem, searchOutputItem} {
		e.add("response.output_item.added", `"output_index":`+strconv.Itoa(i)+`,"item":`+item)
		e.add("response.output_item.done", `"output_index":`+strconv.Itoa(i)+`,"item":`+item)
	}
	e.call(2, 0, refund)
	e.add("response.completed", `"response":`+responseObject("resp_1", "completed", "", []string{searchCallItem, searchOutputItem, functionCallItem(0, refund, `{"id":"pay_1"}`)}))
	return e.reply()
}

// With WithToolSearch and an agent's tool search, deferred tools go in
// their namespaces with defer_loading, after the tools sent up front, with
// the API's tool_search (no search_tools, no denied tool); the search's
// items are provider calls, the tool found is loaded, and both items go
// back as they came after a pause that goes through JSON, with the call
// naming its namespace. A deferred tool called without a search runs too,
// and the tools sent never change.
func TestResponsesToolSearch(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(map[bool]string{false: "generate", true: "stream"}[stream], func(t *testing.T) {
			first := answerOf("resp_1", searchCallItem, searchOutputItem, functionCallItem(0, refund, `{"id":"pay_1"}`))
			if stream {
				first = searchStream()
			}
			merge := providertest.Call{ID: "call_m", Name: "merge_customers", Args: []string{`{"id":"cus_1"}`}}
			f, m := responsesAdapter.Serve(t, []reply{first,
				answerOf("resp_2", functionCallItem(1, merge, `{"id":"cus_1"}`)),
				answerOf("resp_3", messageItem("msg_3", "Done."))}, openai.WithToolSearch())
			require.True(t, m.SearchesTools())
			var ran []string
			newAgent := func() *agent.Agent {
				a, err := agent.New(m, agent.WithTools(searchCatalog(&ran)), agent.WithToolSearch(agent.ToolSearch{}),
					agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "delete_customer"}}}))
				require.NoError(t, err)
				return a
			}
			run := newAgent().Run
			if stream {
				run = func(ctx context.Context, prompt string, deps any) (*agent.State, error) {
					return newAgent().RunStream(ctx, prompt, deps, func(agent.Event) error { return nil })
				}
			}
			st, err := run(context.Background(), "Refund pay_1, merge cus_1", nil)
			require.NoError(t, err)
			require.Equal(t, agent.StopPaused, st.StopReason)
			assert.Equal(t, []toolgen.ToolName{"refund_payment"}, st.LoadedTools)
			pcs := st.Messages[1].ProviderCalls
			require.Len(t, pcs, 2)
			assert.Equal(t, agent.ProviderCall{Provider: "openai", ID: "tsc_1", Name: "tool_search",
				Args: json.RawMessage(`{"paths":["billing"]}`), Result: json.RawMessage(searchCallItem)}, pcs[0])
			assert.Equal(t, []toolgen.ToolName{"refund_payment"}, pcs[1].Found)
			assert.JSONEq(t, searchOutputItem, string(pcs[1].Result))

			saved, err := json.Marshal(st)
			require.NoError(t, err)
			var back agent.State
			require.NoError(t, json.Unmarshal(saved, &back))
			require.NoError(t, back.Approve("call_r"))
			done, err := newAgent().Resume(context.Background(), &back, nil)
			require.NoError(t, err)
			assert.Equal(t, agent.StopDone, done.StopReason)
			assert.Equal(t, []string{`refund_payment {"id":"pay_1"}`, `merge_customers {"id":"cus_1"}`}, ran, "a deferred tool no search loaded runs")
			assert.Equal(t, []toolgen.ToolName{"refund_payment", "merge_customers"}, done.LoadedTools)

			bodies := f.Bodies()
			require.Len(t, bodies, 3)
			assertSearchTools(t, bodies)
			assertSearchInput(t, bodies[2])
		})
	}
}

// assertSearchTools checks the tools of a run's requests: up front, then
// the deferred ones in their namespaces (archive_note, which has none,
// alone), then tool_search, byte for byte and the same in every request.
func assertSearchTools(t *testing.T, bodies [][]byte) {
	t.Helper()
	var req struct {
		Tools []json.RawMessage `json:"tools"`
	}
	require.NoError(t, json.Unmarshal(bodies[0], &req))
	schema := `"parameters":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]},"strict":false`
	fn := func(name, more string) string {
		return `{"type":"function","name":"` + name + `","description":"Does ` + name + `.",` + schema + more + `}`
	}
	want := []string{
		fn("get_order", ""),
		`{"type":"namespace","name":"billing","description":"Tools: refund_payment, cancel_subscription.","tools":[` +
			fn("refund_payment", `,"defer_loading":true`) + `,` + fn("cancel_subscription", `,"defer_loading":true`) + `]}`,
		fn("archive_note", `,"defer_loading":true`),
		`{"type":"namespace","name":"crm","description":"Tools: merge_customers.","tools":[` + fn("merge_customers", `,"defer_loading":true`) + `]}`,
		`{"type":"tool_search"}`,
	}
	require.Len(t, req.Tools, len(want))
	for i, w := range want {
		assert.Equal(t, w, string(req.Tools[i]), "tool %d, byte for byte", i)
	}
	for _, body := range bodies[1:] {
		var later struct {
			Tools []json.RawMessage `json:"tools"`
		}
		require.NoError(t, json.Unmarshal(body, &later))
		assert.Equal(t, req.Tools, later.Tools, "the tools sent never change")
	}
}

// assertSearchInput checks the last request's input: the search's items
// as they came (but created_by), the calls naming their namespaces.
func assertSearchInput(t *testing.T, body []byte) {
	t.Helper()
	var req struct {
		Input []json.RawMessage `json:"input"`
	}
	require.NoError(t, json.Unmarshal(body, &req))
	var got []string
	for _, it := range req.Input {
		got = append(got, string(it))
	}
	assert.Equal(t, []string{
		`{"type":"message","role":"user","content":"Refund pay_1, merge cus_1"}`,
		`{"type":"tool_search_call","id":"tsc_1","call_id":"call_ts1","execution":"server","status":"completed","arguments":{"paths":["billing"]}}`,
		`{"type":"tool_search_output","id":"tso_1","call_id":"call_ts1","execution":"server","status":"completed",` +
			`"tools":[{"type":"namespace","name":"billing","description":"Tools: refund_payment, cancel_subscription.","tools":[{"type":"function","name":"refund_payment","defer_loading":true,"parameters":{}}]}]}`,
		`{"type":"function_call","call_id":"call_r","name":"refund_payment","arguments":"{\"id\":\"pay_1\"}","namespace":"billing"}`,
		`{"type":"function_call_output","call_id":"call_r","output":"refund_payment done"}`,
		`{"type":"function_call","call_id":"call_m","name":"merge_customers","arguments":"{\"id\":\"cus_1\"}","namespace":"crm"}`,
		`{"type":"function_call_output","call_id":"call_m","output":"merge_customers done"}`,
	}, got)
}

// Stored, a search's items go back as references to the items OpenAI
// keeps, as the API's other calls do, in a transcript sent whole (here, to
// a model that did not give the answer, so has no response to chain to).
func TestResponsesToolSearchStored(t *testing.T) {
	_, m := responsesAdapter.Serve(t, []reply{answerOf("resp_1", searchCallItem, searchOutputItem, messageItem("msg_1", "Found it."))},
		openai.WithToolSearch(), openai.WithStore())
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	f, other := responsesAdapter.Serve(t, []reply{answerOf("resp_2", messageItem("msg_2", "ok"))}, openai.WithToolSearch(), openai.WithStore())
	msgs := append(providertest.Hi.Messages, resp.Message, agent.Message{Role: agent.RoleUser, Text: "Go on"})
	_, err = other.Generate(context.Background(), agent.Request{Messages: msgs})
	require.NoError(t, err)
	var req struct {
		Input []json.RawMessage `json:"input"`
	}
	require.NoError(t, json.Unmarshal(f.Bodies()[0], &req))
	require.Len(t, req.Input, 5)
	assert.Equal(t, `{"type":"item_reference","id":"tsc_1"}`, string(req.Input[1]))
	assert.Equal(t, `{"type":"item_reference","id":"tso_1"}`, string(req.Input[2]))
}
