//lint:file-ignore SA1019 sampling and roots are deprecated by protocol 2026-07-28 (SEP-2577) but still part of it.

package mcp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// userAnswers are a toolgen client's answers to a server's questions, as
// a user and a model would give them; each question counts, with the tool
// that asked.
type userAnswers struct {
	mu    sync.Mutex
	asked []string
}

func (u *userAnswers) options() []mcp.ClientOption {
	return []mcp.ClientOption{
		mcp.WithElicitation(func(_ context.Context, tool string, p *sdkmcp.ElicitParams) (*sdkmcp.ElicitResult, error) {
			u.note(tool, p.Message)
			if strings.Contains(p.Message, "colour") {
				return &sdkmcp.ElicitResult{Action: "accept", Content: map[string]any{"color": "blue"}}, nil
			}
			return &sdkmcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Alice"}}, nil
		}),
		mcp.WithSampling(func(_ context.Context, tool string, p *sdkmcp.CreateMessageParams) (*sdkmcp.CreateMessageResult, error) {
			u.note(tool, "sampling")
			return &sdkmcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &sdkmcp.TextContent{Text: "hi"}}, nil
		}),
		mcp.WithRoots(&sdkmcp.Root{URI: "file:///project"}),
	}
}

func (u *userAnswers) note(tool, what string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.asked = append(u.asked, tool+": "+what)
}

func (u *userAnswers) questions() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]string(nil), u.asked...)
}

// TestClientAnswersInputRequired: a toolgen client answers a server's
// questions through its handlers, at 2026-07-28 (input-required results,
// two rounds, the tool named) and before (requests on the session, no
// tool), and gets the tool's result.
func TestClientAnswersInputRequired(t *testing.T) {
	noLeaks(t)
	for _, c := range []struct {
		name     string
		opts     mcp.HTTPOptions
		version  string
		wantTool string
	}{
		{"2026-07-28 stateless", mcp.HTTPOptions{Stateless: true}, "", "profile"},
		{"2026-07-28 stateless sdk", mcp.HTTPOptions{Stateless: true, DisableFastPath: true}, "", "profile"},
		{"2025-11-25 session", mcp.HTTPOptions{}, "2025-11-25", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := newServer(t, askingTool("profile", nil, profile))
			var u userAnswers
			opts := u.options()
			if c.version != "" {
				opts = append(opts, mcp.WithProtocolVersion(c.version))
			}
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			client, err := mcp.Connect(ctx, mcp.URL(serveOn(t, srv, c.opts), nil), opts...)
			require.NoError(t, err)
			defer client.Close()
			res, err := client.CallTool(ctx, "profile", []byte(`{}`))
			require.NoError(t, err)
			assert.Equal(t, profileAnswer, res.Text())
			assert.ElementsMatch(t, []string{
				c.wantTool + ": What is your name?", c.wantTool + ": sampling", c.wantTool + ": Your favourite colour?",
			}, u.questions())
		})
	}
}

// TestClientBoundsInputRounds: a server that asks without end gets at
// most mcp.MaxInputRounds answers, then an error naming the tool.
func TestClientBoundsInputRounds(t *testing.T) {
	noLeaks(t)
	var runs atomic.Int32
	srv := newServer(t, askingTool("nosy", nil, func(ctx context.Context) (string, error) {
		runs.Add(1)
		for i := range 100 {
			if _, err := mcp.Elicit[nameQ](ctx, fmt.Sprintf("q%d", i), "What is your name?"); err != nil {
				return "", err
			}
		}
		return "done", nil
	}))
	var u userAnswers
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	client, err := mcp.Connect(ctx, mcp.URL(serveOn(t, srv, mcp.HTTPOptions{Stateless: true}), nil), u.options()...)
	require.NoError(t, err)
	defer client.Close()
	_, err = client.CallTool(ctx, "nosy", []byte(`{}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "tools/call nosy")
	assert.Contains(t, err.Error(), fmt.Sprintf("giving up after %d rounds", mcp.MaxInputRounds))
	assert.Len(t, u.questions(), mcp.MaxInputRounds)
	assert.Equal(t, int32(mcp.MaxInputRounds+1), runs.Load())
}

// TestClientEchoesRequestState: the client sends back the request state
// exactly as the server gave it, and none when the server gave none, with
// the answers, in a new request of the same call; the call's next use
// starts afresh.
func TestClientEchoesRequestState(t *testing.T) {
	noLeaks(t)
	const state = `opaque "state" ✓ with spaces/+=`
	var mu sync.Mutex
	var seen []string
	server := sdkmcp.NewServer(&sdkmcp.Implementation{Name: "echo", Version: "1"}, nil)
	for _, tool := range []string{"with_state", "no_state"} {
		server.AddTool(&sdkmcp.Tool{Name: tool, InputSchema: map[string]any{"type": "object"}}, func(_ context.Context, req *sdkmcp.CallToolRequest) (*sdkmcp.CallToolResult, error) {
			mu.Lock()
			seen = append(seen, fmt.Sprintf("%s state=%q answers=%d", tool, req.Params.RequestState, len(req.Params.InputResponses)))
			mu.Unlock()
			if len(req.Params.InputResponses) == 0 {
				res := &sdkmcp.CallToolResult{InputRequests: sdkmcp.InputRequestMap{"confirm": &sdkmcp.ElicitParams{
					Message: "Confirm?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
				}}}
				if tool == "with_state" {
					res.RequestState = state
				}
				return res, nil
			}
			return &sdkmcp.CallToolResult{Content: []sdkmcp.Content{&sdkmcp.TextContent{Text: "ok"}}}, nil
		})
	}
	hs := httptest.NewServer(sdkmcp.NewStreamableHTTPHandler(func(*http.Request) *sdkmcp.Server { return server }, &sdkmcp.StreamableHTTPOptions{Stateless: true}))
	defer hs.Close()
	var u userAnswers
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	client, err := mcp.Connect(ctx, mcp.URL(hs.URL, nil), u.options()...)
	require.NoError(t, err)
	defer client.Close()
	for _, tool := range []string{"with_state", "no_state", "with_state"} {
		res, err := client.CallTool(ctx, tool, []byte(`{}`))
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Text())
	}
	assert.Equal(t, []string{
		`with_state state="" answers=0`, fmt.Sprintf(`with_state state=%q answers=1`, state),
		`no_state state="" answers=0`, `no_state state="" answers=1`,
		`with_state state="" answers=0`, fmt.Sprintf(`with_state state=%q answers=1`, state),
	}, seen)
}

// TestClientAnswersApprovalOfAgentCalls: a toolgen server asks its client
// to approve calls of a tool that requires approval. A toolgen client
// answers yes for the calls its agent had approved (a Call of the tool,
// which requires approval on the client too), with or without an
// elicitation handler, at 2026-07-28 and before; a direct CallTool is not
// such a call (declined, or the handler's answer), and a client without
// approvals declares no elicitation, so the server cannot ask it.
func TestClientAnswersApprovalOfAgentCalls(t *testing.T) {
	noLeaks(t)
	for _, c := range []struct {
		name    string
		opts    mcp.HTTPOptions
		version string
	}{
		{"2026-07-28 stateless", mcp.HTTPOptions{Stateless: true}, ""},
		{"2025-11-25 session", mcp.HTTPOptions{}, "2025-11-25"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var sent ledger
			srv := newServer(t, recordingTool("send_email", true, &sent))
			url := serveOn(t, srv, c.opts)
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			connect := func(opts ...mcp.ClientOption) *mcp.Client {
				if c.version != "" {
					opts = append(opts, mcp.WithProtocolVersion(c.version))
				}
				client, err := mcp.Connect(ctx, mcp.URL(url, nil), opts...)
				require.NoError(t, err)
				t.Cleanup(func() { client.Close() })
				return client
			}
			callAsAgent := func(client *mcp.Client, args string) string {
				tools, err := client.Tools(ctx)
				require.NoError(t, err)
				require.Len(t, tools, 1)
				require.True(t, tools[0].RequiresApproval)
				res, err := tools[0].Call(ctx, []byte(args))
				require.NoError(t, err)
				return res.Text()
			}

			client := connect()
			assert.Equal(t, `<untrusted-data source="send_email">done</untrusted-data>`, callAsAgent(client, `{"to":"alice"}`))
			res, err := client.CallTool(ctx, "send_email", []byte(`{"to":"bob"}`))
			require.Error(t, err)
			assert.Contains(t, res.Text(), "Denied by the user")

			var u userAnswers
			withHandler := connect(u.options()...)
			assert.Equal(t, `<untrusted-data source="send_email">done</untrusted-data>`, callAsAgent(withHandler, `{"to":"carol"}`))
			assert.Empty(t, u.questions(), "the agent's approval answered")
			_, err = withHandler.CallTool(ctx, "send_email", []byte(`{"to":"dave"}`))
			require.NoError(t, err, "the handler accepts")
			assert.Len(t, u.questions(), 1)

			without := connect(mcp.WithoutApproval())
			res, err = without.CallTool(ctx, "send_email", []byte(`{"to":"eve"}`))
			require.Error(t, err)
			assert.Contains(t, res.Text(), "cannot be asked")

			sent.mu.Lock()
			defer sent.mu.Unlock()
			assert.Equal(t, []string{`{"to":"alice"}`, `{"to":"carol"}`, `{"to":"dave"}`}, sent.args)
		})
	}
}
