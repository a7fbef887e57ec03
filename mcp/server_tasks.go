package mcp

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// MCP's Tasks (protocol 2025-11-25): a tools/call whose params carry
// "task" is answered at once with a task, the tool runs on in the server
// with a context of its own, and the client polls tasks/get and fetches
// tasks/result. go-sdk v1.8.0 knows nothing of tasks and refuses methods it
// does not know, so the task layer sits in front of it: taskHTTP for
// streamable HTTP, taskConn for stdio and in-memory transports. Each
// answers the tasks/* requests and task-augmented tools/call itself, and
// rewrites go-sdk's answers to initialize (the tasks capability) and
// tools/list (each tool's execution.taskSupport). The layer exists only on
// a server with a tool that runs as a task. Protocol 2026-07-28's form, the
// tasks extension, is in server_tasks2026.go.

// TaskOptions configure a server's tasks (WithTasks). Zero fields take the
// defaults.
type TaskOptions struct {
	// Store keeps the tasks; NewMemoryTaskStore() by default. Replicas
	// that share a store serve each other's tasks (get, list, result,
	// cancel) and take over those whose replica died.
	Store TaskStore
	// DefaultTTL is how long a task and its result are kept when the
	// client asks no ttl (1 h), as for every task of the 2026-07-28
	// extension, whose clients ask none; MaxTTL caps what a client asks
	// (24 h).
	DefaultTTL, MaxTTL time.Duration
	// PollInterval is the pollInterval suggested to clients (1 s).
	PollInterval time.Duration
	// MaxPerOwner bounds the tasks one requestor has running (100);
	// MaxTotal the tasks the store keeps, running or finished (10,000),
	// the finished one updated longest ago making room for a new one. A
	// task beyond is refused with an error saying so. NoLimit for no
	// bound.
	MaxPerOwner, MaxTotal int
	// Lease is how long a replica's claim on a running task lasts unless
	// renewed (30 s); the replica renews it, and reads a cancel asked on
	// another replica, every third of it.
	Lease time.Duration
	// Replica names this server among those sharing the store (random
	// when empty).
	Replica string
}

// Defaults of TaskOptions.
const (
	DefaultTaskTTL          = time.Hour
	DefaultMaxTaskTTL       = 24 * time.Hour
	DefaultTaskPollInterval = time.Second
	DefaultMaxTasksPerOwner = 100
	DefaultMaxTasks         = 10_000
	DefaultTaskLease        = 30 * time.Second
	// maxTaskAttempts bounds the runs of an idempotent task whose
	// replicas die.
	maxTaskAttempts = 3
)

// WithTasks sets how the server keeps and runs tasks. Tools run as tasks
// when their Task field says so (the directive's task option) or
// WithTaskSupport names them; WithTasks alone makes no tool a task.
func WithTasks(o TaskOptions) ServerOption {
	return func(c *serverConfig) error {
		for _, d := range []struct {
			name string
			v    time.Duration
		}{{"DefaultTTL", o.DefaultTTL}, {"MaxTTL", o.MaxTTL}, {"PollInterval", o.PollInterval}, {"Lease", o.Lease}} {
			if d.v < 0 {
				return fmt.Errorf("mcp.WithTasks: %s %v: must not be negative", d.name, d.v)
			}
		}
		if (o.MaxPerOwner < 0 && o.MaxPerOwner != NoLimit) || (o.MaxTotal < 0 && o.MaxTotal != NoLimit) {
			return fmt.Errorf("mcp.WithTasks: MaxPerOwner %d, MaxTotal %d: must be positive, 0 (default) or NoLimit", o.MaxPerOwner, o.MaxTotal)
		}
		c.tasks = o
		return nil
	}
}

// WithTaskSupport makes the named tools run as tasks (optional or
// required), overriding their Task field; forbidden (toolgen.TaskForbidden)
// makes them plain again. An unknown name is NewServer's error.
func WithTaskSupport(support toolgen.TaskSupport, names ...toolgen.ToolName) ServerOption {
	return func(c *serverConfig) error {
		switch support {
		case toolgen.TaskForbidden, toolgen.TaskOptional, toolgen.TaskRequired:
		default:
			return fmt.Errorf("mcp.WithTaskSupport(%q): not optional, required or forbidden", support)
		}
		if c.taskSupport == nil {
			c.taskSupport = map[toolgen.ToolName]toolgen.TaskSupport{}
		}
		for _, n := range names {
			c.taskSupport[n] = support
		}
		return nil
	}
}

// taskEngine runs and answers the tasks of one server.
type taskEngine struct {
	s       *Server
	store   TaskStore
	opts    TaskOptions // defaults filled in
	limits  TaskLimits
	support map[string]toolgen.TaskSupport // tools that are not forbidden
	upfront map[string]json.RawMessage     // WithUpfrontInput's requests by tool

	mu        sync.Mutex
	running   map[string]*runningTask // on this replica
	lastSweep time.Time
}

// runningTask is a task this replica runs.
type runningTask struct {
	cancel context.CancelFunc
	done   chan struct{} // closed once its final status is stored
	run    *taskRun      // a task of the extension (AskInput), or nil
}

func newTaskEngine(s *Server, o TaskOptions, support map[string]toolgen.TaskSupport) *taskEngine {
	if o.Store == nil {
		o.Store = NewMemoryTaskStore()
	}
	o.DefaultTTL = orDefault(o.DefaultTTL, DefaultTaskTTL)
	o.MaxTTL = orDefault(o.MaxTTL, DefaultMaxTaskTTL)
	o.DefaultTTL = min(o.DefaultTTL, o.MaxTTL)
	o.PollInterval = orDefault(o.PollInterval, DefaultTaskPollInterval)
	o.Lease = orDefault(o.Lease, DefaultTaskLease)
	if o.Replica == "" {
		o.Replica = rand.Text()[:12]
	}
	limit := func(v, def int) int {
		switch v {
		case 0:
			return def
		case NoLimit:
			return 0
		}
		return v
	}
	return &taskEngine{
		s: s, store: o.Store, opts: o, support: support,
		limits:  TaskLimits{PerOwner: limit(o.MaxPerOwner, DefaultMaxTasksPerOwner), Total: limit(o.MaxTotal, DefaultMaxTasks)},
		running: map[string]*runningTask{},
	}
}

// taskRPCError is a JSON-RPC error the task layer answers.
type taskRPCError struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *taskRPCError) Error() string { return e.Message }

const (
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternal       = -32603
)

func invalidParams(format string, args ...any) *taskRPCError {
	return &taskRPCError{Code: codeInvalidParams, Message: fmt.Sprintf(format, args...)}
}

// taskCall is one request the task layer answers, with what it knows of
// where it came from.
type taskCall struct {
	method string
	params json.RawMessage
	owner  string
	header http.Header   // the HTTP request's, or nil
	req    *http.Request // the HTTP request, or nil
	// notify sends a notification to the client outside any request (a
	// stdio connection), or is nil.
	notify func(method string, params any)
}

// claims reports whether the task layer answers a request: the tasks/*
// methods, a tools/call that asks for a task, and a tools/call without one
// of a tool that requires it.
func (e *taskEngine) claims(method string, params json.RawMessage) bool {
	switch method {
	case "tasks/get", "tasks/result", "tasks/cancel", "tasks/list":
		return true
	case "tools/call":
		var p struct {
			Name string          `json:"name"`
			Task json.RawMessage `json:"task"`
		}
		if json.Unmarshal(params, &p) != nil {
			return false // go-sdk says what is wrong
		}
		if len(p.Task) > 0 && string(p.Task) != "null" {
			return true
		}
		return e.support[p.Name] == toolgen.TaskRequired
	}
	return false
}

// handle answers a request claims accepted: its result, or an error.
func (e *taskEngine) handle(ctx context.Context, c taskCall) (any, *taskRPCError) {
	switch c.method {
	case "tools/call":
		return e.create(ctx, c)
	case "tasks/list":
		return e.list(ctx, c)
	}
	p, rerr := readTaskParams(c)
	if rerr != nil {
		return nil, rerr
	}
	switch c.method {
	case "tasks/get":
		return getTaskAs(ctx, e, p.TaskID, c.owner, e.wire)
	case "tasks/cancel":
		return e.cancel(ctx, p.TaskID, c.owner)
	default: // tasks/result
		return e.result(ctx, p.TaskID, c.owner)
	}
}

// taskParams are the params of a request about one task: tasks/get,
// tasks/cancel, tasks/result, and the extension's tasks/update.
type taskParams struct {
	TaskID         string          `json:"taskId"`
	InputResponses json.RawMessage `json:"inputResponses"` // tasks/update
}

func readTaskParams(c taskCall) (taskParams, *taskRPCError) {
	var p taskParams
	if err := json.Unmarshal(c.params, &p); err != nil || p.TaskID == "" {
		return p, invalidParams("%s needs params {\"taskId\": string}", c.method)
	}
	return p, nil
}

// getTaskAs answers tasks/get: the owner's task, as wire puts it.
func getTaskAs[T any](ctx context.Context, e *taskEngine, id, owner string, wire func(TaskRecord) T) (any, *taskRPCError) {
	rec, err := e.find(ctx, id, owner)
	if err != nil {
		return nil, err
	}
	return wire(rec), nil
}

// wireTask is MCP's Task.
type wireTask struct {
	TaskID        string     `json:"taskId"`
	Status        TaskStatus `json:"status"`
	StatusMessage string     `json:"statusMessage,omitempty"`
	CreatedAt     string     `json:"createdAt"`
	LastUpdatedAt string     `json:"lastUpdatedAt"`
	TTL           int64      `json:"ttl"`
	PollInterval  int64      `json:"pollInterval,omitempty"`
}

const taskTimeLayout = "2006-01-02T15:04:05.000Z07:00"

func (e *taskEngine) wire(r TaskRecord) wireTask {
	return wireTask{
		TaskID: r.ID, Status: r.Status, StatusMessage: r.StatusMessage,
		CreatedAt: r.CreatedAt.UTC().Format(taskTimeLayout), LastUpdatedAt: r.UpdatedAt.UTC().Format(taskTimeLayout),
		TTL: r.TTL.Milliseconds(), PollInterval: r.PollInterval.Milliseconds(),
	}
}

// find is the owner's task id, taking it over first if its replica died.
// Another owner's task is not found, as an unknown one: a client cannot
// tell whether an id it guessed exists.
func (e *taskEngine) find(ctx context.Context, id, owner string) (TaskRecord, *taskRPCError) {
	now := time.Now()
	rec, err := e.store.Get(ctx, id, now)
	if err == nil && rec.Owner != owner {
		err = ErrTaskNotFound
	}
	if err != nil {
		return TaskRecord{}, storeError(err, id)
	}
	if !rec.Status.Terminal() && rec.LeaseExpiry.Before(now) {
		e.takeOver(rec)
		if again, err := e.store.Get(ctx, id, time.Now()); err == nil {
			rec = again
		}
	}
	return rec, nil
}

func storeError(err error, id string) *taskRPCError {
	if errors.Is(err, ErrTaskNotFound) {
		return invalidParams("Failed to retrieve task: task %q not found (unknown, expired, or not this client's)", id)
	}
	return &taskRPCError{Code: codeInternal, Message: "task store: " + err.Error()}
}

// createParams are a task-augmented tools/call's params.
type createParams struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Task      *struct {
		TTL *float64 `json:"ttl"`
	} `json:"task"`
	Meta struct {
		ProgressToken any `json:"progressToken"`
	} `json:"_meta"`
}

// create answers a tools/call the layer claimed: a task, running.
func (e *taskEngine) create(ctx context.Context, c taskCall) (any, *taskRPCError) {
	var p createParams
	if err := json.Unmarshal(c.params, &p); err != nil {
		return nil, invalidParams("invalid tools/call params: %v", err)
	}
	t := e.s.tools[p.Name]
	if t == nil {
		return nil, invalidParams("unknown tool %q", p.Name)
	}
	support := e.support[p.Name]
	switch {
	case p.Task == nil && support == toolgen.TaskRequired:
		return nil, &taskRPCError{Code: codeMethodNotFound, Message: fmt.Sprintf(
			"tool %q must be called as a task: its execution.taskSupport is \"required\"; add \"task\": {} to the tools/call params", p.Name)}
	case support == toolgen.TaskForbidden:
		return nil, &taskRPCError{Code: codeMethodNotFound, Message: fmt.Sprintf(
			"tool %q cannot be called as a task (its execution.taskSupport is \"forbidden\"); call it without \"task\"", p.Name)}
	}
	ttl := e.opts.DefaultTTL
	if p.Task.TTL != nil && *p.Task.TTL > 0 {
		ttl = min(time.Duration(*p.Task.TTL*float64(time.Millisecond)), e.opts.MaxTTL)
	}
	rec, rpcErr := e.launch(ctx, c, launchSpec{tool: t, name: p.Name, args: p.Arguments, ttl: ttl,
		refused: TaskFailed, token: p.Meta.ProgressToken, notify: c.notify})
	if rpcErr != nil {
		return nil, rpcErr
	}
	return struct {
		Task wireTask `json:"task"`
	}{e.wire(rec)}, nil
}

// launchSpec is what launch needs of a call beyond its taskCall: the
// tool, its arguments, and where the two forms of tasks differ.
type launchSpec struct {
	tool    *toolgen.Tool
	name    string
	args    json.RawMessage
	ttl     time.Duration
	refused TaskStatus // the status of a call refused before it ran
	// edit sets the record's fields of the form (nil: none), runCtx adds
	// to the tool's context what the form gives it (nil: nothing).
	edit   func(*TaskRecord)
	runCtx func(context.Context) context.Context
	token  any               // the progress token, or nil
	notify func(string, any) // where progress goes, or nil
}

// launch records a task for a call and starts its tool on this replica.
// The call's deps and approval are decided now, while the request that
// carried it is being served: a refused call is recorded done with the
// refusal as its result (the tool does not run). A server with no call
// slot free, or a store that refuses the task, is an error.
func (e *taskEngine) launch(ctx context.Context, c taskCall, l launchSpec) (TaskRecord, *taskRPCError) {
	args := l.args
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage(`{}`)
	}
	now := time.Now()
	e.sweep(now)
	rec := TaskRecord{
		ID: rand.Text(), Owner: c.owner, Tool: l.name, Arguments: args, Idempotent: l.tool.Annotations.Idempotent || l.tool.Annotations.ReadOnly,
		Status: TaskWorking, CreatedAt: now, UpdatedAt: now,
		TTL: l.ttl, ExpiresAt: now.Add(l.ttl), PollInterval: e.opts.PollInterval,
		Replica: e.opts.Replica, LeaseExpiry: now.Add(e.opts.Lease), Attempts: 1,
	}
	if l.edit != nil {
		l.edit(&rec)
	}
	runCtx, v := e.s.begin(context.WithoutCancel(ctx), l.tool, args, callInfo{header: c.header, request: c.req})
	if l.runCtx != nil {
		runCtx = l.runCtx(runCtx)
	}
	if !v.runs() {
		res := toolgen.ErrorResult("The call was not run.")
		if v.refusal != nil {
			res = *v.refusal
		}
		rec.Status, rec.StatusMessage = l.refused, "The call was refused."
		rec.Result = mustJSON(toSDKResult(res))
	} else if !e.s.slots.take() {
		return rec, &taskRPCError{Code: codeInternal, Message: busyMessage(e.s.slots)}
	}
	if err := e.store.Create(ctx, rec, e.limits, now); err != nil {
		if v.runs() {
			e.s.slots.give()
		}
		if errors.Is(err, ErrTooManyTasks) {
			return rec, &taskRPCError{Code: codeInvalidRequest, Message: fmt.Sprintf("Not run: %v; wait for a task to finish", err)}
		}
		return rec, &taskRPCError{Code: codeInternal, Message: "task store: " + err.Error()}
	}
	if v.runs() {
		e.start(runCtx, rec, l.tool, l.token, l.notify)
	}
	return rec, nil
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(toSDKResult(toolgen.ErrorResult("the result could not be encoded: " + err.Error())))
	}
	return b
}

// start runs a task's tool on this replica, holding one of the server's
// call slots (taken by the caller), renewing the lease while it runs.
func (e *taskEngine) start(ctx context.Context, rec TaskRecord, t *toolgen.Tool, token any, notify func(string, any)) {
	ctx, cancel := context.WithCancel(ctx)
	rt := &runningTask{cancel: cancel, done: make(chan struct{})}
	if rec.Revision == revision2026 {
		rt.run = &taskRun{e: e, id: rec.ID, wake: make(chan struct{}, 1), asked: map[string]bool{}, answered: map[string]json.RawMessage{}}
		ctx = context.WithValue(ctx, taskRunKey{}, rt.run)
	} else {
		ctx = context.WithValue(ctx, legacyTaskKey{}, rec.ID)
	}
	e.mu.Lock()
	e.running[rec.ID] = rt
	e.mu.Unlock()
	status := &statusReporter{e: e, id: rec.ID}
	ctx = toolgen.WithProgress(ctx, status.report)
	var notifier *progressNotifier
	if token != nil && notify != nil {
		n := &progressNotifier{send: func(note progressNote) error {
			meta := map[string]any{relatedTaskKey: map[string]string{"taskId": rec.ID}}
			maps.Copy(meta, note.meta())
			notify("notifications/progress", map[string]any{"progressToken": token, "progress": note.progress, "total": note.total, "message": note.message,
				"_meta": meta})
			return nil
		}}
		ctx = toolgen.WithProgress(ctx, func(p toolgen.Progress) { status.report(p); _ = n.notify(p) })
		notifier = n
	}
	go func() {
		defer notifier.end()
		defer e.s.slots.give()
		defer close(rt.done)
		defer cancel()
		stopLease := e.renew(ctx, rec.ID, cancel, status)
		out := <-startCall(ctx, *t, rec.Arguments, nil)
		stopLease()
		e.finish(rec.ID, out)
		e.mu.Lock()
		delete(e.running, rec.ID)
		e.mu.Unlock()
	}()
}

// relatedTaskKey is the _meta key tying a message to its task.
const relatedTaskKey = "io.modelcontextprotocol/related-task"

// statusReporter turns a task's progress reports into its status message,
// written to the store at most every 100 ms (the lease renewal writes the
// last one).
type statusReporter struct {
	e       *taskEngine
	id      string
	mu      sync.Mutex
	pending string
	written time.Time
}

func (r *statusReporter) report(p toolgen.Progress) {
	msg := p.Message
	if p.Total > 0 {
		msg = fmt.Sprintf("%s (%g/%g)", msg, p.Progress, p.Total)
	} else if msg == "" && p.Progress > 0 {
		msg = fmt.Sprintf("%g done", p.Progress)
	}
	if msg == "" {
		return
	}
	r.mu.Lock()
	r.pending = msg
	due := time.Since(r.written) >= 100*time.Millisecond
	r.mu.Unlock()
	if due {
		r.flush(nil)
	}
}

// flush writes the pending message, with more if change is not nil.
func (r *statusReporter) flush(change func(*TaskRecord)) (TaskRecord, error) {
	r.mu.Lock()
	msg := r.pending
	r.pending = ""
	r.written = time.Now()
	r.mu.Unlock()
	now := time.Now()
	return r.e.store.Update(context.Background(), r.id, now, func(rec *TaskRecord) error {
		if rec.Status.Terminal() {
			return nil
		}
		if msg != "" {
			rec.StatusMessage, rec.UpdatedAt = msg, now
		}
		if change != nil {
			change(rec)
		}
		return nil
	})
}

// renew renews the task's lease every third of it until stopped, and
// cancels the run when the task was cancelled (on any replica) or is gone.
func (e *taskEngine) renew(ctx context.Context, id string, cancel context.CancelFunc, status *statusReporter) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(e.opts.Lease / 3)
		defer tick.Stop()
		var changed <-chan struct{}
		if w, ok := e.store.(TaskWatcher); ok {
			c, stopWatch := w.Watch(id) // a cancel asked on another replica, at once
			defer stopWatch()
			changed = c
		}
		for {
			select {
			case <-quit:
				return
			case <-ctx.Done():
				return
			case <-changed:
				rec, err := e.store.Get(ctx, id, time.Now())
				if errors.Is(err, ErrTaskNotFound) || (err == nil && (rec.CancelRequested || rec.Status.Terminal())) {
					cancel()
					return
				}
				continue
			case <-tick.C:
			}
			rec, err := status.flush(func(r *TaskRecord) { r.LeaseExpiry = time.Now().Add(e.opts.Lease) })
			if errors.Is(err, ErrTaskNotFound) || (err == nil && (rec.CancelRequested || rec.Status.Terminal())) {
				cancel()
				return
			}
		}
	})
	return func() { close(quit); wg.Wait() }
}

// finish stores a run's outcome, unless the task was cancelled meanwhile
// (it stays cancelled).
func (e *taskEngine) finish(id string, out outcome) {
	now := time.Now()
	_, _ = e.store.Update(context.Background(), id, now, func(rec *TaskRecord) error {
		if rec.Status.Terminal() {
			return nil
		}
		rec.UpdatedAt = now
		rec.InputRequests, rec.InputResponses = nil, nil
		switch {
		case out.err != nil:
			rec.Status, rec.StatusMessage = TaskFailed, "The tool stopped: "+out.err.Error()
			rec.Error = &TaskError{Code: codeInternal, Message: "the tool stopped: " + out.err.Error()}
		case out.res.IsError && rec.Revision == revision2026:
			// The extension keeps failed for JSON-RPC errors.
			rec.Status, rec.StatusMessage = TaskCompleted, "The tool reported an error."
			rec.Result = mustJSON(toSDKResult(out.res))
		case out.res.IsError:
			rec.Status, rec.StatusMessage = TaskFailed, "The tool reported an error."
			rec.Result = mustJSON(toSDKResult(out.res))
		default:
			rec.Status, rec.StatusMessage = TaskCompleted, "The tool finished."
			rec.Result = mustJSON(toSDKResult(out.res))
		}
		return nil
	})
}

// cancel answers tasks/cancel: the task becomes cancelled before the
// answer, and its run (on this replica now, on another at its next lease
// renewal) is cancelled.
func (e *taskEngine) cancel(ctx context.Context, id, owner string) (any, *taskRPCError) {
	if _, err := e.find(ctx, id, owner); err != nil {
		return nil, err
	}
	now := time.Now()
	var terminal TaskStatus
	rec, err := e.store.Update(ctx, id, now, func(r *TaskRecord) error {
		if r.Status.Terminal() {
			terminal = r.Status
			return errTerminal
		}
		r.Status, r.StatusMessage, r.UpdatedAt, r.CancelRequested = TaskCancelled, "The task was cancelled by request.", now, true
		return nil
	})
	if errors.Is(err, errTerminal) {
		return nil, invalidParams("Cannot cancel task %q: it is already %s", id, terminal)
	}
	if err != nil {
		return nil, storeError(err, id)
	}
	e.mu.Lock()
	rt := e.running[id]
	e.mu.Unlock()
	if rt != nil {
		rt.cancel()
	}
	return e.wire(rec), nil
}

var errTerminal = errors.New("terminal")

// result answers tasks/result: once the task is terminal, what the
// tools/call would have answered, with the related-task _meta.
func (e *taskEngine) result(ctx context.Context, id, owner string) (any, *taskRPCError) {
	var changed <-chan struct{}
	if w, ok := e.store.(TaskWatcher); ok {
		c, stop := w.Watch(id) // before the first read: a change after it wakes us
		defer stop()
		changed = c
	}
	for {
		rec, rerr := e.find(ctx, id, owner)
		if rerr != nil {
			return nil, rerr
		}
		if rec.Status.Terminal() {
			return finalResult(rec)
		}
		e.mu.Lock()
		rt := e.running[id]
		e.mu.Unlock()
		wait := e.opts.PollInterval
		if rt == nil {
			wait = min(wait, e.opts.Lease/3) // run elsewhere: poll the store
		}
		timer := time.NewTimer(wait)
		var done <-chan struct{}
		if rt != nil {
			done = rt.done
		}
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, &taskRPCError{Code: codeInternal, Message: "tasks/result: the request ended before the task did"}
		case <-done:
		case <-changed:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// finalResult is a terminal task's tasks/result.
func finalResult(rec TaskRecord) (any, *taskRPCError) {
	if rec.Error != nil {
		return nil, &taskRPCError{Code: rec.Error.Code, Message: rec.Error.Message}
	}
	raw := rec.Result
	if raw == nil { // cancelled before a result
		raw = mustJSON(toSDKResult(toolgen.ErrorResult("The task was cancelled before the tool returned; it may have done part of its work.")))
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, &taskRPCError{Code: codeInternal, Message: "stored result: " + err.Error()}
	}
	meta := map[string]json.RawMessage{}
	if old, ok := m["_meta"]; ok {
		_ = json.Unmarshal(old, &meta)
	}
	meta[relatedTaskKey] = mustJSON(map[string]string{"taskId": rec.ID})
	m["_meta"] = mustJSON(meta)
	return m, nil
}

// list answers tasks/list: a page of the owner's tasks.
func (e *taskEngine) list(ctx context.Context, c taskCall) (any, *taskRPCError) {
	var p struct {
		Cursor string `json:"cursor"`
	}
	if len(c.params) > 0 {
		if err := json.Unmarshal(c.params, &p); err != nil {
			return nil, invalidParams("invalid tasks/list params: %v", err)
		}
	}
	recs, next, err := e.store.List(ctx, c.owner, p.Cursor, taskPageSize, time.Now())
	if errors.Is(err, ErrBadCursor) {
		return nil, invalidParams("invalid cursor %q", p.Cursor)
	}
	if err != nil {
		return nil, &taskRPCError{Code: codeInternal, Message: "task store: " + err.Error()}
	}
	out := struct {
		Tasks      []wireTask `json:"tasks"`
		NextCursor string     `json:"nextCursor,omitempty"`
	}{Tasks: make([]wireTask, 0, len(recs)), NextCursor: next}
	for _, r := range recs {
		// A task of the 2026-07-28 extension is found by its id alone when
		// there is no token: listing it would hand it to anyone.
		if r.Revision != revision2026 {
			out.Tasks = append(out.Tasks, e.wire(r))
		}
	}
	return out, nil
}

// taskPageSize is how many tasks a tasks/list page holds.
const taskPageSize = 50

// sweep deletes expired tasks and takes over lapsed ones, at most once a
// lease interval (on task creation: no goroutine of its own).
func (e *taskEngine) sweep(now time.Time) {
	e.mu.Lock()
	due := now.Sub(e.lastSweep) >= e.opts.Lease/3
	if due {
		e.lastSweep = now
	}
	e.mu.Unlock()
	if !due {
		return
	}
	ctx := context.Background()
	_, _ = e.store.DeleteExpired(ctx, now)
	lapsed, _ := e.store.Lapsed(ctx, now, 100)
	for _, rec := range lapsed {
		e.takeOver(rec)
	}
}

// takeOver handles a task whose replica's lease lapsed: an idempotent tool
// known here runs again on this replica (at most maxTaskAttempts runs in
// all); any other task fails, since its tool may or may not have run.
func (e *taskEngine) takeOver(seen TaskRecord) {
	now := time.Now()
	t := e.s.tools[seen.Tool]
	rerun := false
	rec, err := e.store.Update(context.Background(), seen.ID, now, func(r *TaskRecord) error {
		if r.Status.Terminal() || !r.LeaseExpiry.Before(now) {
			return errTerminal // someone else got there first, or the lease was renewed
		}
		rerun = r.Idempotent && t != nil && r.Attempts < maxTaskAttempts && e.s.deps == nil && !e.s.needsDecision(t, r.Arguments)
		r.UpdatedAt = now
		if rerun {
			r.Replica, r.LeaseExpiry, r.Attempts = e.opts.Replica, now.Add(e.opts.Lease), r.Attempts+1
			r.StatusMessage = "The server running this task stopped; the tool is idempotent and runs again."
			return nil
		}
		r.Status, r.StatusMessage = TaskFailed, "The server running this task stopped; the tool may or may not have run."
		r.Error = &TaskError{Code: codeInternal, Message: "the server running this task stopped; the tool may or may not have run"}
		return nil
	})
	if err != nil || !rerun {
		return
	}
	if !e.s.slots.take() {
		_, _ = e.store.Update(context.Background(), rec.ID, time.Now(), func(r *TaskRecord) error {
			r.LeaseExpiry = time.Now() // let another replica try
			return nil
		})
		return
	}
	ctx, _ := e.s.begin(context.Background(), t, rec.Arguments, callInfo{})
	e.start(ctx, rec, t, nil, nil)
}
