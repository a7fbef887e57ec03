package pgtasks_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/pgtest"
	"github.com/toolgen-dev/toolgen/mcp"
)

// lease is the replicas' task lease: a task whose replica died is taken
// over after at most this long.
const lease = 2 * time.Second

// TestReplicaKilled runs three replicas of an MCP server with its tasks in
// PostgreSQL (internal/taskreplica: stateless streamable HTTP, tools crunch,
// idempotent, and charge, not) behind nginx, round robin with no affinity,
// kills the replica running a task, and checks what a client sees through
// nginx and from each replica left:
//
//   - a task completed on a replica that then dies: tasks/get and
//     tasks/result on every other replica serve its status and result;
//   - a task of charge (not idempotent) whose replica is killed mid-call:
//     once its lease lapses, tasks/get on any replica reports it failed
//     ("the server running this task stopped; the tool may or may not have
//     run"), tasks/result answers that error, and the call never runs again;
//   - a task of crunch (idempotent) whose replica is killed mid-call: another
//     replica runs it again, and tasks/result through nginx gets that run's
//     result;
//   - tasks/cancel sent to another replica than the one running the task:
//     the task is cancelled at once, and the running replica's tool sees its
//     context cancelled soon after (NOTIFY), well within the lease's renewal
//     interval;
//   - package mcp's client, through nginx, polling a task whose replica is
//     killed: it gets the re-run's result, or the rule's error;
//   - tasks/result waiting on a replica that does not run the task is
//     answered soon after the tool returns (NOTIFY), not at its next read
//     of the store;
//   - the same in the 2026-07-28 tasks extension's form: a tool's question
//     answered (tasks/update) on another replica resumes it; a killed
//     replica's task waiting for input fails with the rule's error, an
//     idempotent one runs again and completes with its result inline.
func TestReplicaKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an MCP server and starts nginx and PostgreSQL")
	}
	nginxBin := pgtest.FindNginx(t)
	c := startTaskCluster(t, nginxBin, pgtest.Shared(t).URL)

	t.Run("completed_task_outlives_its_replica", func(t *testing.T) { completedTaskOutlivesItsReplica(t, c) })
	t.Run("not_idempotent_fails_when_its_replica_dies", func(t *testing.T) { notIdempotentFails(t, c) })
	t.Run("idempotent_runs_again_on_another_replica", func(t *testing.T) { idempotentRunsAgain(t, c) })
	t.Run("cancel_on_another_replica_stops_the_tool", func(t *testing.T) { cancelOnAnotherReplica(t, c) })
	t.Run("mcp_client_rides_through_the_kill", func(t *testing.T) { mcpClientRidesThrough(t, c) })
	t.Run("result_waiter_on_another_replica_woken", func(t *testing.T) { resultWaiterWoken(t, c) })
	t.Run("extension_answer_on_another_replica_wakes_the_tool", func(t *testing.T) { extensionAnswerOnAnotherReplica(t, c) })
	t.Run("extension_tasks_of_a_killed_replica", func(t *testing.T) { extensionTasksOfAKilledReplica(t, c) })
}

// The tasks extension of protocol 2026-07-28 over the same store: the
// task's questions and the client's answers live in the table, so that a
// tasks/update reaching any replica resumes the tool on the one running it
// (woken by NOTIFY), and a killed replica's tasks end as 2025-11-25's do,
// in the extension's form.

// call26 sends a 2026-07-28 request declaring the tasks extension to url.
func (c *taskCluster) call26(t *testing.T, url, method string, params map[string]any) map[string]json.RawMessage {
	t.Helper()
	p := map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/protocolVersion": "2026-07-28",
		"io.modelcontextprotocol/clientCapabilities": map[string]any{"elicitation": map[string]any{}, "extensions": map[string]any{mcp.TasksExtension: map[string]any{}}}}}
	for k, v := range params {
		p[k] = v
	}
	name, _ := params["taskId"].(string)
	if method == "tools/call" {
		name = params["name"].(string)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	res, err := sendAt(ctx, url, method, p, map[string]string{"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": method, "Mcp-Name": name})
	require.NoError(t, err)
	require.Nil(t, res.Error, "%s at %s: %+v", method, url, res.Error)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(res.Result, &m))
	return m
}

// waitStatus26 polls the extension's tasks/get at url until the task is in
// status, at most within.
func (c *taskCluster) waitStatus26(t *testing.T, url, id, status string, within time.Duration) map[string]json.RawMessage {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		m := c.call26(t, url, "tasks/get", map[string]any{"taskId": id})
		var got string
		require.NoError(t, json.Unmarshal(m["status"], &got))
		if got == status {
			return m
		}
		require.False(t, time.Now().After(deadline), "task %s is %s, not %s, after %s", id, got, status, within)
		time.Sleep(20 * time.Millisecond)
	}
}

func (c *taskCluster) create26(t *testing.T, url, tool, name string) string {
	t.Helper()
	m := c.call26(t, url, "tools/call", map[string]any{"name": tool, "arguments": map[string]any{"name": name}})
	require.Equal(t, `"task"`, string(m["resultType"]))
	var id string
	require.NoError(t, json.Unmarshal(m["taskId"], &id))
	return id
}

func extensionAnswerOnAnotherReplica(t *testing.T, c *taskCluster) {
	for round := range 3 {
		name := fmt.Sprint("ask-", round)
		id := c.create26(t, c.URL, "confirm", name)
		ran := c.WaitRun(t, "confirm "+name)
		other := c.urlsBut(ran)[round%2]
		m := c.waitStatus26(t, other, id, "input_required", 10*time.Second)
		assert.Contains(t, string(m["inputRequests"]), `"elicitation/create"`)
		answered := time.Now()
		ack := c.call26(t, other, "tasks/update", map[string]any{"taskId": id, "inputResponses": map[string]any{"ok": map[string]any{"action": "accept"}}})
		assert.Equal(t, map[string]json.RawMessage{"resultType": json.RawMessage(`"complete"`)}, ack)
		m = c.waitStatus26(t, c.URL, id, "completed", 10*time.Second)
		t.Logf("the tool on %s resumed and finished %s after the answer reached another replica", ran, time.Since(answered).Round(time.Millisecond))
		assert.Equal(t, "confirm "+name+" by "+ran+": accept", textOf(t, m["result"]))
	}
}

func extensionTasksOfAKilledReplica(t *testing.T, c *taskCluster) {
	// Not idempotent, waiting for input: failed, with the JSON-RPC error.
	id := c.create26(t, c.URL, "confirm", "killed-1")
	ran := c.WaitRun(t, "confirm killed-1")
	c.waitStatus26(t, c.urlsBut(ran)[0], id, "input_required", 10*time.Second)
	c.Kill(t, ran)
	m := c.waitStatus26(t, c.URL, id, "failed", lease+10*time.Second)
	assert.NotContains(t, m, "result")
	assert.NotContains(t, m, "inputRequests")
	assert.JSONEq(t, `{"code":-32603,"message":"the server running this task stopped; the tool may or may not have run"}`, string(m["error"]))
	c.Restart(t, ran)

	// Idempotent: run again elsewhere, its result inline.
	id = c.create26(t, c.URL, "crunch", "held-e2")
	ran = c.WaitRun(t, "crunch held-e2")
	c.Kill(t, ran)
	deadline := time.Now().Add(lease + 10*time.Second)
	for c.CountRuns(t, "crunch held-e2") < 2 {
		require.False(t, time.Now().After(deadline), "crunch held-e2 did not run again")
		c.call26(t, c.URL, "tasks/get", map[string]any{"taskId": id}) // a replica that finds the lease lapsed takes it over
		time.Sleep(50 * time.Millisecond)
	}
	c.Release(t, "held-e2")
	m = c.waitStatus26(t, c.URL, id, "completed", 10*time.Second)
	assert.NotEqual(t, "crunch held-e2 by "+ran, textOf(t, m["result"]))
	assert.NotContains(t, string(m["result"]), "related-task")
	c.Restart(t, ran)
}

func completedTaskOutlivesItsReplica(t *testing.T, c *taskCluster) {
	id := c.create(t, c.URL, "crunch", "quick-1")
	c.waitStatus(t, c.URL, id, "completed", 10*time.Second)
	ran := c.WaitRun(t, "crunch quick-1") // ran already: the task completed
	c.Kill(t, ran)
	for _, url := range append(c.urlsBut(ran), c.URL) {
		task := c.get(t, url, id)
		assert.Equal(t, "completed", task.Status, "tasks/get at %s", url)
		res := c.call(t, url, "tasks/result", map[string]any{"taskId": id})
		require.Nil(t, res.Error, "tasks/result at %s: %+v", url, res.Error)
		assert.Equal(t, "crunch quick-1 by "+ran, textOf(t, res.Result), "the result, served by a replica that did not run it")
		assert.JSONEq(t, `{"taskId":"`+id+`"}`, string(member(t, res.Result, "_meta", "io.modelcontextprotocol/related-task")))
	}
	c.Restart(t, ran)
}

func notIdempotentFails(t *testing.T, c *taskCluster) {
	id := c.create(t, c.URL, "charge", "held-2")
	ran := c.WaitRun(t, "charge held-2")
	killed := time.Now()
	c.Kill(t, ran)
	first := c.get(t, c.URL, id)
	assert.Equal(t, "working", first.Status, "the lease has not lapsed yet")

	task := c.waitStatus(t, c.URL, id, "failed", lease+10*time.Second)
	t.Logf("failed %s after the kill (lease %s)", time.Since(killed).Round(time.Millisecond), lease)
	assert.Equal(t, "The server running this task stopped; the tool may or may not have run.", task.StatusMessage)
	for _, url := range append(c.urlsBut(ran), c.URL) {
		assert.Equal(t, "failed", c.get(t, url, id).Status, "tasks/get at %s", url)
		res := c.call(t, url, "tasks/result", map[string]any{"taskId": id})
		require.NotNil(t, res.Error, "tasks/result at %s: %s", url, res.Result)
		assert.Equal(t, int64(-32603), res.Error.Code)
		assert.Equal(t, "the server running this task stopped; the tool may or may not have run", res.Error.Message)
	}
	c.Release(t, "held-2")
	time.Sleep(lease) // a sweep or two on the replicas left
	assert.Equal(t, 1, c.CountRuns(t, "charge held-2"), "a call that is not idempotent never runs again")
	c.Restart(t, ran)
}

func idempotentRunsAgain(t *testing.T, c *taskCluster) {
	id := c.create(t, c.URL, "crunch", "held-3")
	ran := c.WaitRun(t, "crunch held-3")
	killed := time.Now()
	c.Kill(t, ran)
	var again string
	deadline := time.Now().Add(lease + 10*time.Second)
	for again == "" {
		require.False(t, time.Now().After(deadline), "crunch held-3 did not run again within %s", lease+10*time.Second)
		task := c.get(t, c.URL, id) // a replica that finds the lease lapsed takes the task over
		require.Equal(t, "working", task.Status)
		for _, line := range c.Runs(t) {
			if r, ok := strings.CutSuffix(line, " crunch held-3"); ok && r != ran {
				again = r
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("ran again on %s, %s after the kill (lease %s)", again, time.Since(killed).Round(time.Millisecond), lease)
	assert.Equal(t, "The server running this task stopped; the tool is idempotent and runs again.", c.get(t, c.URL, id).StatusMessage)
	c.Release(t, "held-3")
	res := c.call(t, c.URL, "tasks/result", map[string]any{"taskId": id}) // waits until it is done
	require.Nil(t, res.Error, "%+v", res.Error)
	assert.Equal(t, "crunch held-3 by "+again, textOf(t, res.Result))
	assert.Equal(t, 2, c.CountRuns(t, "crunch held-3"))
	c.Restart(t, ran)
}

func cancelOnAnotherReplica(t *testing.T, c *taskCluster) {
	id := c.create(t, c.URL, "charge", "held-4")
	ran := c.WaitRun(t, "charge held-4")
	other := c.urlsBut(ran)[0]
	res := c.call(t, other, "tasks/cancel", map[string]any{"taskId": id})
	require.Nil(t, res.Error, "%+v", res.Error)
	var task wireTask
	require.NoError(t, json.Unmarshal(res.Result, &task))
	assert.Equal(t, "cancelled", task.Status)
	asked := time.Now()
	require.Eventually(t, func() bool { return c.CountRuns(t, "charge held-4 cancelled") == 1 }, lease+5*time.Second, 20*time.Millisecond,
		"the tool on %s sees its context cancelled", ran)
	took := time.Since(asked)
	t.Logf("the tool on %s was cancelled %s after tasks/cancel on another replica", ran, took.Round(time.Millisecond))
	assert.Less(t, took, 400*time.Millisecond, "woken by the cancel's NOTIFY, not at the next lease renewal (every %s)", lease/3)
	assert.Equal(t, "cancelled", c.get(t, c.URL, id).Status)
}

// mcpClientRidesThrough: package mcp's client, through nginx, calls
// crunch as a task (WithPreferTasks) and polls; the replica running it is
// killed; the call returns the result of the run on another replica. A
// call of charge cut the same way returns the rule's error.
func mcpClientRidesThrough(t *testing.T, c *taskCluster) {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	client, err := mcp.Connect(ctx, mcp.URL(c.URL, nil), mcp.WithPreferTasks())
	require.NoError(t, err)
	defer client.Close()

	type answer struct {
		res toolgen.Result
		err error
	}
	call := func(tool, name string) <-chan answer {
		got := make(chan answer, 1)
		go func() {
			res, err := client.CallTool(ctx, tool, []byte(`{"name":"`+name+`"}`))
			got <- answer{res, err}
		}()
		return got
	}

	got := call("crunch", "held-5")
	ran := c.WaitRun(t, "crunch held-5")
	c.Kill(t, ran)
	deadline := time.Now().Add(lease + 10*time.Second)
	for c.CountRuns(t, "crunch held-5") < 2 {
		require.False(t, time.Now().After(deadline), "crunch held-5 did not run again")
		time.Sleep(20 * time.Millisecond)
	}
	c.Release(t, "held-5")
	a := <-got
	require.NoError(t, a.err)
	again := ""
	for _, line := range c.Runs(t) {
		if r, ok := strings.CutSuffix(line, " crunch held-5"); ok && r != ran {
			again = r
		}
	}
	assert.Equal(t, "crunch held-5 by "+again, a.res.Text())
	c.Restart(t, ran)

	got = call("charge", "held-6")
	ran = c.WaitRun(t, "charge held-6")
	c.Kill(t, ran)
	a = <-got
	rpcErr, ok := errors.AsType[*mcp.RPCError](a.err)
	require.True(t, ok, "%v", a.err)
	assert.Equal(t, int64(-32603), rpcErr.Code)
	assert.Equal(t, "the server running this task stopped; the tool may or may not have run", rpcErr.Message)
	assert.True(t, a.res.IsError, "the model reads a failed result")
	c.Release(t, "held-6")
	assert.Equal(t, 1, c.CountRuns(t, "charge held-6"))
	c.Restart(t, ran)
}

// resultWaiterWoken: tasks/result sent to a replica that does not run the
// task waits for it; the tool's return there is announced by NOTIFY, so the
// answer comes within a fraction of the replicas' store polling interval
// (a third of the lease).
func resultWaiterWoken(t *testing.T, c *taskCluster) {
	var took []time.Duration
	for round := range 3 {
		name := fmt.Sprint("held-w", round)
		id := c.create(t, c.URL, "crunch", name)
		ran := c.WaitRun(t, "crunch "+name)
		other := c.urlsBut(ran)[0]
		type answer struct {
			res rpcResult
			err error
		}
		got := make(chan answer, 1)
		go func() {
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			res, err := send(ctx, other, "tasks/result", map[string]any{"taskId": id})
			got <- answer{res, err}
		}()
		time.Sleep(100 * time.Millisecond) // the waiter waits
		released := time.Now()
		c.Release(t, name)
		a := <-got
		took = append(took, time.Since(released))
		require.NoError(t, a.err)
		require.Nil(t, a.res.Error, "%+v", a.res.Error)
		assert.Equal(t, "crunch "+name+" by "+ran, textOf(t, a.res.Result))
	}
	t.Logf("tasks/result on another replica answered %v after the release (the tool sees it within 20 ms; the store is polled every %s)", took, lease/3)
	for _, d := range took {
		assert.Less(t, d, 250*time.Millisecond, "woken, not polled")
	}
}

// taskCluster is nginx in front of three taskreplica processes, r1 to r3,
// on 127.0.0.1, their tasks in one PostgreSQL table.
type taskCluster struct{ *pgtest.Cluster }

func startTaskCluster(t *testing.T, nginxBin, db string) *taskCluster {
	return &taskCluster{pgtest.StartCluster(t, nginxBin, pgtest.ClusterConfig{
		Package: "./internal/taskreplica", Names: []string{"r1", "r2", "r3"}, Location: "/mcp",
		Args: []string{"-db", db, "-table", pgtest.TableName(t, "tasks"), "-lease", lease.String()},
	})}
}

// urlsBut are the URLs of the replicas other than name.
func (c *taskCluster) urlsBut(name string) []string {
	var out []string
	for _, r := range c.Replicas {
		if r.Name != name {
			out = append(out, r.URL)
		}
	}
	return out
}

// rpcResult is a JSON-RPC answer.
type rpcResult struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// wireTask is MCP's Task.
type wireTask struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	StatusMessage string `json:"statusMessage"`
}

// call sends one JSON-RPC request to url, as a stateless client does (no
// session), and reads its answer: JSON, or the first event of an SSE
// stream. At most 30 s.
func (c *taskCluster) call(t *testing.T, url, method string, params any) rpcResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	out, err := send(ctx, url, method, params)
	require.NoError(t, err)
	return out
}

// send is call without the test: for another goroutine.
func send(ctx context.Context, url, method string, params any) (rpcResult, error) {
	return sendAt(ctx, url, method, params, map[string]string{"Mcp-Protocol-Version": "2025-11-25"})
}

// sendAt is send with headers of its own.
func sendAt(ctx context.Context, url, method string, params any, header map[string]string) (rpcResult, error) {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
	if err != nil {
		return rpcResult{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return rpcResult{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
	if err != nil {
		return rpcResult{}, fmt.Errorf("%s to %s: %w", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return rpcResult{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return rpcResult{}, fmt.Errorf("%s to %s: %s: %s", method, url, resp.Status, b)
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		b = firstEvent(b)
	}
	var out rpcResult
	if err := json.Unmarshal(b, &out); err != nil {
		return rpcResult{}, fmt.Errorf("%s to %s: %w: %s", method, url, err, b)
	}
	return out, nil
}

// firstEvent is the data of the first event of an SSE stream that is a
// JSON-RPC response (has an id).
func firstEvent(stream []byte) []byte {
	for line := range bytes.Lines(stream) {
		data, ok := bytes.CutPrefix(bytes.TrimRight(line, "\r\n"), []byte("data: "))
		if !ok {
			continue
		}
		var probe struct{ ID any }
		if json.Unmarshal(data, &probe) == nil && probe.ID != nil {
			return data
		}
	}
	return nil
}

// create starts tool with {"name": name} as a task, through url.
func (c *taskCluster) create(t *testing.T, url, tool, name string) string {
	t.Helper()
	res := c.call(t, url, "tools/call", map[string]any{"name": tool, "arguments": map[string]any{"name": name}, "task": map[string]any{}})
	require.Nil(t, res.Error, "%+v", res.Error)
	var out struct{ Task wireTask }
	require.NoError(t, json.Unmarshal(res.Result, &out))
	require.Equal(t, "working", out.Task.Status)
	require.NotEmpty(t, out.Task.TaskID)
	return out.Task.TaskID
}

func (c *taskCluster) get(t *testing.T, url, id string) wireTask {
	t.Helper()
	res := c.call(t, url, "tasks/get", map[string]any{"taskId": id})
	require.Nil(t, res.Error, "tasks/get at %s: %+v", url, res.Error)
	var task wireTask
	require.NoError(t, json.Unmarshal(res.Result, &task))
	return task
}

// waitStatus polls tasks/get at url until the task is in status, at most
// within.
func (c *taskCluster) waitStatus(t *testing.T, url, id, status string, within time.Duration) wireTask {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		task := c.get(t, url, id)
		if task.Status == status {
			return task
		}
		require.False(t, time.Now().After(deadline), "task %s is %s, not %s, after %s", id, task.Status, status, within)
		time.Sleep(50 * time.Millisecond)
	}
}

// textOf is the text of a CallToolResult's first content.
func textOf(t *testing.T, result json.RawMessage) string {
	t.Helper()
	var r struct {
		Content []struct{ Text string }
	}
	require.NoError(t, json.Unmarshal(result, &r), "%s", result)
	require.NotEmpty(t, r.Content, "%s", result)
	return r.Content[0].Text
}

// member digs a member out of JSON by keys.
func member(t *testing.T, b json.RawMessage, keys ...string) json.RawMessage {
	t.Helper()
	for _, k := range keys {
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(b, &m), "%s", b)
		b = m[k]
	}
	return b
}
