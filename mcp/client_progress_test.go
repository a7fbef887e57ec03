package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

const remoteSteps = 20

// stepsServer is a go-sdk server whose tool "steps" sends remoteSteps
// progress notifications when asked for progress, and records the tokens
// it was given ("" for none).
func stepsServer(tokens *[]any, mu *sync.Mutex) *sdk.Server {
	s := newServer(nil)
	s.AddTool(&sdk.Tool{Name: "steps", Description: "takes steps", InputSchema: json.RawMessage(`{"type":"object"}`), Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			token := req.Params.GetProgressToken()
			mu.Lock()
			*tokens = append(*tokens, token)
			mu.Unlock()
			for i := 1; token != nil && i <= remoteSteps; i++ {
				var meta sdk.Meta
				if partial := stepPartial(i); partial != nil {
					meta = sdk.Meta{PartialMetaKey: partial}
				}
				err := req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{Meta: meta, ProgressToken: token, Progress: float64(i), Total: remoteSteps, Message: fmt.Sprintf("step %d", i)})
				if err != nil {
					return nil, err
				}
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "walked"}}}, nil
		})
	return s
}

// stepPartial is the partial result step i reports: every other step has
// one, the rows so far; the others none.
func stepPartial(i int) json.RawMessage {
	if i%2 == 1 {
		return nil
	}
	return json.RawMessage(fmt.Sprintf(`{"rows":%d}`, i))
}

// streamCall runs an agent that calls tool once through RunStream and
// returns the events of the call, from tool_started to tool_finished.
func streamCall(t *testing.T, tools []toolgen.Tool, tool toolgen.ToolName) []agent.Event {
	t.Helper()
	a, err := agent.New(agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", tool, `{}`)), agenttest.Text("done")), agent.WithTools(tools))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var events []agent.Event
	if _, err := a.RunStream(ctx, "go", nil, func(e agent.Event) error {
		switch e.Kind {
		case agent.EventToolStarted, agent.EventToolProgress, agent.EventToolFinished:
			events = append(events, e)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return events
}

// checkSteps checks that events are tool_started, remoteSteps reports in
// order, each with its partial result (stepPartial), tool_finished.
func checkSteps(t *testing.T, events []agent.Event) {
	t.Helper()
	if len(events) != remoteSteps+2 || events[0].Kind != agent.EventToolStarted || events[len(events)-1].Kind != agent.EventToolFinished {
		t.Fatalf("got %d events %v, want tool_started, %d tool_progress, tool_finished", len(events), kinds(events), remoteSteps)
	}
	for i, e := range events[1 : remoteSteps+1] {
		want := toolgen.Progress{Message: fmt.Sprintf("step %d", i+1), Progress: float64(i + 1), Total: remoteSteps, Partial: stepPartial(i + 1)}
		if e.Kind != agent.EventToolProgress || e.Progress == nil || !reflect.DeepEqual(*e.Progress, want) || e.Call.ID != "c1" {
			t.Errorf("event %d: %s %+v, want tool_progress %+v", i+1, e.Kind, e.Progress, want)
		}
	}
}

func kinds(events []agent.Event) []agent.EventKind {
	out := make([]agent.EventKind, len(events))
	for i, e := range events {
		out[i] = e.Kind
	}
	return out
}

// A remote tool's progress notifications reach an agent that listens as
// EventToolProgress of its call, with the partial results they carry in
// _meta (PartialMetaKey), every one of them before its
// tool_finished, over each transport; an agent that nobody listens to
// asks for no progress.
func TestRemoteProgressReachesTheAgent(t *testing.T) {
	transports := map[string]func(t *testing.T, s *sdk.Server) Transport{
		"in-memory": func(t *testing.T, s *sdk.Server) Transport {
			st, ct := sdk.NewInMemoryTransports()
			ss, err := s.Connect(context.Background(), st, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = ss.Wait() })
			return SDKTransport(ct)
		},
		"stdio": func(t *testing.T, s *sdk.Server) Transport {
			toServer, fromClient := io.Pipe()
			toClient, fromServer := io.Pipe()
			ss, err := s.Connect(context.Background(), &sdk.IOTransport{Reader: toServer, Writer: fromServer}, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = ss.Close(); _ = ss.Wait() })
			return SDKTransport(&sdk.IOTransport{Reader: toClient, Writer: fromClient})
		},
		"http": func(t *testing.T, s *sdk.Server) Transport {
			return URL(serveSDK(t, s, &sdk.StreamableHTTPOptions{}), nil)
		},
		"http-stateless": func(t *testing.T, s *sdk.Server) Transport {
			return URL(serveSDK(t, s, &sdk.StreamableHTTPOptions{Stateless: true}), nil)
		},
	}
	for name, transport := range transports {
		t.Run(name, func(t *testing.T) {
			noLeaks(t)
			var mu sync.Mutex
			var tokens []any
			c, err := Connect(context.Background(), transport(t, stepsServer(&tokens, &mu)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = c.Close() })
			tools, err := c.Tools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			for range 3 { // a race would lose some of them now and then
				checkSteps(t, streamCall(t, tools, "steps"))
			}
			runAgent(t, tools, agenttest.Call("c2", "steps", `{}`)) // nobody listens
			mu.Lock()
			defer mu.Unlock()
			if len(tokens) != 4 || tokens[0] == nil || tokens[0] == tokens[1] || tokens[3] != nil {
				t.Errorf("the server got tokens %v, want 3 distinct ones and none", tokens)
			}
		})
	}
}

// serveSDK serves a go-sdk server over streamable HTTP on 127.0.0.1 until
// the test ends.
func serveSDK(t *testing.T, s *sdk.Server, opts *sdk.StreamableHTTPOptions) string {
	t.Helper()
	hs := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, opts))
	t.Cleanup(hs.Close)
	return hs.URL
}

// An agent using this package's server through this package's client sees
// the served tool's reports as its own call's progress, partial results
// and all: over streamable
// HTTP, stateful (go-sdk's path) and stateless (the fast path).
func TestProgressThroughServerAndClient(t *testing.T) {
	tool := toolgen.Tool{Name: "steps", Description: "takes steps", InputSchema: []byte(`{"type":"object"}`), Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			c := toolgen.CtxFrom(ctx)
			for i := 1; i <= remoteSteps; i++ {
				c.Report(toolgen.Progress{Message: fmt.Sprintf("step %d", i), Progress: float64(i), Total: remoteSteps, Partial: stepPartial(i)})
			}
			return toolgen.TextResult(fmt.Sprintf("reporting: %v", c.Reporting())), nil
		}}
	for _, stateless := range []bool{false, true} {
		t.Run(fmt.Sprintf("stateless=%v", stateless), func(t *testing.T) {
			noLeaks(t)
			srv, err := NewServer("steps", "1", []toolgen.Tool{tool})
			if err != nil {
				t.Fatal(err)
			}
			h, err := srv.Handler(HTTPOptions{Stateless: stateless})
			if err != nil {
				t.Fatal(err)
			}
			hs := httptest.NewServer(h)
			t.Cleanup(hs.Close)
			var opts []ClientOption
			if !stateless {
				// A session, whose calls go-sdk answers: revision
				// 2026-07-28 has none (a stateful server answers it on
				// the fast path too).
				opts = append(opts, WithProtocolVersion("2025-11-25"))
			}
			c, err := Connect(context.Background(), URL(hs.URL+Path, nil), opts...)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = c.Close() })
			tools, err := c.Tools(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			events := streamCall(t, tools, "steps")
			checkSteps(t, events)
			if got := events[len(events)-1].Result.Text(); got != `<untrusted-data source="steps">reporting: true</untrusted-data>` {
				t.Errorf("result %q", got)
			}
			if served := srv.fast.Load(); stateless != (served > 0) {
				t.Errorf("the fast path answered %d requests (stateless %v)", served, stateless)
			}
		})
	}
}
