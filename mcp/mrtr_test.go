//lint:file-ignore SA1019 sampling and roots are deprecated by protocol 2026-07-28 (SEP-2577) but still part of it.

package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// Multi round-trip requests (SEP-2322): a tool asks the client with
// mcp.Elicit, mcp.Sample and mcp.ListRoots; at protocol 2026-07-28 the
// call's result is then input-required and the client calls again with
// the answers and the signed request state; before, the server asks on
// the session.

type nameQ struct {
	Name string `json:"name" description:"your name"`
}

type colorQ struct {
	Color string `json:"color" enum:"red,green,blue"`
}

// askingTool is a tool whose run is ask's: its error is a failed result,
// as a generated tool's is. runs counts the runs that got to the end.
func askingTool(name string, runs *atomic.Int32, ask func(ctx context.Context) (string, error)) toolgen.Tool {
	return toolgen.Tool{
		Name:        toolgen.ToolName(name),
		Description: "asks the client",
		InputSchema: []byte(`{"type":"object","properties":{"n":{"type":"integer"}}}`),
		Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			text, err := ask(ctx)
			if err != nil {
				return toolgen.ErrorResult(err.Error()), nil
			}
			if runs != nil {
				runs.Add(1)
			}
			return toolgen.TextResult(text), nil
		},
	}
}

// profile asks three things at once (a name, a model's greeting, the
// roots), then, once they are answered, a fourth (a colour).
func profile(ctx context.Context) (string, error) {
	name, errName := mcp.Elicit[nameQ](ctx, "name", "What is your name?")
	greeting, errGreeting := mcp.Sample(ctx, "greeting", &sdkmcp.CreateMessageParams{
		Messages:  []*sdkmcp.SamplingMessage{{Role: "user", Content: &sdkmcp.TextContent{Text: "Say hi"}}},
		MaxTokens: 10,
	})
	roots, errRoots := mcp.ListRoots(ctx, "roots")
	if err := errors.Join(errName, errGreeting, errRoots); err != nil {
		return "", err
	}
	color, err := mcp.Elicit[colorQ](ctx, "color", "Your favourite colour?")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s likes %s; the model said %s; roots %s", name.Name, color.Color, greeting.Content.(*sdkmcp.TextContent).Text, roots.Roots[0].URI), nil
}

const profileAnswer = "Alice likes blue; the model said hi; roots file:///project"

// answering is a go-sdk client's handlers, answering as a user would,
// counting the questions.
type answering struct {
	elicits, samples atomic.Int32
}

func (a *answering) options() *sdkmcp.ClientOptions {
	return &sdkmcp.ClientOptions{

		ElicitationHandler: func(_ context.Context, req *sdkmcp.ElicitRequest) (*sdkmcp.ElicitResult, error) {
			a.elicits.Add(1)
			if strings.Contains(req.Params.Message, "colour") {
				return &sdkmcp.ElicitResult{Action: "accept", Content: map[string]any{"color": "blue"}}, nil
			}
			return &sdkmcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "Alice"}}, nil
		},
		CreateMessageHandler: func(context.Context, *sdkmcp.CreateMessageRequest) (*sdkmcp.CreateMessageResult, error) {
			a.samples.Add(1)
			return &sdkmcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &sdkmcp.TextContent{Text: "hi"}}, nil
		},
	}
}

// TestAskOverEveryTransport: a tool's questions reach a go-sdk client over
// every transport and protocol version, each asked once: at 2026-07-28 by
// input-required results (three questions in the first round, one in the
// second), before it by requests on the session; a stateless server
// cannot ask a client of an older version, and the tool gets
// ErrCannotAsk.
func TestAskOverEveryTransport(t *testing.T) {
	noLeaks(t)
	for _, tr := range contractTransports {
		t.Run(tr.name, func(t *testing.T) {
			var runs atomic.Int32
			srv := newServer(t, askingTool("profile", &runs, profile))
			var a answering
			client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "asked", Version: "1"}, a.options())
			client.AddRoots(&sdkmcp.Root{URI: "file:///project"})
			cs := connectClient(t, tr, srv, client, nil)
			res := callBounded(t, cs, "profile", `{}`)
			if !tr.canAsk() {
				assert.True(t, res.IsError)
				assert.Contains(t, resultText(res), "cannot be asked")
				assert.Contains(t, resultText(res), "stateless server")
				return
			}
			require.False(t, res.IsError, resultText(res))
			assert.Equal(t, profileAnswer, resultText(res))
			assert.Equal(t, int32(2), a.elicits.Load(), "each question asked once")
			assert.Equal(t, int32(1), a.samples.Load())
			assert.Equal(t, int32(1), runs.Load())
		})
	}
}

// rpc is a JSON-RPC response.
type rpc struct {
	Result map[string]json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (r rpc) field(t *testing.T, name string, v any) {
	t.Helper()
	require.Contains(t, r.Result, name)
	require.NoError(t, json.Unmarshal(r.Result[name], v))
}

// roundClient speaks protocol 2026-07-28 over HTTP, each request on its own.
type roundClient struct {
	t     *testing.T
	url   string
	caps  string // the clientCapabilities declared
	token string // a bearer token to send, if any
	id    atomic.Int64
}

// call sends a tools/call of tool with args, and responses and state when
// not empty.
func (c *roundClient) call(tool, args string, responses map[string]any, state string) rpc {
	params := map[string]any{
		"name": tool, "arguments": json.RawMessage(args),
		"_meta": map[string]any{
			"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
			"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "raw", "version": "1"},
			"io.modelcontextprotocol/clientCapabilities": json.RawMessage(c.caps),
		},
	}
	if responses != nil {
		params["inputResponses"] = responses
	}
	if state != "" {
		params["requestState"] = state
	}
	return c.send("tools/call", tool, params)
}

func (c *roundClient) send(method, name string, params any) rpc {
	t := c.t
	t.Helper()
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": c.id.Add(1), "method": method, "params": params})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	req.Header.Set("Mcp-Name", name)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		var last []byte
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			if d, ok := bytes.CutPrefix(sc.Bytes(), []byte("data: ")); ok {
				last = append([]byte(nil), d...)
			}
		}
		data = last
	}
	var out rpc
	require.NoError(t, json.Unmarshal(data, &out), "%s", data)
	return out
}

// statelessServers are the stateless HTTP servings of 2026-07-28 requests:
// the fast path (which takes first rounds) and go-sdk's.
var statelessServers = []struct {
	name string
	opts mcp.HTTPOptions
}{
	{"fast", mcp.HTTPOptions{Stateless: true}},
	{"fast-json", mcp.HTTPOptions{Stateless: true, JSONResponse: true}},
	{"sdk", mcp.HTTPOptions{Stateless: true, DisableFastPath: true}},
}

const allCaps = `{"elicitation":{},"sampling":{},"roots":{}}`

var (
	nameAnswer  = map[string]any{"action": "accept", "content": map[string]any{"name": "Alice"}}
	colorAnswer = map[string]any{"action": "accept", "content": map[string]any{"color": "blue"}}
	sampled     = map[string]any{"role": "assistant", "model": "m", "content": map[string]any{"type": "text", "text": "hi"}}
	rootsAnswer = map[string]any{"roots": []any{map[string]any{"uri": "file:///project"}}}
)

// TestAskRawRounds: the wire at 2026-07-28, as the specification writes it:
// round 1 asks three questions with a request state; round 2, with their
// answers and the state, asks the fourth with a new state (which carries
// the earlier answers, so the client sends only the new one); round 3
// completes. The tool runs to its end once.
func TestAskRawRounds(t *testing.T) {
	noLeaks(t)
	for _, sv := range statelessServers {
		t.Run(sv.name, func(t *testing.T) {
			var runs atomic.Int32
			srv := newServer(t, askingTool("profile", &runs, profile))
			c := &roundClient{t: t, url: serveOn(t, srv, sv.opts), caps: allCaps}

			r1 := c.call("profile", `{"n":1}`, nil, "")
			require.Nil(t, r1.Error)
			var resultType, state1, state2 string
			r1.field(t, "resultType", &resultType)
			assert.Equal(t, "input_required", resultType)
			var asks map[string]struct {
				Method string          `json:"method"`
				Params json.RawMessage `json:"params"`
			}
			r1.field(t, "inputRequests", &asks)
			methods := map[string]string{}
			for id, a := range asks {
				methods[id] = a.Method
			}
			assert.Equal(t, map[string]string{"name": "elicitation/create", "greeting": "sampling/createMessage", "roots": "roots/list"}, methods)
			assert.JSONEq(t, `{"mode":"form","message":"What is your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","description":"your name"}},"required":["name"]}}`, string(asks["name"].Params))
			r1.field(t, "requestState", &state1)
			if c, ok := r1.Result["content"]; ok {
				assert.Equal(t, "null", string(c), "go-sdk writes a null content")
			}

			r2 := c.call("profile", `{"n":1}`, map[string]any{"name": nameAnswer, "greeting": sampled, "roots": rootsAnswer}, state1)
			require.Nil(t, r2.Error)
			r2.field(t, "resultType", &resultType)
			assert.Equal(t, "input_required", resultType)
			asks = nil
			r2.field(t, "inputRequests", &asks)
			assert.Len(t, asks, 1)
			assert.Contains(t, asks, "color")
			r2.field(t, "requestState", &state2)
			assert.NotEqual(t, state1, state2)

			r3 := c.call("profile", ` { "n" : 1 } `, map[string]any{"color": colorAnswer, "name": map[string]any{"action": "accept", "content": map[string]any{"name": "Mallory"}}}, state2)
			require.Nil(t, r3.Error)
			r3.field(t, "resultType", &resultType)
			assert.Equal(t, "complete", resultType)
			var content []map[string]any
			r3.field(t, "content", &content)
			assert.Equal(t, profileAnswer, content[0]["text"], "an answer the state carries is not replaced by one the round did not ask")
			assert.Equal(t, int32(1), runs.Load())
		})
	}
}

// TestAskStateTampering: a request state is good for one request of the
// tool, the arguments, the round and the server (key) it was issued for,
// once, within its lifetime. Every other state is an invalid-params error
// and the tool does not run; a state issued by another server with the
// same key (WithRequestStateKey: replicas) is good.
func TestAskStateTampering(t *testing.T) {
	noLeaks(t)
	key := bytes.Repeat([]byte("k"), 32)
	var runs atomic.Int32
	clock := time.Now()
	var clockMu sync.Mutex
	now := func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return clock }
	newKeyed := func(key []byte) *mcp.Server {
		opts := []mcp.ServerOption{}
		if key != nil {
			opts = append(opts, mcp.WithRequestStateKey(key))
		}
		srv, err := mcp.NewServer("test", "1", []toolgen.Tool{askingTool("profile", &runs, profile), askingTool("other", &runs, profile)}, opts...)
		require.NoError(t, err)
		mcp.SetStateClock(srv, now)
		return srv
	}
	srv, replica, foreign := newKeyed(key), newKeyed(key), newKeyed(nil)
	c := &roundClient{t: t, url: serveOn(t, srv, mcp.HTTPOptions{Stateless: true}), caps: allCaps}
	cReplica := &roundClient{t: t, url: serveOn(t, replica, mcp.HTTPOptions{Stateless: true}), caps: allCaps}
	cForeign := &roundClient{t: t, url: serveOn(t, foreign, mcp.HTTPOptions{Stateless: true}), caps: allCaps}
	round1 := map[string]any{"name": nameAnswer, "greeting": sampled, "roots": rootsAnswer}

	stateOf := func(r rpc) string {
		t.Helper()
		require.Nil(t, r.Error)
		var s string
		r.field(t, "requestState", &s)
		return s
	}
	first := stateOf(c.call("profile", `{"n":1}`, nil, ""))
	second := stateOf(c.call("profile", `{"n":1}`, round1, stateOf(c.call("profile", `{"n":1}`, nil, ""))))
	payload1, mac1, _ := strings.Cut(first, ".")
	payload2, _, _ := strings.Cut(second, ".")
	flip := func(s string, i int) string {
		b := []byte(s)
		if b[i] == 'A' {
			b[i] = 'B'
		} else {
			b[i] = 'A'
		}
		return string(b)
	}
	decoded, err := base64.RawURLEncoding.DecodeString(payload1)
	require.NoError(t, err)
	rewritten := base64.RawURLEncoding.EncodeToString(bytes.Replace(decoded, []byte(`"r":1`), []byte(`"r":2`), 1)) + "." + mac1

	for name, tc := range map[string]struct {
		client      *roundClient
		tool, args  string
		state       string
		wantMessage string
	}{
		"flipped payload byte": {c, "profile", `{"n":1}`, flip(first, 3), "not issued by this server for this request"},
		"flipped mac byte":     {c, "profile", `{"n":1}`, flip(first, len(first)-3), "not issued by this server for this request"},
		"truncated":            {c, "profile", `{"n":1}`, first[:len(first)-4], "not issued by this server for this request"},
		"no mac":               {c, "profile", `{"n":1}`, payload1, "not a request state"},
		"appended":             {c, "profile", `{"n":1}`, first + "-TAMPERED", "not issued by this server for this request"},
		"other tool":           {c, "other", `{"n":1}`, first, "not issued by this server for this request (this tool"},
		"other arguments":      {c, "profile", `{"n":2}`, first, "not issued by this server for this request"},
		"other round":          {c, "profile", `{"n":1}`, payload2 + "." + mac1, "not issued by this server for this request"},
		"rewritten round":      {c, "profile", `{"n":1}`, rewritten, "not issued by this server for this request"},
		"foreign key":          {cForeign, "profile", `{"n":1}`, first, "not issued by this server for this request"},
		"empty":                {c, "profile", `{"n":1}`, ".", "not issued by this server for this request"},
	} {
		r := tc.client.call(tc.tool, tc.args, round1, tc.state)
		require.NotNil(t, r.Error, name)
		assert.Equal(t, -32602, r.Error.Code, name)
		assert.Contains(t, r.Error.Message, "invalid requestState", name)
		assert.Contains(t, r.Error.Message, tc.wantMessage, name)
	}
	assert.Zero(t, runs.Load())

	// A replica with the key takes the state, once; the issuer then refuses
	// it too only if it saw it (each process remembers its own).
	r := cReplica.call("profile", `{"n":1}`, round1, first)
	require.Nil(t, r.Error)
	r = cReplica.call("profile", `{"n":1}`, round1, first)
	require.NotNil(t, r.Error)
	assert.Contains(t, r.Error.Message, "used already")

	// Replay on the issuer: the first use is good, the second is refused.
	r = c.call("profile", `{"n":1}`, map[string]any{"color": colorAnswer}, second)
	require.Nil(t, r.Error)
	r = c.call("profile", `{"n":1}`, map[string]any{"color": colorAnswer}, second)
	require.NotNil(t, r.Error)
	assert.Equal(t, -32602, r.Error.Code)
	assert.Contains(t, r.Error.Message, "used already")
	assert.Equal(t, int32(1), runs.Load())

	// Expiry: 15 minutes.
	late := stateOf(c.call("profile", `{"n":1}`, nil, ""))
	clockMu.Lock()
	clock = clock.Add(15*time.Minute + time.Second)
	clockMu.Unlock()
	r = c.call("profile", `{"n":1}`, round1, late)
	require.NotNil(t, r.Error)
	assert.Contains(t, r.Error.Message, "expired")
	assert.Equal(t, int32(1), runs.Load())
}

// TestAskAnswersWithoutState: answers without a request state are taken
// as first-round answers; unknown ones are ignored; a missing one is asked
// again; answers that are not results of the kind asked are
// invalid-params errors.
func TestAskAnswersWithoutState(t *testing.T) {
	noLeaks(t)
	for _, sv := range statelessServers {
		t.Run(sv.name, func(t *testing.T) {
			var runs atomic.Int32
			srv := newServer(t, askingTool("greet", &runs, func(ctx context.Context) (string, error) {
				q, err := mcp.Elicit[nameQ](ctx, "name", "What is your name?")
				return "Hello, " + q.Name, err
			}))
			c := &roundClient{t: t, url: serveOn(t, srv, sv.opts), caps: allCaps}

			r := c.call("greet", `{}`, map[string]any{"name": nameAnswer, "extra": colorAnswer}, "")
			require.Nil(t, r.Error)
			var content []map[string]any
			r.field(t, "content", &content)
			assert.Equal(t, "Hello, Alice", content[0]["text"])

			r = c.call("greet", `{}`, map[string]any{"wrong": nameAnswer}, "")
			require.Nil(t, r.Error)
			var resultType string
			r.field(t, "resultType", &resultType)
			assert.Equal(t, "input_required", resultType)

			for name, bad := range map[string]any{
				"not an elicitation result": rootsAnswer,
				"a required field missing":  map[string]any{"action": "accept", "content": map[string]any{"nom": "Alice"}},
				"a field of another type":   map[string]any{"action": "accept", "content": map[string]any{"name": 7}},
				"not an object":             12345,
			} {
				r := c.call("greet", `{}`, map[string]any{"name": bad}, "")
				require.NotNil(t, r.Error, name)
				if name != "not an object" { // go-sdk refuses that one itself, with its own code
					assert.Equal(t, -32602, r.Error.Code, name)
				}
			}
			assert.Equal(t, int32(1), runs.Load())
		})
	}
}

// TestAskCapabilities: a question is asked only of a client that declared
// its capability in the request; the tool gets ErrCannotAsk for the
// others, and the client the questions it can answer.
func TestAskCapabilities(t *testing.T) {
	noLeaks(t)
	for _, sv := range statelessServers {
		t.Run(sv.name, func(t *testing.T) {
			srv := newServer(t, askingTool("profile", nil, profile))
			for caps, want := range map[string][]string{
				`{}`:                               nil,
				`{"sampling":{}}`:                  {"greeting"},
				`{"roots":{},"elicitation":{}}`:    {"name", "roots"},
				`{"elicitation":{"url":{}}}`:       nil, // URL elicitation only: no forms
				`{"elicitation":{"form":{}}}`:      {"name"},
				`{"sampling":{},"elicitation":{}}`: {"greeting", "name"},
			} {
				c := &roundClient{t: t, url: serveOn(t, srv, sv.opts), caps: caps}
				r := c.call("profile", `{}`, nil, "")
				require.Nil(t, r.Error, caps)
				if want == nil {
					var isError bool
					r.field(t, "isError", &isError)
					assert.True(t, isError, caps)
					assert.Contains(t, string(r.Result["content"]), "cannot be asked", caps)
					continue
				}
				var asks map[string]json.RawMessage
				r.field(t, "inputRequests", &asks)
				var got []string
				for id := range asks {
					got = append(got, id)
				}
				assert.ElementsMatch(t, want, got, caps)
			}
		})
	}
}

// TestAskDeclined: a user who declines or cancels gives the tool a
// *DeclinedError.
func TestAskDeclined(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, askingTool("greet", nil, func(ctx context.Context) (string, error) {
		_, err := mcp.Elicit[nameQ](ctx, "name", "What is your name?")
		var de *mcp.DeclinedError
		if errors.As(err, &de) {
			return "the user said " + de.Action, nil
		}
		return "", err
	}))
	c := &roundClient{t: t, url: serveOn(t, srv, mcp.HTTPOptions{Stateless: true}), caps: allCaps}
	for _, action := range []string{"decline", "cancel"} {
		r := c.call("greet", `{}`, map[string]any{"name": map[string]any{"action": action}}, "")
		require.Nil(t, r.Error)
		var content []map[string]any
		r.field(t, "content", &content)
		assert.Equal(t, "the user said "+action, content[0]["text"])
	}
}

// TestAskOutsideMCP: outside an MCP request a question is ErrCannotAsk.
func TestAskOutsideMCP(t *testing.T) {
	_, err := mcp.Elicit[nameQ](t.Context(), "name", "?")
	assert.ErrorIs(t, err, mcp.ErrCannotAsk)
	_, err = mcp.Sample(t.Context(), "s", &sdkmcp.CreateMessageParams{})
	assert.ErrorIs(t, err, mcp.ErrCannotAsk)
	_, err = mcp.ListRoots(t.Context(), "r")
	assert.ErrorIs(t, err, mcp.ErrCannotAsk)
}

// TestElicitForms: the form of a question type, for every kind of field
// elicitation allows, and the types it refuses.
func TestElicitForms(t *testing.T) {
	type all struct {
		S    string  `json:"s" description:"a string"`
		B    bool    `json:"b"`
		I    int     `json:"i"`
		I8   int8    `json:"i8"`
		U64  uint64  `json:"u64"`
		F32  float32 `json:"f32"`
		F64  float64 `json:"f64,omitempty"`
		P    *string `json:"p"`
		E    string  `json:"e" enum:"x,y"`
		Skip string  `json:"-"`
		Bare string
		priv string
	}
	_ = all{}.priv
	var got json.RawMessage
	srv := newServer(t, askingTool("form", nil, func(ctx context.Context) (string, error) {
		_, err := mcp.Elicit[all](ctx, "q", "?")
		return "", err
	}))
	c := &roundClient{t: t, url: serveOn(t, srv, mcp.HTTPOptions{Stateless: true}), caps: allCaps}
	r := c.call("form", `{}`, nil, "")
	require.Nil(t, r.Error)
	var asks map[string]struct {
		Params struct {
			RequestedSchema json.RawMessage `json:"requestedSchema"`
		} `json:"params"`
	}
	r.field(t, "inputRequests", &asks)
	got = asks["q"].Params.RequestedSchema
	assert.JSONEq(t, `{"type":"object","properties":{
		"s":{"type":"string","description":"a string"},"b":{"type":"boolean"},"i":{"type":"integer"},"i8":{"type":"integer"},
		"u64":{"type":"integer"},"f32":{"type":"number"},"f64":{"type":"number"},"p":{"type":"string"},
		"e":{"type":"string","enum":["x","y"]},"Bare":{"type":"string"}},
		"required":["s","b","i","i8","u64","f32","e","Bare"]}`, string(got))

	r = c.call("form", `{}`, map[string]any{"q": map[string]any{"action": "accept", "content": map[string]any{
		"s": "x", "b": true, "i": 1, "i8": 2, "u64": 3, "f32": 1.5, "e": "z", "Bare": "b"}}}, "")
	require.NotNil(t, r.Error, "an enum value not among the choices")
	assert.Contains(t, r.Error.Message, `"e"`)

	for name, ask := range map[string]func(ctx context.Context) error{
		"not a struct": func(ctx context.Context) error { _, err := mcp.Elicit[string](ctx, "q", "?"); return err },
		"a slice field": func(ctx context.Context) error {
			_, err := mcp.Elicit[struct{ L []string }](ctx, "q", "?")
			return err
		},
		"a nested struct": func(ctx context.Context) error {
			_, err := mcp.Elicit[struct{ N nameQ }](ctx, "q", "?")
			return err
		},
		"an enum on a bool": func(ctx context.Context) error {
			_, err := mcp.Elicit[struct {
				B bool `enum:"x"`
			}](ctx, "q", "?")
			return err
		},
	} {
		err := ask(t.Context())
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "mcp.Elicit: question type", name)
	}
}

// TestAskFromPromptsAndResources: a prompt's Get and a resource's Read ask
// as a tool does, over every transport at the newest version and a
// stateful and a stateless one before it.
func TestAskFromPromptsAndResources(t *testing.T) {
	noLeaks(t)
	greeting := func(ctx context.Context) (string, error) {
		q, err := mcp.Elicit[nameQ](ctx, "name", "What is your name?")
		return "Hello, " + q.Name, err
	}
	prompt := toolgen.Prompt{Name: "greet", Get: func(ctx context.Context, _ map[string]string) ([]toolgen.PromptMessage, error) {
		text, err := greeting(ctx)
		return toolgen.UserText(text), err
	}}
	resource := toolgen.Resource{URI: "test://greeting", Name: "greeting", MIMEType: "text/plain", Read: func(ctx context.Context, _ map[string]string) (toolgen.ResourceContents, error) {
		text, err := greeting(ctx)
		return toolgen.ResourceContents{Text: text}, err
	}}
	for _, tr := range newestTransports() {
		t.Run(tr.name, func(t *testing.T) {
			srv, err := mcp.NewServer("test", "1", nil, mcp.WithPrompts(prompt), mcp.WithResources(resource))
			require.NoError(t, err)
			var a answering
			cs := connectOver(t, tr, srv, a.options(), nil)
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			p, errPrompt := cs.GetPrompt(ctx, &sdkmcp.GetPromptParams{Name: "greet"})
			r, errRead := cs.ReadResource(ctx, &sdkmcp.ReadResourceParams{URI: "test://greeting"})
			if !tr.canAsk() {
				require.Error(t, errPrompt)
				assert.Contains(t, errPrompt.Error(), "cannot be asked")
				require.Error(t, errRead)
				assert.Contains(t, errRead.Error(), "cannot be asked")
				return
			}
			require.NoError(t, errPrompt)
			assert.Equal(t, "Hello, Alice", p.Messages[0].Content.(*sdkmcp.TextContent).Text)
			require.NoError(t, errRead)
			assert.Equal(t, "Hello, Alice", r.Contents[0].Text)
			assert.Equal(t, int32(2), a.elicits.Load())
		})
	}
}

// TestAskStateBindsTheUser: a request state issued for the user of one
// bearer token is refused with another's, on the fast path's first round
// and go-sdk's.
func TestAskStateBindsTheUser(t *testing.T) {
	noLeaks(t)
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		if token != "alice" && token != "bob" {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: token, Expiration: time.Now().Add(time.Hour)}, nil
	}
	for _, sv := range statelessServers {
		t.Run(sv.name, func(t *testing.T) {
			var runs atomic.Int32
			srv := newServer(t, askingTool("greet", &runs, func(ctx context.Context) (string, error) {
				q, err := mcp.Elicit[nameQ](ctx, "name", "What is your name?")
				return "Hello, " + q.Name, err
			}))
			opts := sv.opts
			opts.TokenVerifier = verify
			url := serveOn(t, srv, opts)
			alice := &roundClient{t: t, url: url, caps: allCaps, token: "alice"}
			bob := &roundClient{t: t, url: url, caps: allCaps, token: "bob"}
			var state string
			r := alice.call("greet", `{}`, nil, "")
			require.Nil(t, r.Error)
			r.field(t, "requestState", &state)
			r = bob.call("greet", `{}`, map[string]any{"name": nameAnswer}, state)
			require.NotNil(t, r.Error)
			assert.Contains(t, r.Error.Message, "this session and user")
			r = alice.call("greet", `{}`, map[string]any{"name": nameAnswer}, state)
			require.Nil(t, r.Error)
			assert.Equal(t, int32(1), runs.Load())
		})
	}
}

// TestRequestStateKeyOption: a key shorter than 32 bytes is NewServer's
// error.
func TestRequestStateKeyOption(t *testing.T) {
	for _, n := range []int{0, 1, 31} {
		_, err := mcp.NewServer("x", "1", nil, mcp.WithRequestStateKey(make([]byte, n)))
		require.Error(t, err)
		assert.Contains(t, err.Error(), fmt.Sprintf("mcp.WithRequestStateKey: the key has %d bytes; it needs at least 32", n))
	}
	_, err := mcp.NewServer("x", "1", nil, mcp.WithRequestStateKey(make([]byte, 32)))
	require.NoError(t, err)
}

// generatedQ has the method //toolgen:question generates: Elicit sends its
// form, and checks answers against it.
type generatedQ struct {
	Size string `json:"size"`
}

func (generatedQ) ElicitationSchema() []byte {
	return []byte(`{"type":"object","properties":{"size":{"type":"string","description":"from the generator","enum":["s","l"]}},"required":["size"]}`)
}

// TestElicitGeneratedForm: a question type with a generated form
// (mcp.Question) is asked with that form, and answers are checked against
// it.
func TestElicitGeneratedForm(t *testing.T) {
	noLeaks(t)
	var _ mcp.Question = generatedQ{}
	srv := newServer(t, askingTool("size", nil, func(ctx context.Context) (string, error) {
		q, err := mcp.Elicit[generatedQ](ctx, "size", "Which size?")
		return q.Size, err
	}))
	c := &roundClient{t: t, url: serveOn(t, srv, mcp.HTTPOptions{Stateless: true}), caps: allCaps}
	r := c.call("size", `{}`, nil, "")
	require.Nil(t, r.Error)
	var asks map[string]struct {
		Params struct {
			RequestedSchema json.RawMessage `json:"requestedSchema"`
		} `json:"params"`
	}
	r.field(t, "inputRequests", &asks)
	assert.JSONEq(t, string(generatedQ{}.ElicitationSchema()), string(asks["size"].Params.RequestedSchema))

	r = c.call("size", `{}`, map[string]any{"size": map[string]any{"action": "accept", "content": map[string]any{"size": "xl"}}}, "")
	require.NotNil(t, r.Error, "a value outside the generated enum")
	r = c.call("size", `{}`, map[string]any{"size": map[string]any{"action": "accept", "content": map[string]any{"size": "l"}}}, "")
	require.Nil(t, r.Error)
	var content []map[string]any
	r.field(t, "content", &content)
	assert.Equal(t, "l", content[0]["text"])
}

// TestAskFromAGoError: a hand-written tool that returns Elicit's error as
// its Go error (not a failed result) gets its question asked, on the fast
// path and go-sdk's; a Go error without a question is a JSON-RPC error.
func TestAskFromAGoError(t *testing.T) {
	noLeaks(t)
	for _, sv := range statelessServers {
		t.Run(sv.name, func(t *testing.T) {
			tool := toolgen.Tool{Name: "goerr", Description: "asks, returning a Go error", InputSchema: []byte(`{"type":"object","properties":{"ask":{"type":"boolean"}}}`),
				Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
					if !strings.Contains(string(args), "true") {
						return toolgen.Result{}, errors.New("plain failure")
					}
					q, err := mcp.Elicit[nameQ](ctx, "name", "What is your name?")
					if err != nil {
						return toolgen.Result{}, err
					}
					return toolgen.TextResult("hello " + q.Name), nil
				}}
			c := &roundClient{t: t, url: serveOn(t, newServer(t, tool), sv.opts), caps: allCaps}
			r1 := c.call("goerr", `{"ask":true}`, nil, "")
			require.Nil(t, r1.Error, "%+v", r1.Error)
			var resultType, state string
			r1.field(t, "resultType", &resultType)
			assert.Equal(t, "input_required", resultType)
			r1.field(t, "requestState", &state)
			r2 := c.call("goerr", `{"ask":true}`, map[string]any{"name": nameAnswer}, state)
			require.Nil(t, r2.Error, "%+v", r2.Error)
			var content []map[string]any
			r2.field(t, "content", &content)
			assert.Equal(t, "hello Alice", content[0]["text"])

			plain := c.call("goerr", `{"ask":false}`, nil, "")
			require.NotNil(t, plain.Error)
			assert.Contains(t, plain.Error.Message, "plain failure")
		})
	}
}
