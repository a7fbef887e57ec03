package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// A tool whose execution.taskSupport is "required" (or "optional", with
// WithPreferTasks) on a server that declares tasks.requests.tools.call is
// called as an MCP task: tools/call with params.task, then tasks/get until
// the task ends (at once, then after 10 ms doubling up to pollInterval), then
// tasks/result; when the caller's context ends first, tasks/cancel. go-sdk
// v1.8.0 sends none of these, so they go on a side channel of the client's
// own: a request of its own on the connection of a message transport,
// whose response it takes off the wire before go-sdk reads it, or a POST
// on the session over streamable HTTP. The server's capability and the
// tools' taskSupport are watched on the wire too (client_schemas.go).

// WithPreferTasks calls the tools whose taskSupport is "optional" as tasks
// too. Tools that require tasks are always called as tasks.
func WithPreferTasks() ClientOption {
	return func(o *clientOptions) error { o.preferTasks = true; return nil }
}

// maxTaskPoll bounds the pause between two tasks/get, whatever
// pollInterval the server suggests.
const maxTaskPoll = 30 * time.Second

// taskCreateTimeout bounds the task-augmented tools/call, which is
// answered at once.
const taskCreateTimeout = 30 * time.Second

// firstTaskPoll is the pause before the first tasks/get.
const firstTaskPoll = 10 * time.Millisecond

// sideChannel sends the client's own JSON-RPC requests on a session.
type sideChannel struct {
	// post sends a body on the HTTP session (URL transports); nil for
	// message transports.
	post func(ctx context.Context, body []byte, header http.Header) (*http.Response, error)

	// info is the client's name and version, which requests of protocol
	// 2026-07-28 and later carry.
	info *sdk.Implementation

	mu      sync.Mutex
	conn    sdk.Connection // message transports: the current connection
	next    uint64
	waiting map[string]chan *jsonrpc.Response
}

// perRequestMetaVersion is the first protocol version whose requests
// carry the protocol version, client info and capabilities in _meta.
const perRequestMetaVersion = "2026-07-28"

// sideIDPrefix starts the ids of the side channel's requests, which the
// watched connection keeps from go-sdk.
const sideIDPrefix = "toolgen-side-"

// setPost records how to POST on an HTTP session.
func (s *sideChannel) setPost(post func(ctx context.Context, body []byte, header http.Header) (*http.Response, error)) {
	s.mu.Lock()
	s.post = post
	s.mu.Unlock()
}

// setConn records the connection of a message transport.
func (s *sideChannel) setConn(conn sdk.Connection) {
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
}

// take delivers a response to the side channel's request, reporting
// whether it was one.
func (s *sideChannel) take(resp *jsonrpc.Response) bool {
	id, ok := resp.ID.Raw().(string)
	if !ok || len(id) < len(sideIDPrefix) || id[:len(sideIDPrefix)] != sideIDPrefix {
		return false
	}
	s.mu.Lock()
	ch := s.waiting[id]
	delete(s.waiting, id)
	s.mu.Unlock()
	if ch != nil {
		ch <- resp
	}
	return true
}

// call sends method with params on session and returns the result, or a
// *jsonrpc.Error the server answered.
func (s *sideChannel) call(ctx context.Context, session *sdk.ClientSession, watch *wireWatch, method string, params map[string]any) (json.RawMessage, error) {
	if r := session.InitializeResult(); r != nil && r.ProtocolVersion >= perRequestMetaVersion {
		// From this version on, each request says what initialize said.
		meta, _ := params["_meta"].(map[string]any)
		if meta == nil {
			meta = map[string]any{}
		}
		meta[sdk.MetaKeyProtocolVersion] = r.ProtocolVersion
		meta[sdk.MetaKeyClientInfo] = s.info
		meta[sdk.MetaKeyClientCapabilities] = map[string]any{}
		params["_meta"] = meta
	}
	p, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.next++
	id := sideIDPrefix + strconv.FormatUint(s.next, 10)
	conn, post := s.conn, s.post
	s.mu.Unlock()
	jid, _ := jsonrpc.MakeID(id)
	req := &jsonrpc.Request{ID: jid, Method: method, Params: p}
	var resp *jsonrpc.Response
	if post != nil {
		resp, err = postCall(ctx, post, session, watch, req)
	} else {
		resp, err = s.connCall(ctx, conn, req, id)
	}
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, resp.Error
	}
	return resp.Result, nil
}

func (s *sideChannel) connCall(ctx context.Context, conn sdk.Connection, req *jsonrpc.Request, id string) (*jsonrpc.Response, error) {
	if conn == nil {
		return nil, errors.New("no connection")
	}
	ch := make(chan *jsonrpc.Response, 1)
	s.mu.Lock()
	if s.waiting == nil {
		s.waiting = map[string]chan *jsonrpc.Response{}
	}
	s.waiting[id] = ch
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.waiting, id)
		s.mu.Unlock()
	}()
	if err := conn.Write(ctx, req); err != nil {
		return nil, err
	}
	select {
	case resp := <-ch:
		return resp, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// postCall POSTs req on the session and reads its response, from JSON or
// an event stream (whose progress notifications are delivered).
func postCall(ctx context.Context, post func(context.Context, []byte, http.Header) (*http.Response, error), session *sdk.ClientSession, watch *wireWatch, req *jsonrpc.Request) (*jsonrpc.Response, error) {
	body, err := jsonrpc.EncodeMessage(req)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json, text/event-stream")
	if id := session.ID(); id != "" {
		h.Set("Mcp-Session-Id", id)
	}
	if r := session.InitializeResult(); r != nil {
		h.Set("Mcp-Protocol-Version", r.ProtocolVersion)
		if r.ProtocolVersion >= perRequestMetaVersion { // the standard headers
			h.Set("Mcp-Method", req.Method)
			var p struct {
				Name string `json:"name"`
			}
			if req.Method == "tools/call" && json.Unmarshal(req.Params, &p) == nil {
				h.Set("Mcp-Name", p.Name)
			}
		}
	}
	resp, err := post(ctx, body, h)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxWatched))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		if msg, err := jsonrpc.DecodeMessage(data); err == nil {
			if r, ok := msg.(*jsonrpc.Response); ok && r.Error != nil {
				return r, nil // a JSON-RPC error with an HTTP status
			}
		}
		return nil, fmt.Errorf("%s: HTTP %s: %s", req.Method, resp.Status, bytes.TrimSpace(data))
	}
	var messages [][]byte
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt == "text/event-stream" {
		for event := range bytes.SplitSeq(data, []byte("\n\n")) {
			for line := range bytes.SplitSeq(event, []byte("\n")) {
				if d, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("data:")); ok {
					messages = append(messages, bytes.TrimSpace(d))
				}
			}
		}
	} else {
		messages = [][]byte{data}
	}
	for _, m := range messages {
		msg, err := jsonrpc.DecodeMessage(m)
		if err != nil {
			continue
		}
		if r, ok := msg.(*jsonrpc.Response); ok && r.ID == req.ID {
			return r, nil
		}
		watch.observe(msg)
	}
	return nil, fmt.Errorf("%s: the server's answer held no response", req.Method)
}

// taskCall is how CallTool calls name: as a task or not.
func (c *Client) callsAsTask(ctx context.Context, name string) bool {
	if !c.schemas.tasksCapable() {
		return false
	}
	support, known := c.schemas.taskSupport(name)
	if !known {
		if _, err := c.ListTools(ctx); err != nil {
			return false
		}
		support, _ = c.schemas.taskSupport(name)
	}
	return support == "required" || (support == "optional" && c.opts.preferTasks)
}

// clientTask is MCP's Task, as the client reads it.
type clientTask struct {
	TaskID        string `json:"taskId"`
	Status        string `json:"status"`
	StatusMessage string `json:"statusMessage"`
	PollInterval  *int64 `json:"pollInterval"`
}

func (t clientTask) terminal() bool {
	return t.Status == "completed" || t.Status == "failed" || t.Status == "cancelled"
}

// callTask calls name as a task (see the top of this file).
func (c *Client) callTask(ctx context.Context, name string, args []byte, approved string) (toolgen.Result, error) {
	session, release, err := c.acquire(ctx)
	if err != nil {
		return toolgen.Result{}, err
	}
	defer release()
	// A task is a call as any other: not sent if the tool is not as pinned.
	if err := c.checkCall(ctx, session, name, approved); err != nil {
		var de *DriftError
		if errors.As(err, &de) {
			return toolgen.ErrorResult(de.Error()), de
		}
		return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: %w", name, err)
	}
	params := map[string]any{"name": name, "arguments": json.RawMessage(args), "task": map[string]any{}}
	if toolgen.ReportsProgress(ctx) {
		token, remove := c.progress.add(ctx)
		defer remove()
		params["_meta"] = map[string]any{"progressToken": token}
	}
	// The task is made even if ctx ends meanwhile, so that the client
	// learns its id and can cancel it: a tool started on the server that
	// the client cannot name would run on unseen.
	createCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), taskCreateTimeout)
	raw, err := c.side.call(createCtx, session, c.watch(), "tools/call", params)
	cancel()
	if err != nil {
		return c.taskFailure(ctx, name, err)
	}
	var created struct {
		Task *clientTask `json:"task"`
	}
	if err := json.Unmarshal(raw, &created); err != nil {
		return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: %w", name, err)
	}
	if created.Task == nil || created.Task.TaskID == "" { // the server ran it at once
		return c.decodeTaskResult(name, raw)
	}
	task := *created.Task
	if ctx.Err() != nil {
		c.cancelTask(session, task.TaskID)
		return toolgen.Result{}, ctx.Err()
	}
	if err := c.pollTask(ctx, session, &task); err != nil {
		if ctx.Err() != nil {
			c.cancelTask(session, task.TaskID)
			return toolgen.Result{}, ctx.Err()
		}
		return c.taskFailure(ctx, name, err)
	}
	raw, err = c.side.call(ctx, session, c.watch(), "tasks/result", map[string]any{"taskId": task.TaskID})
	if err != nil {
		if ctx.Err() != nil {
			c.cancelTask(session, task.TaskID)
			return toolgen.Result{}, ctx.Err()
		}
		var we *jsonrpc.Error
		if r := session.InitializeResult(); errors.As(err, &we) && we.Code == jsonrpc.CodeMethodNotFound && r != nil && r.ProtocolVersion >= perRequestMetaVersion {
			return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s as a task: the server (protocol %s) has no tasks/result (%s); "+
				"this client reads results in the form of protocol 2025-11-25: connect with mcp.WithProtocolVersion(\"2025-11-25\")", name, r.ProtocolVersion, we.Message)
		}
		return c.taskFailure(ctx, name, err)
	}
	return c.decodeTaskResult(name, raw)
}

// pollTask polls tasks/get until the task ends or needs input (then
// tasks/result, which blocks, takes over), reporting each new status
// message as progress.
func (c *Client) pollTask(ctx context.Context, session *sdk.ClientSession, task *clientTask) error {
	// A quick tool is done by the first poll; the message the task was
	// made with is not the tool's.
	wait, last := time.Duration(0), task.StatusMessage
	for !task.terminal() && task.Status != "input_required" {
		limit := maxTaskPoll
		if task.PollInterval != nil && *task.PollInterval > 0 {
			limit = min(limit, time.Duration(*task.PollInterval)*time.Millisecond)
		}
		wait = min(wait, limit)
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
		wait = max(wait*2, firstTaskPoll)
		raw, err := c.side.call(ctx, session, c.watch(), "tasks/get", map[string]any{"taskId": task.TaskID})
		if err != nil {
			return err
		}
		var next clientTask
		if err := json.Unmarshal(raw, &next); err != nil {
			return fmt.Errorf("tasks/get: %w", err)
		}
		if next.TaskID == "" {
			next.TaskID = task.TaskID
		}
		*task = next
		if task.StatusMessage != "" && task.StatusMessage != last && !task.terminal() {
			last = task.StatusMessage
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: last})
		}
	}
	return nil
}

// cancelTask asks the server to cancel a task the caller gave up on, for
// at most 5 seconds.
func (c *Client) cancelTask(session *sdk.ClientSession, id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = c.side.call(ctx, session, c.watch(), "tasks/cancel", map[string]any{"taskId": id})
}

// decodeTaskResult maps a CallToolResult as CallTool does.
func (c *Client) decodeTaskResult(name string, raw json.RawMessage) (toolgen.Result, error) {
	var res sdk.CallToolResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: %w", name, err)
	}
	r, err := clientResult(&res)
	if err != nil {
		return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: %w", name, err)
	}
	if r.IsError {
		return r, &ToolError{Tool: name, Result: r}
	}
	return r, nil
}

// taskFailure maps a task request's error as CallTool does: a JSON-RPC
// error is a *RPCError with a failed result.
func (c *Client) taskFailure(ctx context.Context, name string, err error) (toolgen.Result, error) {
	var we *jsonrpc.Error
	if errors.As(err, &we) && ctx.Err() == nil {
		re := &RPCError{Tool: name, Code: we.Code, Message: we.Message, Data: we.Data}
		return toolgen.ErrorResult(fmt.Sprintf("%s: %s", name, we.Message)), re
	}
	return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s as a task: %w", name, err)
}
