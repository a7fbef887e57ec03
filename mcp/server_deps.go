package mcp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"sync"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
	"github.com/toolgen-dev/toolgen/internal/wire"
	"github.com/toolgen-dev/toolgen/permission"
)

// DepsFunc makes the deps of one tool call (see WithDeps): ctx is the
// call's, r the HTTP request that carried it, or nil when the call did not
// come over HTTP (stdio, in-memory and other transports of one's own).
type DepsFunc func(ctx context.Context, r *http.Request) (any, error)

// WithDeps gives every tool call the deps fn makes of its request, as
// aisdk.WithDeps and agent.Run give them to a run: the tool reads them from
// its toolgen.Ctx (toolgen.DepsAs). fn is called once per tools/call, before
// the call is decided (see WithApprover, which sees the deps too), with the
// call's context (Session, TokenInfo and the rest of toolgen.Ctx work on it)
// and the HTTP request that carried the call: its headers, URL, RemoteAddr,
// TLS and context (auth.TokenInfoFromContext), its body already read. Over
// stdio and other transports that are not HTTP, r is nil: fn gives what the
// process's one client gets. Over streamable HTTP each call gets the deps
// of its own request, not of its session's first one.
//
// An error from fn, or a panic in it, refuses the call: the client gets a
// failed result with fn's message and the tool does not run. Over HTTP
// served by something other than (*Server).Handler (a handler made with
// SDK()), r is unknown: the call is refused rather than given deps for no
// request. A nil fn is NewServer's error.
func WithDeps(fn DepsFunc) ServerOption {
	return func(c *serverConfig) error { return option.Func("mcp.WithDeps", fn, fn == nil, &c.deps) }
}

// callInfo is what a server knows of a tools/call besides its tool and
// arguments.
type callInfo struct {
	// req is go-sdk's request: nil on the fast path, where the client
	// cannot be asked for approval.
	req *sdkmcp.CallToolRequest
	// header is the call's HTTP request's header, nil when the call did
	// not come over HTTP.
	header http.Header
	// request is the call's HTTP request when the caller has it (the fast
	// path); else it is looked up by header.
	request *http.Request
	// namesChecked: the caller looked the arguments through for repeated
	// member names already (the fast path, which leaves such calls to
	// go-sdk's path).
	namesChecked bool
}

func (ci callInfo) sessionID() string {
	if ci.req == nil || ci.req.Session == nil {
		return ""
	}
	return ci.req.Session.ID()
}

// begin prepares a call of t with args: it puts a toolgen.Ctx on ctx
// (deps, tool name, an idempotency key) and decides whether the call runs:
// not when its arguments repeat a member name, else as approve says.
func (s *Server) begin(ctx context.Context, t *toolgen.Tool, args []byte, ci callInfo) (context.Context, verdict) {
	rc := toolgen.Ctx{Tool: t.Name, RunID: runID(ci.sessionID()), CallID: rand.Text()}
	if s.deps != nil {
		deps, err := s.depsFor(ctx, ci)
		if err != nil {
			return ctx, refuse(fmt.Sprintf("The server could not prepare this call of %s, so it did not run: %v", t.Name, err))
		}
		rc.Deps = deps
	}
	ctx = toolgen.WithCtx(ctx, rc)
	if !ci.namesChecked {
		if err := wire.CheckNames(args); err != nil {
			// As in the agent loop: arguments that repeat a member name
			// are refused before any rule, so that no reading of them
			// slips past a deny or ask rule and no person is asked.
			return ctx, refuse(err.Error())
		}
	}
	return ctx, s.approve(ctx, t, permission.ToolCall{ID: rc.CallID, Name: t.Name, Args: args}, ci.req)
}

// runID is toolgen.Ctx.RunID of a call on the session sessionID: "mcp-"
// and the session's id, or "mcp" without one (stdio, stateless HTTP). It is
// never empty, so that toolgen.Ctx.IdempotencyKey never is.
func runID(sessionID string) string {
	if sessionID == "" {
		return "mcp"
	}
	return "mcp-" + sessionID
}

// depsFor calls the server's DepsFunc for a call, recovering its panic.
func (s *Server) depsFor(ctx context.Context, ci callInfo) (deps any, err error) {
	r := ci.request
	if r == nil && ci.header != nil {
		if r = s.requests.lookup(ci.header); r == nil {
			return nil, errors.New("the HTTP request that carried it is not known to the server " +
				"(it ended before the call started, or it was not served by (*mcp.Server).Handler)")
		}
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("mcp.WithDeps function panicked: %v", p)
		}
	}()
	return s.deps(ctx, r)
}

// httpRequests are the HTTP requests go-sdk's handler is serving, by their
// header, for WithDeps: go-sdk gives a tool's handler its request's header
// map (RequestExtra.Header) but not the request, and that map is the
// request's own, shared by every shallow copy of it (WithContext), so it
// names the request while it is being served. A request is known from
// before go-sdk reads it until go-sdk's handler returns.
type httpRequests struct {
	mu   sync.Mutex
	byID map[uintptr]*http.Request
}

// headerID is the identity of h's map. The registered request keeps the map
// alive, so no other map can have its identity meanwhile.
func headerID(h http.Header) uintptr { return reflect.ValueOf(h).Pointer() }

// wrap registers each POST for the time next serves it.
func (rs *httpRequests) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header == nil {
			next.ServeHTTP(w, r)
			return
		}
		id := headerID(r.Header)
		rs.mu.Lock()
		if rs.byID == nil {
			rs.byID = map[uintptr]*http.Request{}
		}
		rs.byID[id] = r
		rs.mu.Unlock()
		defer func() {
			rs.mu.Lock()
			if rs.byID[id] == r {
				delete(rs.byID, id)
			}
			rs.mu.Unlock()
		}()
		next.ServeHTTP(w, r)
	})
}

// lookup returns the request being served whose header is h, or nil.
func (rs *httpRequests) lookup(h http.Header) *http.Request {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.byID[headerID(h)]
}
