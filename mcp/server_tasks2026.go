package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// MCP 2026-07-28 moved tasks out of the core protocol into the extension
// io.modelcontextprotocol/tasks (SEP-2663). The same task engine serves both
// forms on one endpoint, chosen by each request's protocol revision:
//
//   - 2025-11-25 (server_tasks.go): the client asks for a task with the
//     "task" param; tasks/get, tasks/result, tasks/list, tasks/cancel.
//   - 2026-07-28 (this file): a client that declares the extension in the
//     request's _meta clientCapabilities gets a task from any call of a tool
//     that runs as a task (resultType "task", the Task flat in the result);
//     tasks/get answers the task with its result, error or inputRequests
//     inline; tasks/update delivers the answers to a tool's questions
//     (AskInput); tasks/cancel and tasks/update answer an empty ack;
//     tasks/result and tasks/list are unknown methods. Requests carry no
//     session: a task belongs to the token's subject when authenticated,
//     else to whoever holds its id (26 random characters).

// Names of the tasks extension and of the protocol revision that has it.
const (
	// TasksExtension is the tasks extension's identifier.
	TasksExtension = "io.modelcontextprotocol/tasks"

	// revision2026 and metaProtocolVersion: server_revision.go.
	metaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	protocolVersionHeader  = "Mcp-Protocol-Version"
	methodHeader           = "Mcp-Method"
	nameHeader             = "Mcp-Name"

	codeHeaderMismatch    = -32020
	codeMissingCapability = -32021
)

// ErrNoInputChannel is AskInput's error when the call cannot ask its
// client: it is not a task made under the tasks extension.
var ErrNoInputChannel = errors.New("mcp: this call cannot ask its client for input (AskInput works in a task of the tasks extension, protocol 2026-07-28)")

// AskInput asks the client of a tool running as a task (protocol
// 2026-07-28's tasks extension) to fulfil several requests at once, and
// waits for every answer: the task is input_required meanwhile, tasks/get
// shows the requests still unanswered (its inputRequests, each
// {"method", "params"} as MCP's InputRequest, the same shape as an
// input-required result's), and the client answers them with tasks/update,
// all at once or some at a time, on any replica sharing the task store.
// It returns the raw answers by key (an elicitation's {"action",
// "content"}, a sampling result, a roots list), or ctx's error when the
// task is cancelled first, or ErrNoInputChannel outside such a task, or
// an error wrapping ErrCannotAsk when the call that made the task did not
// declare the capability a request needs (elicitation, sampling, roots).
//
// AskInput is the raw, batched form of Elicit, ElicitRaw, Sample and
// ListRoots, which in such a task ask one question each the same way and
// decode its answer: use it to ask several questions in one
// input_required state. A key names one question for the task's life:
// asking an answered key again returns its answer without asking. An
// answer the client gave while the task was being made (WithUpfrontInput)
// is returned at once.
func AskInput(ctx context.Context, requests sdkmcp.InputRequestMap) (map[string]json.RawMessage, error) {
	run, ok := ctx.Value(taskRunKey{}).(*taskRun)
	if !ok {
		return nil, ErrNoInputChannel
	}
	if len(requests) == 0 {
		return map[string]json.RawMessage{}, nil
	}
	return run.ask(ctx, requests)
}

// WithUpfrontInput asks the client, before a task of the named tool is
// made under the tasks extension, to fulfil requests: the tools/call is
// answered with MCP's input_required result (multi round-trip requests),
// and the client's retry that carries the answers (its inputResponses)
// makes the task. The tool reads those answers under the same keys without
// waiting: Elicit, ElicitRaw, Sample or ListRoots with the key as id, or
// AskInput. The tool must run as a task; 2025-11-25 clients, which cannot
// answer, call it as before and its questions get ErrCannotAsk
// (AskInput's, ErrNoInputChannel).
//
// The round machinery of Elicit & co. (a handler run again each round,
// its answers carried in a signed requestState) does not make tasks: a
// task's tool runs once, after the task exists, and a call that makes a
// task is answered before any handler runs. So the questions a task needs
// before it exists are declared here, and the first tools/call asks them
// all.
func WithUpfrontInput(tool toolgen.ToolName, requests sdkmcp.InputRequestMap) ServerOption {
	return func(c *serverConfig) error {
		if len(requests) == 0 {
			return fmt.Errorf("mcp.WithUpfrontInput(%q): no requests", tool)
		}
		for k := range requests {
			if k == "" {
				return fmt.Errorf("mcp.WithUpfrontInput(%q): a request needs a key", tool)
			}
		}
		b, err := json.Marshal(requests)
		if err != nil {
			return fmt.Errorf("mcp.WithUpfrontInput(%q): %v", tool, err)
		}
		if c.upfront == nil {
			c.upfront = map[string]json.RawMessage{}
		}
		c.upfront[string(tool)] = b
		return nil
	}
}

// --- routing ---

// requestRevision is the protocol revision a request says it speaks: its
// _meta protocolVersion, else its Mcp-Protocol-Version header.
func requestRevision(h http.Header, meta requestMeta) string {
	if meta.ProtocolVersion != "" {
		return meta.ProtocolVersion
	}
	return h.Get(protocolVersionHeader)
}

// requestMeta is what the task layer reads of a 2026-07-28 request's _meta.
type requestMeta struct {
	ProtocolVersion string `json:"io.modelcontextprotocol/protocolVersion"`
	Capabilities    *struct {
		Extensions map[string]json.RawMessage `json:"extensions"`
	} `json:"io.modelcontextprotocol/clientCapabilities"`
}

func parseMeta(params json.RawMessage) requestMeta {
	var p struct {
		Meta requestMeta `json:"_meta"`
	}
	_ = json.Unmarshal(params, &p) // a bad _meta is go-sdk's to report
	return p.Meta
}

// declaresTasks reports whether the request declared the tasks extension.
func (m requestMeta) declaresTasks() bool {
	if m.Capabilities == nil {
		return false
	}
	_, ok := m.Capabilities.Extensions[TasksExtension]
	return ok
}

// claims2026 reports whether the task layer answers a 2026-07-28 request:
// every tasks/* method, and a tools/call of a tool that runs as a task when
// the client declared the extension or the tool requires a task.
func (e *taskEngine) claims2026(method string, params json.RawMessage, declared bool) bool {
	if strings.HasPrefix(method, "tasks/") {
		return true
	}
	if method != "tools/call" {
		return false
	}
	var p struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	support, ok := e.support[p.Name]
	return ok && (declared || support == toolgen.TaskRequired)
}

// legacyAt2026 reports whether a 2026-07-28 request from a client that did
// not declare the extension is of 2025-11-25's task form, which the server
// keeps serving (as SEP-2663's compatibility table advises) for clients
// that speak 2026-07-28 but tasks the old way: a tools/call with the
// "task" param, tasks/result, tasks/list, and tasks/get or tasks/cancel of
// a task made in that form.
func (e *taskEngine) legacyAt2026(ctx context.Context, method string, params json.RawMessage) bool {
	var p struct {
		Name   string          `json:"name"`
		Task   json.RawMessage `json:"task"`
		TaskID string          `json:"taskId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return false
	}
	switch method {
	case "tools/call":
		_, taskTool := e.support[p.Name] // a plain tool ignores "task", as the extension says
		return taskTool && len(p.Task) > 0 && string(p.Task) != "null"
	case "tasks/result", "tasks/list":
		return true
	case "tasks/get", "tasks/cancel":
		rec, err := e.store.Get(ctx, p.TaskID, time.Now())
		return err == nil && rec.Revision == ""
	}
	return false
}

// serve2026 answers a claimed 2026-07-28 request over HTTP.
func (e *taskEngine) serve2026(w http.ResponseWriter, r *http.Request, id json.RawMessage, method string, params json.RawMessage, meta requestMeta) {
	var result any
	rerr := checkHeaders(r.Header, method, params, meta)
	if rerr == nil {
		owner := ""
		if info := auth.TokenInfoFromContext(r.Context()); info != nil && info.UserID != "" {
			owner = "sub:" + info.UserID
		}
		result, rerr = e.handle2026(r.Context(), taskCall{method: method, params: params, owner: owner, header: r.Header, req: r}, meta.declaresTasks())
	}
	w.Header().Set("Content-Type", "application/json")
	if rerr != nil && (rerr.Code == codeHeaderMismatch || rerr.Code == codeMissingCapability) {
		w.WriteHeader(http.StatusBadRequest) // as the schema says of both
	}
	_, _ = w.Write(encodeResponse(id, result, rerr))
}

// checkHeaders checks a 2026-07-28 request's standard headers against its
// body (SEP-2243, and SEP-2663's Mcp-Name of the tasks methods), as go-sdk
// does for the requests it serves.
func checkHeaders(h http.Header, method string, params json.RawMessage, meta requestMeta) *taskRPCError {
	mismatch := func(format string, args ...any) *taskRPCError {
		return &taskRPCError{Code: codeHeaderMismatch, Message: fmt.Sprintf(format, args...)}
	}
	version := strings.TrimSpace(h.Get(protocolVersionHeader))
	switch {
	case version == "":
		return mismatch("the %s header is required for requests carrying %q", protocolVersionHeader, metaProtocolVersion)
	case meta.ProtocolVersion == "":
		return invalidParams("missing _meta field %q", metaProtocolVersion)
	case version != meta.ProtocolVersion:
		return mismatch("the %s header %q does not match _meta %s %q", protocolVersionHeader, version, metaProtocolVersion, meta.ProtocolVersion)
	}
	if got := strings.TrimSpace(h.Get(methodHeader)); got != method {
		if got == "" {
			return mismatch("missing required %s header", methodHeader)
		}
		return mismatch("header mismatch: %s header %q does not match the body's method %q", methodHeader, got, method)
	}
	var p struct {
		Name   string `json:"name"`
		TaskID string `json:"taskId"`
	}
	_ = json.Unmarshal(params, &p)
	want := ""
	switch method {
	case "tools/call":
		want = p.Name
	case "tasks/get", "tasks/update", "tasks/cancel":
		want = p.TaskID
	default:
		return nil
	}
	got, ok := h[http.CanonicalHeaderKey(nameHeader)]
	if !ok || len(got) == 0 {
		return mismatch("missing required %s header for %s", nameHeader, method)
	}
	if v := strings.TrimSpace(got[0]); v != want {
		return mismatch("header mismatch: %s header %q does not match the body's %q", nameHeader, v, want)
	}
	return nil
}

// missingTasksCapability is the error for a request that needs the client
// to have declared the tasks extension.
func missingTasksCapability(format string, args ...any) *taskRPCError {
	return &taskRPCError{Code: codeMissingCapability, Message: fmt.Sprintf(format, args...),
		Data: mustJSON(map[string]any{"requiredCapabilities": map[string]any{"extensions": map[string]any{TasksExtension: struct{}{}}}})}
}

// handle2026 answers a request claims2026 accepted.
func (e *taskEngine) handle2026(ctx context.Context, c taskCall, declared bool) (any, *taskRPCError) {
	switch c.method {
	case "tools/call":
		if !declared {
			var p struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(c.params, &p)
			return nil, missingTasksCapability("Missing required client capability: tool %q runs only as a task; declare the %s extension in the request's _meta %q", p.Name, TasksExtension, metaClientCapabilities)
		}
		return e.create2026(ctx, c)
	case "tasks/get", "tasks/update", "tasks/cancel":
	default: // tasks/result, tasks/list: not in the extension
		return nil, &taskRPCError{Code: codeMethodNotFound, Message: fmt.Sprintf("Method not found: %s (the tasks extension of protocol %s has tasks/get, tasks/update and tasks/cancel)", c.method, revision2026)}
	}
	if !declared {
		return nil, missingTasksCapability("Missing required client capability: %s needs the %s extension declared in the request's _meta %q", c.method, TasksExtension, metaClientCapabilities)
	}
	p, rerr := readTaskParams(c)
	if rerr != nil {
		return nil, rerr
	}
	switch c.method {
	case "tasks/get":
		return getTaskAs(ctx, e, p.TaskID, c.owner, detailed)
	case "tasks/update":
		return e.update(ctx, p.TaskID, c.owner, p.InputResponses)
	default:
		return e.cancel2026(ctx, p.TaskID, c.owner)
	}
}

// ack is the empty result of tasks/update and tasks/cancel.
var ack = json.RawMessage(`{"resultType":"complete"}`)

// --- the wire ---

// wireTask2026 is the extension's DetailedTask (tasks/get) and, with
// resultType "task" and no payload, its CreateTaskResult.
type wireTask2026 struct {
	ResultType     string          `json:"resultType,omitempty"` // none in a notification
	TaskID         string          `json:"taskId"`
	Status         TaskStatus      `json:"status"`
	StatusMessage  string          `json:"statusMessage,omitempty"`
	CreatedAt      string          `json:"createdAt"`
	LastUpdatedAt  string          `json:"lastUpdatedAt"`
	TTLMs          int64           `json:"ttlMs"`
	PollIntervalMs int64           `json:"pollIntervalMs,omitempty"`
	InputRequests  json.RawMessage `json:"inputRequests,omitempty"`
	Result         json.RawMessage `json:"result,omitempty"`
	Error          *TaskError      `json:"error,omitempty"`
}

func task2026(r TaskRecord, resultType string) wireTask2026 {
	return wireTask2026{
		ResultType: resultType, TaskID: r.ID, Status: r.Status, StatusMessage: r.StatusMessage,
		CreatedAt: r.CreatedAt.UTC().Format(taskTimeLayout), LastUpdatedAt: r.UpdatedAt.UTC().Format(taskTimeLayout),
		TTLMs: r.TTL.Milliseconds(), PollIntervalMs: r.PollInterval.Milliseconds(),
	}
}

// detailed is tasks/get's answer: the task with what its status carries.
func detailed(r TaskRecord) wireTask2026 {
	w := task2026(r, "complete")
	switch r.Status {
	case TaskInputRequired:
		w.InputRequests = r.InputRequests
		if len(w.InputRequests) == 0 {
			w.InputRequests = json.RawMessage(`{}`)
		}
	case TaskCompleted:
		w.Result = r.Result
		if w.Result == nil {
			w.Result = mustJSON(toSDKResult(toolgen.TextResult("")))
		}
	case TaskFailed:
		switch {
		case r.Error != nil:
			w.Error = r.Error
		default: // a task of 2025-11-25 whose tool reported an error
			w.Error = &TaskError{Code: codeInternal, Message: r.StatusMessage}
		}
	}
	return w
}

// --- creation ---

// create2026 answers a tools/call of a task tool from a client that
// declared the extension: the upfront questions first (an input_required
// result) when the tool has some the call does not answer, else a task,
// running.
func (e *taskEngine) create2026(ctx context.Context, c taskCall) (any, *taskRPCError) {
	var p struct {
		Name           string                     `json:"name"`
		Arguments      json.RawMessage            `json:"arguments"`
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	if err := json.Unmarshal(c.params, &p); err != nil {
		return nil, invalidParams("invalid tools/call params: %v", err)
	}
	t := e.s.tools[p.Name]
	if t == nil {
		return nil, invalidParams("unknown tool %q", p.Name)
	}
	var answers json.RawMessage
	if upfront := e.upfront[p.Name]; upfront != nil {
		var asked map[string]json.RawMessage
		_ = json.Unmarshal(upfront, &asked)
		missing := false
		for k := range asked {
			a, ok := p.InputResponses[k]
			if !ok {
				missing = true
				continue
			}
			var obj map[string]json.RawMessage
			if json.Unmarshal(a, &obj) != nil || obj == nil {
				return nil, invalidParams("tools/call: inputResponses[%q] is not an object", k)
			}
		}
		if missing {
			return struct {
				ResultType    string          `json:"resultType"`
				InputRequests json.RawMessage `json:"inputRequests"`
			}{"input_required", upfront}, nil
		}
		answers = mustJSON(p.InputResponses)
	}
	caps := callCapabilities(c.params)
	rec, rpcErr := e.launch(ctx, c, launchSpec{tool: t, name: p.Name, args: p.Arguments, ttl: e.opts.DefaultTTL,
		// A refusal is the tool's result, not a protocol error.
		refused: TaskCompleted,
		edit:    func(r *TaskRecord) { r.Revision, r.InputResponses = revision2026, answers },
		runCtx:  func(ctx context.Context) context.Context { return context.WithValue(ctx, taskCapsKey{}, caps) },
	})
	if rpcErr != nil {
		return nil, rpcErr
	}
	return task2026(rec, "task"), nil
}

// --- update and cancel ---

// update answers tasks/update: each answer to a request the task has
// outstanding moves to its InputResponses (others are ignored, as the
// extension says), the task is working again once none is outstanding, and
// the replica running the tool here is woken.
func (e *taskEngine) update(ctx context.Context, id, owner string, raw json.RawMessage) (any, *taskRPCError) {
	var answers map[string]json.RawMessage
	if err := json.Unmarshal(raw, &answers); err != nil || answers == nil {
		return nil, invalidParams("tasks/update needs params {\"taskId\": string, \"inputResponses\": object}")
	}
	for k, a := range answers {
		var obj map[string]json.RawMessage
		if json.Unmarshal(a, &obj) != nil || obj == nil {
			return nil, invalidParams("tasks/update: inputResponses[%q] is not an object", k)
		}
	}
	if _, err := e.find(ctx, id, owner); err != nil {
		return nil, err
	}
	now := time.Now()
	_, err := e.store.Update(ctx, id, now, func(r *TaskRecord) error {
		if r.Status.Terminal() {
			return errTerminal
		}
		pending, given := decodeMap(r.InputRequests), decodeMap(r.InputResponses)
		moved := false
		for k, a := range answers {
			if _, ok := pending[k]; ok {
				given[k] = a
				delete(pending, k)
				moved = true
			}
		}
		if !moved {
			return errTerminal // nothing to store
		}
		r.InputRequests, r.InputResponses = encodeMap(pending), encodeMap(given)
		if len(pending) == 0 && r.Status == TaskInputRequired {
			r.Status, r.StatusMessage = TaskWorking, "The client answered; the tool runs on."
		}
		r.UpdatedAt = now
		return nil
	})
	if err != nil && !errors.Is(err, errTerminal) {
		return nil, storeError(err, id)
	}
	e.wake(id)
	return ack, nil
}

// cancel2026 answers tasks/cancel: as 2025-11-25's, but an ack, also for a
// task already terminal.
func (e *taskEngine) cancel2026(ctx context.Context, id, owner string) (any, *taskRPCError) {
	if _, err := e.cancel(ctx, id, owner); err != nil && err.Code != codeInvalidParams {
		return nil, err
	} else if err != nil {
		if _, ferr := e.find(ctx, id, owner); ferr != nil {
			return nil, ferr // unknown: the error; terminal: the ack
		}
	}
	return ack, nil
}

func decodeMap(raw json.RawMessage) map[string]json.RawMessage {
	m := map[string]json.RawMessage{}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &m)
	}
	return m
}

func encodeMap(m map[string]json.RawMessage) json.RawMessage {
	if len(m) == 0 {
		return nil
	}
	return mustJSON(m)
}

// --- a tool's questions ---

// taskRunKey carries a task run of the extension in its tool's context.
type taskRunKey struct{}

// taskCapsKey carries, in the context of a task's tool, the capabilities
// the client declared in the call that made the task (none when another
// replica runs the task again: its questions are asked then).
type taskCapsKey struct{}

// callCapabilities are the client capabilities in a call's _meta, or nil.
func callCapabilities(params json.RawMessage) *sdkmcp.ClientCapabilities {
	var p struct {
		Meta sdkmcp.Meta `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil || p.Meta == nil {
		return nil
	}
	return (&sdkmcp.CallToolRequest{Params: &sdkmcp.CallToolParamsRaw{Meta: p.Meta}}).ClientCapabilities()
}

// undeclared is the error for the first request of requests whose
// capability (elicitation, sampling or roots) the client did not declare
// in the call that made the task, or nil.
func undeclared(ctx context.Context, requests sdkmcp.InputRequestMap) error {
	caps, ok := ctx.Value(taskCapsKey{}).(*sdkmcp.ClientCapabilities)
	if !ok {
		return nil
	}
	for _, id := range slices.Sorted(maps.Keys(requests)) {
		if k, known := kindOf(requests[id]); known && !k.declared(caps) {
			return fmt.Errorf("%w: it declared no %s capability in the call that made this task (question %q)", ErrCannotAsk, k, id)
		}
	}
	return nil
}

// taskRun is a task of the extension running on this replica, as AskInput
// sees it.
type taskRun struct {
	e    *taskEngine
	id   string
	wake chan struct{} // a tasks/update on this replica

	mu       sync.Mutex
	asked    map[string]bool            // keys asked in this run
	answered map[string]json.RawMessage // their answers, once taken
}

// wake tells the task's run on this replica, if any, that answers came.
func (e *taskEngine) wake(id string) {
	e.mu.Lock()
	rt := e.running[id]
	e.mu.Unlock()
	if rt == nil || rt.run == nil {
		return
	}
	select {
	case rt.run.wake <- struct{}{}:
	default:
	}
}

// errNotYet is the change of take that stores nothing yet.
var errNotYet = errors.New("not yet")

func (run *taskRun) ask(ctx context.Context, requests sdkmcp.InputRequestMap) (map[string]json.RawMessage, error) {
	if err := undeclared(ctx, requests); err != nil {
		return nil, err
	}
	encoded, err := encodeRequests(requests)
	if err != nil {
		return nil, fmt.Errorf("mcp.AskInput: %w", err)
	}
	out := make(map[string]json.RawMessage, len(encoded))
	var keys []string
	run.mu.Lock()
	for _, k := range slices.Sorted(maps.Keys(encoded)) {
		switch a, answered := run.answered[k]; {
		case answered:
			out[k] = a
		case run.asked[k]:
			run.mu.Unlock()
			return nil, fmt.Errorf("mcp.AskInput: key %q is being asked already in this task; each request needs its own key", k)
		default:
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		run.asked[k] = true
	}
	run.mu.Unlock()
	if len(keys) == 0 {
		return out, nil
	}
	got, err := run.wait(ctx, keys, encoded)
	if err != nil {
		return nil, err
	}
	run.mu.Lock()
	for k, a := range got {
		run.answered[k], out[k] = a, a
	}
	run.mu.Unlock()
	return out, nil
}

// encodeRequests is each request's JSON by key, MCP's InputRequest
// ({"method", "params"}) as go-sdk writes it.
func encodeRequests(requests sdkmcp.InputRequestMap) (map[string]json.RawMessage, error) {
	b, err := json.Marshal(requests)
	if err != nil {
		return nil, err
	}
	var out map[string]json.RawMessage
	return out, json.Unmarshal(b, &out)
}

// wait puts the requests of keys in the task, for its client to answer,
// and waits for the answers.
func (run *taskRun) wait(ctx context.Context, keys []string, requests map[string]json.RawMessage) (map[string]json.RawMessage, error) {
	store := run.e.store
	if _, err := store.Update(ctx, run.id, time.Now(), func(r *TaskRecord) error {
		if r.Status.Terminal() {
			return errTerminal
		}
		pending, given := decodeMap(r.InputRequests), decodeMap(r.InputResponses)
		added := false
		for _, k := range keys {
			if _, ok := given[k]; !ok {
				pending[k] = requests[k]
				added = true
			}
		}
		if !added {
			return errNotYet // answered upfront
		}
		r.InputRequests = encodeMap(pending)
		r.Status, r.StatusMessage, r.UpdatedAt = TaskInputRequired, "The tool waits for the client's input.", time.Now()
		return nil
	}); errors.Is(err, errTerminal) {
		return nil, context.Canceled
	} else if err != nil && !errors.Is(err, errNotYet) {
		return nil, fmt.Errorf("mcp.AskInput: %w", err)
	}

	var changed <-chan struct{}
	if w, ok := store.(TaskWatcher); ok {
		c, stop := w.Watch(run.id)
		defer stop()
		changed = c
	}
	tick := time.NewTicker(min(run.e.opts.PollInterval, run.e.opts.Lease/3, 250*time.Millisecond))
	defer tick.Stop()
	for {
		out, err := run.take(ctx, keys)
		if !errors.Is(err, errNotYet) {
			return out, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-run.wake:
		case <-changed:
		case <-tick.C:
		}
	}
}

// take takes the answers to keys from the task once all are there.
func (run *taskRun) take(ctx context.Context, keys []string) (map[string]json.RawMessage, error) {
	var out map[string]json.RawMessage
	_, err := run.e.store.Update(ctx, run.id, time.Now(), func(r *TaskRecord) error {
		if r.Status.Terminal() {
			return errTerminal
		}
		given := decodeMap(r.InputResponses)
		out = make(map[string]json.RawMessage, len(keys))
		for _, k := range keys {
			a, ok := given[k]
			if !ok {
				return errNotYet
			}
			out[k] = a
			delete(given, k)
		}
		r.InputResponses = encodeMap(given)
		if len(decodeMap(r.InputRequests)) == 0 && r.Status == TaskInputRequired {
			r.Status, r.StatusMessage, r.UpdatedAt = TaskWorking, "The client answered; the tool runs on.", time.Now()
		}
		return nil
	})
	switch {
	case errors.Is(err, errNotYet):
		return nil, errNotYet
	case errors.Is(err, errTerminal):
		return nil, context.Canceled
	case err != nil:
		return nil, fmt.Errorf("mcp.AskInput: %w", err)
	}
	return out, nil
}

// --- capabilities ---

// tasksExtensionCapability adds the extension to a server/discover
// result's capabilities (and no 2025-11-25 tasks capability).
func tasksExtensionCapability(caps map[string]json.RawMessage) {
	ext := decodeMap(caps["extensions"])
	ext[TasksExtension] = json.RawMessage(`{}`)
	caps["extensions"] = mustJSON(ext)
	delete(caps, "tasks")
}
