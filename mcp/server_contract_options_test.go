package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/permission"
)

// userHeader carries the user a test's HTTP requests are made for.
const userHeader = "X-Test-User"

// asUser is an http.RoundTripper that sends each request for the user it
// holds at the time.
type asUser struct{ user atomic.Value }

func (a *asUser) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if u, _ := a.user.Load().(string); u != "" {
		r.Header.Set(userHeader, u)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// userDeps makes a call's deps of the user its request names, "stdio"
// without an HTTP request, and fails for user "mallory".
func userDeps(_ context.Context, r *http.Request) (any, error) {
	if r == nil {
		return "stdio", nil
	}
	u := r.Header.Get(userHeader)
	if u == "mallory" {
		return nil, errors.New("user mallory is not allowed here")
	}
	if u == "panic" {
		panic("deps exploded")
	}
	return "user " + u, nil
}

// newestTransports are contractTransports at the newest protocol version,
// and a stateful and a stateless HTTP one at an older one.
func newestTransports() []contractTransport {
	var out []contractTransport
	for _, tr := range contractTransports {
		if tr.version == "" || (tr.version == "2025-11-25" && (tr.name == "http@2025-11-25" || tr.name == "http-stateless-fast@2025-11-25")) {
			out = append(out, tr)
		}
	}
	return out
}

// TestDepsPerRequest: WithDeps gives each call the deps made of the HTTP
// request that carried it (two calls on one session, sent for two users,
// get each their own), and over stdio and in memory what the function
// makes of no request; an error or a panic of the function refuses the
// call, which does not run.
func TestDepsPerRequest(t *testing.T) {
	noLeaks(t)
	for _, tr := range newestTransports() {
		t.Run(tr.name, func(t *testing.T) {
			var looked ledger
			srv, err := mcp.NewServer("deps", "1", []toolgen.Tool{recordingTool("look", false, &looked)}, mcp.WithDeps(userDeps))
			require.NoError(t, err)
			rt := &asUser{}
			cs := connectOver(t, tr, srv, nil, rt)

			users := []string{"alice", "bob", "alice"}
			for _, u := range users {
				rt.user.Store(u)
				res := callBounded(t, cs, "look", `{}`)
				require.False(t, res.IsError, resultText(res))
			}
			var got []any
			for _, c := range looked.calls() {
				got = append(got, c.Deps)
			}
			if tr.http == nil {
				assert.Equal(t, []any{"stdio", "stdio", "stdio"}, got)
				return
			}
			assert.Equal(t, []any{"user alice", "user bob", "user alice"}, got)
			if tr.http.Stateless && !tr.http.DisableFastPath {
				assert.Positive(t, mcp.FastServed(srv), "the fast path served calls")
			}

			for user, want := range map[string]string{
				"mallory": "user mallory is not allowed here",
				"panic":   "mcp.WithDeps function panicked: deps exploded",
			} {
				rt.user.Store(user)
				res := callBounded(t, cs, "look", `{}`)
				assert.True(t, res.IsError)
				assert.Contains(t, resultText(res), want)
				assert.Contains(t, resultText(res), "did not run")
			}
			assert.Len(t, looked.calls(), len(users), "a call whose deps failed does not run")
		})
	}
}

// TestDepsNeedTheServersHandler: over HTTP served by a handler made on
// SDK() instead of (*Server).Handler, the request of a call is unknown: a
// server with WithDeps refuses the call rather than give it the deps of no
// request.
func TestDepsNeedTheServersHandler(t *testing.T) {
	noLeaks(t)
	var looked ledger
	srv, err := mcp.NewServer("deps", "1", []toolgen.Tool{recordingTool("look", false, &looked)}, mcp.WithDeps(userDeps))
	require.NoError(t, err)
	sdkServer := srv.SDK()
	ts := httptest.NewServer(sdkmcp.NewStreamableHTTPHandler(func(*http.Request) *sdkmcp.Server { return sdkServer }, nil))
	defer ts.Close()
	client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "c", Version: "1"}, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	require.NoError(t, err)
	defer cs.Close()
	res := callBounded(t, cs, "look", `{}`)
	assert.True(t, res.IsError)
	assert.Contains(t, resultText(res), "not known to the server")
	assert.Empty(t, looked.calls())
}

// TestApproverDecides: with WithApprover, the program decides the calls
// that need approval, seeing the call and its deps; the client's user is
// not asked, even when the client could be; a call it rejects, fails on or
// panics in does not run.
func TestApproverDecides(t *testing.T) {
	noLeaks(t)
	for _, tr := range newestTransports() {
		t.Run(tr.name, func(t *testing.T) {
			var sent, looked ledger
			var mu sync.Mutex
			var decided []agent.ToolCall
			approver := func(ctx context.Context, call agent.ToolCall) (bool, error) {
				mu.Lock()
				decided = append(decided, call)
				mu.Unlock()
				var args struct{ To string }
				_ = json.Unmarshal(call.Args, &args)
				switch args.To {
				case "error":
					return false, errors.New("policy store unreachable")
				case "panic":
					panic("approver exploded")
				}
				deps := toolgen.CtxFrom(ctx).Deps
				return args.To == "alice" && (deps == "stdio" || deps == "user ops"), nil
			}
			srv, err := mcp.NewServer("approver", "1", []toolgen.Tool{recordingTool("send_email", true, &sent), recordingTool("look", false, &looked)},
				mcp.WithDeps(userDeps), mcp.WithApprover(approver))
			require.NoError(t, err)
			a := &asker{action: "accept"}
			rt := &asUser{}
			rt.user.Store("ops")
			cs := connectOver(t, tr, srv, &sdkmcp.ClientOptions{ElicitationHandler: a.handle}, rt)

			res := callBounded(t, cs, "send_email", `{"to":"alice"}`)
			assert.False(t, res.IsError, resultText(res))
			for to, want := range map[string]string{
				"mallory": "Denied by the server's approval policy",
				"error":   "policy store unreachable",
				"panic":   "approver exploded",
			} {
				res := callBounded(t, cs, "send_email", fmt.Sprintf(`{"to":%q}`, to))
				assert.True(t, res.IsError, to)
				assert.Contains(t, resultText(res), want)
			}
			if tr.http != nil {
				rt.user.Store("eve")
				res := callBounded(t, cs, "send_email", `{"to":"alice"}`)
				assert.True(t, res.IsError, "the approver saw eve's deps")
			}
			res = callBounded(t, cs, "look", `{}`)
			assert.False(t, res.IsError, resultText(res))

			sent.mu.Lock()
			assert.Equal(t, []string{`{"to":"alice"}`}, sent.args)
			assert.Equal(t, sent.ctxs[0].CallID, decided[0].ID, "the approver's call is the one that ran")
			sent.mu.Unlock()
			assert.Empty(t, a.requests(), "with an approver, the client's user is not asked")
			assert.Len(t, looked.calls(), 1, "a tool that needs no approval is not put to the approver")
			mu.Lock()
			defer mu.Unlock()
			for _, c := range decided {
				assert.Equal(t, toolgen.ToolName("send_email"), c.Name)
			}
		})
	}
}

// TestPermissionsAsInTheLoop: WithPermissions decides as the agent loop
// does: deny refuses any tool, allow lifts a tool's own RequiresApproval
// for the calls it matches (and only those), ask makes a call need
// approval; on every transport, the fast path included.
func TestPermissionsAsInTheLoop(t *testing.T) {
	noLeaks(t)
	perms := permission.Permissions{
		Allow: []toolgen.Rule{{Tool: "send_email", Args: map[string]string{"to": "*@example.com"}}},
		Deny:  []toolgen.Rule{{Tool: "look", Args: map[string]string{"to": "root"}}},
		Ask:   []toolgen.Rule{{Tool: "look", Args: map[string]string{"to": "boss"}}},
	}
	// A pattern allows the plain tool, never the approval of one that
	// requires it: as in the loop, only a rule naming the tool lifts that.
	perms.Allow = append(perms.Allow, toolgen.Rule{Tool: "send_*"})
	for _, tr := range newestTransports() {
		t.Run(tr.name, func(t *testing.T) {
			var sent, looked ledger
			srv, err := mcp.NewServer("perms", "1", []toolgen.Tool{recordingTool("send_email", true, &sent), recordingTool("look", false, &looked)},
				mcp.WithPermissions(perms))
			require.NoError(t, err)
			cs := connectOver(t, tr, srv, nil, nil) // a client that cannot be asked

			for _, c := range []struct{ tool, args, refusal string }{
				{"send_email", `{"to":"bob@example.com"}`, ""},
				{"send_email", `{"to":"bob@evil.example"}`, "needs a person's approval (the tool requires approval)"},
				{"send_email", `{}`, "needs a person's approval"},
				{"look", `{"to":"root"}`, "Denied by policy: this call is not permitted."},
				{"look", `{"to":"boss"}`, `needs a person's approval (ask rule look(to="boss") matches it)`},
				{"look", `{"to":"anyone"}`, ""},
				// Arguments that repeat a name are refused before any rule:
				// no reading slips past the deny rule, and the allow rule
				// does not lift the approval of a reading it never saw.
				{"look", `{"to":"anyone","to":"root"}`, "invalid arguments: /to: duplicate member"},
				{"send_email", `{"to":"x@evil.example","t\u006f":"bob@example.com"}`, "invalid arguments: /to: duplicate member"},
			} {
				res := callBounded(t, cs, c.tool, c.args)
				if c.refusal == "" {
					assert.False(t, res.IsError, "%s %s: %s", c.tool, c.args, resultText(res))
				} else {
					assert.True(t, res.IsError, "%s %s", c.tool, c.args)
					assert.Contains(t, resultText(res), c.refusal)
				}
			}
			sent.mu.Lock()
			assert.Equal(t, []string{`{"to":"bob@example.com"}`}, sent.args)
			sent.mu.Unlock()
			looked.mu.Lock()
			assert.Equal(t, []string{`{"to":"anyone"}`}, looked.args)
			looked.mu.Unlock()
		})
	}
}

// TestApprovalRoundTripCannotBeForged: at protocol 2026-07-28 a client
// answers an approval by calling again with the answer and the request
// state the server gave. An answer without that state does not run the
// tool; a state given for other arguments or another tool, a forged one
// or one already used is an invalid-params error, and does not run it
// either.
func TestApprovalRoundTripCannotBeForged(t *testing.T) {
	noLeaks(t)
	for _, tr := range newestTransports() {
		if tr.version != "" || (tr.http != nil && !tr.http.Stateless) {
			continue // stateful HTTP sessions negotiate 2025-11-25 at most: the server asks by a request
		}
		t.Run(tr.name, func(t *testing.T) {
			var sent, other ledger
			srv := newServer(t, recordingTool("send_email", true, &sent), recordingTool("wire_money", true, &other))
			cs := connectOver(t, tr, srv, &sdkmcp.ClientOptions{
				ElicitationHandler: (&asker{action: "accept"}).handle, // declares the capability; never called here
				MultiRoundTrip:     &sdkmcp.MultiRoundTripOptions{Disabled: true},
			}, nil)
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			send := func(name, args string, state string, answer sdkmcp.InputResponse) (*sdkmcp.CallToolResult, error) {
				p := &sdkmcp.CallToolParams{Name: name, Arguments: json.RawMessage(args), RequestState: state}
				if answer != nil {
					p.InputResponses = sdkmcp.InputResponseMap{"approval": answer}
				}
				return cs.CallTool(ctx, p)
			}
			call := func(name, args string, state string, answer sdkmcp.InputResponse) *sdkmcp.CallToolResult {
				res, err := send(name, args, state, answer)
				require.NoError(t, err)
				return res
			}
			accept := &sdkmcp.ElicitResult{Action: "accept"}

			asked := call("send_email", `{"to":"alice"}`, "", nil)
			require.True(t, asked.NeedsInput(), "the first call asks for input")
			require.Contains(t, asked.InputRequests, "approval")
			require.NotEmpty(t, asked.RequestState)

			res := call("send_email", `{"to":"alice"}`, "", accept)
			assert.True(t, res.IsError, "no state")
			assert.Contains(t, resultText(res), "not valid for it")
			for name, args := range map[string][3]string{
				"forged state":    {"send_email", `{"to":"alice"}`, "AAAA"},
				"other arguments": {"send_email", `{"to":"mallory"}`, asked.RequestState},
				"other tool":      {"wire_money", `{"to":"alice"}`, asked.RequestState},
			} {
				_, err := send(args[0], args[1], args[2], accept)
				require.Error(t, err, name)
				assert.Contains(t, err.Error(), "invalid requestState", name)
			}
			assert.Empty(t, sent.calls())
			assert.Empty(t, other.calls())

			res = call("send_email", ` { "to" : "alice" } `, asked.RequestState, accept) // the same call, encoded anew
			assert.False(t, res.IsError, resultText(res))
			assert.Len(t, sent.calls(), 1)
			_, err := send("send_email", `{"to":"alice"}`, asked.RequestState, accept)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "used already")
			assert.Len(t, sent.calls(), 1, "an approval runs one call")

			asked = call("send_email", `{"to":"alice"}`, "", nil)
			res = call("send_email", `{"to":"alice"}`, asked.RequestState, &sdkmcp.ElicitResult{Action: "decline"})
			assert.True(t, res.IsError)
			assert.Contains(t, resultText(res), "Denied by the user")
			assert.Len(t, sent.calls(), 1)
		})
	}
}

// TestContractOptionErrors: nil functions and permissions that do not fit
// the tools are NewServer's errors.
func TestContractOptionErrors(t *testing.T) {
	tools := []toolgen.Tool{recordingTool("look", false, &ledger{})}
	for want, opt := range map[string]mcp.ServerOption{
		"mcp.WithDeps(nil): nil function":     mcp.WithDeps(nil),
		"mcp.WithApprover(nil): nil function": mcp.WithApprover(nil),
		"mcp.WithPermissions: permission rules deny or ask about tools that are not registered: lok": mcp.WithPermissions(permission.Permissions{
			Deny: []toolgen.Rule{{Tool: "lok"}}}),
	} {
		_, err := mcp.NewServer("x", "1", tools, opt)
		require.Error(t, err, want)
		assert.Contains(t, err.Error(), want)
	}
}
