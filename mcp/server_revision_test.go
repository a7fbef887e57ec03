//lint:file-ignore SA1019 sampling is deprecated by protocol 2026-07-28 (SEP-2577) but a capability a tool may still require.

package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

const rev2026 = "2026-07-28"

// revisionTools are tools for the revision tests: a plain one, one that
// logs, one that needs sampling.
func revisionTools() []toolgen.Tool {
	obj := []byte(`{"type":"object"}`)
	return []toolgen.Tool{
		{Name: "zeta", Description: "plain", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("zeta ran"), nil }},
		{Name: "alpha", Description: "logs", InputSchema: obj,
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				if err := mcp.Log(ctx, "info", "alpha logged"); err != nil {
					return toolgen.ErrorResult(err.Error()), nil
				}
				return toolgen.TextResult("alpha ran"), nil
			}},
		{Name: "mid", Description: "needs sampling", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("mid ran"), nil }},
	}
}

// serverShape is one way to serve: stateful or not, fast path or not.
type serverShape struct {
	name string
	opts mcp.HTTPOptions
}

var serverShapes = []serverShape{
	{"stateful", mcp.HTTPOptions{}},
	{"stateful without fast path", mcp.HTTPOptions{DisableFastPath: true}},
	{"stateless", mcp.HTTPOptions{Stateless: true}},
	{"stateless without fast path", mcp.HTTPOptions{Stateless: true, DisableFastPath: true}},
	{"stateful JSON", mcp.HTTPOptions{JSONResponse: true}},
}

// serveRevisionTools serves revisionTools (and a prompt and two resources)
// with opts and extra options on 127.0.0.1 and returns the URL of /mcp.
func serveRevisionTools(t *testing.T, opts mcp.HTTPOptions, extra ...mcp.ServerOption) (*mcp.Server, string) {
	t.Helper()
	sopts := append([]mcp.ServerOption{
		mcp.WithRequiredClientCapabilities("mid", sdkmcp.ClientCapabilities{Sampling: &sdkmcp.SamplingCapabilities{}}),
		mcp.WithPrompts(toolgen.Prompt{Name: "greet", Description: "greets",
			Get: func(context.Context, map[string]string) ([]toolgen.PromptMessage, error) {
				return []toolgen.PromptMessage{{Role: "user", Content: toolgen.Content{Type: toolgen.ContentText, Text: "hi"}}}, nil
			}}),
		mcp.WithResources(
			toolgen.Resource{URI: "test://plain", Name: "plain", Description: "no hint",
				Read: func(context.Context, map[string]string) (toolgen.ResourceContents, error) {
					return toolgen.ResourceContents{Text: "plain"}, nil
				}},
			toolgen.Resource{URI: "test://hinted", Name: "hinted", Description: "its own hint",
				Cache: &toolgen.CacheHint{TTL: 90 * time.Second, Public: true},
				Read: func(context.Context, map[string]string) (toolgen.ResourceContents, error) {
					return toolgen.ResourceContents{Text: "hinted"}, nil
				}},
			toolgen.Resource{URI: "test://t/{id}", Name: "templ", Description: "a template",
				Variables: []toolgen.ResourceVariable{{Name: "id"}},
				Read: func(_ context.Context, vars map[string]string) (toolgen.ResourceContents, error) {
					return toolgen.ResourceContents{Text: vars["id"]}, nil
				}}),
	}, extra...)
	srv, err := mcp.NewServer("rev", "1.0.0", revisionTools(), sopts...)
	require.NoError(t, err)
	return srv, serveOn(t, srv, opts) // Serve: its sessions end with the test
}

// rpcReply is a response's status, session header and JSON-RPC messages
// (the events of a stream, or the one JSON body).
type rpcReply struct {
	status  int
	session string
	msgs    []map[string]any
}

// last is the response message: the last one.
func (r rpcReply) last() map[string]any {
	if len(r.msgs) == 0 {
		return nil
	}
	return r.msgs[len(r.msgs)-1]
}

func (r rpcReply) errorCode() float64 {
	e, _ := r.last()["error"].(map[string]any)
	c, _ := e["code"].(float64)
	return c
}

func (r rpcReply) result() map[string]any {
	res, _ := r.last()["result"].(map[string]any)
	return res
}

// notifications are the methods of the messages before the response.
func (r rpcReply) notifications() []string {
	var out []string
	for _, m := range r.msgs {
		if method, ok := m["method"].(string); ok {
			out = append(out, method)
		}
	}
	return out
}

// meta2026 is a request's _meta at revision 2026-07-28, with caps as the
// client's capabilities and more members.
func meta2026(caps string, more ...string) string {
	return strings.Join(append([]string{`"io.modelcontextprotocol/protocolVersion":"` + rev2026 + `"`,
		`"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}`,
		`"io.modelcontextprotocol/clientCapabilities":` + caps}, more...), ",")
}

// post sends a JSON-RPC request with the standard headers of version (at
// 2026-07-28: Mcp-Method and Mcp-Name from the body) and header's.
func postRev(t *testing.T, url, version, body string, header map[string]string) rpcReply {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if version != "" {
		req.Header.Set("Mcp-Protocol-Version", version)
	}
	if version >= rev2026 {
		var m struct {
			Method string
			Params struct{ Name, URI string }
		}
		require.NoError(t, json.Unmarshal([]byte(body), &m))
		req.Header.Set("Mcp-Method", m.Method)
		if name := m.Params.Name + m.Params.URI; name != "" {
			req.Header.Set("Mcp-Name", name)
		}
	}
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := exchangeClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out := rpcReply{status: resp.StatusCode, session: resp.Header.Get("Mcp-Session-Id")}
	var raw strings.Builder
	_, err = fmt.Fprint(&raw, readAll(t, resp))
	require.NoError(t, err)
	text := raw.String()
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		for line := range strings.SplitSeq(text, "\n") {
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var m map[string]any
				require.NoError(t, json.Unmarshal([]byte(data), &m), "%q", text)
				out.msgs = append(out.msgs, m)
			}
		}
	} else if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(text), &m), "%q", text)
		out.msgs = append(out.msgs, m)
	}
	return out
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			return b.String()
		}
	}
}

func call2026(id int, tool, caps string, meta ...string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{},"_meta":{%s}}}`, id, tool, meta2026(caps, meta...))
}

func list2026(id int, method string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":{"_meta":{%s}}}`, id, method, meta2026("{}"))
}

// TestRevisionsOnOneEndpoint: every way of serving answers revision
// 2026-07-28 without a session (tools/list, tools/call, server/discover),
// and a client of 2025-11-25 still gets a session on the stateful ones.
func TestRevisionsOnOneEndpoint(t *testing.T) {
	for _, shape := range serverShapes {
		t.Run(shape.name, func(t *testing.T) {
			srv, url := serveRevisionTools(t, shape.opts)
			for i := range 2 { // the fast path answers tools/list from the second
				r := postRev(t, url, rev2026, list2026(1+i, "tools/list"), nil)
				require.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
				assert.Empty(t, r.session, "no session at 2026-07-28")
				assert.Equal(t, "complete", r.result()["resultType"])
				assert.Len(t, r.result()["tools"], 3)
			}
			r := postRev(t, url, rev2026, call2026(3, "zeta", "{}"), nil)
			require.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
			assert.Equal(t, "complete", r.result()["resultType"])
			assert.Contains(t, fmt.Sprint(r.result()["content"]), "zeta ran")

			r = postRev(t, url, rev2026, list2026(4, "server/discover"), nil)
			require.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
			versions := fmt.Sprint(r.result()["supportedVersions"])
			assert.Contains(t, versions, rev2026)
			assert.Contains(t, versions, "2025-11-25")

			init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"old","version":"1"}}}`
			r = postRev(t, url, "", init, nil)
			require.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
			assert.Equal(t, "2025-11-25", r.result()["protocolVersion"])
			assert.Equal(t, !shape.opts.Stateless, r.session != "", "a session only when stateful")
			if !shape.opts.Stateless {
				postRev(t, url, "2025-11-25", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, map[string]string{"Mcp-Session-Id": r.session})
			}
			r = postRev(t, url, "2025-11-25", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zeta","arguments":{}}}`,
				map[string]string{"Mcp-Session-Id": r.session})
			require.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
			assert.Nil(t, r.result()["resultType"], "no resultType before 2026-07-28")
			assert.Contains(t, fmt.Sprint(r.result()["content"]), "zeta ran")
			if !shape.opts.DisableFastPath {
				assert.Positive(t, mcp.FastServed(srv), "the fast path served 2026-07-28")
			}
		})
	}
}

// TestRevisionErrors: what revision 2026-07-28 refuses, and how, on every
// way of serving: an unsupported version (-32022 with the supported ones),
// a version in _meta without the header, headers that do not match the
// body (-32020), methods it removed (404, -32601), and a tool whose
// required client capability the request does not declare (-32021).
func TestRevisionErrors(t *testing.T) {
	cases := []struct {
		name    string
		version string
		body    string
		header  map[string]string
		status  int
		code    float64
	}{
		{"unsupported version", "2099-01-01", strings.ReplaceAll(list2026(1, "tools/list"), rev2026, "2099-01-01"), nil, 400, -32022},
		{"version in _meta only", "", list2026(1, "tools/list"), nil, 400, -32020},
		{"header and _meta disagree", rev2026, strings.ReplaceAll(list2026(1, "tools/list"), rev2026, "2099-01-01"), nil, 400, -32020},
		{"Mcp-Method disagrees", rev2026, list2026(1, "tools/list"), map[string]string{"Mcp-Method": "prompts/list"}, 400, -32020},
		{"Mcp-Method missing", rev2026, list2026(1, "tools/list"), map[string]string{"Mcp-Method": ""}, 400, -32020},
		{"Mcp-Name disagrees", rev2026, call2026(1, "zeta", "{}"), map[string]string{"Mcp-Name": "alpha"}, 400, -32020},
		{"Mcp-Name missing", rev2026, call2026(1, "zeta", "{}"), map[string]string{"Mcp-Name": ""}, 400, -32020},
		{"ping removed", rev2026, list2026(1, "ping"), nil, 404, -32601},
		{"logging/setLevel removed", rev2026, strings.Replace(list2026(1, "logging/setLevel"), `"params":{`, `"params":{"level":"info",`, 1), nil, 404, -32601},
		{"initialize removed", rev2026, list2026(1, "initialize"), nil, 404, -32601},
		{"capability not declared", rev2026, call2026(1, "mid", "{}"), nil, 400, -32021},
		{"capability declared elsewhere", rev2026, call2026(1, "mid", `{"elicitation":{}}`), nil, 400, -32021},
		{"unknown resource", rev2026, `{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"test://none","_meta":{` + meta2026("{}") + `}}}`, nil, 400, -32602},
	}
	for _, shape := range serverShapes {
		t.Run(shape.name, func(t *testing.T) {
			_, url := serveRevisionTools(t, shape.opts)
			for _, c := range cases {
				r := postRev(t, url, c.version, c.body, c.header)
				assert.Equal(t, c.status, r.status, "%s: %v", c.name, r.msgs)
				assert.Equal(t, c.code, r.errorCode(), "%s: %v", c.name, r.msgs)
				assert.Equal(t, float64(1), r.last()["id"], "%s: the error carries the request's id", c.name)
				switch c.code {
				case -32022:
					data, _ := r.last()["error"].(map[string]any)["data"].(map[string]any)
					assert.Equal(t, "2099-01-01", data["requested"], c.name)
					assert.Contains(t, fmt.Sprint(data["supported"]), rev2026, c.name)
				case -32021:
					data, _ := r.last()["error"].(map[string]any)["data"].(map[string]any)
					assert.Equal(t, map[string]any{"sampling": map[string]any{}}, data["requiredCapabilities"], c.name)
				}
			}
			// With the capability the tool runs.
			r := postRev(t, url, rev2026, call2026(2, "mid", `{"sampling":{}}`), nil)
			assert.Contains(t, fmt.Sprint(r.result()["content"]), "mid ran")
		})
	}
}

// TestRequiredCapabilitiesNotCheckedBefore2026: a session's client of an
// earlier revision reaches the tool (its capabilities are the session's).
func TestRequiredCapabilitiesNotCheckedBefore2026(t *testing.T) {
	_, url := serveRevisionTools(t, mcp.HTTPOptions{Stateless: true})
	r := postRev(t, url, "2025-11-25", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"mid","arguments":{}}}`, nil)
	assert.Contains(t, fmt.Sprint(r.result()["content"]), "mid ran")
}

func TestRequiredCapabilitiesOptionErrors(t *testing.T) {
	_, err := mcp.NewServer("s", "1", revisionTools(), mcp.WithRequiredClientCapabilities("nope", sdkmcp.ClientCapabilities{Sampling: &sdkmcp.SamplingCapabilities{}}))
	assert.EqualError(t, err, `mcp.WithRequiredClientCapabilities("nope"): no such tool`)
	_, err = mcp.NewServer("s", "1", revisionTools(), mcp.WithRequiredClientCapabilities("mid", sdkmcp.ClientCapabilities{}))
	assert.EqualError(t, err, `mcp.WithRequiredClientCapabilities("mid"): no capability set (Sampling or Elicitation)`)
}

// TestLogOnlyWithLogLevel: at 2026-07-28 a tool's Log reaches the client
// only when the request's _meta sets a log level, and then only at that
// level and above; before, a session's client gets it at info.
func TestLogOnlyWithLogLevel(t *testing.T) {
	level := func(l string) string { return `"io.modelcontextprotocol/logLevel":"` + l + `"` }
	for _, shape := range serverShapes {
		if shape.opts.JSONResponse {
			continue // no notifications with JSON responses
		}
		t.Run(shape.name, func(t *testing.T) {
			_, url := serveRevisionTools(t, shape.opts)
			r := postRev(t, url, rev2026, call2026(1, "alpha", "{}"), nil)
			assert.Contains(t, fmt.Sprint(r.result()["content"]), "alpha ran")
			assert.Empty(t, r.notifications(), "no log without a log level")

			r = postRev(t, url, rev2026, call2026(2, "alpha", "{}", level("info")), nil)
			assert.Contains(t, fmt.Sprint(r.result()["content"]), "alpha ran")
			assert.Equal(t, []string{"notifications/message"}, r.notifications())

			r = postRev(t, url, rev2026, call2026(3, "alpha", "{}", level("error")), nil)
			assert.Empty(t, r.notifications(), "info is below error")
		})
	}
}

// TestCacheHints: at 2026-07-28 every list and read result says how long
// it may be cached and by whom: the defaults, WithCacheHints', a
// resource's own; on the fast path's tools/list too.
func TestCacheHints(t *testing.T) {
	type hint struct {
		ttl   float64
		scope string
	}
	requests := []struct {
		name string
		body string
	}{
		{"tools/list", list2026(1, "tools/list")},
		{"tools/list again (fast path)", list2026(2, "tools/list")},
		{"prompts/list", list2026(3, "prompts/list")},
		{"resources/list", list2026(4, "resources/list")},
		{"resources/templates/list", list2026(5, "resources/templates/list")},
		{"server/discover", list2026(6, "server/discover")},
		{"resources/read", `{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"test://plain","_meta":{` + meta2026("{}") + `}}}`},
		{"resources/read of a template", `{"jsonrpc":"2.0","id":8,"method":"resources/read","params":{"uri":"test://t/9","_meta":{` + meta2026("{}") + `}}}`},
		{"resources/read hinted", `{"jsonrpc":"2.0","id":9,"method":"resources/read","params":{"uri":"test://hinted","_meta":{` + meta2026("{}") + `}}}`},
	}
	own := hint{90000, "public"}
	configs := []struct {
		name        string
		opts        []mcp.ServerOption
		list, reads hint
	}{
		{"defaults", nil, hint{60000, "public"}, hint{0, "private"}},
		{"WithCacheHints", []mcp.ServerOption{mcp.WithCacheHints(toolgen.CacheHint{TTL: 5 * time.Second}, toolgen.CacheHint{TTL: time.Hour, Public: true})},
			hint{5000, "private"}, hint{3600000, "public"}},
	}
	for _, shape := range serverShapes {
		for _, cfg := range configs {
			t.Run(shape.name+"/"+cfg.name, func(t *testing.T) {
				_, url := serveRevisionTools(t, shape.opts, cfg.opts...)
				for _, req := range requests {
					r := postRev(t, url, rev2026, req.body, nil)
					require.Equal(t, http.StatusOK, r.status, "%s: %v", req.name, r.msgs)
					want := cfg.list
					switch {
					case strings.HasSuffix(req.name, "hinted"):
						want = own
					case strings.HasPrefix(req.name, "resources/read"):
						want = cfg.reads
					}
					got := hint{r.result()["ttlMs"].(float64), r.result()["cacheScope"].(string)}
					assert.Equal(t, want, got, req.name)
				}
			})
		}
	}
}

func TestCacheHintsErrors(t *testing.T) {
	for _, h := range []toolgen.CacheHint{{TTL: -time.Second}, {TTL: time.Microsecond}} {
		_, err := mcp.NewServer("s", "1", nil, mcp.WithCacheHints(h, toolgen.CacheHint{}))
		assert.ErrorContains(t, err, "mcp.WithCacheHints: TTL "+h.TTL.String()+": must be a whole, non-negative number of milliseconds")
		_, err = mcp.NewServer("s", "1", nil, mcp.WithResources(toolgen.Resource{URI: "test://x", Name: "x", Cache: &h,
			Read: func(context.Context, map[string]string) (toolgen.ResourceContents, error) {
				return toolgen.ResourceContents{}, nil
			}}))
		assert.ErrorContains(t, err, `mcp: resource "test://x": Cache: TTL `)
	}
}

// TestToolsListedInNameOrder: tools/list names the tools in the order of
// their names whatever the order they were given in, at every revision and
// on every way of serving, the fast path's bytes included.
func TestToolsListedInNameOrder(t *testing.T) {
	for _, shape := range serverShapes {
		t.Run(shape.name, func(t *testing.T) {
			_, url := serveRevisionTools(t, shape.opts)
			var lists [][]string
			for i := range 3 {
				for _, r := range []rpcReply{
					postRev(t, url, rev2026, list2026(i, "tools/list"), nil),
					postRev(t, url, "2025-06-18", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, nil),
				} {
					var names []string
					tools, _ := r.result()["tools"].([]any)
					for _, tool := range tools {
						names = append(names, tool.(map[string]any)["name"].(string))
					}
					lists = append(lists, names)
				}
			}
			for _, names := range lists {
				if shape.opts.Stateless || len(names) > 0 { // a stateful server's 2025-06-18 list needs a session
					assert.Equal(t, []string{"alpha", "mid", "zeta"}, names)
					assert.True(t, slices.IsSorted(names))
				}
			}
		})
	}
}

// TestRevision2026SeesDepsAndToken: on every way of serving, a call of
// revision 2026-07-28 gets the deps WithDeps makes of its own HTTP request
// and needs the bearer token, as a call of a session does.
func TestRevision2026SeesDepsAndToken(t *testing.T) {
	tool := toolgen.Tool{Name: "whoami", Description: "says the deps", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			d, _ := toolgen.CtxFrom(ctx).Deps.(string)
			return toolgen.TextResult("deps=" + d), nil
		}}
	deps := mcp.WithDeps(func(_ context.Context, r *http.Request) (any, error) {
		return r.Header.Get("X-User"), nil
	})
	for _, shape := range serverShapes {
		t.Run(shape.name, func(t *testing.T) {
			srv, err := mcp.NewServer("deps", "1", []toolgen.Tool{tool}, deps)
			require.NoError(t, err)
			opts := shape.opts
			opts.TokenVerifier = mcp.StaticToken("s3cret")
			url := serveOn(t, srv, opts)
			for i, user := range []string{"ann", "bob"} {
				r := postRev(t, url, rev2026, call2026(i, "whoami", "{}"), map[string]string{"X-User": user, "Authorization": "Bearer s3cret"})
				require.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
				assert.Contains(t, fmt.Sprint(r.result()["content"]), "deps="+user)
			}
			r := postRev(t, url, rev2026, call2026(3, "whoami", "{}"), map[string]string{"Authorization": "Bearer wrong"})
			assert.Equal(t, http.StatusUnauthorized, r.status)
		})
	}
}

// TestRevisionRoutingLooksAtMetaOnly: a stateful server takes a request
// without version header for revision 2026-07-28 only when its
// params._meta names a version, not when the key appears elsewhere (a
// client's name, a tool's arguments), and a request whose header names an
// earlier revision keeps to the sessions whatever its _meta says.
func TestRevisionRoutingLooksAtMetaOnly(t *testing.T) {
	_, url := serveRevisionTools(t, mcp.HTTPOptions{})
	key := "io.modelcontextprotocol/protocolVersion"
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"` + key + `","version":"1"}}}`
	r := postRev(t, url, "", init, nil)
	assert.Equal(t, http.StatusOK, r.status, "%v", r.msgs)
	assert.NotEmpty(t, r.session, "an initialize naming the key elsewhere opens a session")

	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zeta","arguments":{"` + key + `":"` + rev2026 + `"}}}`
	r = postRev(t, url, "", call, nil)
	assert.Nil(t, r.result(), "no session, no 2026-07-28 _meta: go-sdk's stateful handler refuses it")
	assert.Contains(t, fmt.Sprint(r.last()["error"]), "initialization", "refused for want of a session, not as 2026-07-28")

	r = postRev(t, url, "", list2026(3, "tools/list"), nil)
	assert.Equal(t, float64(-32020), r.errorCode(), "a _meta version without the header is revision 2026-07-28's header mismatch")

	old := strings.Replace(list2026(4, "tools/list"), `"params":{`, `"params":{"cursor":"",`, 1)
	r = postRev(t, url, "2025-11-25", old, nil)
	assert.NotEqual(t, http.StatusOK, r.status, "an earlier revision's header without a session goes to the sessions, which refuse it")
	assert.Empty(t, r.session)
}

// TestSessionFastPathAtNegotiatedVersion: a session whose client asked for
// a revision the server does not support runs at the one the server
// answered, and its session-free calls are answered on the fast path at
// that revision.
func TestSessionFastPathAtNegotiatedVersion(t *testing.T) {
	for _, c := range []struct{ asked, supported, want string }{
		{"2025-11-25", "2025-06-18", "2025-06-18"},
		{"2025-11-25", "2025-03-26", "2025-03-26"},
		{"2025-06-18", "2025-06-18", "2025-06-18"},
	} {
		t.Run(c.asked+"→"+c.supported, func(t *testing.T) {
			srv, err := mcp.NewServer("neg", "1", revisionTools(), mcp.WithSessionFreeTools("zeta"),
				mcp.WithSDKOptions(sdkmcp.ServerOptions{SupportedProtocolVersions: []string{c.supported, "2024-11-05"}}))
			require.NoError(t, err)
			client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "t", Version: "1"}, nil)
			cs, err := client.Connect(t.Context(), &sdkmcp.StreamableClientTransport{Endpoint: serveOn(t, srv, mcp.HTTPOptions{})},
				&sdkmcp.ClientSessionOptions{ProtocolVersion: c.asked})
			require.NoError(t, err)
			defer cs.Close()
			require.Equal(t, c.want, cs.InitializeResult().ProtocolVersion)
			for range 2 {
				res := callBounded(t, cs, "zeta", `{}`)
				assert.Equal(t, "zeta ran", resultText(res))
			}
			assert.Equal(t, int64(2), mcp.FastServed(srv), "both calls on the fast path")
		})
	}
}

// TestStatefulAnswers2026AsStateless sends the same requests of revision
// 2026-07-28 (good ones, refused ones, other methods and HTTP methods) to a
// stateful and a stateless server and compares the responses: status, the
// headers that matter and the body, up to the order of JSON members.
func TestStatefulAnswers2026AsStateless(t *testing.T) {
	h := func(method, name string) map[string]string {
		m := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
			"Mcp-Protocol-Version": rev2026, "Mcp-Method": method, "Mcp-Name": name}
		return m
	}
	without := func(m map[string]string, k string) map[string]string { m[k] = ""; return m }
	read := `{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"test://plain","_meta":{` + meta2026("{}") + `}}}`
	cases := []struct {
		name, method, body string
		header             map[string]string
	}{
		{"tools/list", "POST", list2026(1, "tools/list"), h("tools/list", "")},
		{"tools/call", "POST", call2026(2, "zeta", "{}"), h("tools/call", "zeta")},
		{"tools/call with a log level", "POST", call2026(3, "alpha", "{}", `"io.modelcontextprotocol/logLevel":"debug"`), h("tools/call", "alpha")},
		{"tools/call with progress", "POST", call2026(4, "zeta", "{}", `"progressToken":"p"`), h("tools/call", "zeta")},
		{"unknown tool", "POST", call2026(5, "nope", "{}"), h("tools/call", "nope")},
		{"resources/read", "POST", read, h("resources/read", "test://plain")},
		{"prompts/list", "POST", list2026(6, "prompts/list"), h("prompts/list", "")},
		{"server/discover", "POST", list2026(7, "server/discover"), h("server/discover", "")},
		{"ping", "POST", list2026(8, "ping"), h("ping", "")},
		{"unknown method", "POST", list2026(9, "nope/nope"), h("nope/nope", "")},
		{"no _meta", "POST", `{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{}}`, h("tools/list", "")},
		{"Mcp-Method missing", "POST", list2026(11, "tools/list"), without(h("tools/list", ""), "Mcp-Method")},
		{"Mcp-Name wrong", "POST", call2026(12, "zeta", "{}"), h("tools/call", "alpha")},
		{"unsupported version", "POST", strings.ReplaceAll(list2026(13, "tools/list"), rev2026, "2099-01-01"),
			map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2099-01-01", "Mcp-Method": "tools/list"}},
		{"not JSON", "POST", `{"jsonrpc":`, h("tools/list", "")},
		{"a notification", "POST", `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"_meta":{` + meta2026("{}") + `}}}`, h("notifications/cancelled", "")},
		{"GET", "GET", "", map[string]string{"Accept": "text/event-stream", "Mcp-Protocol-Version": rev2026}},
		{"DELETE", "DELETE", "", map[string]string{"Mcp-Protocol-Version": rev2026}},
	}
	for _, fast := range []bool{true, false} {
		t.Run(fmt.Sprintf("fast=%v", fast), func(t *testing.T) {
			_, stateful := serveRevisionTools(t, mcp.HTTPOptions{DisableFastPath: !fast})
			_, stateless := serveRevisionTools(t, mcp.HTTPOptions{Stateless: true, DisableFastPath: !fast})
			for _, c := range cases {
				want := doExchange(t, stateless, c.method, c.body, c.header)
				got := doExchange(t, stateful, c.method, c.body, c.header)
				assert.Equal(t, want, got, c.name)
				assert.Empty(t, got.header["Mcp-Session-Id"], c.name)
			}
		})
	}
}
