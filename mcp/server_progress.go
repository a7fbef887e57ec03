package mcp

import (
	"context"
	"encoding/json"
	"math"
	"sync"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// A tools/call request whose _meta carries a progressToken asks for
// notifications/progress while the call runs. The server then installs a
// progress receiver in the tool's context (toolgen.WithProgress), so that
// each toolgen.ReportProgress (or toolgen.Ctx.Report, or mcp.Progress)
// becomes a notification with the request's token, sent on the request's
// own stream (go-sdk ties a notification sent with the handler's context
// to the request; the fast path writes it on the response's event stream),
// before the response. A request without a token gets no receiver, so the
// tool's toolgen.ReportsProgress is false and its reports cost nothing.

// progressNotifier turns one call's reports into notifications/progress.
// MCP requires the progress of successive notifications to increase; a
// tool's Progress need not (a message alone, a new phase counted from
// zero), so notify keeps every notification valid: a report whose
// Progress does not exceed the last one sent (or is not a finite number)
// is sent with the last one plus 1 and no total. A report's Partial goes
// in the notification's _meta under PartialMetaKey (MCP has no field of
// its own for partial results).
type progressNotifier struct {
	mu    sync.Mutex
	send  func(progressNote) error
	last  float64
	sent  bool // a notification was sent: last holds its progress
	ended bool // the call was answered: nothing more is sent
}

// PartialMetaKey is the key, in a notifications/progress's _meta, of the
// partial result the tool reported with it (toolgen.Progress.Partial, a
// toolgen.Partial's Send): its JSON value as the tool wrote it. MCP has no
// field for partial results, and _meta is its place for what the protocol
// does not define; the key's prefix, dev.toolgen/, follows MCP's rules for
// _meta keys (reverse DNS, not one of MCP's reserved prefixes). A client
// that does not know the key ignores it and still gets the message and
// progress; toolgen's own Client reads it back into the Partial it reports
// to the call's context.
const PartialMetaKey = "dev.toolgen/partial"

// progressNote is one notifications/progress of a call, before its token
// is added: progress already made valid, and the partial result when the
// report had one (valid JSON, or nil).
type progressNote struct {
	progress, total float64
	message         string
	partial         json.RawMessage
}

// meta is the note's _meta: the partial result under PartialMetaKey, or
// nil when there is none.
func (n progressNote) meta() map[string]any {
	if n.partial == nil {
		return nil
	}
	return map[string]any{PartialMetaKey: n.partial}
}

// progressKey is the context key of the notifier of a call, for Progress.
type progressKey struct{}

// withProgressNotifier installs n for the tool's reports.
func withProgressNotifier(ctx context.Context, n *progressNotifier) context.Context {
	ctx = context.WithValue(ctx, progressKey{}, n)
	return toolgen.WithProgress(ctx, func(p toolgen.Progress) { _ = n.notify(p) })
}

func notifierFrom(ctx context.Context) *progressNotifier {
	n, _ := ctx.Value(progressKey{}).(*progressNotifier)
	return n
}

// sdkProgressNotifier is the notifier of a call served by go-sdk, or nil
// when the request carries no progress token: notifications go through
// the request's session with the handler's context, which ties them to
// the request's stream.
func sdkProgressNotifier(ctx context.Context, req *sdkmcp.CallToolRequest) *progressNotifier {
	if req.Session == nil || req.Params == nil {
		return nil
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return nil
	}
	return &progressNotifier{send: func(n progressNote) error {
		return req.Session.NotifyProgress(ctx, &sdkmcp.ProgressNotificationParams{
			Meta: n.meta(), ProgressToken: token, Progress: n.progress, Total: n.total, Message: n.message,
		})
	}}
}

// notify sends p, unless the call was answered. It holds the lock while
// sending, so that end waits for a notification being sent and none
// follows the response.
func (n *progressNotifier) notify(p toolgen.Progress) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.ended {
		return nil
	}
	progress, total := p.Progress, p.Total
	if !finite(progress) || (n.sent && progress <= n.last) {
		progress, total = n.last+1, 0
		if progress <= n.last { // too large to add 1 to
			progress = math.Nextafter(n.last, math.Inf(1))
		}
	}
	if !finite(total) || total < 0 {
		total = 0 // unknown: JSON has no infinity, and MCP no negative total
	}
	n.last, n.sent = progress, true
	return n.send(progressNote{progress: progress, total: total, message: p.Message, partial: partialJSON(p.Partial)})
}

// partialJSON is a report's partial result as a notification carries it:
// nil when there is none, or when it is not one JSON value (a tool that
// set Progress.Partial by hand to something else), which would make the
// whole notification fail to encode; its message and progress still go.
func partialJSON(partial json.RawMessage) json.RawMessage {
	if len(partial) == 0 || !json.Valid(partial) {
		return nil
	}
	return partial
}

// end stops the notifications, once a notification being sent is sent:
// called before the call's response is written. A nil n does nothing.
func (n *progressNotifier) end() {
	if n == nil {
		return
	}
	n.mu.Lock()
	n.ended = true
	n.mu.Unlock()
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
