//lint:file-ignore SA1019 sampling and roots are deprecated by protocol 2026-07-28 (SEP-2577) but still part of it; TestTasks2026TypedQuestions asks for both.

package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// The tasks extension of protocol 2026-07-28 (io.modelcontextprotocol/tasks),
// spoken in raw HTTP as the spec writes it, beside 2025-11-25's tasks.

// client2026 speaks 2026-07-28 to url: each request carries the _meta
// and headers the revision requires, and the tasks extension unless
// withoutExtension.
type client2026 struct {
	url    string
	header http.Header
	next   int
	// cannotBeAsked leaves out the capabilities of elicitation, sampling
	// and roots, which each request declares otherwise.
	cannotBeAsked bool
}

// answer2026 is one answer: the HTTP status and the JSON-RPC response.
type answer2026 struct {
	status int
	rpcResult
	Error *struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

// send sends method; extension says whether the request declares the
// tasks extension; header overrides the standard headers (a value ""
// deletes one).
func (c *client2026) send(t *testing.T, method string, params map[string]any, extension bool, header map[string]string) answer2026 {
	t.Helper()
	c.next++
	caps := map[string]any{"elicitation": map[string]any{}, "sampling": map[string]any{}, "roots": map[string]any{}}
	if c.cannotBeAsked {
		caps = map[string]any{}
	}
	if extension {
		caps["extensions"] = map[string]any{mcp.TasksExtension: map[string]any{}}
	}
	p := map[string]any{"_meta": map[string]any{
		"io.modelcontextprotocol/protocolVersion":    "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": caps,
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": "raw2026", "version": "1"},
	}}
	for k, v := range params {
		p[k] = v
	}
	body := mustMarshal(t, map[string]any{"jsonrpc": "2.0", "id": c.next, "method": method, "params": p})
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, c.url, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	switch method {
	case "tools/call":
		req.Header.Set("Mcp-Name", params["name"].(string))
	case "tasks/get", "tasks/update", "tasks/cancel":
		if id, ok := params["taskId"].(string); ok {
			req.Header.Set("Mcp-Name", id)
		}
	}
	for k, v := range c.header {
		req.Header[k] = v
	}
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	if i := bytes.Index(b, []byte("data: ")); i >= 0 && !bytes.HasPrefix(b, []byte("{")) {
		b = b[i+len("data: "):]
		b = b[:bytes.IndexByte(b, '\n')]
	}
	out := answer2026{status: resp.StatusCode}
	require.NoError(t, json.Unmarshal(b, &out), string(b))
	return out
}

// call sends method with the extension and requires a result.
func (c *client2026) call(t *testing.T, method string, params map[string]any) map[string]json.RawMessage {
	t.Helper()
	a := c.send(t, method, params, true, nil)
	require.Nil(t, a.Error, "%s: %+v", method, a.Error)
	require.Equal(t, http.StatusOK, a.status)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(a.Result, &m))
	return m
}

func str(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var s string
	require.NoError(t, json.Unmarshal(raw, &s), string(raw))
	return s
}

// createTask2026 calls tool and requires a CreateTaskResult, flat.
func (c *client2026) create(t *testing.T, tool string, args map[string]any) string {
	t.Helper()
	m := c.call(t, "tools/call", map[string]any{"name": tool, "arguments": args})
	require.Equal(t, "task", str(t, m["resultType"]), "%s", m)
	for _, k := range []string{"taskId", "status", "createdAt", "lastUpdatedAt", "ttlMs", "pollIntervalMs"} {
		assert.Contains(t, m, k)
	}
	for _, k := range []string{"task", "ttl", "pollInterval", "result", "error", "inputRequests", "requestState"} {
		assert.NotContains(t, m, k)
	}
	return str(t, m["taskId"])
}

// waitFor polls tasks/get until the task's status is one of statuses.
func (c *client2026) waitFor(t *testing.T, id string, statuses ...string) map[string]json.RawMessage {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		m := c.call(t, "tasks/get", map[string]any{"taskId": id})
		require.Equal(t, "complete", str(t, m["resultType"]))
		require.Equal(t, id, str(t, m["taskId"]))
		st := str(t, m["status"])
		for _, want := range statuses {
			if st == want {
				return m
			}
		}
		require.False(t, time.Now().After(deadline), "task %s is %s, want %v", id, st, statuses)
		time.Sleep(5 * time.Millisecond)
	}
}

// askTools are the tools asking questions: ask asks "a" and "b" at once,
// then "c", and returns what it got; twice asks "a" twice, the second
// time with ElicitRaw; typed asks with Elicit, Sample and ListRoots, one
// at a time.
func askTools() []toolgen.Tool {
	elicit := func(msg string) *sdkmcp.ElicitParams {
		return &sdkmcp.ElicitParams{Mode: "form", Message: msg, RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}
	}
	return []toolgen.Tool{
		{Name: "ask", Description: "asks", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				first, err := mcp.AskInput(ctx, sdkmcp.InputRequestMap{"a": elicit("a?"), "b": elicit("b?")})
				if err != nil {
					return toolgen.Result{}, err
				}
				second, err := mcp.AskInput(ctx, sdkmcp.InputRequestMap{"c": elicit("c?")})
				if err != nil {
					return toolgen.Result{}, err
				}
				return toolgen.TextResult(string(first["a"]) + string(first["b"]) + string(second["c"])), nil
			}},
		{Name: "twice", Description: "asks a key twice", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				if _, err := mcp.AskInput(ctx, sdkmcp.InputRequestMap{"a": elicit("a?")}); err != nil {
					return toolgen.Result{}, err
				}
				again, err := mcp.ElicitRaw(ctx, "a", elicit("a again?"))
				if err != nil {
					return toolgen.ErrorResult(err.Error()), nil
				}
				return toolgen.TextResult("again: " + again.Action), nil
			}},
		{Name: "typed", Description: "asks with Elicit, Sample and ListRoots", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				who, err := mcp.Elicit[struct {
					Name string `json:"name"`
				}](ctx, "who", "Who are you?")
				if err != nil {
					return toolgen.ErrorResult("elicit: " + err.Error()), nil
				}
				msg, err := mcp.Sample(ctx, "poem", &sdkmcp.CreateMessageParams{MaxTokens: 9, Messages: []*sdkmcp.SamplingMessage{{Role: "user", Content: &sdkmcp.TextContent{Text: "a poem"}}}})
				if err != nil {
					return toolgen.ErrorResult("sample: " + err.Error()), nil
				}
				roots, err := mcp.ListRoots(ctx, "roots")
				if err != nil {
					return toolgen.ErrorResult("roots: " + err.Error()), nil
				}
				return toolgen.TextResult(fmt.Sprintf("%s %s %d", who.Name, msg.Content.(*sdkmcp.TextContent).Text, len(roots.Roots))), nil
			}},
		{Name: "greet", Description: "greets the name asked before its task", InputSchema: []byte(objectSchema), Task: toolgen.TaskRequired,
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				a, err := mcp.AskInput(ctx, sdkmcp.InputRequestMap{"name": elicit("name?")})
				if err != nil {
					return toolgen.Result{}, err
				}
				return toolgen.TextResult("hello " + string(a["name"])), nil
			}},
		{Name: "errs", Description: "fails with a JSON-RPC error", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, io.ErrUnexpectedEOF }},
	}
}

// server2026 serves tt's tools and askTools over HTTP, stateful or not.
func server2026(t *testing.T, tt *taskTools, stateless bool, opts ...mcp.ServerOption) (*client2026, string) {
	t.Helper()
	opts = append(opts, mcp.WithUpfrontInput("greet", sdkmcp.InputRequestMap{"name": &sdkmcp.ElicitParams{Mode: "form",
		Message: "name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}}}))
	srv, err := mcp.NewServer("tasks", "1.0.0", append(tt.tools(), askTools()...), opts...)
	require.NoError(t, err)
	url := "http://" + serve(t, srv, mcp.HTTPOptions{Stateless: stateless}) + mcp.Path
	return &client2026{url: url}, url
}

// eachMode runs f on a stateful and a stateless server: neither has
// sessions at 2026-07-28.
func eachMode(t *testing.T, f func(t *testing.T, c *client2026, tt *taskTools)) {
	for _, mode := range []string{"stateful", "stateless"} {
		t.Run(mode, func(t *testing.T) {
			noLeaks(t)
			tt := newTaskTools()
			c, _ := server2026(t, tt, mode == "stateless")
			f(t, c, tt)
		})
	}
}

func TestTasks2026Lifecycle(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, tt *taskTools) {
		id := c.create(t, "wait", map[string]any{"q": 1})
		<-tt.started
		m := c.waitFor(t, id, "working")
		for _, k := range []string{"result", "error", "inputRequests", "requestState"} {
			assert.NotContains(t, m, k)
		}
		close(tt.release)
		m = c.waitFor(t, id, "completed")
		assert.Equal(t, `"released"`, textOf(t, m["result"]))
		assert.NotContains(t, string(m["result"]), "related-task", "the taskId is at the root")
		assert.NotContains(t, m, "error")
		var ttl, poll float64
		require.NoError(t, json.Unmarshal(m["ttlMs"], &ttl))
		require.NoError(t, json.Unmarshal(m["pollIntervalMs"], &poll))
		assert.Equal(t, float64(time.Hour/time.Millisecond), ttl)
		assert.Equal(t, float64(time.Second/time.Millisecond), poll)

		// A tool's error result completes the task; a JSON-RPC error
		// (a Go error) fails it, with no result.
		m = c.waitFor(t, c.create(t, "fails", nil), "completed", "failed")
		assert.Equal(t, "completed", str(t, m["status"]))
		assert.Equal(t, "true", string(gjson(t, m["result"], "isError")))
		m = c.waitFor(t, c.create(t, "panics", nil), "completed", "failed")
		assert.Equal(t, "completed", str(t, m["status"]), "a panic is a result for the model")
		m = c.waitFor(t, c.create(t, "errs", nil), "completed", "failed")
		assert.Equal(t, "failed", str(t, m["status"]))
		assert.NotContains(t, m, "result")
		assert.EqualValues(t, "-32603", string(gjson(t, m["error"], "code")))
		assert.Contains(t, str(t, gjson(t, m["error"], "message")), "unexpected EOF")

		// The legacy task param is ignored: the server decides.
		m = c.call(t, "tools/call", map[string]any{"name": "research", "arguments": map[string]any{}, "task": map[string]any{"ttl": 5}})
		assert.Equal(t, "task", str(t, m["resultType"]), "research requires a task")
	})
}

func TestTasks2026Cancel(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, tt *taskTools) {
		id := c.create(t, "wait", nil)
		<-tt.started
		m := c.call(t, "tasks/cancel", map[string]any{"taskId": id})
		assert.Equal(t, map[string]json.RawMessage{"resultType": json.RawMessage(`"complete"`)}, m, "an empty ack")
		c.waitFor(t, id, "cancelled")
		deadline := time.Now().Add(5 * time.Second)
		for tt.canceled.Load() == 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		assert.EqualValues(t, 1, tt.canceled.Load(), "the tool's context was cancelled")
		// Cancelling a terminal task is the same ack; an unknown one an error.
		assert.Equal(t, m, c.call(t, "tasks/cancel", map[string]any{"taskId": id}))
		done := c.create(t, "research", nil)
		c.waitFor(t, done, "completed")
		assert.Equal(t, m, c.call(t, "tasks/cancel", map[string]any{"taskId": done}))
		assert.Equal(t, "completed", str(t, c.waitFor(t, done, "completed")["status"]))
		a := c.send(t, "tasks/cancel", map[string]any{"taskId": "nope"}, true, nil)
		require.NotNil(t, a.Error)
		assert.EqualValues(t, -32602, a.Error.Code)
	})
}

func TestTasks2026Update(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, _ *taskTools) {
		id := c.create(t, "ask", nil)
		m := c.waitFor(t, id, "input_required")
		var asked map[string]struct {
			Method string `json:"method"`
		}
		require.NoError(t, json.Unmarshal(m["inputRequests"], &asked))
		assert.Len(t, asked, 2)
		assert.Equal(t, "elicitation/create", asked["a"].Method)
		ack := map[string]json.RawMessage{"resultType": json.RawMessage(`"complete"`)}

		// Part of the answers, and answers to keys not asked: acked, the
		// unknown ones ignored; the task waits for the rest.
		assert.Equal(t, ack, c.call(t, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{
			"a": map[string]any{"action": "accept", "content": map[string]any{"x": 1}}, "zzz": map[string]any{"action": "decline"}}}))
		m = c.waitFor(t, id, "input_required")
		assert.JSONEq(t, `["b"]`, string(mustMarshal(t, keys(t, m["inputRequests"]))))
		assert.Equal(t, ack, c.call(t, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{
			"a": map[string]any{"action": "decline"}, "b": map[string]any{"action": "cancel"}}}), "a again is ignored")
		// Then the tool's second question.
		deadline := time.Now().Add(5 * time.Second)
		for {
			m = c.waitFor(t, id, "input_required")
			if k := keys(t, m["inputRequests"]); len(k) == 1 && k[0] == "c" {
				break
			}
			require.False(t, time.Now().After(deadline), "the second question never came: %s", m["inputRequests"])
			time.Sleep(5 * time.Millisecond)
		}
		c.call(t, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{"c": map[string]any{"action": "accept"}}})
		m = c.waitFor(t, id, "completed")
		assert.Equal(t, `{"action":"accept","content":{"x":1}}{"action":"cancel"}{"action":"accept"}`, str(t, gjson(t, mustFirstContent(t, m["result"]), "text")))

		// A key names one question: asked again, it has its answer.
		id = c.create(t, "twice", nil)
		c.waitFor(t, id, "input_required")
		c.call(t, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{"a": map[string]any{"action": "accept"}}})
		m = c.waitFor(t, id, "completed")
		assert.Equal(t, `"again: accept"`, textOf(t, m["result"]))

		// Bad inputResponses, and an unknown task.
		for _, bad := range []any{nil, "x", []any{1}, map[string]any{"a": 5}} {
			a := c.send(t, "tasks/update", map[string]any{"taskId": id, "inputResponses": bad}, true, nil)
			require.NotNil(t, a.Error, "%v", bad)
			assert.EqualValues(t, -32602, a.Error.Code)
		}
		a := c.send(t, "tasks/update", map[string]any{"taskId": "nope", "inputResponses": map[string]any{}}, true, nil)
		require.NotNil(t, a.Error)
		assert.EqualValues(t, -32602, a.Error.Code)
	})
}

func keys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &m), string(raw))
	out := []string{}
	for k := range m {
		out = append(out, k)
	}
	return out
}

func mustFirstContent(t *testing.T, result json.RawMessage) json.RawMessage {
	t.Helper()
	var r struct {
		Content []json.RawMessage `json:"content"`
	}
	require.NoError(t, json.Unmarshal(result, &r))
	require.NotEmpty(t, r.Content)
	return r.Content[0]
}

// TestTasks2026UpfrontInput: a tool's upfront questions are asked with an
// input_required result (no task), and the retry carrying the answers
// makes the task, whose tool reads them.
func TestTasks2026UpfrontInput(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, _ *taskTools) {
		m := c.call(t, "tools/call", map[string]any{"name": "greet", "arguments": map[string]any{}})
		assert.Equal(t, "input_required", str(t, m["resultType"]))
		assert.Equal(t, []string{"name"}, keys(t, m["inputRequests"]))
		assert.NotContains(t, m, "taskId")
		answered := c.call(t, "tools/call", map[string]any{"name": "greet", "arguments": map[string]any{},
			"inputResponses": map[string]any{"name": map[string]any{"action": "accept", "content": map[string]any{"n": "Alice"}}}})
		require.Equal(t, "task", str(t, answered["resultType"]))
		m = c.waitFor(t, str(t, answered["taskId"]), "completed")
		assert.Contains(t, textOf(t, m["result"]), "Alice")
		for _, bad := range []any{12345, "Alice", nil} {
			a := c.send(t, "tools/call", map[string]any{"name": "greet", "arguments": map[string]any{},
				"inputResponses": map[string]any{"name": bad}}, true, nil)
			require.NotNil(t, a.Error, "an answer %v", bad)
			assert.EqualValues(t, -32602, a.Error.Code)
		}
	})
}

// TestTasks2026Errors: the extension's error codes.
func TestTasks2026Errors(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, _ *taskTools) {
		id := c.create(t, "research", nil)
		for _, m := range []string{"tasks/result", "tasks/list"} {
			a := c.send(t, m, map[string]any{"taskId": id}, true, nil)
			require.NotNil(t, a.Error, m)
			assert.EqualValues(t, -32601, a.Error.Code, m)
		}
		// Without the extension: the tasks methods, and a tool that only
		// runs as a task, need it.
		for _, m := range []string{"tasks/get", "tasks/update", "tasks/cancel"} {
			a := c.send(t, m, map[string]any{"taskId": id, "inputResponses": map[string]any{}}, false, nil)
			require.NotNil(t, a.Error, m)
			assert.EqualValues(t, -32021, a.Error.Code, m)
			assert.Equal(t, http.StatusBadRequest, a.status)
			assert.JSONEq(t, `{"requiredCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`, string(a.Error.Data))
		}
		a := c.send(t, "tools/call", map[string]any{"name": "research", "arguments": map[string]any{}}, false, nil)
		require.NotNil(t, a.Error)
		assert.EqualValues(t, -32021, a.Error.Code)
		// Unknown and expired tasks.
		a = c.send(t, "tasks/get", map[string]any{"taskId": "nope"}, true, nil)
		require.NotNil(t, a.Error)
		assert.EqualValues(t, -32602, a.Error.Code)
		// Headers that disagree with the body, or are missing.
		for _, h := range []map[string]string{
			{"Mcp-Name": "other"}, {"Mcp-Name": ""}, {"Mcp-Method": "tasks/cancel"}, {"Mcp-Method": ""},
			{"Mcp-Protocol-Version": "2025-11-25"},
		} {
			a := c.send(t, "tasks/get", map[string]any{"taskId": id}, true, h)
			require.NotNil(t, a.Error, "%v", h)
			assert.EqualValues(t, -32020, a.Error.Code, "%v", h)
			assert.Equal(t, http.StatusBadRequest, a.status)
		}
		a = c.send(t, "tools/call", map[string]any{"name": "wait", "arguments": map[string]any{}}, true, map[string]string{"Mcp-Name": "research"})
		require.NotNil(t, a.Error)
		assert.EqualValues(t, -32020, a.Error.Code)
		a = c.send(t, "tasks/get", map[string]any{"taskId": id}, true, map[string]string{"Mcp-Name": "  " + id + " "})
		assert.Nil(t, a.Error, "whitespace around a header value is not part of it")
	})
}

// TestTasks2026OptionalWithoutExtension: a tool that may run as a task
// runs at once for a client without the extension (a stateless server:
// go-sdk answers 2026-07-28 there).
func TestTasks2026OptionalWithoutExtension(t *testing.T) {
	noLeaks(t)
	tt := newTaskTools()
	close(tt.release)
	c, _ := server2026(t, tt, true)
	a := c.send(t, "tools/call", map[string]any{"name": "wait", "arguments": map[string]any{}}, false, nil)
	require.Nil(t, a.Error, "%+v", a.Error)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(a.Result, &m))
	assert.NotContains(t, m, "taskId")
	assert.Equal(t, `"released"`, textOf(t, a.Result))
	// A plain tool ignores the legacy task param, with or without the
	// extension.
	for _, ext := range []bool{false, true} {
		a = c.send(t, "tools/call", map[string]any{"name": "plain", "arguments": map[string]any{}, "task": map[string]any{"ttl": 5}}, ext, nil)
		require.Nil(t, a.Error, "%+v", a.Error)
		assert.Equal(t, "plain", str(t, gjson(t, mustFirstContent(t, a.Result), "text")))
	}
	d := c.call(t, "server/discover", nil)
	assert.JSONEq(t, `{}`, string(gjson(t, d["capabilities"], "extensions", mcp.TasksExtension)))
	assert.Nil(t, gjson(t, d["capabilities"], "tasks"), "no 2025-11-25 tasks capability at 2026-07-28")
}

func TestTasks2026Expired(t *testing.T) {
	noLeaks(t)
	c, _ := server2026(t, newTaskTools(), true, mcp.WithTasks(mcp.TaskOptions{DefaultTTL: 50 * time.Millisecond}))
	id := c.create(t, "research", nil)
	time.Sleep(80 * time.Millisecond)
	a := c.send(t, "tasks/get", map[string]any{"taskId": id}, true, nil)
	require.NotNil(t, a.Error)
	assert.EqualValues(t, -32602, a.Error.Code)
	assert.Contains(t, a.Error.Message, "not found")
}

// TestTasks2026BelongToTheTokenSubject: with bearer tokens a task is its
// subject's; without, its id is the only key.
func TestTasks2026BelongToTheTokenSubject(t *testing.T) {
	noLeaks(t)
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		user, ok := strings.CutSuffix(token, "-token")
		if !ok {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{UserID: user, Expiration: time.Now().Add(time.Hour)}, nil
	}
	srv, err := mcp.NewServer("tasks", "1.0.0", newTaskTools().tools())
	require.NoError(t, err)
	url := "http://" + serve(t, srv, mcp.HTTPOptions{TokenVerifier: verify}) + mcp.Path
	as := func(user string) *client2026 {
		return &client2026{url: url, header: http.Header{"Authorization": {"Bearer " + user + "-token"}}}
	}
	id := as("alice").create(t, "research", nil)
	as("alice").waitFor(t, id, "completed")
	for _, m := range []string{"tasks/get", "tasks/cancel", "tasks/update"} {
		a := as("bob").send(t, m, map[string]any{"taskId": id, "inputResponses": map[string]any{}}, true, nil)
		require.NotNil(t, a.Error, m)
		assert.EqualValues(t, -32602, a.Error.Code, m)
	}
}

// TestTasks2026UpdateOnAnotherReplica: replicas share a store; the answer
// sent to one reaches the tool waiting on the other.
func TestTasks2026UpdateOnAnotherReplica(t *testing.T) {
	noLeaks(t)
	store := mcp.NewMemoryTaskStore()
	opts := mcp.WithTasks(mcp.TaskOptions{Store: store, PollInterval: 20 * time.Millisecond})
	a, _ := server2026(t, newTaskTools(), true, opts)
	b, _ := server2026(t, newTaskTools(), true, opts)
	id := a.create(t, "twice", nil)
	b.waitFor(t, id, "input_required")
	b.call(t, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{"a": map[string]any{"action": "accept"}}})
	m := a.waitFor(t, id, "completed")
	assert.Equal(t, `"again: accept"`, textOf(t, m["result"]))
}

// TestTasksBothRevisionsOnOneServer: on one stateful endpoint, go-sdk's
// 2025-11-25 client and a raw 2025-11-25 client use 2025-11-25's tasks
// while a 2026-07-28 client uses the extension; neither form leaks into the
// other.
func TestTasksBothRevisionsOnOneServer(t *testing.T) {
	noLeaks(t)
	tt := newTaskTools()
	close(tt.release)
	c26, url := server2026(t, tt, false)

	sdkClient := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "old", Version: "1"}, nil)
	cs, err := sdkClient.Connect(t.Context(), &sdkmcp.StreamableClientTransport{Endpoint: url, MaxRetries: -1}, &sdkmcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	require.NoError(t, err)
	defer cs.Close()
	assert.NotNil(t, cs.InitializeResult().Capabilities)
	res, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "wait", Arguments: map[string]any{}})
	require.NoError(t, err)
	assert.Equal(t, "released", res.Content[0].(*sdkmcp.TextContent).Text, "called plainly, it runs at once")

	old := httpClient(t, url) // asserts initialize's tasks capability
	oldTask := createTask(t, old, "research", 0)
	assert.NotZero(t, oldTask.TTL)
	r := old(t, "tasks/result", map[string]any{"taskId": oldTask.TaskID})
	require.Nil(t, r.Error, "%+v", r.Error)
	assert.Contains(t, string(r.Result), "related-task")
	var tools struct {
		Tools []struct {
			Name      string `json:"name"`
			Execution struct {
				TaskSupport string `json:"taskSupport"`
			} `json:"execution"`
		} `json:"tools"`
	}
	r = old(t, "tools/list", map[string]any{})
	require.NoError(t, json.Unmarshal(r.Result, &tools))
	support := map[string]string{}
	for _, tool := range tools.Tools {
		support[tool.Name] = tool.Execution.TaskSupport
	}
	assert.Equal(t, "required", support["research"])

	id := c26.create(t, "research", nil)
	m := c26.waitFor(t, id, "completed")
	assert.NotContains(t, string(m["result"]), "related-task")
	// The 2025-11-25 session does not see the 2026-07-28 task, owned by no
	// session.
	r = old(t, "tasks/get", map[string]any{"taskId": id})
	require.NotNil(t, r.Error)
	r = old(t, "tools/call", map[string]any{"name": "research", "arguments": map[string]any{}})
	require.NotNil(t, r.Error, "2025-11-25: a required task tool called without task")

	// A client speaking 2026-07-28 without the extension that asks for a
	// task the 2025-11-25 way gets that form, results and all.
	a := c26.send(t, "tools/call", map[string]any{"name": "research", "arguments": map[string]any{}, "task": map[string]any{}}, false, nil)
	require.Nil(t, a.Error, "%+v", a.Error)
	legacyID := str(t, gjson(t, a.Result, "task", "taskId"))
	a = c26.send(t, "tasks/result", map[string]any{"taskId": legacyID}, false, nil)
	require.Nil(t, a.Error, "%+v", a.Error)
	assert.Contains(t, string(a.Result), "related-task")
	a = c26.send(t, "tasks/get", map[string]any{"taskId": legacyID}, false, nil)
	require.Nil(t, a.Error, "%+v", a.Error)
	assert.Equal(t, "completed", str(t, gjson(t, a.Result, "status")))
	assert.NotNil(t, gjson(t, a.Result, "ttl"))
	a = c26.send(t, "tasks/list", map[string]any{}, false, nil)
	require.Nil(t, a.Error, "%+v", a.Error)
	assert.Contains(t, string(a.Result), legacyID)
	assert.NotContains(t, string(a.Result), id, "a task of the extension is never listed")
	a = c26.send(t, "tasks/get", map[string]any{"taskId": id}, false, nil)
	require.NotNil(t, a.Error, "a task of the extension needs the extension")
	assert.EqualValues(t, -32021, a.Error.Code)
}

// TestTasks2026StatusNotifications: subscriptions/listen with taskIds
// streams the acknowledgement (the client's tasks among those asked), the
// task as tasks/get shows it, each change, and ends when the task does.
func TestTasks2026StatusNotifications(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, tt *taskTools) {
		id := c.create(t, "wait", nil)
		<-tt.started

		a := c.send(t, "subscriptions/listen", map[string]any{"notifications": map[string]any{"taskIds": []string{id}}}, false, nil)
		require.NotNil(t, a.Error, "task notifications need the extension")
		assert.EqualValues(t, -32021, a.Error.Code)
		assert.Equal(t, http.StatusBadRequest, a.status)

		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		body := mustMarshal(t, map[string]any{"jsonrpc": "2.0", "id": "listen-1", "method": "subscriptions/listen", "params": map[string]any{
			"notifications": map[string]any{"taskIds": []string{id, "someone-elses", id}},
			"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "2026-07-28",
				"io.modelcontextprotocol/clientCapabilities": map[string]any{"extensions": map[string]any{mcp.TasksExtension: map[string]any{}}}}}})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		require.NoError(t, err)
		req.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"},
			"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {"subscriptions/listen"}}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
		events := make(chan map[string]json.RawMessage, 16)
		go func() {
			defer close(events)
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
					var m map[string]json.RawMessage
					if json.Unmarshal([]byte(data), &m) == nil {
						events <- m
					}
				}
			}
		}()
		next := func() map[string]json.RawMessage {
			t.Helper()
			select {
			case m, ok := <-events:
				require.True(t, ok, "the stream ended early")
				return m
			case <-ctx.Done():
				t.Fatal("no event")
				return nil
			}
		}
		m := next()
		assert.Equal(t, `"notifications/subscriptions/acknowledged"`, string(m["method"]))
		assert.JSONEq(t, `{"notifications":{"taskIds":["`+id+`"]},"_meta":{"io.modelcontextprotocol/subscriptionId":"listen-1"}}`, string(m["params"]))
		m = next()
		assert.Equal(t, `"notifications/tasks"`, string(m["method"]))
		assert.Equal(t, id, str(t, gjson(t, m["params"], "taskId")))
		assert.Equal(t, "working", str(t, gjson(t, m["params"], "status")))
		assert.Nil(t, gjson(t, m["params"], "resultType"))
		assert.Equal(t, `"listen-1"`, string(gjson(t, m["params"], "_meta", "io.modelcontextprotocol/subscriptionId")))
		close(tt.release)
		for {
			m = next()
			require.Equal(t, `"notifications/tasks"`, string(m["method"]), "%s", m)
			if str(t, gjson(t, m["params"], "status")) == "completed" {
				break
			}
		}
		assert.Equal(t, `"released"`, textOf(t, gjson(t, m["params"], "result")))
		m = next()
		assert.Equal(t, `"listen-1"`, string(m["id"]), "the listen's result ends the stream")
		assert.Equal(t, `"complete"`, string(gjson(t, m["result"], "resultType")))
		_, more := <-events
		assert.False(t, more)
	})
}

// TestTasks2026TypedQuestions: in a task of the extension, Elicit, Sample
// and ListRoots ask through the task (input_required with the question
// under its id, in MCP's InputRequest shape), and tasks/update's answer
// decodes into the typed result; a declined or malformed answer is the
// question's error.
func TestTasks2026TypedQuestions(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, _ *taskTools) {
		// answerNext waits for the one question id of method and answers it.
		answerNext := func(t *testing.T, task, id, method string, answer any) json.RawMessage {
			t.Helper()
			m := c.waitFor(t, task, "input_required")
			require.Equal(t, []string{id}, keys(t, m["inputRequests"]))
			asked := gjson(t, m["inputRequests"], id)
			assert.Equal(t, method, str(t, gjson(t, asked, "method")))
			c.call(t, "tasks/update", map[string]any{"taskId": task, "inputResponses": map[string]any{id: answer}})
			return gjson(t, asked, "params")
		}
		id := c.create(t, "typed", nil)
		params := answerNext(t, id, "who", "elicitation/create", map[string]any{"action": "accept", "content": map[string]any{"name": "Ann"}})
		assert.Equal(t, "Who are you?", str(t, gjson(t, params, "message")))
		assert.JSONEq(t, `{"type":"string"}`, string(gjson(t, params, "requestedSchema", "properties", "name")))
		params = answerNext(t, id, "poem", "sampling/createMessage", map[string]any{"role": "assistant", "model": "m", "content": map[string]any{"type": "text", "text": "roses"}})
		assert.EqualValues(t, "9", string(gjson(t, params, "maxTokens")))
		answerNext(t, id, "roots", "roots/list", map[string]any{"roots": []any{map[string]any{"uri": "file:///a"}}})
		assert.Equal(t, `"Ann roses 1"`, textOf(t, c.waitFor(t, id, "completed")["result"]))

		for answer, want := range map[string]string{
			`{"action":"decline"}`:                  `the user answered \"decline\" to the question \"who\"`,
			`{"action":"cancel"}`:                   `the user answered \"cancel\"`,
			`{"content":{"name":"Ann"}}`:            `is not a elicitation result: its action is \"\"`,
			`{"action":"accept","content":{"n":1}}`: `the answer to input request \"who\" does not fit its form: the required field \"name\" is missing`,
		} {
			id := c.create(t, "typed", nil)
			answerNext(t, id, "who", "elicitation/create", json.RawMessage(answer))
			got := textOf(t, c.waitFor(t, id, "completed")["result"])
			assert.Contains(t, got, "elicit: ", answer)
			assert.Contains(t, got, want, answer)
		}
	})
}

// TestTasks2025QuestionsCannotAsk: a task of 2025-11-25 runs after its
// request was answered: its questions are ErrCannotAsk, saying so.
func TestTasks2025QuestionsCannotAsk(t *testing.T) {
	noLeaks(t)
	_, url := server2026(t, newTaskTools(), false)
	c := httpClient(t, url)
	task := createTask(t, c, "typed", 60_000)
	waitStatus(t, c, task.TaskID, "failed") // 2025-11-25: a tool's error result fails its task
	res := c(t, "tasks/result", map[string]any{"taskId": task.TaskID})
	require.Nil(t, res.Error, "%+v", res.Error)
	got := textOf(t, res.Result)
	assert.Contains(t, got, "elicit: mcp: the client cannot be asked")
	assert.Contains(t, got, "protocol 2025-11-25")
	assert.NotContains(t, got, "outside an MCP request")
}

// TestTasks2026QuestionsNeedCapabilities: a task's questions of a kind the
// client did not declare in the call that made the task are ErrCannotAsk
// (typed or raw), and the task is not input_required.
func TestTasks2026QuestionsNeedCapabilities(t *testing.T) {
	eachMode(t, func(t *testing.T, c *client2026, _ *taskTools) {
		c.cannotBeAsked = true
		got := textOf(t, c.waitFor(t, c.create(t, "typed", nil), "completed")["result"])
		assert.Contains(t, got, `elicit: mcp: the client cannot be asked: it declared no elicitation capability in the call that made this task (question \"who\")`)
		m := c.waitFor(t, c.create(t, "ask", nil), "completed", "failed")
		assert.Equal(t, "failed", str(t, m["status"]))
		assert.Contains(t, str(t, gjson(t, m["error"], "message")), "declared no elicitation capability")
	})
}
