package mcp

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// setUpTasks makes the task engine when a tool runs as a task.
func (s *Server) setUpTasks(tools []toolgen.Tool, cfg serverConfig) error {
	support := map[string]toolgen.TaskSupport{}
	for _, t := range tools {
		if t.Task != toolgen.TaskForbidden && s.tools[string(t.Name)] != nil {
			support[string(t.Name)] = t.Task
		}
	}
	for name, v := range cfg.taskSupport {
		if s.tools[string(name)] == nil {
			return fmt.Errorf("mcp.WithTaskSupport: no tool %q served (a tool reached only through call_tool or run_code cannot be a task)", name)
		}
		if v == toolgen.TaskForbidden {
			delete(support, string(name))
		} else {
			support[string(name)] = v
		}
	}
	for name := range cfg.upfront {
		if _, ok := support[name]; !ok {
			return fmt.Errorf("mcp.WithUpfrontInput: tool %q does not run as a task", name)
		}
	}
	if len(support) > 0 {
		s.tasks = newTaskEngine(s, cfg.tasks, support)
		s.tasks.upfront = cfg.upfront
	}
	return nil
}

// Run serves one session on t (as go-sdk's Server.Run), with the server's
// tasks: use it rather than SDK().Run for a transport of your own.
func (s *Server) Run(ctx context.Context, t sdkmcp.Transport) error {
	return s.sdk.Run(ctx, s.Transport(t))
}

// Transport wraps t so that a session on it (SDK().Connect) serves the
// server's tasks, which go-sdk does not know; without task tools it
// returns t.
func (s *Server) Transport(t sdkmcp.Transport) sdkmcp.Transport {
	if s.tasks == nil {
		return t
	}
	return taskTransport{Transport: t, e: s.tasks}
}

// tasksCapability is the server's tasks capability.
var tasksCapability = json.RawMessage(`{"list":{},"cancel":{},"requests":{"tools":{"call":{}}}}`)

// rewriteResult adds what go-sdk cannot say to its result of method:
// initialize's tasks capability, server/discover's tasks extension (protocol
// 2026-07-28), tools/list's execution.taskSupport (2025-11-25's; kept at
// 2026-07-28, whose Tool allows more members, for clients that call tasks
// in the old form). Anything it cannot read is left as it is.
func (e *taskEngine) rewriteResult(method string, result json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(result, &m) != nil {
		return result
	}
	switch method {
	case "initialize", "server/discover":
		var caps map[string]json.RawMessage
		if json.Unmarshal(m["capabilities"], &caps) != nil || caps == nil {
			caps = map[string]json.RawMessage{}
		}
		if method == "server/discover" {
			tasksExtensionCapability(caps)
		} else {
			caps["tasks"] = tasksCapability
		}
		m["capabilities"] = mustJSON(caps)
	case "tools/list":
		var tools []map[string]json.RawMessage
		if json.Unmarshal(m["tools"], &tools) != nil {
			return result
		}
		for _, t := range tools {
			var name string
			_ = json.Unmarshal(t["name"], &name)
			if v := e.support[name]; v != toolgen.TaskForbidden {
				t["execution"] = mustJSON(map[string]string{"taskSupport": string(v)})
			}
		}
		m["tools"] = mustJSON(tools)
	default:
		return result
	}
	return mustJSON(m)
}

// rewritten reports whether the layer rewrites method's results.
func rewritten(method string) bool {
	return method == "initialize" || method == "server/discover" || method == "tools/list"
}

// --- streamable HTTP ---

// wrapHTTP answers the task layer's requests before go-sdk (or the fast
// path) sees them, and rewrites initialize and tools/list responses.
// sessions is nil on a stateless server. It sits inside readBody, so the
// body is in memory.
func (e *taskEngine) wrapHTTP(next http.Handler, sessions *sessionLimiter) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := r.Body.(*memBody)
		if r.Method != http.MethodPost || !ok {
			next.ServeHTTP(w, r)
			return
		}
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		if json.Unmarshal(body.b, &msg) != nil || msg.Method == "" { // a batch, a response, nonsense: go-sdk's
			next.ServeHTTP(w, r)
			return
		}
		call := len(msg.ID) > 0 && string(msg.ID) != "null"
		if meta := parseMeta(msg.Params); requestRevision(r.Header, meta) == revision2026 {
			switch {
			case call && !meta.declaresTasks() && e.legacyAt2026(r.Context(), msg.Method, msg.Params):
				e.serveHTTP(w, r, msg.ID, msg.Method, msg.Params, nil) // no sessions at 2026-07-28
			case call && msg.Method == "subscriptions/listen" && listensToTasks(msg.Params):
				e.serveListen(w, r, msg.ID, msg.Params, meta)
			case call && e.claims2026(msg.Method, msg.Params, meta.declaresTasks()):
				e.serve2026(w, r, msg.ID, msg.Method, msg.Params, meta)
			case msg.Method == "server/discover" || msg.Method == "tools/list":
				e.rewriteHTTP(w, r, next, msg.Method)
			default:
				next.ServeHTTP(w, r)
			}
			return
		}
		switch {
		case call && e.claims(msg.Method, msg.Params):
			e.serveHTTP(w, r, msg.ID, msg.Method, msg.Params, sessions)
		case rewritten(msg.Method):
			e.rewriteHTTP(w, r, next, msg.Method)
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// serveHTTP answers a claimed request with a JSON response.
func (e *taskEngine) serveHTTP(w http.ResponseWriter, r *http.Request, id json.RawMessage, method string, params json.RawMessage, sessions *sessionLimiter) {
	owner := ""
	if sessions != nil {
		sid := r.Header.Get(sessionIDHeader)
		if sid == "" {
			http.Error(w, "Bad Request: missing session ID", http.StatusBadRequest)
			return
		}
		if !sessions.known(sid) {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		owner = "session:" + sid
	}
	if info := auth.TokenInfoFromContext(r.Context()); info != nil && info.UserID != "" {
		owner = "sub:" + info.UserID // outlives sessions
	}
	result, rerr := e.handle(r.Context(), taskCall{method: method, params: params, owner: owner, header: r.Header, req: r})
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(encodeResponse(id, result, rerr))
}

// encodeResponse is a JSON-RPC response.
func encodeResponse(id json.RawMessage, result any, rerr *taskRPCError) []byte {
	if rerr != nil {
		return mustJSON(struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *taskRPCError   `json:"error"`
		}{"2.0", id, rerr})
	}
	return mustJSON(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  any             `json:"result"`
	}{"2.0", id, result})
}

// rewriteHTTP serves an initialize or tools/list request through next,
// holding its response (JSON or an event stream, which carries only the
// response) to rewrite the result.
func (e *taskEngine) rewriteHTTP(w http.ResponseWriter, r *http.Request, next http.Handler, method string) {
	bw := &heldWriter{header: w.Header(), code: http.StatusOK}
	next.ServeHTTP(bw, r)
	out := bw.buf.Bytes()
	if bw.code == http.StatusOK {
		out = rewriteBody(out, func(msg []byte) []byte { return e.rewriteMessage(method, msg) })
	}
	w.Header().Del("Content-Length")
	w.WriteHeader(bw.code)
	_, _ = w.Write(out)
}

// rewriteMessage rewrites a JSON-RPC response's result.
func (e *taskEngine) rewriteMessage(method string, msg []byte) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(msg, &m) != nil || m["result"] == nil {
		return msg
	}
	m["result"] = e.rewriteResult(method, m["result"])
	return mustJSON(m)
}

// rewriteBody rewrites the JSON-RPC message of a JSON body, or the data of
// each event of an event stream.
func rewriteBody(body []byte, rewrite func([]byte) []byte) []byte {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) > 0 && trimmed[0] == '{' {
		return rewrite(trimmed)
	}
	var out bytes.Buffer
	for line := range bytes.SplitAfterSeq(body, []byte("\n")) {
		data, ok := bytes.CutPrefix(line, []byte("data: "))
		if !ok || !bytes.HasPrefix(data, []byte("{")) {
			out.Write(line)
			continue
		}
		end := bytes.TrimRight(data, "\r\n")
		out.WriteString("data: ")
		out.Write(rewrite(end))
		out.Write(data[len(end):])
	}
	return out.Bytes()
}

// heldWriter keeps a response to rewrite it.
type heldWriter struct {
	header http.Header
	code   int
	buf    bytes.Buffer
}

func (h *heldWriter) Header() http.Header         { return h.header }
func (h *heldWriter) WriteHeader(code int)        { h.code = code }
func (h *heldWriter) Write(b []byte) (int, error) { return h.buf.Write(b) }
func (h *heldWriter) Flush()                      {}

// --- stdio and in-memory transports ---

// taskTransport wraps a message transport so that its connection serves
// tasks (see taskConn).
type taskTransport struct {
	sdkmcp.Transport
	e *taskEngine
}

func (t taskTransport) Connect(ctx context.Context) (sdkmcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	return &taskConn{Connection: conn, e: t.e, ctx: ctx, cancel: cancel,
		owner: "conn:" + rand.Text(), pending: map[string]string{}}, nil
}

// taskConn answers the task layer's requests as they are read, writing
// their responses itself, and rewrites go-sdk's responses to initialize
// and tools/list as they are written. Its tasks are bound to the
// connection: one client.
type taskConn struct {
	sdkmcp.Connection
	e      *taskEngine
	ctx    context.Context // ends with the connection
	cancel context.CancelFunc
	owner  string
	wg     sync.WaitGroup

	mu      sync.Mutex
	closed  bool
	pending map[string]string // ids of initialize and tools/list requests being answered: their method
}

func idKey(id jsonrpc.ID) string { return fmt.Sprintf("%T:%v", id.Raw(), id.Raw()) }

func (c *taskConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if err != nil {
			return msg, err
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok || !req.IsCall() {
			return msg, nil
		}
		if c.e.claims(req.Method, req.Params) {
			c.mu.Lock()
			if !c.closed {
				c.wg.Go(func() { c.serve(req) })
			}
			c.mu.Unlock()
			continue
		}
		if rewritten(req.Method) {
			c.mu.Lock()
			c.pending[idKey(req.ID)] = req.Method
			c.mu.Unlock()
		}
		return msg, nil
	}
}

func (c *taskConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if resp, ok := msg.(*jsonrpc.Response); ok {
		key := idKey(resp.ID)
		c.mu.Lock()
		method, ok := c.pending[key]
		delete(c.pending, key)
		c.mu.Unlock()
		if ok && resp.Error == nil {
			rewritten := *resp
			rewritten.Result = c.e.rewriteResult(method, resp.Result)
			msg = &rewritten
		}
	}
	return c.Connection.Write(ctx, msg)
}

// serve answers a claimed request on the connection.
func (c *taskConn) serve(req *jsonrpc.Request) {
	notify := func(method string, params any) {
		n := &jsonrpc.Request{Method: method, Params: mustJSON(params)}
		_ = c.Connection.Write(c.ctx, n)
	}
	result, rerr := c.e.handle(c.ctx, taskCall{method: req.Method, params: req.Params, owner: c.owner, notify: notify})
	resp := &jsonrpc.Response{ID: req.ID}
	if rerr != nil {
		resp.Error = &jsonrpc.Error{Code: rerr.Code, Message: rerr.Message}
	} else {
		resp.Result = mustJSON(result)
	}
	_ = c.Connection.Write(c.ctx, resp)
}

// Close ends the requests being answered (a tasks/result waiting), then
// closes the connection. Tasks run on.
func (c *taskConn) Close() error {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.cancel()
	err := c.Connection.Close()
	c.wg.Wait()
	return err
}
