package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// fastTools are the weather tools and tools that exercise the rest of what
// a call can give: other content kinds, a panic, a Go error, logging.
func fastTools() []toolgen.Tool {
	obj := []byte(`{"type":"object"}`)
	tools := weather.Tools()
	tools = append(tools,
		toolgen.Tool{Name: "mixed", Description: "all kinds", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) {
				return toolgen.Result{Content: []toolgen.Content{
					{Type: toolgen.ContentText, Text: "hi <&> \u2028 \"q\""},
					{Type: toolgen.ContentImage, Data: []byte{1, 2}, MIMEType: "image/png"},
					{Type: toolgen.ContentAudio, Data: []byte{3}, MIMEType: "audio/wav"},
					{Type: toolgen.ContentResource, URI: "test://r", MIMEType: "text/plain", Text: "body"},
					{Type: toolgen.ContentResource, URI: "test://b", MIMEType: "image/png", Data: []byte{4}},
				}}, nil
			}},
		toolgen.Tool{Name: "boom", Description: "panics", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) { panic("kaboom") }},
		toolgen.Tool{Name: "exit", Description: "ends its goroutine", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) {
				runtime.Goexit()
				return toolgen.Result{}, nil
			}},
		toolgen.Tool{Name: "cancelled", Description: "fails", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, context.Canceled }},
		toolgen.Tool{Name: "logs", Description: "logs", InputSchema: obj,
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				for _, level := range []string{"debug", "info", "warning", "nonsense"} {
					if err := mcp.Log(ctx, level, map[string]any{"level": level, "n": 1}); err != nil {
						return toolgen.ErrorResult(err.Error()), nil
					}
				}
				return toolgen.TextResult("logged"), nil
			}},
		toolgen.Tool{Name: "shape", Description: "returns the result its argument names", InputSchema: obj,
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				var in struct{ Kind string }
				_ = json.Unmarshal(args, &in)
				switch in.Kind {
				case "spaced":
					return toolgen.Result{Structured: []byte(" { \"a\" : [1, 2] }\n")}, nil
				case "invalid":
					return toolgen.Result{Structured: []byte(`{"a":`)}, nil
				case "empty":
					return toolgen.Result{Structured: []byte{}}, nil
				case "nothing":
					return toolgen.Result{}, nil
				case "both":
					return toolgen.Result{Content: []toolgen.Content{{Type: toolgen.ContentText, Text: "t"}, {Type: toolgen.ContentText}},
						Structured: []byte(`{"x":"\u003c"}`), IsError: true}, nil
				case "badutf8":
					return toolgen.TextResult("a\xffb\u2029c\x00\x1f"), nil
				}
				return toolgen.ErrorResult("unknown kind " + in.Kind), nil
			}},
		progressTool(),
		toolgen.Tool{Name: "echo", Description: "echoes its arguments", InputSchema: obj,
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				return toolgen.TextResult(string(args)), nil
			}},
		toolgen.Tool{Name: "region", Description: "echoes its arguments, mirrored into headers",
			InputSchema: []byte(`{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"N"}}}`),
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				return toolgen.TextResult(string(args)), nil
			}},
	)
	return tools
}

// withParams is h with Mcp-Param-NAME: VALUE headers, from name and value
// pairs.
func withParams(h map[string]string, pairs ...string) map[string]string {
	out := maps.Clone(h)
	for i := 0; i+1 < len(pairs); i += 2 {
		out[mcp.ParamHeaderPrefix+pairs[i]] = pairs[i+1]
	}
	return out
}

type exchange struct {
	status int
	header map[string]string
	body   any // SSE: the events' JSON, JSON: the value, else the text
}

// headersThatMatter are the response headers the differential test
// compares (Date and Content-Length vary or follow the body).
var headersThatMatter = []string{"Content-Type", "Cache-Control", "Connection", "Allow", "Mcp-Session-Id", "Retry-After", "Www-Authenticate"}

// exchangeClient bounds each exchange: a server that never answers fails
// the test instead of hanging it.
var exchangeClient = &http.Client{Timeout: 10 * time.Second}

func doExchange(t *testing.T, url, method, body string, header map[string]string) exchange {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	for k, v := range header {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := exchangeClient.Do(req)
	require.NoError(t, err, "%s %s", method, body)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	ex := exchange{status: resp.StatusCode, header: map[string]string{}}
	for _, h := range headersThatMatter {
		if v := resp.Header.Get(h); v != "" {
			ex.header[h] = v
		}
	}
	ct := resp.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ct, "text/event-stream"):
		var events []any
		for ev := range strings.SplitSeq(strings.TrimSuffix(string(b), "\n\n"), "\n\n") {
			var name string
			var data any
			for line := range strings.SplitSeq(ev, "\n") {
				k, v, _ := strings.Cut(line, ": ")
				switch k {
				case "event":
					name = v
				case "data":
					require.NoError(t, json.Unmarshal([]byte(v), &data), "%q", b)
				default:
					data = line // anything else is compared as is
				}
			}
			events = append(events, []any{name, data})
		}
		ex.body = events
	case strings.HasPrefix(ct, "application/json") && len(b) > 0:
		var v any
		require.NoError(t, json.Unmarshal(b, &v), "%q", b)
		ex.body = v
	default:
		ex.body = string(b)
	}
	return ex
}

// TestFastPathAnswersAsGoSDK sends the same requests to a stateless server
// with the fast path and to one without (every request through go-sdk) and
// compares the responses: status, the headers that matter and the body, up
// to the order of JSON object members. Cases marked fast must be answered
// by the fast path, the others must be left to go-sdk.
func TestFastPathAnswersAsGoSDK(t *testing.T) {
	const (
		accept = "application/json, text/event-stream"
		v0618  = "2025-06-18"
	)
	std := func(version string) map[string]string {
		return map[string]string{"Content-Type": "application/json", "Accept": accept, "Mcp-Protocol-Version": version}
	}
	with := func(k, v string) map[string]string {
		h := std(v0618)
		h[k] = v
		return h
	}
	call := func(id, name, args string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
	}
	weatherArgs := `{"city":"Paris","unit":"c","days":3}`
	// Version 2026-07-28: the Mcp-Method and Mcp-Name headers, and the
	// client's version, info and capabilities in params._meta.
	const v2026 = "2026-07-28"
	h2026 := func(method, name string) map[string]string {
		h := std(v2026)
		h["Mcp-Method"] = method
		h["Mcp-Name"] = name
		return h
	}
	triple := `"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{"roots":{}}`
	call2026 := func(id, name, args, meta string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"_meta":{` + meta + `},"name":"` + name + `","arguments":` + args + `}}`
	}
	cases := []struct {
		name   string
		method string
		body   string
		header map[string]string
		fast   bool
	}{
		{"call", "POST", call("1", "get_weather", weatherArgs), std(v0618), true},
		{"call 2025-11-25", "POST", call("1", "get_weather", weatherArgs), std("2025-11-25"), true},
		{"call 2025-03-26", "POST", call("1", "get_weather", weatherArgs), std("2025-03-26"), true},
		{"structured", "POST", call("7", "forecast", `{"city":"Oslo","days":2}`), std(v0618), true},
		{"string id", "POST", call(`"abc-1"`, "get_weather", weatherArgs), std(v0618), true},
		{"negative id", "POST", call("-42", "get_weather", weatherArgs), std(v0618), true},
		{"zero id", "POST", call("0", "get_weather", weatherArgs), std(v0618), true},
		{"15-digit id", "POST", call("123456789012345", "get_weather", weatherArgs), std(v0618), true},
		{"huge id", "POST", call("123456789012345678901234567890", "get_weather", weatherArgs), std(v0618), false},
		{"float id", "POST", call("1.5", "get_weather", weatherArgs), std(v0618), false},
		{"exponent id", "POST", call("1e3", "get_weather", weatherArgs), std(v0618), false},
		{"null id", "POST", call("null", "get_weather", weatherArgs), std(v0618), false},
		{"escaped string id", "POST", call(`"a\"b<>"`, "get_weather", weatherArgs), std(v0618), false},
		{"object id", "POST", call(`{}`, "get_weather", weatherArgs), std(v0618), false},
		{"bool id", "POST", call(`true`, "get_weather", weatherArgs), std(v0618), false},
		{"no id (notification)", "POST", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"get_weather","arguments":{}}}`, std(v0618), false},
		{"bad args", "POST", call("2", "get_weather", `{"city":5,"days":99,"extra":true}`), std(v0618), true},
		{"args not an object", "POST", call("2", "get_weather", `[1]`), std(v0618), false},
		{"null args", "POST", call("2", "get_weather", `null`), std(v0618), false},
		{"missing args", "POST", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_weather"}}`, std(v0618), false},
		{"missing params", "POST", `{"jsonrpc":"2.0","id":3,"method":"tools/call"}`, std(v0618), false},
		{"missing name", "POST", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{}}}`, std(v0618), false},
		{"unknown tool", "POST", call("4", "nope", `{}`), std(v0618), false},
		{"tool error", "POST", call("5", "get_weather", `{"city":"Atlantis"}`), std(v0618), true},
		{"panic", "POST", call("5", "boom", `{}`), std(v0618), true},
		{"goexit", "POST", call("5", "exit", `{}`), std(v0618), true},
		{"go error", "POST", call("5", "cancelled", `{}`), std(v0618), true},
		{"content kinds", "POST", call("5", "mixed", `{}`), std(v0618), true},
		{"logs", "POST", call("5", "logs", `{}`), std(v0618), true},
		{"spaced structured", "POST", call("5", "shape", `{"Kind":"spaced"}`), std(v0618), true},
		{"empty result", "POST", call("5", "shape", `{"Kind":"nothing"}`), std(v0618), true},
		{"text and structured", "POST", call("5", "shape", `{"Kind":"both"}`), std(v0618), true},
		{"bad UTF-8 text", "POST", call("5", "shape", `{"Kind":"badutf8"}`), std(v0618), true},
		{"odd arguments", "POST", call("5", "echo", `{"s":"\u00e9\ud83d\ude00 <a>","n":1.50,"e":[],"o":{}}`), std(v0618), true},
		{"whitespace", "POST", " {\"jsonrpc\" : \"2.0\",\n\"id\":9, \"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{ }}}\n", std(v0618), true},
		{"members reordered", "POST", `{"params":{"arguments":{},"name":"echo"},"method":"tools/call","id":9,"jsonrpc":"2.0"}`, std(v0618), true},
		{"_meta", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{},"_meta":{"progressToken":"p1"}}}`, std(v0618), true},
		{"progress", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":"p1"},"name":"progress","arguments":{}}}`, std(v0618), true},
		{"progress 2025-03-26", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":"p1"},"name":"progress","arguments":{}}}`, std("2025-03-26"), true},
		{"progress integer token", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":-123456789012345},"name":"progress","arguments":{}}}`, std(v0618), true},
		{"progress without token", "POST", call("6", "progress", `{}`), std(v0618), true},
		{"progress float token", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":1.5},"name":"progress","arguments":{}}}`, std(v0618), false},
		{"progress huge token", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":1234567890123456789},"name":"progress","arguments":{}}}`, std(v0618), false},
		{"progress escaped token", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":"a\u0041"},"name":"progress","arguments":{}}}`, std(v0618), false},
		{"progress null token", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":null},"name":"progress","arguments":{}}}`, std(v0618), false},
		{"_meta beyond the token", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{"progressToken":"p1","x":1},"name":"progress","arguments":{}}}`, std(v0618), false},
		{"empty _meta", "POST", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"_meta":{},"name":"echo","arguments":{}}}`, std(v0618), false},
		{"list with a token", "POST", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"progressToken":"p1"}}}`, std(v0618), false},
		{"duplicate member", "POST", `{"jsonrpc":"2.0","id":6,"id":7,"method":"tools/call","params":{"name":"echo","arguments":{}}}`, std(v0618), false},
		{"unknown member", "POST", `{"jsonrpc":"2.0","id":6,"x":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}`, std(v0618), false},
		{"wrong jsonrpc", "POST", `{"jsonrpc":"1.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{}}}`, std(v0618), false},
		{"trailing garbage", "POST", call("1", "echo", `{}`) + `x`, std(v0618), false},
		{"malformed", "POST", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}`, std(v0618), false},
		{"batch", "POST", `[` + call("1", "echo", `{}`) + `]`, std("2025-03-26"), false},
		{"batch 2025-06-18", "POST", `[` + call("1", "echo", `{}`) + `]`, std(v0618), false},
		{"2026 call", "POST", call2026("1", "get_weather", weatherArgs, triple), h2026("tools/call", "get_weather"), true},
		{"2026 structured", "POST", call2026("1", "forecast", `{"city":"Oslo","days":2}`, triple), h2026("tools/call", "forecast"), true},
		{"2026 bad args", "POST", call2026("1", "get_weather", `{"days":0}`, triple), h2026("tools/call", "get_weather"), true},
		{"2026 tool error", "POST", call2026("1", "get_weather", `{"city":"Atlantis"}`, triple), h2026("tools/call", "get_weather"), true},
		{"2026 go error", "POST", call2026("1", "cancelled", `{}`, triple), h2026("tools/call", "cancelled"), true},
		{"2026 panic", "POST", call2026("1", "boom", `{}`, triple), h2026("tools/call", "boom"), true},
		{"2026 content kinds", "POST", call2026("1", "mixed", `{}`, triple), h2026("tools/call", "mixed"), true},
		{"2026 logs", "POST", call2026("1", "logs", `{}`, triple), h2026("tools/call", "logs"), true},
		{"2026 text and structured", "POST", call2026("1", "shape", `{"Kind":"both"}`, triple), h2026("tools/call", "shape"), true},
		{"2026 log level", "POST", call2026("1", "logs", `{}`, triple+`,"io.modelcontextprotocol/logLevel":"info"`), h2026("tools/call", "logs"), false},
		{"2026 progress token", "POST", call2026("1", "progress", `{}`, triple+`,"progressToken":"p"`), h2026("tools/call", "progress"), true},
		{"2026 progress token twice", "POST", call2026("1", "progress", `{}`, triple+`,"progressToken":"p","progressToken":"q"`), h2026("tools/call", "progress"), false},
		{"2026 list with a token", "POST", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{` + triple + `,"progressToken":"p"}}}`, h2026("tools/list", ""), false},
		{"2026 no meta", "POST", call("1", "echo", `{}`), h2026("tools/call", "echo"), false},
		{"2026 meta without info", "POST", call2026("1", "echo", `{}`, `"io.modelcontextprotocol/protocolVersion":"2026-07-28"`), h2026("tools/call", "echo"), false},
		{"2026 meta version mismatch", "POST", call2026("1", "echo", `{}`, strings.Replace(triple, `"2026-07-28"`, `"2025-11-25"`, 1)), h2026("tools/call", "echo"), false},
		{"2026 no Mcp-Method", "POST", call2026("1", "echo", `{}`, triple), h2026("", "echo"), false},
		{"2026 wrong Mcp-Method", "POST", call2026("1", "echo", `{}`, triple), h2026("tools/list", "echo"), false},
		{"2026 no Mcp-Name", "POST", call2026("1", "echo", `{}`, triple), h2026("tools/call", ""), false},
		{"2026 wrong Mcp-Name", "POST", call2026("1", "echo", `{}`, triple), h2026("tools/call", "get_weather"), false},
		{"2026 unknown tool", "POST", call2026("1", "nope", `{}`, triple), h2026("tools/call", "nope"), false},
		// A Mcp-Param header no declaration of the tool names is ignored.
		{"2026 Mcp-Param header", "POST", call2026("1", "echo", `{}`, triple), withParams(h2026("tools/call", "echo"), "X", "1"), true},
		// Declared ones are checked before either path answers.
		{"2026 header", "POST", call2026("1", "region", `{"region":"us-west1","n":42}`, triple), withParams(h2026("tools/call", "region"), "Region", "us-west1", "N", "42"), true},
		{"2026 header base64", "POST", call2026("1", "region", `{"region":"Hello, 世界"}`, triple), withParams(h2026("tools/call", "region"), "Region", "=?base64?SGVsbG8sIOS4lueVjA==?="), true},
		{"2026 header integer as 42.0", "POST", call2026("1", "region", `{"n":42}`, triple), withParams(h2026("tools/call", "region"), "n", "42.0"), true},
		{"2026 header null argument", "POST", call2026("1", "region", `{"region":null}`, triple), h2026("tools/call", "region"), true},
		{"2026 header missing", "POST", call2026("1", "region", `{"region":"us-west1"}`, triple), h2026("tools/call", "region"), false},
		{"2026 header mismatch", "POST", call2026("1", "region", `{"region":"us-west1"}`, triple), withParams(h2026("tools/call", "region"), "Region", "eu-west1"), false},
		{"2026 header without argument", "POST", call2026("1", "region", `{}`, triple), withParams(h2026("tools/call", "region"), "Region", "us-west1"), false},
		{"2026 header bad base64", "POST", call2026("1", "region", `{"region":"Hello"}`, triple), withParams(h2026("tools/call", "region"), "Region", "=?base64?SGVsbG8?="), false},
		{"2025-06-18 header not checked", "POST", call("1", "region", `{"region":"us-west1"}`), std(v0618), true},
		{"2026 list", "POST", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{` + triple + `}}}`, h2026("tools/list", ""), true},
		{"2026 list no meta", "POST", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, h2026("tools/list", ""), false},
		{"2026 list cursor", "POST", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"x","_meta":{` + triple + `}}}`, h2026("tools/list", ""), false},
		{"2026 discover", "POST", `{"jsonrpc":"2.0","id":2,"method":"server/discover","params":{"_meta":{` + triple + `}}}`, h2026("server/discover", ""), false},
		{"list", "POST", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, std(v0618), true},
		{"list empty params", "POST", `{"jsonrpc":"2.0","id":"l","method":"tools/list","params":{}}`, std("2025-11-25"), true},
		{"list cursor", "POST", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"x"}}`, std(v0618), false},
		{"initialize", "POST", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, std(""), false},
		{"initialized", "POST", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, std(v0618), false},
		{"ping", "POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, std(v0618), false},
		{"unknown method", "POST", `{"jsonrpc":"2.0","id":1,"method":"nope/nope"}`, std(v0618), false},
		{"no version header", "POST", call("1", "echo", `{}`), std(""), false},
		{"wrong version header", "POST", call("1", "echo", `{}`), std("1999-01-01"), false},
		{"wrong accept", "POST", call("1", "echo", `{}`), with("Accept", "application/json"), false},
		{"accept reversed", "POST", call("1", "echo", `{}`), with("Accept", "text/event-stream, application/json"), true},
		{"wrong content type", "POST", call("1", "echo", `{}`), with("Content-Type", "text/plain"), false},
		{"content type charset", "POST", call("1", "echo", `{}`), with("Content-Type", "application/json; charset=utf-8"), false},
		{"session id", "POST", call("1", "echo", `{}`), with("Mcp-Session-Id", "abc"), false},
		{"last event id", "POST", call("1", "echo", `{}`), with("Last-Event-ID", "x_1"), false},
		{"mcp-method header", "POST", call("1", "echo", `{}`), with("Mcp-Method", "tools/call"), false},
		{"empty body", "POST", ``, std(v0618), false},
		{"GET", "GET", ``, std(v0618), false},
		{"DELETE", "DELETE", ``, with("Mcp-Session-Id", "abc"), false},
	}

	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("JSONResponse=%v", jsonResponse), func(t *testing.T) {
			fastSrv := newServer(t, fastTools()...)
			plainSrv := newServer(t, fastTools()...)
			fastURL := "http://" + serve(t, fastSrv, mcp.HTTPOptions{Stateless: true, JSONResponse: jsonResponse}) + mcp.Path
			plainURL := "http://" + serve(t, plainSrv, mcp.HTTPOptions{Stateless: true, JSONResponse: jsonResponse, DisableFastPath: true}) + mcp.Path
			for _, c := range cases {
				before := mcp.FastServed(fastSrv)
				got := doExchange(t, fastURL, c.method, c.body, c.header)
				served := mcp.FastServed(fastSrv) - before
				want := doExchange(t, plainURL, c.method, c.body, c.header)
				assert.Equal(t, want, got, c.name)
				if c.fast {
					assert.Equal(t, int64(1), served, "%s: not answered by the fast path", c.name)
				} else {
					assert.Zero(t, served, "%s: answered by the fast path", c.name)
				}
			}
			assert.Zero(t, mcp.FastServed(plainSrv))
		})
	}
}

// A tool's structured result that is not JSON, or empty: go-sdk (1.8)
// cannot encode the response and leaves the request unanswered until the
// client gives up; the fast path answers, with a JSON-RPC error saying why
// or (empty) a null structuredContent.
func TestFastPathAnswersWhereGoSDKDoesNot(t *testing.T) {
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}
	fastSrv := newServer(t, fastTools()...)
	fastURL := "http://" + serve(t, fastSrv, mcp.HTTPOptions{Stateless: true}) + mcp.Path
	plainURL := "http://" + serve(t, newServer(t, fastTools()...), mcp.HTTPOptions{Stateless: true, DisableFastPath: true}) + mcp.Path
	for kind, want := range map[string]string{
		"invalid": `"error":{"code":0,"message":"json: error calling MarshalJSON`,
		"empty":   `"structuredContent":null`,
	} {
		body := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"shape","arguments":{"Kind":"` + kind + `"}}}`
		before := mcp.FastServed(fastSrv)
		got := doExchange(t, fastURL, "POST", body, h)
		assert.Equal(t, before+1, mcp.FastServed(fastSrv))
		b, _ := json.Marshal(got.body)
		assert.Contains(t, string(b), want, "%s", b)

		ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		req, err := http.NewRequestWithContext(ctx, "POST", plainURL, strings.NewReader(body))
		require.NoError(t, err)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		cancel()
		assert.ErrorIs(t, err, context.DeadlineExceeded, "%s: go-sdk answered: if it now does, the fast path should answer alike", kind)
	}
}

// A server whose SDK() has been called may have middleware or tools added
// there: the fast path leaves every request to go-sdk.
func TestFastPathOffOnceSDKIsUsed(t *testing.T) {
	srv := newServer(t, fastTools()...)
	_ = srv.SDK()
	url := "http://" + serve(t, srv, mcp.HTTPOptions{Stateless: true}) + mcp.Path
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}`
	ex := doExchange(t, url, "POST", body, map[string]string{"Content-Type": "application/json",
		"Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"})
	assert.Equal(t, http.StatusOK, ex.status)
	assert.Zero(t, mcp.FastServed(srv))
}

// The fast path keeps the limits: the body size, and the cap on calls.
func TestFastPathKeepsLimits(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	slow := toolgen.Tool{Name: "slow", Description: "waits", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			started <- struct{}{}
			<-release
			return toolgen.TextResult("done"), nil
		}}
	srv, err := mcp.NewServer("test", "1", []toolgen.Tool{slow}, mcp.WithMaxCalls(1))
	require.NoError(t, err)
	url := "http://" + serve(t, srv, mcp.HTTPOptions{Stateless: true, MaxBodyBytes: 1000}) + mcp.Path
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}

	big := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{"pad":"` + strings.Repeat("x", 1000) + `"}}}`
	ex := doExchange(t, url, "POST", big, h)
	assert.Equal(t, http.StatusRequestEntityTooLarge, ex.status)

	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{}}}`
	first := make(chan exchange, 1)
	go func() { first <- doExchange(t, url, "POST", body, h) }()
	<-started
	busy := doExchange(t, url, "POST", body, h)
	close(release)
	<-first
	b, _ := json.Marshal(busy.body)
	assert.True(t, bytes.Contains(b, []byte("as many tool calls as it may (1)")), "%s", b)
	assert.Equal(t, int64(2), mcp.FastServed(srv))
}

// A client that hangs up: the tool's context ends, or not, alike on both
// paths.
func TestFastPathHangUpAsGoSDK(t *testing.T) {
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{}}}`
	outcome := func(disable bool) string {
		started := make(chan struct{}, 1)
		seen := make(chan string, 1)
		wait := toolgen.Tool{Name: "wait", Description: "waits", InputSchema: []byte(`{"type":"object"}`),
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				started <- struct{}{}
				select {
				case <-ctx.Done():
					seen <- "cancelled"
				case <-time.After(2 * time.Second):
					seen <- "ran on"
				}
				return toolgen.TextResult("done"), nil
			}}
		srv := newServer(t, wait)
		url := "http://" + serve(t, srv, mcp.HTTPOptions{Stateless: true, DisableFastPath: disable}) + mcp.Path
		ctx, cancel := context.WithCancel(t.Context())
		req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
		require.NoError(t, err)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		go func() {
			<-started
			cancel()
		}()
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			_, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		got := <-seen
		if !disable {
			assert.Equal(t, int64(1), mcp.FastServed(srv))
		}
		return got
	}
	assert.Equal(t, outcome(true), outcome(false))
}

// With a token verifier: the same refusals, and the tool sees the
// request's token on both paths.
func TestFastPathWithTokenAsGoSDK(t *testing.T) {
	whoami := toolgen.Tool{Name: "whoami", Description: "says whether the call is authenticated", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			info := mcp.TokenInfo(ctx)
			return toolgen.TextResult(fmt.Sprintf("token: %v", info != nil && !info.Expiration.IsZero())), nil
		}}
	opts := mcp.HTTPOptions{Stateless: true, TokenVerifier: mcp.StaticToken("s3cret")}
	fastSrv := newServer(t, whoami)
	fastURL := "http://" + serve(t, fastSrv, opts) + mcp.Path
	opts.DisableFastPath = true
	plainURL := "http://" + serve(t, newServer(t, whoami), opts) + mcp.Path
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"whoami","arguments":{}}}`
	for _, auth := range []string{"", "Bearer nope", "Bearer s3cret"} {
		h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
			"Mcp-Protocol-Version": "2025-06-18", "Authorization": auth}
		before := mcp.FastServed(fastSrv)
		got := doExchange(t, fastURL, "POST", body, h)
		assert.Equal(t, doExchange(t, plainURL, "POST", body, h), got, auth)
		if auth == "Bearer s3cret" {
			assert.Equal(t, before+1, mcp.FastServed(fastSrv))
			b, _ := json.Marshal(got.body)
			assert.Contains(t, string(b), "token: true")
		}
	}
}

// go-sdk's client, at each protocol version it offers (the newest,
// 2026-07-28, by default), gets the same answers from a stateless server
// with the fast path as from one without, and the fast path answers its
// tools/list and tools/call.
func TestFastPathServesGoSDKClient(t *testing.T) {
	for _, version := range []string{"2025-03-26", "2025-06-18", "2025-11-25", ""} {
		t.Run("version="+version, func(t *testing.T) {
			results := map[bool]string{}
			for _, disable := range []bool{true, false} {
				srv := newServer(t, weather.Tools()...)
				url := "http://" + serve(t, srv, mcp.HTTPOptions{Stateless: true, DisableFastPath: disable}) + mcp.Path
				client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "test", Version: "1"}, nil)
				cs, err := client.Connect(t.Context(), &sdkmcp.StreamableClientTransport{Endpoint: url}, &sdkmcp.ClientSessionOptions{ProtocolVersion: version})
				require.NoError(t, err)
				tools, err := cs.ListTools(t.Context(), nil)
				require.NoError(t, err)
				res, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "Paris"}})
				require.NoError(t, err)
				bad, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": 5}})
				require.NoError(t, err)
				require.NoError(t, cs.Close())
				results[disable] = string(toJSON(t, []any{tools, res, bad}))
				if !disable {
					t.Logf("negotiated %s; the fast path answered %d requests", cs.InitializeResult().ProtocolVersion, mcp.FastServed(srv))
				}
				if !disable {
					assert.Equal(t, int64(3), mcp.FastServed(srv), "negotiated %s", cs.InitializeResult().ProtocolVersion)
				}
			}
			assert.JSONEq(t, results[true], results[false])
		})
	}
}
