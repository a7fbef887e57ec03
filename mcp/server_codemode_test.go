package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/permission"
)

// scriptRunner is a codemode.Runner for tests, with a tiny language of its
// own instead of TypeScript: a program is a JSON list of steps run in
// order, each calling a tool ({"tool", "args"}), logging a line ({"log"})
// or throwing ({"throw"}), and it returns the last call's value. A call
// that fails ends the program with a ProgramError of its message at the
// step's line (its index + 1), unless the step says "catch": its value is
// then {"caught": the message}. It keeps Limits.Calls, and records the
// Program it ran last.
type scriptRunner struct {
	mu   sync.Mutex
	last codemode.Program
}

type scriptStep struct {
	Tool  string          `json:"tool"`
	Args  json.RawMessage `json:"args"`
	Catch bool            `json:"catch"`
	Log   string          `json:"log"`
	Throw string          `json:"throw"`
}

func (r *scriptRunner) Run(ctx context.Context, p codemode.Program, host codemode.Host) (codemode.Result, error) {
	r.mu.Lock()
	r.last = p
	r.mu.Unlock()
	var steps []scriptStep
	if err := json.Unmarshal([]byte(p.Source), &steps); err != nil {
		return codemode.Result{}, &codemode.ProgramError{Line: 1, Column: 1, Message: "SyntaxError: " + err.Error()}
	}
	var out codemode.Result
	for i, s := range steps {
		fail := func(msg string) (codemode.Result, error) {
			return out, &codemode.ProgramError{Line: i + 1, Column: 1, Message: msg}
		}
		switch {
		case s.Log != "":
			out.Log += s.Log + "\n"
			continue
		case s.Throw != "":
			return fail("Error: " + s.Throw)
		case !slices.Contains(p.Tools, s.Tool):
			return fail("ReferenceError: " + s.Tool + " is not defined")
		case out.Calls == p.Limits.OrDefault().Calls:
			return out, fmt.Errorf("%w: %d calls", codemode.ErrCalls, out.Calls)
		}
		out.Calls++
		v, err := host(ctx, s.Tool, s.Args)
		var ce *codemode.CallError
		switch {
		case errors.As(err, &ce) && s.Catch:
			v, _ = json.Marshal(map[string]string{"caught": ce.Message})
		case errors.As(err, &ce):
			return fail("Error: " + ce.Message)
		case err != nil:
			return out, fmt.Errorf("a call of %s: %w", s.Tool, err)
		}
		out.Value = v
	}
	return out, nil
}

func (r *scriptRunner) program() codemode.Program {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// runCode calls run_code with program.
func runCode(t *testing.T, cs *sdkmcp.ClientSession, program string) *sdkmcp.CallToolResult {
	t.Helper()
	args, err := json.Marshal(map[string]string{"program": program})
	require.NoError(t, err)
	return callBounded(t, cs, "run_code", string(args))
}

// Without Beside, tools/list shows run_code alone, with the declarations
// in its description, and the tools are not called directly; with it,
// the catalog too. A program is given every tool, the time of its call,
// and the server's limits.
func TestCodeModeListsRunCode(t *testing.T) {
	decls := weather.CodeModeDeclarations()
	for _, beside := range []bool{false, true} {
		t.Run(fmt.Sprint("beside=", beside), func(t *testing.T) {
			noLeaks(t)
			runner := &scriptRunner{}
			limits := codemode.Limits{Calls: 7}
			srv, err := mcp.NewServer("w", "1", weather.Tools(), mcp.WithCodeMode(runner, mcp.CodeMode{Declarations: decls, Beside: beside, Limits: limits}))
			require.NoError(t, err)
			cs, _ := connect(t, srv)
			listed := toolsByName(t, cs)
			want := []string{"run_code"}
			if beside {
				want = []string{"forecast", "get_weather", "run_code"}
			}
			assert.ElementsMatch(t, want, slices.Collect(maps.Keys(listed)))
			rc := listed["run_code"]
			require.NotNil(t, rc)
			assert.Equal(t, codemode.Description(decls), rc.Description)
			assert.JSONEq(t, codemode.InputSchema, string(toJSON(t, rc.InputSchema)))
			assert.Nil(t, rc.OutputSchema)

			_, err = cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "get_weather", Arguments: json.RawMessage(`{"city":"Paris"}`)})
			assert.Equal(t, !beside, err != nil, "a tool is called directly only when listed: %v", err)

			before := time.Now()
			res := runCode(t, cs, `[{"tool":"get_weather","args":{"city":"Paris"}}]`)
			require.False(t, res.IsError, resultText(res))
			assert.JSONEq(t, `"Paris: 17°C, sunny"`, text(t, res), "a tool's text result is a string to the program")
			p := runner.program()
			assert.Equal(t, []string{"get_weather", "forecast"}, p.Tools)
			assert.Equal(t, limits, p.Limits)
			assert.WithinRange(t, p.Clock, before, time.Now())
		})
	}
}

// Over every transport and protocol version, a program's call takes the
// path of a direct call: the generated decoder's message for bad
// arguments, a deny rule, approval as the client can give it, a
// toolgen.Ctx of its own with the deps of run_code's request; a failed
// call can be caught; a structured result is the program's value.
func TestCodeModeCallsTakeTheServersPath(t *testing.T) {
	for _, tr := range contractTransports {
		t.Run(tr.name, func(t *testing.T) {
			var sent, looked, wiped ledger
			tools := append(weather.Tools(), recordingTool("send_email", true, &sent), recordingTool("look", false, &looked), recordingTool("wipe", false, &wiped))
			srv, err := mcp.NewServer("w", "1", tools,
				mcp.WithCodeMode(&scriptRunner{}, mcp.CodeMode{Declarations: weather.CodeModeDeclarations(), Beside: true}),
				mcp.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "wipe"}}}),
				mcp.WithDeps(func(_ context.Context, r *http.Request) (any, error) { return r != nil, nil }))
			require.NoError(t, err)
			cs := connectOver(t, tr, srv, &sdkmcp.ClientOptions{ElicitationHandler: (&asker{action: "accept"}).handle}, nil)

			res := runCode(t, cs, `[{"tool":"forecast","args":{"city":"Paris","days":2}}]`)
			require.False(t, res.IsError, resultText(res))
			direct := callBounded(t, cs, "forecast", `{"city":"Paris","days":2}`)
			assert.JSONEq(t, string(toJSON(t, direct.StructuredContent)), text(t, res), "a structured result is the program's value")

			bad := `{"city":"","days":99,"extra":1}`
			direct = callBounded(t, cs, "forecast", bad)
			require.True(t, direct.IsError)
			res = runCode(t, cs, `[{"tool":"forecast","args":`+bad+`}]`)
			assert.True(t, res.IsError)
			assert.Equal(t, "program.ts:1:1: Error: "+text(t, direct), text(t, res), "the generated decoder's message, thrown")

			res = runCode(t, cs, `[{"tool":"wipe","args":{},"catch":true},{"tool":"look","args":{"to":"x"},"catch":true}]`)
			require.False(t, res.IsError, resultText(res))
			res = runCode(t, cs, `[{"tool":"wipe","args":{},"catch":true}]`)
			assert.JSONEq(t, `{"caught":"Denied by policy: this call is not permitted."}`, text(t, res))
			assert.Empty(t, wiped.calls())
			calls := looked.calls()
			require.Len(t, calls, 1)
			assert.Equal(t, toolgen.ToolName("look"), calls[0].Tool)
			assert.NotEmpty(t, calls[0].CallID)
			assert.Equal(t, tr.http != nil, calls[0].Deps, "the deps of run_code's HTTP request")

			res = runCode(t, cs, `[{"tool":"send_email","args":{"to":"bob"}}]`)
			switch {
			case tr.version == "": // asked by an input-required result, which a program's call cannot return
				assert.True(t, res.IsError)
				assert.Contains(t, resultText(res), "send_email needs input from the client")
				assert.Empty(t, sent.calls())
			case tr.canAsk():
				assert.False(t, res.IsError, resultText(res))
				assert.Equal(t, `"done"`, text(t, res))
				assert.Len(t, sent.calls(), 1)
			default:
				assert.True(t, res.IsError)
				assert.Contains(t, resultText(res), "send_email needs a person's approval")
				assert.Empty(t, sent.calls())
			}
		})
	}
}

// run_code's failures are failed results, never JSON-RPC errors: bad
// arguments, the program's own error (with its position and what it
// logged), a bound reached.
func TestCodeModeFailures(t *testing.T) {
	noLeaks(t)
	srv, err := mcp.NewServer("w", "1", weather.Tools(),
		mcp.WithCodeMode(&scriptRunner{}, mcp.CodeMode{Declarations: weather.CodeModeDeclarations(), Limits: codemode.Limits{Calls: 1}}))
	require.NoError(t, err)
	cs, _ := connect(t, srv)

	for _, args := range []string{`{}`, `{"program":"  "}`, `{"program":1}`, `{"program":"[]","x":1}`} {
		res := callBounded(t, cs, "run_code", args)
		assert.True(t, res.IsError, args)
		assert.Contains(t, text(t, res), `run_code takes {"program": string}`, args)
	}

	res := runCode(t, cs, `[{"log":"starting"},{"throw":"no city"}]`)
	assert.True(t, res.IsError)
	require.Len(t, res.Content, 2)
	assert.Equal(t, "program.ts:2:1: Error: no city", res.Content[0].(*sdkmcp.TextContent).Text)
	assert.Equal(t, "console:\nstarting\n", res.Content[1].(*sdkmcp.TextContent).Text)

	res = runCode(t, cs, `[{"tool":"get_weather","args":{"city":"Paris"}},{"tool":"get_weather","args":{"city":"Rome"}}]`)
	assert.True(t, res.IsError)
	assert.Equal(t, "code mode: tool call limit exceeded: 1 calls", text(t, res))

	res = runCode(t, cs, `[{"tool":"get_weather","args":{"city":"Atlantis"},"catch":true}]`)
	assert.False(t, res.IsError)
	assert.JSONEq(t, `{"caught":"no weather station in Atlantis"}`, text(t, res), "a tool's failed result is caught")

	res = runCode(t, cs, `[]`)
	assert.False(t, res.IsError)
	assert.Equal(t, "null", text(t, res))
}

// Each call of a program is a notifications/progress of run_code when the
// client asked for progress, increasing.
func TestCodeModeReportsEachCall(t *testing.T) {
	noLeaks(t)
	srv, err := mcp.NewServer("w", "1", weather.Tools(), mcp.WithCodeMode(&scriptRunner{}, mcp.CodeMode{Declarations: weather.CodeModeDeclarations()}))
	require.NoError(t, err)
	cs, n := connect(t, srv)
	res, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{
		Meta: sdkmcp.Meta{"progressToken": "p1"}, Name: "run_code",
		Arguments: json.RawMessage(`{"program":"[{\"tool\":\"get_weather\",\"args\":{\"city\":\"Oslo\"}},{\"tool\":\"forecast\",\"args\":{\"city\":\"Oslo\"}}]"}`),
	})
	require.NoError(t, err)
	require.False(t, res.IsError, resultText(res))
	require.Eventually(t, func() bool { _, p := n.counts(); return p >= 2 }, 5*time.Second, 10*time.Millisecond)
	n.mu.Lock()
	defer n.mu.Unlock()
	require.Len(t, n.progress, 2)
	for i, want := range []string{"calling get_weather", "calling forecast"} {
		assert.Equal(t, "p1", n.progress[i].ProgressToken)
		assert.Equal(t, float64(i+1), n.progress[i].Progress)
		assert.Equal(t, want, n.progress[i].Message)
	}
}

// A run_code call whose client gives up ends as any call does: the tool
// in progress sees its context end, and the program ends.
func TestCodeModeCancel(t *testing.T) {
	noLeaks(t)
	ended := make(chan struct{})
	slow := toolgen.Tool{Name: "slow", Description: "waits", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			<-ctx.Done()
			close(ended)
			return toolgen.Result{}, ctx.Err()
		}}
	srv, err := mcp.NewServer("w", "1", []toolgen.Tool{slow}, mcp.WithCodeMode(&scriptRunner{}, mcp.CodeMode{Declarations: "declare function slow(args: {}): Promise<unknown>;"}))
	require.NoError(t, err)
	cs, _ := connect(t, srv)
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	_, err = cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "run_code", Arguments: json.RawMessage(`{"program":"[{\"tool\":\"slow\",\"args\":{}}]"}`)})
	require.Error(t, err)
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the nested call's context did not end")
	}
}

func TestCodeModeOptionErrors(t *testing.T) {
	_, err := mcp.NewServer("s", "1", nil, mcp.WithCodeMode(nil, mcp.CodeMode{Declarations: "x"}))
	assert.EqualError(t, err, "mcp.WithCodeMode(nil, ...): nil runner")
	_, err = mcp.NewServer("s", "1", nil, mcp.WithCodeMode(&scriptRunner{}, mcp.CodeMode{Declarations: " \n"}))
	assert.EqualError(t, err, "mcp.WithCodeMode: no Declarations: give the generated CodeModeDeclarations() of the served tools")
	clash := toolgen.Tool{Name: codemode.ToolRunCode, Description: "mine", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, nil }}
	_, err = mcp.NewServer("s", "1", []toolgen.Tool{clash}, mcp.WithCodeMode(&scriptRunner{}, mcp.CodeMode{Declarations: "x"}))
	assert.EqualError(t, err, `mcp: a tool is named "run_code", which mcp.WithCodeMode adds`)
}
