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

const objectSchema = `{"type":"object"}`

// taskTools are the tools of the task tests: wait (optional; runs until
// released or cancelled, reporting progress), research (required), fails
// (an isError result) and panics, and plain (no tasks).
type taskTools struct {
	release  chan struct{}
	started  chan struct{}
	canceled atomic.Int32
}

func newTaskTools() *taskTools {
	return &taskTools{release: make(chan struct{}), started: make(chan struct{}, 16)}
}

func (tt *taskTools) tools() []toolgen.Tool {
	return []toolgen.Tool{
		{Name: "wait", Description: "waits", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Annotations: toolgen.Annotations{Idempotent: true},
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				tt.started <- struct{}{}
				toolgen.ReportProgress(ctx, toolgen.Progress{Message: "waiting", Progress: 1, Total: 2, Partial: json.RawMessage(`{"waited":1}`)})
				select {
				case <-tt.release:
					return toolgen.TextResult("released"), nil
				case <-ctx.Done():
					tt.canceled.Add(1)
					return toolgen.Result{}, ctx.Err()
				}
			}},
		{Name: "research", Description: "researches", InputSchema: []byte(objectSchema), Task: toolgen.TaskRequired,
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				return toolgen.TextResult("found " + string(args)), nil
			}},
		{Name: "fails", Description: "fails", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Call: func(context.Context, []byte) (toolgen.Result, error) {
				return toolgen.ErrorResult("it broke"), nil
			}},
		{Name: "panics", Description: "panics", InputSchema: []byte(objectSchema), Task: toolgen.TaskOptional,
			Call: func(context.Context, []byte) (toolgen.Result, error) { panic("boom") }},
		{Name: "plain", Description: "plain", InputSchema: []byte(objectSchema),
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("plain"), nil }},
	}
}

// rpcResult is a JSON-RPC answer.
type rpcResult struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// rawClient sends JSON-RPC requests and returns their answers.
type rawClient func(t *testing.T, method string, params any) rpcResult

// inMemoryClient connects a raw JSON-RPC stream (newline-delimited JSON,
// as stdio) to srv through srv.Transport, and initializes the session.
func inMemoryClient(t *testing.T, srv *mcp.Server) rawClient {
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	ss, err := srv.SDK().Connect(t.Context(), srv.Transport(&sdkmcp.IOTransport{Reader: toServer, Writer: toClient}), nil)
	require.NoError(t, err)
	lines := make(chan []byte, 16)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(fromServer)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- bytes.Clone(sc.Bytes())
		}
	}()
	t.Cleanup(func() {
		_ = fromClient.Close()
		_ = ss.Wait()
		_ = fromServer.Close()
		for range lines {
		}
	})
	var mu sync.Mutex
	waiting := map[int64]chan rpcResult{}
	go func() {
		for line := range lines {
			var m struct {
				ID *int64 `json:"id"`
				rpcResult
			}
			if json.Unmarshal(line, &m) != nil || m.ID == nil {
				continue
			}
			mu.Lock()
			ch := waiting[*m.ID]
			delete(waiting, *m.ID)
			mu.Unlock()
			if ch != nil {
				ch <- m.rpcResult
			}
		}
	}()
	var next atomic.Int64
	c := func(t *testing.T, method string, params any) rpcResult {
		t.Helper()
		id := next.Add(1)
		ch := make(chan rpcResult, 1)
		mu.Lock()
		waiting[id] = ch
		mu.Unlock()
		msg := mustMarshal(t, map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
		_, err := fromClient.Write(append(msg, '\n'))
		require.NoError(t, err)
		select {
		case r := <-ch:
			return r
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %s", method)
			return rpcResult{}
		}
	}
	res := c(t, "initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "1"}})
	require.Nil(t, res.Error)
	assert.NotNil(t, gjson(t, res.Result, "capabilities", "tasks"))
	_, err = fromClient.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}` + "\n"))
	require.NoError(t, err)
	return c
}

func mustMarshal(t *testing.T, v any) json.RawMessage {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// httpClient speaks JSON-RPC to url over streamable HTTP, initializing a
// session first when the server has them.
func httpClient(t *testing.T, url string) rawClient { return httpClientWith(t, url, nil) }

// httpClientWith is httpClient sending header with each request.
func httpClientWith(t *testing.T, url string, header http.Header) rawClient {
	session := ""
	next := 0
	send := func(t *testing.T, method string, params any) rpcResult {
		t.Helper()
		next++
		body := mustMarshal(t, map[string]any{"jsonrpc": "2.0", "id": next, "method": method, "params": params})
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, bytes.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		for k, v := range header {
			req.Header[k] = v
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
		if id := resp.Header.Get("Mcp-Session-Id"); id != "" {
			session = id
		}
		if i := bytes.Index(b, []byte("data: ")); i >= 0 && !bytes.HasPrefix(b, []byte("{")) {
			b = b[i+len("data: "):]
			b = b[:bytes.IndexByte(b, '\n')]
		}
		var out rpcResult
		require.NoError(t, json.Unmarshal(b, &out), string(b))
		return out
	}
	res := send(t, "initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "raw", "version": "1"}})
	require.Nil(t, res.Error)
	assert.JSONEq(t, `{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}`,
		string(gjson(t, res.Result, "capabilities", "tasks")))
	return send
}

// gjson digs a member out of JSON by keys.
func gjson(t *testing.T, b json.RawMessage, keys ...string) json.RawMessage {
	t.Helper()
	for _, k := range keys {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(b, &m), string(b))
		b = m[k]
	}
	return b
}

type wireTask struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	StatusMessage string `json:"statusMessage"`
	CreatedAt     string `json:"createdAt"`
	LastUpdatedAt string `json:"lastUpdatedAt"`
	TTL           int64  `json:"ttl"`
	PollInterval  int64  `json:"pollInterval"`
}

func createTask(t *testing.T, c rawClient, tool string, ttl int) wireTask {
	t.Helper()
	res := c(t, "tools/call", map[string]any{"name": tool, "arguments": map[string]any{"q": 1}, "task": map[string]any{"ttl": ttl}})
	require.Nil(t, res.Error, "%+v", res.Error)
	var out struct{ Task wireTask }
	require.NoError(t, json.Unmarshal(res.Result, &out))
	require.NotEmpty(t, out.Task.TaskID)
	return out.Task
}

func getTask(t *testing.T, c rawClient, id string) wireTask {
	t.Helper()
	res := c(t, "tasks/get", map[string]any{"taskId": id})
	require.Nil(t, res.Error, "%+v", res.Error)
	var w wireTask
	require.NoError(t, json.Unmarshal(res.Result, &w))
	return w
}

func waitStatus(t *testing.T, c rawClient, id, status string) wireTask {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		w := getTask(t, c, id)
		if w.Status == status || time.Now().After(deadline) {
			require.Equal(t, status, w.Status)
			return w
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// transports runs f against a server of tt's tools on each transport.
func eachTransport(t *testing.T, opts []mcp.ServerOption, f func(t *testing.T, c rawClient, tt *taskTools)) {
	for _, name := range []string{"in-memory", "http-stateful", "http-stateless"} {
		t.Run(name, func(t *testing.T) {
			noLeaks(t)
			tt := newTaskTools()
			srv, err := mcp.NewServer("tasks", "1.0.0", tt.tools(), opts...)
			require.NoError(t, err)
			var c rawClient
			switch name {
			case "in-memory":
				c = inMemoryClient(t, srv)
			default:
				c = httpClient(t, "http://"+serve(t, srv, mcp.HTTPOptions{Stateless: name == "http-stateless"})+mcp.Path)
			}
			f(t, c, tt)
		})
	}
}

func TestTaskToolsListAdvertisesTaskSupport(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, c rawClient, _ *taskTools) {
		res := c(t, "tools/list", map[string]any{})
		require.Nil(t, res.Error)
		var list struct {
			Tools []struct {
				Name      string
				Execution *struct{ TaskSupport string }
			}
		}
		require.NoError(t, json.Unmarshal(res.Result, &list))
		got := map[string]string{}
		for _, tl := range list.Tools {
			if tl.Execution != nil {
				got[tl.Name] = tl.Execution.TaskSupport
			}
		}
		assert.Equal(t, map[string]string{"wait": "optional", "research": "required", "fails": "optional", "panics": "optional"}, got)
	})
}

func TestTaskLifecycle(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, c rawClient, tt *taskTools) {
		task := createTask(t, c, "wait", 60_000)
		assert.Equal(t, "working", task.Status)
		assert.EqualValues(t, 60_000, task.TTL)
		assert.EqualValues(t, 1000, task.PollInterval)
		_, err := time.Parse(time.RFC3339, task.CreatedAt)
		require.NoError(t, err)
		<-tt.started
		w := waitStatus(t, c, task.TaskID, "working")
		// The progress report becomes the status message.
		deadline := time.Now().Add(5 * time.Second)
		for w.StatusMessage != "waiting (1/2)" && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
			w = getTask(t, c, task.TaskID)
		}
		assert.Equal(t, "waiting (1/2)", w.StatusMessage)

		// tasks/result blocks until the task ends.
		got := make(chan rpcResult, 1)
		go func() { got <- c(t, "tasks/result", map[string]any{"taskId": task.TaskID}) }()
		select {
		case <-got:
			t.Fatal("tasks/result answered before the task ended")
		case <-time.After(50 * time.Millisecond):
		}
		close(tt.release)
		res := <-got
		require.Nil(t, res.Error)
		assert.Equal(t, `"released"`, textOf(t, res.Result))
		assert.JSONEq(t, fmt.Sprintf(`{"taskId":%q}`, task.TaskID), string(gjson(t, res.Result, "_meta", "io.modelcontextprotocol/related-task")))
		assert.Equal(t, "completed", getTask(t, c, task.TaskID).Status)

		list := c(t, "tasks/list", map[string]any{})
		require.Nil(t, list.Error)
		assert.Contains(t, string(list.Result), task.TaskID)

		// Cancelling a finished task is invalid params.
		res = c(t, "tasks/cancel", map[string]any{"taskId": task.TaskID})
		require.NotNil(t, res.Error)
		assert.EqualValues(t, -32602, res.Error.Code)
	})
}

// textOf is the first text content of a CallToolResult, quoted.
func textOf(t *testing.T, result json.RawMessage) string {
	t.Helper()
	var r struct {
		Content []struct{ Text string }
	}
	require.NoError(t, json.Unmarshal(result, &r))
	require.NotEmpty(t, r.Content)
	return fmt.Sprintf("%q", r.Content[0].Text)
}

func TestTaskCancel(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, c rawClient, tt *taskTools) {
		task := createTask(t, c, "wait", 60_000)
		<-tt.started
		res := c(t, "tasks/cancel", map[string]any{"taskId": task.TaskID})
		require.Nil(t, res.Error)
		var w wireTask
		require.NoError(t, json.Unmarshal(res.Result, &w))
		assert.Equal(t, "cancelled", w.Status)
		deadline := time.Now().Add(5 * time.Second)
		for tt.canceled.Load() == 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		assert.EqualValues(t, 1, tt.canceled.Load(), "the tool's context was cancelled")
		assert.Equal(t, "cancelled", getTask(t, c, task.TaskID).Status, "stays cancelled after the tool returns")
		res = c(t, "tasks/result", map[string]any{"taskId": task.TaskID})
		require.Nil(t, res.Error)
		assert.Contains(t, textOf(t, res.Result), "cancelled")
	})
}

func TestTaskErrors(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, c rawClient, _ *taskTools) {
		for _, m := range []string{"tasks/get", "tasks/result", "tasks/cancel"} {
			res := c(t, m, map[string]any{"taskId": "nope"})
			require.NotNil(t, res.Error, m)
			assert.EqualValues(t, -32602, res.Error.Code, m)
		}
		res := c(t, "tasks/list", map[string]any{"cursor": "garbage"})
		require.NotNil(t, res.Error)
		assert.EqualValues(t, -32602, res.Error.Code)

		// A required tool called without a task; a plain tool called as one.
		res = c(t, "tools/call", map[string]any{"name": "research", "arguments": map[string]any{}})
		require.NotNil(t, res.Error)
		assert.EqualValues(t, -32601, res.Error.Code)
		assert.Contains(t, res.Error.Message, "task")
		res = c(t, "tools/call", map[string]any{"name": "plain", "arguments": map[string]any{}, "task": map[string]any{}})
		require.NotNil(t, res.Error)
		assert.EqualValues(t, -32601, res.Error.Code)
		// The plain tool still works plainly, and the optional one too.
		res = c(t, "tools/call", map[string]any{"name": "plain", "arguments": map[string]any{}})
		require.Nil(t, res.Error)
		assert.Equal(t, `"plain"`, textOf(t, res.Result))

		// A tool's isError result fails the task, with the result kept.
		task := createTask(t, c, "fails", 0)
		waitStatus(t, c, task.TaskID, "failed")
		res = c(t, "tasks/result", map[string]any{"taskId": task.TaskID})
		require.Nil(t, res.Error)
		assert.Equal(t, "true", string(gjson(t, res.Result, "isError")))
		assert.Equal(t, `"it broke"`, textOf(t, res.Result))

		// A panic is the tool's failure too: an isError result.
		task = createTask(t, c, "panics", 0)
		waitStatus(t, c, task.TaskID, "failed")
		res = c(t, "tasks/result", map[string]any{"taskId": task.TaskID})
		require.Nil(t, res.Error)
		assert.Contains(t, textOf(t, res.Result), "boom")

		task = createTask(t, c, "research", 0)
		waitStatus(t, c, task.TaskID, "completed")
		res = c(t, "tasks/result", map[string]any{"taskId": task.TaskID})
		require.Nil(t, res.Error)
		assert.Equal(t, `"found {\"q\":1}"`, textOf(t, res.Result))
	})
}

func TestTaskTTLExpires(t *testing.T) {
	eachTransport(t, nil, func(t *testing.T, c rawClient, _ *taskTools) {
		task := createTask(t, c, "research", 50)
		assert.EqualValues(t, 50, task.TTL)
		time.Sleep(80 * time.Millisecond)
		res := c(t, "tasks/get", map[string]any{"taskId": task.TaskID})
		require.NotNil(t, res.Error)
		assert.EqualValues(t, -32602, res.Error.Code)
	})
}

func TestTaskLimits(t *testing.T) {
	opts := []mcp.ServerOption{mcp.WithTasks(mcp.TaskOptions{MaxPerOwner: 2, MaxTotal: 3, MaxTTL: time.Minute})}
	eachTransport(t, opts, func(t *testing.T, c rawClient, tt *taskTools) {
		// Two running tasks are the most a client may have.
		a := createTask(t, c, "wait", 3_600_000)
		assert.EqualValues(t, 60_000, a.TTL, "the ttl is capped")
		createTask(t, c, "wait", 0)
		res := c(t, "tools/call", map[string]any{"name": "research", "arguments": map[string]any{}, "task": map[string]any{}})
		require.NotNil(t, res.Error)
		assert.Contains(t, res.Error.Message, "too many tasks")
		close(tt.release)
		waitStatus(t, c, a.TaskID, "completed")

		// At three tasks kept, a new one takes the place of the finished
		// one updated longest ago.
		first := createTask(t, c, "research", 0)
		waitStatus(t, c, first.TaskID, "completed")
		for range 3 {
			w := createTask(t, c, "research", 0)
			waitStatus(t, c, w.TaskID, "completed")
		}
		res = c(t, "tasks/get", map[string]any{"taskId": first.TaskID})
		require.NotNil(t, res.Error, "the oldest finished task made room")
	})
}

// TestTasksAreTheirOwners: a task made on one session or connection is
// unknown to another.
func TestTasksAreTheirOwners(t *testing.T) {
	noLeaks(t)
	tt := newTaskTools()
	srv, err := mcp.NewServer("tasks", "1.0.0", tt.tools())
	require.NoError(t, err)
	url := "http://" + serve(t, srv, mcp.HTTPOptions{}) + mcp.Path
	a, b := httpClient(t, url), httpClient(t, url)
	task := createTask(t, a, "research", 0)
	waitStatus(t, a, task.TaskID, "completed")
	for _, m := range []string{"tasks/get", "tasks/result", "tasks/cancel"} {
		res := b(t, m, map[string]any{"taskId": task.TaskID})
		require.NotNil(t, res.Error, m)
		assert.EqualValues(t, -32602, res.Error.Code)
	}
	res := b(t, "tasks/list", map[string]any{})
	require.Nil(t, res.Error)
	assert.NotContains(t, string(res.Result), task.TaskID)

	x, y := inMemoryClient(t, srv), inMemoryClient(t, srv)
	task = createTask(t, x, "research", 0)
	res = y(t, "tasks/get", map[string]any{"taskId": task.TaskID})
	require.NotNil(t, res.Error)
	assert.True(t, strings.Contains(res.Error.Message, "not found"))
}

// TestTaskOfDeadReplica: replicas share a store; a task whose replica's
// lease lapsed (it died) fails on the next tasks/get, unless its tool is
// idempotent, which another replica runs again.
func TestTaskOfDeadReplica(t *testing.T) {
	noLeaks(t)
	store := mcp.NewMemoryTaskStore()
	tt := newTaskTools()
	close(tt.release)
	srv, err := mcp.NewServer("tasks", "1.0.0", tt.tools(), mcp.WithTasks(mcp.TaskOptions{Store: store, Replica: "b", Lease: 300 * time.Millisecond}))
	require.NoError(t, err)
	c := httpClient(t, "http://"+serve(t, srv, mcp.HTTPOptions{Stateless: true})+mcp.Path)
	now := time.Now()
	dead := func(id, tool string, idempotent bool) {
		require.NoError(t, store.Create(t.Context(), mcp.TaskRecord{
			ID: id, Tool: tool, Arguments: json.RawMessage(`{}`), Idempotent: idempotent,
			Status: mcp.TaskWorking, CreatedAt: now, UpdatedAt: now, TTL: time.Hour, ExpiresAt: now.Add(time.Hour),
			Replica: "a", LeaseExpiry: now.Add(-time.Second), Attempts: 1,
		}, mcp.TaskLimits{}, now))
	}
	dead("not-idempotent", "research", false)
	w := getTask(t, c, "not-idempotent")
	assert.Equal(t, "failed", w.Status)
	assert.Contains(t, w.StatusMessage, "may or may not have run")
	res := c(t, "tasks/result", map[string]any{"taskId": "not-idempotent"})
	require.NotNil(t, res.Error)
	assert.Contains(t, res.Error.Message, "stopped")

	dead("idempotent", "wait", true)
	res = c(t, "tasks/result", map[string]any{"taskId": "idempotent"})
	require.Nil(t, res.Error, "%+v", res.Error)
	assert.Equal(t, `"released"`, textOf(t, res.Result))
	rec, err := store.Get(t.Context(), "idempotent", time.Now())
	require.NoError(t, err)
	assert.Equal(t, "b", rec.Replica)
	assert.Equal(t, 2, rec.Attempts)
}

// TestTasksBelongToTheTokenSubject: with bearer tokens, a task belongs to
// the token's subject, across sessions, and no other subject reaches it.
func TestTasksBelongToTheTokenSubject(t *testing.T) {
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
	as := func(user string) rawClient {
		return httpClientWith(t, url, http.Header{"Authorization": {"Bearer " + user + "-token"}})
	}
	alice := as("alice")
	task := createTask(t, alice, "research", 0)
	waitStatus(t, as("alice"), task.TaskID, "completed") // another session of hers
	bob := as("bob")
	res := bob(t, "tasks/get", map[string]any{"taskId": task.TaskID})
	require.NotNil(t, res.Error)
	assert.EqualValues(t, -32602, res.Error.Code)
	res = bob(t, "tasks/list", map[string]any{})
	require.Nil(t, res.Error)
	assert.NotContains(t, string(res.Result), task.TaskID)
}

// TestTaskCancelOnAnotherReplica: replicas share a store; a task cancelled
// through one is cancelled on the one running it at its next lease
// renewal, and either answers for it.
func TestTaskCancelOnAnotherReplica(t *testing.T) {
	noLeaks(t)
	store := mcp.NewMemoryTaskStore()
	opts := mcp.WithTasks(mcp.TaskOptions{Store: store, Lease: 300 * time.Millisecond})
	tt := newTaskTools()
	a, err := mcp.NewServer("tasks", "1.0.0", tt.tools(), opts)
	require.NoError(t, err)
	b, err := mcp.NewServer("tasks", "1.0.0", newTaskTools().tools(), opts)
	require.NoError(t, err)
	ca := httpClient(t, "http://"+serve(t, a, mcp.HTTPOptions{Stateless: true})+mcp.Path)
	cb := httpClient(t, "http://"+serve(t, b, mcp.HTTPOptions{Stateless: true})+mcp.Path)
	task := createTask(t, ca, "wait", 0)
	<-tt.started
	assert.Equal(t, "working", getTask(t, cb, task.TaskID).Status)
	res := cb(t, "tasks/cancel", map[string]any{"taskId": task.TaskID})
	require.Nil(t, res.Error)
	deadline := time.Now().Add(5 * time.Second)
	for tt.canceled.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	assert.EqualValues(t, 1, tt.canceled.Load(), "replica a cancelled its tool")
	assert.Equal(t, "cancelled", getTask(t, ca, task.TaskID).Status)
}
