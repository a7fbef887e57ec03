package temporal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/temporal"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// argBytes are argument bytes a model can send, by class: not JSON at
// all, and JSON that encoding/json would rewrite (compact it, escape it
// for HTML) if it marshalled them as they are.
var argBytes = map[string][]byte{
	"empty":          {},
	"whitespace":     []byte(" \n"),
	"truncated":      []byte(`{"to":"bo`),
	"not-json":       []byte(`to=bob`),
	"bom":            []byte("\xef\xbb\xbf{\"to\":\"bob\"}"),
	"two-documents":  []byte(`{"to":"bob"}{"to":"eve"}`),
	"invalid-utf8":   []byte("{\"to\":\"\xff\xfe\"}"),
	"nul":            []byte("{\"to\":\"bob\"}\x00"),
	"huge-truncated": []byte(`{"to":"` + strings.Repeat("a", 256<<10)),
	"not-an-object":  []byte(`"bob"`),
	// Valid JSON (some of it bytes json.Marshal would change).
	"pretty":       []byte("{ \"to\" :\n  \"bob\" }"),
	"html":         []byte(`{"to":"<bob&eve>"}`),
	"line-sep":     []byte("{\"to\":\"a\u2028b\"}"),
	"escaped-utf8": []byte(`{"to":"\u00e9"}`),
}

// sendArgs and sendTool decode their arguments as generated code does.
var sendArgs = &toolimpl.Object{Names: []string{"to"}, Required: []int{0}}

// sendTool requires approval and records the arguments of the calls
// whose arguments it accepted.
func sendTool(mu *sync.Mutex, got *[][]byte) toolgen.Tool {
	return toolgen.Tool{
		Name:             "send",
		Description:      "sends a message",
		InputSchema:      []byte(`{"type":"object","properties":{"to":{"type":"string"}},"required":["to"],"additionalProperties":false}`),
		RequiresApproval: true,
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			d := new(toolimpl.Decoder)
			d.Reset(args)
			var to string
			var o toolimpl.ObjectReader
			for k, ok := o.Start(d, sendArgs); ok; k, ok = o.Next(d) {
				switch string(k) {
				case "to":
					o.Saw(0)
					if s, ok := d.String(); ok {
						to = s
					}
				default:
					o.Unknown(d)
				}
			}
			if err := d.Close(); err != nil {
				return toolimpl.BadArgs(err), nil
			}
			mu.Lock()
			*got = append(*got, bytes.Clone(args))
			mu.Unlock()
			// The turn, as the call's toolgen.Ctx has it: a Call's own
			// fields travel to the tool activity with its arguments.
			return toolgen.TextResult(fmt.Sprintf("sent to %s (turn %d)", to, toolgen.CtxFrom(ctx).Turn)), nil
		},
	}
}

// argsModel calls send once with the argument bytes its prompt names
// (argBytes), then answers.
type argsModel struct{}

func (argsModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	for _, m := range req.Messages {
		if m.Role == agent.RoleAssistant {
			return text("ok"), nil
		}
	}
	return calls(agent.ToolCall{ID: "c1", Name: "send", Args: bytes.Clone(argBytes[req.Messages[0].Text])}), nil
}

// TestMalformedArgumentsSurviveThePause: whatever bytes the model sends as
// a call's arguments, a run paused on that call keeps them exactly through
// every copy Temporal makes of its State (the model activity's result,
// the Pending and State queries, the update's validator, continue-as-new
// while paused and after the answer, the tool activity's input, the
// run's result), and the answer gives the model the tool's result for
// those bytes, as the same run in process does: bad arguments are a tool
// result saying what is wrong, and valid ones reach the tool as sent.
func TestMalformedArgumentsSurviveThePause(t *testing.T) {
	srv := newServer(t)
	var mu sync.Mutex
	var got [][]byte
	a, err := agent.New(argsModel{}, agent.WithTools([]toolgen.Tool{sendTool(&mu, &got)}))
	require.NoError(t, err)
	// A bound so small that the run continues as new after every step:
	// with the model's response, and with the answered pause.
	c := serveAgent(srv, a, temporal.Options{ContinueAsNewAfter: 5})
	ctx := context.Background()

	for class := range argBytes {
		require.NoError(t, c.Start(ctx, "args-"+class, class))
	}
	for class, args := range argBytes {
		t.Run(class, func(t *testing.T) {
			id := "args-" + class
			p := waitPaused(t, srv, c, id)
			require.Len(t, p, 1)
			assert.True(t, bytes.Equal(args, p[0].Args), "Pending: %q", p[0].Args)
			s, err := c.State(ctx, id)
			require.NoError(t, err)
			require.NotNil(t, s.Paused)
			assert.True(t, bytes.Equal(args, s.Paused.Calls[0].Call.Args), "State's paused call: %q", s.Paused.Calls[0].Call.Args)
			assert.True(t, bytes.Equal(args, s.Messages[len(s.Messages)-1].Calls[0].Args), "State's transcript")
			require.NoError(t, c.Approve(ctx, id, "c1"))

			s, err = c.Result(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, "ok", s.Output())
			require.Len(t, s.Messages, 4)
			assert.True(t, bytes.Equal(args, s.Messages[1].Calls[0].Args), "the result's transcript: %q", s.Messages[1].Calls[0].Args)
			assert.Equal(t, inProcess(t, class).result, s.Messages[2].Results[0].Result, "the tool's result, as in process")

			d, err := srv.GetDefaultClient().DescribeWorkflowExecution(ctx, id, "")
			require.NoError(t, err)
			assert.NotEqual(t, d.GetWorkflowExecutionInfo().GetFirstRunId(), d.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "the run continued as new")
		})
	}
	// The tool ran for the arguments it accepts in process, each with the
	// bytes the model sent.
	mu.Lock()
	defer mu.Unlock()
	var want [][]byte
	for class := range argBytes {
		want = append(want, inProcess(t, class).accepted...)
	}
	assert.ElementsMatch(t, want, got)
}

// inProcessRun is what the same run does in process.
type inProcessRun struct {
	result   toolgen.Result // the call's
	accepted [][]byte       // the arguments the tool accepted (none or the call's)
}

// inProcess is what the same run does in process for class's arguments,
// approved. Arguments that are not JSON are a tool result saying so.
func inProcess(t *testing.T, class string) inProcessRun {
	t.Helper()
	var mu sync.Mutex
	var got [][]byte
	a, err := agent.New(argsModel{}, agent.WithTools([]toolgen.Tool{sendTool(&mu, &got)}))
	require.NoError(t, err)
	ctx := context.Background()
	s, err := a.Run(ctx, class, nil)
	require.NoError(t, err)
	require.NoError(t, s.Approve())
	s, err = a.Resume(ctx, s, nil)
	require.NoError(t, err)
	res := s.Messages[2].Results[0].Result
	if !json.Valid(argBytes[class]) {
		assert.True(t, res.IsError, "bad arguments are an error result: %s", res.Text())
		assert.Empty(t, got, "the tool did nothing with them")
	}
	return inProcessRun{result: res, accepted: got}
}
