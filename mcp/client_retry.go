package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/internal/backoff"
)

// Defaults of WithRetry.
const (
	DefaultRetryAttempts = 3
	DefaultRetryBase     = 50 * time.Millisecond
)

// ErrAnswerLost is in the error of a call that may have reached the tool
// but whose answer was lost (the connection broke, a proxy answered 502,
// 503 or 504) and that was not sent again: the tool may or may not have
// run. A toolgen.Tool of Client.Tools gives the model a failed result
// saying so, rather than an error that would end an agent's run.
var ErrAnswerLost = errors.New("the answer was lost with the connection, the tool may or may not have run")

// retryPolicy bounds the sends of one request.
type retryPolicy struct {
	attempts int           // sends of one call, at least 1
	base     time.Duration // the first pause; each next one doubles, up to 8*base
}

// WithRetry sets how a URL client rides through a failed transport:
// a call is sent at most attempts times (default 3), pausing base (default
// 50ms) before the second, twice that before the third, and so on up to 8
// times base, each pause shortened by a random part of up to a half so that
// clients do not come back together. attempts must be at least 1 (1 sends
// once, as WithoutRetry), base positive. See Client.CallTool for which calls
// are sent again.
func WithRetry(attempts int, base time.Duration) ClientOption {
	return func(o *clientOptions) error {
		switch {
		case attempts < 1:
			return fmt.Errorf("mcp.WithRetry(%d, %v): attempts must be at least 1", attempts, base)
		case base <= 0:
			return fmt.Errorf("mcp.WithRetry(%d, %v): base must be positive", attempts, base)
		}
		o.retry = retryPolicy{attempts: attempts, base: base}
		return nil
	}
}

// WithoutRetry sends every call once: a failed transport is the call's
// error. A session the server lost is still replaced by a new one for the
// next call.
func WithoutRetry() ClientOption {
	return func(o *clientOptions) error {
		o.retry = retryPolicy{attempts: 1, base: DefaultRetryBase}
		return nil
	}
}

// pause is the wait before send number try+1 (try >= 1): base doubled
// try-1 times, at most 8*base, less a random part of up to a half.
func (p retryPolicy) pause(try int) time.Duration {
	return backoff.Jitter(p.base << min(try-1, 3))
}

// sendRecord is what the HTTP round tripper saw of one send of a request:
// whether any of it may have reached the server, and its status.
type sendRecord struct {
	mu     sync.Mutex
	sent   bool // a connection was made and the request may have been written
	status int  // the last response's status, 0 if none
}

type sendRecordKey struct{}

// withSendRecord is ctx whose HTTP requests are recorded in r.
func withSendRecord(ctx context.Context, r *sendRecord) context.Context {
	return context.WithValue(ctx, sendRecordKey{}, r)
}

// record notes the outcome of one round trip made with req's context.
func record(req *http.Request, resp *http.Response, err error) {
	r, _ := req.Context().Value(sendRecordKey{}).(*sendRecord)
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case err == nil:
		r.sent, r.status = true, resp.StatusCode
	case !isDialError(err):
		r.sent = true
	}
}

// isDialError reports whether err is a failure to connect, so that nothing
// of the request was written.
func isDialError(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// failure is what a failed send says about the request.
type failure int

const (
	answered  failure = iota // the server answered (a JSON-RPC error...): final
	notSent                  // nothing reached the server: safe to send again
	lostSent                 // the server lost the session and refused the request: safe to send again on a new one
	transport                // the request may have reached a tool and the answer was lost: only idempotent calls go again
)

// classify says what a failed send of a request made over HTTP tells.
func classify(err error, r *sendRecord) failure {
	if serverError(err) != nil {
		return answered
	}
	r.mu.Lock()
	sent, status := r.sent, r.status
	r.mu.Unlock()
	switch {
	case status == http.StatusNotFound && errors.Is(err, sdk.ErrSessionMissing):
		// This request's own answer was the 404; a request in flight when
		// another one met the 404 is not refused, only cut off.
		return lostSent
	case !sent:
		return notSent
	case status == http.StatusBadGateway, status == http.StatusServiceUnavailable, status == http.StatusGatewayTimeout:
		return transport
	case status >= 200 && status < 300:
		// The response began and ended (or broke) without the answer.
		return transport
	case status == 0:
		// The connection broke before a response.
		return transport
	}
	return answered // another status: the server's own refusal
}

// serverError is the JSON-RPC error the server answered with, found in
// err, or nil. The SDK reports a failed transport as a JSON-RPC error too
// ("rejected by transport", -32005): that one is not the server's.
func serverError(err error) *jsonrpc.Error {
	switch e := err.(type) {
	case nil:
		return nil
	case *jsonrpc.Error:
		if e.Code == codeRejected && e.Message == "rejected by transport" {
			return nil
		}
		return e
	case interface{ Unwrap() error }:
		return serverError(e.Unwrap())
	case interface{ Unwrap() []error }:
		for _, e := range e.Unwrap() {
			if we := serverError(e); we != nil {
				return we
			}
		}
	}
	return nil
}

// codeRejected is the code of the SDK's "rejected by transport".
const codeRejected = -32005

// sessionDead reports whether err says the session can carry no more
// requests, so that a new one must be made.
func sessionDead(err error) bool {
	return errors.Is(err, sdk.ErrSessionMissing) || errors.Is(err, sdk.ErrConnectionClosed)
}

// drop forgets session, if it is still the client's, so that the next
// request makes a new one, and closes it in the background. Concurrent
// requests that failed on the same session drop it once: the others find
// the new session already made (conn makes one at a time).
func (c *Client) drop(session *sdk.ClientSession) {
	c.connMu.Lock()
	if c.session != session || c.closed {
		c.connMu.Unlock()
		return
	}
	c.session = nil
	c.connMu.Unlock()
	// Closing a session the server still knows deletes it, which takes a
	// request: not on the caller's time. Close waits for it.
	c.dropped.Go(func() { _ = session.Close() })
}

// withRetry sends a request with op on the client's session, sending it
// again as the client's retry policy and what each failure says allow:
// idempotent says whether a request that may have reached the server can go
// again. At most one new session is made per request. Over transports
// other than URL nothing is known of a failed send, and the request is sent
// once.
func (c *Client) withRetry(ctx context.Context, idempotent func(context.Context) bool, op func(context.Context, *sdk.ClientSession) error) error {
	reconnected := false
	for try := 1; ; try++ {
		session, release, err := c.acquire(ctx)
		if err != nil {
			// A failed authorization is final: sending again would ask the user again.
			if !c.transport.http || errors.Is(err, errClosed) || errors.Is(err, ErrAuthorization) || ctx.Err() != nil || try >= c.opts.retry.attempts {
				return err
			}
			// The handshake failed: the request was not sent.
			if err := backoff.Sleep(ctx, c.opts.retry.pause(try)); err != nil {
				return err
			}
			continue
		}
		r := &sendRecord{}
		err = op(withSendRecord(ctx, r), session)
		release()
		if err == nil || ctx.Err() != nil || !c.transport.http || isPinsRefusal(err) {
			return err
		}
		kind := classify(err, r)
		if kind == transport {
			err = fmt.Errorf("%w: %w", ErrAnswerLost, err)
		}
		if sessionDead(err) {
			c.drop(session)
			if reconnected {
				return err
			}
			reconnected = true
		}
		switch kind {
		case answered:
			return err
		case lostSent:
			if c.opts.retry.attempts == 1 {
				return err // WithoutRetry
			}
			// The server refused the request before running it: a new
			// session, at once, whatever the tool.
			try--
			continue
		case transport:
			if !idempotent(ctx) {
				return err
			}
		}
		if try >= c.opts.retry.attempts {
			return err
		}
		if err := backoff.Sleep(ctx, c.opts.retry.pause(try)); err != nil {
			return err
		}
	}
}

// retrySafe reports whether a call of the server's tool name may be sent
// again after its answer was lost: the server annotates it read-only or
// idempotent. A tool the client has not listed yet is listed first.
func (c *Client) retrySafe(ctx context.Context, name string) bool {
	c.mu.Lock()
	safe, known := c.safe[name]
	c.mu.Unlock()
	if known {
		return safe
	}
	if _, err := c.ListTools(ctx); err != nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.safe[name]
}

// noteTools records which of the listed tools may be sent again.
func (c *Client) noteTools(tools []*sdk.Tool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.safe == nil {
		c.safe = make(map[string]bool, len(tools))
	}
	for _, t := range tools {
		a := t.Annotations
		c.safe[t.Name] = a != nil && (a.ReadOnlyHint || a.IdempotentHint)
	}
}

// isPinsRefusal reports whether err is a call refused by the pins (a tool
// not as pinned, a pin file in error): nothing was sent, and sending again
// would not change it.
func isPinsRefusal(err error) bool {
	var de *DriftError
	var fe *pinFileError
	return errors.As(err, &de) || errors.As(err, &fe)
}
