package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
)

// Status notifications of the tasks extension (protocol 2026-07-28): a
// client follows tasks on a subscriptions/listen stream whose filter asks
// for notifications.taskIds, and gets notifications/tasks, each the whole
// task as tasks/get shows it.

// maxListenedTasks bounds the tasks one subscriptions/listen follows.
const maxListenedTasks = 100

// listensToTasks reports whether a subscriptions/listen asks for task
// notifications alone (notifications.taskIds and nothing else): the task
// layer serves that stream. One that asks for more goes to go-sdk, which
// does not know taskIds and leaves them out of its acknowledgement, as the
// extension lets a server decline them.
func listensToTasks(params json.RawMessage) bool {
	var p struct {
		Notifications map[string]json.RawMessage `json:"notifications"`
	}
	if json.Unmarshal(params, &p) != nil || p.Notifications["taskIds"] == nil {
		return false
	}
	for k, v := range p.Notifications {
		if k != "taskIds" && string(v) != "false" && string(v) != "null" && string(v) != "[]" {
			return false
		}
	}
	return true
}

// serveListen serves a subscriptions/listen for task notifications: an
// event stream of the acknowledgement (the taskIds of the client's tasks
// of the extension among those asked, at most maxListenedTasks), then a
// notifications/tasks with the whole task (as tasks/get answers it,
// without resultType) at once and at each change of its status, message,
// questions or result, until every task followed is terminal or gone; then
// the listen's result ends the stream. Changes are read from the store,
// woken by a TaskWatcher when there is one, else polled at the poll
// interval (at most every 250 ms).
func (e *taskEngine) serveListen(w http.ResponseWriter, r *http.Request, id json.RawMessage, params json.RawMessage, meta requestMeta) {
	ids, rerr := e.listened(r, params, meta)
	if rerr != nil {
		w.Header().Set("Content-Type", "application/json")
		if rerr.Code == codeHeaderMismatch || rerr.Code == codeMissingCapability {
			w.WriteHeader(http.StatusBadRequest)
		}
		_, _ = w.Write(encodeResponse(id, nil, rerr))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	out := &listenStream{w: w, meta: map[string]json.RawMessage{"io.modelcontextprotocol/subscriptionId": id}}
	if !out.notify("notifications/subscriptions/acknowledged", map[string]any{"notifications": map[string]any{"taskIds": ids}}) {
		return
	}
	ctx := r.Context()
	changed, stop := e.watchAll(ids)
	defer stop()
	tick := time.NewTicker(min(e.opts.PollInterval, 250*time.Millisecond))
	defer tick.Stop()
	sent := make(map[string]string, len(ids)) // task id: the state last sent
	for _, tid := range ids {
		sent[tid] = ""
	}
	for {
		if !e.notifyChanges(ctx, out, sent) {
			return // the client went away
		}
		if len(sent) == 0 {
			break
		}
		select {
		case <-ctx.Done():
			return
		case <-changed:
		case <-tick.C:
		}
	}
	out.write(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  any             `json:"result"`
	}{"2.0", id, map[string]any{"resultType": "complete", "_meta": out.meta}})
}

// listened checks a subscriptions/listen for tasks and returns the ids it
// follows: the client's tasks of the extension among those asked, each
// once. An unknown or another's id is left out, as the extension says,
// not an error: ids cannot be probed.
func (e *taskEngine) listened(r *http.Request, params json.RawMessage, meta requestMeta) ([]string, *taskRPCError) {
	if rerr := checkHeaders(r.Header, "subscriptions/listen", params, meta); rerr != nil {
		return nil, rerr
	}
	if !meta.declaresTasks() {
		return nil, missingTasksCapability("Missing required client capability: task notifications need the %s extension declared in the request's _meta %q", TasksExtension, metaClientCapabilities)
	}
	var p struct {
		Notifications struct {
			TaskIDs []string `json:"taskIds"`
		} `json:"notifications"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, invalidParams("invalid subscriptions/listen params: %v", err)
	}
	owner := ""
	if info := auth.TokenInfoFromContext(r.Context()); info != nil && info.UserID != "" {
		owner = "sub:" + info.UserID
	}
	ids := []string{}
	seen := map[string]bool{}
	for _, tid := range p.Notifications.TaskIDs {
		if seen[tid] || len(ids) == maxListenedTasks {
			continue
		}
		seen[tid] = true
		if rec, err := e.find(r.Context(), tid, owner); err == nil && rec.Revision == revision2026 {
			ids = append(ids, tid)
		}
	}
	return ids, nil
}

// notifyChanges sends a notification for each task in sent whose state
// changed since sent[id], and drops the tasks that ended. It reports
// whether the stream still takes writes.
func (e *taskEngine) notifyChanges(ctx context.Context, out *listenStream, sent map[string]string) bool {
	for tid, last := range sent {
		rec, err := e.store.Get(ctx, tid, time.Now())
		if err != nil {
			delete(sent, tid) // expired: nothing more will come
			continue
		}
		task := detailed(rec)
		task.ResultType = ""
		state := mustJSON(task)
		if string(state) != last {
			sent[tid] = string(state)
			var params map[string]any
			_ = json.Unmarshal(state, &params)
			if !out.notify("notifications/tasks", params) {
				return false
			}
		}
		if rec.Status.Terminal() {
			delete(sent, tid)
		}
	}
	return true
}

// watchAll merges the store's watches of ids (when it has them) into one
// channel; stop ends them.
func (e *taskEngine) watchAll(ids []string) (changed <-chan struct{}, stop func()) {
	c := make(chan struct{}, 1)
	wt, ok := e.store.(TaskWatcher)
	if !ok {
		return c, func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, tid := range ids {
		one, stopOne := wt.Watch(tid)
		wg.Go(func() {
			defer stopOne()
			for {
				select {
				case <-done:
					return
				case <-one:
					select {
					case c <- struct{}{}:
					default:
					}
				}
			}
		})
	}
	return c, func() { close(done); wg.Wait() }
}

// listenStream writes a listen's events, each notification with the
// stream's subscriptionId in its _meta.
type listenStream struct {
	w    http.ResponseWriter
	meta map[string]json.RawMessage
}

func (s *listenStream) notify(method string, params map[string]any) bool {
	params["_meta"] = s.meta
	return s.write(struct {
		JSONRPC string         `json:"jsonrpc"`
		Method  string         `json:"method"`
		Params  map[string]any `json:"params"`
	}{"2.0", method, params})
}

// write sends one event and flushes it; false when the client is gone.
func (s *listenStream) write(msg any) bool {
	var b bytes.Buffer
	b.WriteString("event: message\ndata: ")
	b.Write(mustJSON(msg))
	b.WriteString("\n\n")
	if _, err := s.w.Write(b.Bytes()); err != nil {
		return false
	}
	return http.NewResponseController(s.w).Flush() == nil
}
