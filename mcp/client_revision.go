package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The revision of the protocol a client speaks is negotiated by go-sdk: it
// offers the newest it knows (or WithProtocolVersion's), from 2026-07-28
// on with server/discover and the version, client info and capabilities
// in every request's _meta and the Mcp-Protocol-Version, Mcp-Method and
// Mcp-Name headers; a server that answers -32022 with the versions it
// supports is asked again in one of them; a server that knows no
// server/discover gets initialize at 2025-11-25, and may answer an older
// version. What this file adds: reading the outcome (ProtocolVersion, the
// server's name from results' _meta), giving up on a server/discover that
// goes unanswered over stdio (discoverProbe), and remembering a server
// older than 2026-07-28 for the sessions that replace a lost one.

// ProtocolVersions are the MCP protocol versions the client speaks,
// newest first.
func ProtocolVersions() []string { return sdk.SupportedProtocolVersions() }

// ProtocolVersion is the MCP protocol version the client and the server
// agreed on (such as "2026-07-28" or "2025-11-25"), or "" before the
// client has connected. A session that replaces a lost one (see
// CallTool) negotiates again, from the version agreed on when the server
// was older than 2026-07-28.
func (c *Client) ProtocolVersion() string {
	session := c.Session()
	if session == nil {
		return ""
	}
	if r := session.InitializeResult(); r != nil {
		return r.ProtocolVersion
	}
	return ""
}

// metaServerInfo is the key of the server's name and version in a
// result's _meta, from protocol 2026-07-28 on.
const metaServerInfo = "io.modelcontextprotocol/serverInfo"

// serverInfoWatch keeps the server's name and version from the latest
// result whose _meta carried them.
type serverInfoWatch struct {
	mu            sync.Mutex
	name, version string
}

// observe records the serverInfo of a result's _meta, if any.
func (w *serverInfoWatch) observe(result json.RawMessage) {
	if !bytes.Contains(result, []byte(metaServerInfo)) {
		return
	}
	var r struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(result, &r) != nil {
		return
	}
	var info struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	if json.Unmarshal(r.Meta[metaServerInfo], &info) != nil || info.Name == "" {
		return
	}
	w.mu.Lock()
	w.name, w.version = info.Name, info.Version
	w.mu.Unlock()
}

// latest is the name and version last recorded.
func (w *serverInfoWatch) latest() (name, version string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.name, w.version
}

// discoverTimeout is how long a client waits for the answer to
// server/discover over a message transport (stdio) before it takes the
// server for one of a version before 2026-07-28, which may not answer a
// request before initialize at all.
const discoverTimeout = 5 * time.Second

// discoverProbe lets a connection of a message transport give up waiting
// for the answer to server/discover: the spec of 2026-07-28 (stdio,
// "Backward Compatibility") has a client fall back to initialize when the
// server answers an error or nothing within a reasonable time. go-sdk
// waits as long as the handshake's context allows, so the connection
// answers the probe itself with an error when its time is up, and go-sdk
// falls back on the same connection. A late answer has no request left
// to match, and go-sdk drops it.
//
// go-sdk reads the connection from before it sends the probe: until the
// handshake is over, each read can be interrupted, to go on reading with
// the probe's deadline. Afterwards reads are plain.
type discoverProbe struct {
	timeout time.Duration

	mu        sync.Mutex
	pending   bool
	id        jsonrpc.ID
	deadline  time.Time
	over      bool                    // a request other than the probe went out with none pending
	interrupt context.CancelCauseFunc // the read in progress, while !over
}

// errProbeSent interrupts a read begun before the probe was sent.
var errProbeSent = errors.New("server/discover sent")

// sent starts the wait when msg is a server/discover request, and marks
// the handshake over when it is another request sent with no probe
// waiting.
func (p *discoverProbe) sent(msg jsonrpc.Message) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() || p.timeout <= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case req.Method == "server/discover" && !p.over:
		p.pending, p.id, p.deadline = true, req.ID, time.Now().Add(p.timeout)
		if p.interrupt != nil {
			p.interrupt(errProbeSent)
		}
	case !p.pending:
		p.over = true
	}
}

// answered ends the wait when msg answers the probe (or is the probe,
// which could not be sent).
func (p *discoverProbe) answered(msg jsonrpc.Message) {
	var id jsonrpc.ID
	switch m := msg.(type) {
	case *jsonrpc.Response:
		id = m.ID
	case *jsonrpc.Request:
		id = m.ID
	default:
		return
	}
	p.mu.Lock()
	if p.pending && id == p.id {
		p.pending = false
	}
	p.mu.Unlock()
}

// begin starts a read: its context, which the probe can interrupt until
// the handshake is over and which ends at the probe's deadline while it
// waits, and the probe's id and whether it waits.
func (p *discoverProbe) begin(ctx context.Context) (context.Context, context.CancelFunc, jsonrpc.ID, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.over && !p.pending {
		return ctx, func() {}, jsonrpc.ID{}, false
	}
	rctx, interrupt := context.WithCancelCause(ctx)
	p.interrupt = interrupt
	if !p.pending {
		return rctx, func() { interrupt(nil) }, jsonrpc.ID{}, false
	}
	dctx, cancel := context.WithDeadline(rctx, p.deadline)
	return dctx, func() { cancel(); interrupt(nil) }, p.id, true
}

// read reads the next message from conn, or, when the probe's time is up
// first, the error that answers it.
func (p *discoverProbe) read(ctx context.Context, conn sdk.Connection) (jsonrpc.Message, error) {
	for {
		rctx, end, id, pending := p.begin(ctx)
		msg, err := conn.Read(rctx)
		// Only a read the probe cut short is read again or answered: any
		// other error (the server's end) is the connection's, once.
		cut := err != nil && ctx.Err() == nil && rctx.Err() != nil &&
			(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded))
		interrupted := cut && errors.Is(context.Cause(rctx), errProbeSent)
		end()
		switch {
		case err == nil:
			p.answered(msg)
			return msg, nil
		case !cut:
			return msg, err
		case interrupted:
			continue // read again, with the probe's deadline
		case pending:
			p.answered(&jsonrpc.Response{ID: id})
			return &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
				Message: fmt.Sprintf("no answer to server/discover within %v: taken for a server of a version before 2026-07-28", p.timeout)}}, nil
		}
		return msg, err
	}
}

// sessionOptions are the options of the client's next session: the
// version WithProtocolVersion asked for; else, when an earlier session
// found a server older than 2026-07-28, the version it agreed on, so that
// the server is not probed with server/discover again (the spec's
// "cache the era for the lifetime of the server"); else go-sdk's newest.
// Called with connMu held.
func (c *Client) sessionOptions() *sdk.ClientSessionOptions {
	switch {
	case c.opts.protocol != "":
		return &sdk.ClientSessionOptions{ProtocolVersion: c.opts.protocol}
	case c.era != "" && c.era < perRequestMetaVersion:
		return &sdk.ClientSessionOptions{ProtocolVersion: c.era}
	}
	return nil
}

// noteEra remembers the version a new session agreed on, or forgets it
// when connecting failed, so that the next attempt probes again. Called
// with connMu held.
func (c *Client) noteEra(session *sdk.ClientSession) {
	c.era = ""
	if session != nil && session.InitializeResult() != nil {
		c.era = session.InitializeResult().ProtocolVersion
	}
}
