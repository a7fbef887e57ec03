package mcp

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/toolgen-dev/toolgen"
)

// A call made with a context that has a progress receiver
// (toolgen.ReportsProgress: an agent run that something listens to, or an
// MCP call that asked for progress, when a served tool calls a remote one)
// asks the server for progress with a token of its own, and each
// notifications/progress with that token becomes a toolgen.ReportProgress
// on the call's context: the agent emits it as EventToolProgress, as for
// a local tool. The partial result a notification carries in its _meta
// under PartialMetaKey (as a toolgen server sends a tool's
// toolgen.Partial) becomes the report's Partial, so a remote tool's
// partial results reach the agent's events, aisdk and agui as a local
// tool's do.
//
// The notifications are taken off the wire, not from go-sdk's handler:
// go-sdk hands a call its response as soon as it is read, while the
// notifications read before it wait in its handler queue, so a handler
// could see them after the call returned. Watching what is read (the
// connection of a stdio or in-memory transport, the event stream of the
// call's HTTP response) delivers each one before the response after it is
// read, so every notification reaches the caller before the call returns,
// and none after: the token is dropped as the call returns. The receiver
// runs on the reading goroutine, so it must not block for long (as
// toolgen.WithProgress asks). Notifications a server sends elsewhere (a
// stateful server with JSON responses sends them on its GET stream) are
// not watched, and so not delivered.

// progressRoutes are the calls waiting for progress notifications, by
// token.
type progressRoutes struct {
	mu     sync.Mutex
	next   uint64
	routes map[string]*progressRoute
}

// progressRoute is one call's receiver, until the call returns.
type progressRoute struct {
	mu      sync.Mutex
	ended   bool
	receive func(toolgen.Progress)
}

// add routes the progress of a call made with ctx to ctx's receiver, and
// returns the call's token and what ends the route as the call returns.
func (r *progressRoutes) add(ctx context.Context) (token string, remove func()) {
	route := &progressRoute{receive: func(p toolgen.Progress) { toolgen.ReportProgress(ctx, p) }}
	r.mu.Lock()
	r.next++
	token = "toolgen-" + strconv.FormatUint(r.next, 10)
	if r.routes == nil {
		r.routes = map[string]*progressRoute{}
	}
	r.routes[token] = route
	r.mu.Unlock()
	return token, func() {
		r.mu.Lock()
		delete(r.routes, token)
		r.mu.Unlock()
		route.mu.Lock() // waits for a report being delivered
		route.ended = true
		route.mu.Unlock()
	}
}

// deliver hands a notifications/progress's params to the call whose token
// they carry, if it is waiting; anything else is dropped.
func (r *progressRoutes) deliver(params json.RawMessage) {
	r.mu.Lock()
	waiting := len(r.routes) > 0
	r.mu.Unlock()
	if !waiting {
		return
	}
	var n struct {
		Meta struct {
			Partial json.RawMessage `json:"dev.toolgen/partial"` // PartialMetaKey
		} `json:"_meta"`
		ProgressToken any     `json:"progressToken"`
		Progress      float64 `json:"progress"`
		Total         float64 `json:"total"`
		Message       string  `json:"message"`
	}
	if json.Unmarshal(params, &n) != nil {
		return
	}
	token, ok := n.ProgressToken.(string)
	if !ok {
		return
	}
	r.mu.Lock()
	route := r.routes[token]
	r.mu.Unlock()
	if route == nil {
		return
	}
	route.mu.Lock()
	defer route.mu.Unlock()
	if !route.ended {
		route.receive(toolgen.Progress{Message: n.Message, Progress: n.Progress, Total: n.Total, Partial: receivedPartial(n.Meta.Partial)})
	}
}

// receivedPartial is the partial result a notification carried under
// PartialMetaKey, as the caller's Progress.Partial: nil when there was
// none or it was JSON null, which no toolgen server sends for a partial.
func receivedPartial(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return raw
}
