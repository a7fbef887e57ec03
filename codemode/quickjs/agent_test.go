package quickjs_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/codemode/quickjs"
	"github.com/toolgen-dev/toolgen/codemode/quickjs/internal/shop"
	"github.com/toolgen-dev/toolgen/permission"
)

// These tests run TypeScript programs through the agent loop, with the
// shop's generated tools: what the loop promises of every call (decided,
// approved, run once) held by real programs, hostile ones included.

// shopAgent is an agent in code mode over the shop's tools, with
// delete_customer denied, and a model that runs program then answers.
func shopAgent(t *testing.T, program string, limits codemode.Limits, opts ...agent.Option) (*agent.Agent, *rt.Model) {
	t.Helper()
	args, err := json.Marshal(map[string]string{"program": program})
	require.NoError(t, err)
	model := rt.NewModel(rt.Calls(rt.Call("c1", codemode.ToolRunCode, string(args))), rt.Text("done"))
	ag, err := agent.New(model, append([]agent.Option{
		agent.WithTools(shop.Tools()),
		agent.WithCodeMode(agent.CodeMode{Runner: quickjs.New(), Declarations: shop.CodeModeDeclarations(), Only: true, Limits: limits}),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: shop.ToolDeleteCustomer}}}),
	}, opts...)...)
	require.NoError(t, err)
	return ag, model
}

// programResult is run_code's result, as the model read it.
func programResult(t *testing.T, s *agent.State) toolgen.Result {
	t.Helper()
	for i := len(s.Messages) - 1; i >= 0; i-- {
		for _, r := range s.Messages[i].Results {
			if r.Name == codemode.ToolRunCode {
				return r.Result
			}
		}
	}
	t.Fatal("no run_code result in the transcript")
	return toolgen.Result{}
}

func viaJSON(t *testing.T, s *agent.State) *agent.State {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var out agent.State
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

// refundLatest finds Ana, filters her 200 orders down to the returned ones,
// and refunds the latest, whose amount depends on the pinned clock and
// random source (so a replay that saw another clock would make another
// call, which the approval would refuse).
const refundLatest = `
const ana: Customer = await find_customer({ name: "Ana" });
const orders = await list_orders({ customer_id: ana.id });
const returned = orders.filter((o: Order) => o.status === "returned");
const latest = returned[returned.length - 1];
const bonus = (Date.now() % 7) + Math.floor(Math.random() * 3);
console.log("refunding", latest.id);
const receipt = await refund({ order_id: latest.id, amount: latest.total + bonus });
return { returned: returned.length, receipt };
`

func TestAProgramPausesForApprovalAndResumesOnce(t *testing.T) {
	for _, how := range []string{"in process", "after JSON"} {
		t.Run(how, func(t *testing.T) {
			var mu sync.Mutex
			var nested []string
			ag, _ := shopAgent(t, refundLatest, codemode.Limits{}, agent.WithObserver(func(e agent.Event) {
				if e.ProgramCallID != "" && e.Kind == agent.EventToolFinished {
					mu.Lock()
					nested = append(nested, string(e.Call.Name))
					mu.Unlock()
				}
			}))
			var ledger shop.Ledger
			s, err := ag.Run(context.Background(), "refund Ana's latest return", &ledger)
			require.NoError(t, err)
			require.Equal(t, agent.StopPaused, s.StopReason)
			pending := s.Pending()
			require.Len(t, pending, 1)
			assert.Equal(t, "c1.3", pending[0].ID)
			assert.Equal(t, "c1", pending[0].ProgramCallID)
			assert.Equal(t, shop.ToolRefund, pending[0].Name)
			assert.Equal(t, []string{"find_customer Ana", "list_orders cu_1"}, ledger.Ran())
			if how == "after JSON" {
				s = viaJSON(t, s)
			}
			require.NoError(t, ag.Approve(s))
			s, err = ag.Resume(context.Background(), s, &ledger)
			require.NoError(t, err)
			require.Equal(t, agent.StopDone, s.StopReason)

			ran := ledger.Ran()
			require.Len(t, ran, 3, "each call ran once: %q", ran)
			assert.True(t, strings.HasPrefix(ran[2], "refund or_197 "), ran[2])
			res := programResult(t, s)
			require.False(t, res.IsError, res.Text())
			assert.Contains(t, res.Text(), `"returned":66`)
			assert.Contains(t, res.Text(), "console:\nrefunding or_197")
			assert.Equal(t, []string{"find_customer", "list_orders", "refund"}, nested, "the replayed calls are not run, nor reported, again")
		})
	}
}

// TestHostileProgramsThroughTheLoop: what a program tries is contained, and the run
// goes on with the model told why.
func TestHostileProgramsThroughTheLoop(t *testing.T) {
	for _, tc := range []struct {
		name, program string
		limits        codemode.Limits
		want          string   // in run_code's result
		ran           []string // the tools that ran
	}{
		{name: "a denied tool", program: `try { await delete_customer({ id: "cu_1" }) } catch (e) { return e.message }`,
			want: "Denied by policy", ran: nil},
		{name: "an inactive tool is not there", program: `await ghost({})`,
			want: "program.ts:1:7: ReferenceError: 'ghost' is not defined"},
		{name: "the pause cannot be caught", program: `try { await refund({ order_id: "or_1", amount: 1 }) } catch (e) {}
await delete_customer({ id: "cu_1" }); await find_customer({ name: "Ana" }); return "escaped"`, want: "paused"},
		{name: "an infinite loop", program: `while (true) {}`, limits: codemode.Limits{CPU: 200e6}, want: "CPU time limit"},
		{name: "a memory bomb", program: `const kept: string[] = []; while (true) kept.push("x".repeat(1 << 20) + kept.length)`,
			limits: codemode.Limits{Memory: 16 << 20, CPU: time.Minute}, want: "memory limit"}, // only the memory bound can end it
		{name: "an output bomb", program: `return "x".repeat(1 << 20)`, limits: codemode.Limits{Output: 1 << 16}, want: "output limit"},
		{name: "deep recursion", program: `function f(n: number): number { return f(n + 1) + 1 } return f(0)`, want: "stack"},
		{name: "a call bomb", program: `for (;;) await find_customer({ name: "Ana" })`, limits: codemode.Limits{Calls: 5},
			want: "tool call limit", ran: []string{"find_customer Ana", "find_customer Ana", "find_customer Ana", "find_customer Ana", "find_customer Ana"}},
		{name: "catastrophic regular expression", program: `return /(a+)+$/.test("a".repeat(40) + "!")`, limits: codemode.Limits{CPU: 300e6}, want: "CPU time limit"},
		{name: "the host's environment", program: `return [typeof process, typeof require, typeof fetch, typeof std, typeof os, typeof setTimeout].join(",")`,
			want: `"undefined,undefined,undefined,undefined,undefined,undefined"`},
		{name: "run_code from a program", program: `return await run_code({ program: "1" })`, want: "ReferenceError: 'run_code' is not defined"},
		{name: "a forged tool name through the prototype", program: `Object.prototype.toJSON = () => ({ id: "cu_1" });
(globalThis as any).find_customer = (globalThis as any).delete_customer;
await find_customer({ name: "Ana" })`, want: "null", ran: []string{"find_customer Ana"}}, // the globals stay the tools, the arguments the program's
	} {
		t.Run(tc.name, func(t *testing.T) {
			ag, _ := shopAgent(t, tc.program, tc.limits)
			var ledger shop.Ledger
			s, err := ag.Run(context.Background(), "go", &ledger)
			require.NoError(t, err)
			assert.Equal(t, tc.ran, ledger.Ran())
			if tc.want == "paused" {
				require.Equal(t, agent.StopPaused, s.StopReason)
				require.NoError(t, ag.Reject(s, "no"))
				s, err = ag.Resume(context.Background(), s, &ledger)
				require.NoError(t, err)
				assert.Contains(t, programResult(t, s).Text(), "Denied by policy", "after the rejection the program goes on, and the denied call is refused")
				assert.Equal(t, tc.ran, ledger.Ran(), "neither the rejected refund nor the denied delete ran")
				return
			}
			require.Equal(t, agent.StopDone, s.StopReason)
			assert.Contains(t, programResult(t, s).Text(), tc.want)
		})
	}
}

// TestEachRefundNeedsItsOwnApproval: approving one call of a program does
// not approve the next, even of the same tool.
func TestEachRefundNeedsItsOwnApproval(t *testing.T) {
	ag, _ := shopAgent(t, `const out = [];
for (const id of ["or_1", "or_2"]) out.push(await refund({ order_id: id, amount: 5 }));
return out`, codemode.Limits{})
	var ledger shop.Ledger
	s, err := ag.Run(context.Background(), "go", &ledger)
	require.NoError(t, err)
	for i, id := range []string{"c1.1", "c1.2"} {
		require.Equal(t, agent.StopPaused, s.StopReason)
		require.Len(t, s.Pending(), 1)
		require.Equal(t, id, s.Pending()[0].ID)
		assert.Len(t, ledger.Ran(), i)
		require.NoError(t, ag.Approve(s, id))
		s, err = ag.Resume(context.Background(), viaJSON(t, s), &ledger)
		require.NoError(t, err)
	}
	require.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, []string{"refund or_1 5", "refund or_2 5"}, ledger.Ran())
	assert.Equal(t, `["refunded 5 on or_1","refunded 5 on or_2"]`, programResult(t, s).Text())
}

// TestAProgramsBadArgumentsAreTheToolsMessage: a call with arguments the
// tool's generated decoder refuses throws what the model would read.
func TestAProgramsBadArgumentsAreTheToolsMessage(t *testing.T) {
	ag, _ := shopAgent(t, `try { await (list_orders as any)({ customer: 7 }) } catch (e) { return e.message }`, codemode.Limits{})
	var ledger shop.Ledger
	s, err := ag.Run(context.Background(), "go", &ledger)
	require.NoError(t, err)
	assert.Empty(t, ledger.Ran())
	text := programResult(t, s).Text()
	assert.Contains(t, text, "invalid arguments")
	assert.Contains(t, text, "/customer_id: missing (required)")
}
