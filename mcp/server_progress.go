package mcp

import (
	"context"
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
// is sent with the last one plus 1 and no total. MCP has no partial
// results: a report's Partial is not sent, its Message is.
type progressNotifier struct {
	mu    sync.Mutex
	send  func(progress, total float64, message string) error
	last  float64
	sent  bool // a notification was sent: last holds its progress
	ended bool // the call was answered: nothing more is sent
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
	return &progressNotifier{send: func(progress, total float64, message string) error {
		return req.Session.NotifyProgress(ctx, &sdkmcp.ProgressNotificationParams{
			ProgressToken: token, Progress: progress, Total: total, Message: message,
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
	return n.send(progress, total, p.Message)
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
