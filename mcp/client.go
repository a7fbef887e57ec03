package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
)

// Transport says how a Client reaches an MCP server: Command starts a
// subprocess and speaks over its stdin and stdout, URL speaks streamable HTTP,
// SDKTransport wraps any transport of the official Go SDK (in-memory ones in
// tests, for example).
type Transport struct {
	// dial builds the SDK transport and, for Command, the process it starts.
	dial func(o *clientOptions, watch *wireWatch) (sdk.Transport, *exec.Cmd)
	desc string
	http bool // streamable HTTP: failed sends are seen, and retried
}

// String describes the transport, for messages.
func (t Transport) String() string { return t.desc }

// Command is a server run as a subprocess, name with args, spoken to over
// stdio. Close ends the process and any process it started: see
// [Client.Close].
func Command(name string, args ...string) Transport {
	return Transport{desc: name, dial: func(o *clientOptions, watch *wireWatch) (sdk.Transport, *exec.Cmd) {
		cmd := exec.Command(name, args...)
		cmd.Env = o.env
		cmd.Stderr = io.MultiWriter(o.stderr, o.stderrTail)
		ownProcessGroup(cmd)
		return watchTransport{&sdk.CommandTransport{Command: cmd, TerminateDuration: o.terminate}, watch, o.discoverTimeout}, cmd
	}}
}

// URL is a server reached over streamable HTTP at url. Every request carries
// headers (an Authorization header, for example); headers may be nil. With
// the OAuth option, the client obtains its Authorization header itself:
// headers should not set one then.
//
// All of headers, whatever their names, are the server's credentials: they
// go only to url's origin (scheme, host and port), and so does an OAuth
// access token. A redirect to another origin (another host or name of it,
// another port, https to http) is refused, for every request and redirect
// status, with an error wrapping ErrCrossOriginRedirect that names both
// origins (the session's GET stream, which no call waits for, goes
// without); a redirect within the origin is followed with the headers.
func URL(url string, headers http.Header) Transport {
	headers = headers.Clone()
	return Transport{desc: url, dial: func(o *clientOptions, watch *wireWatch) (sdk.Transport, *exec.Cmd) {
		var oauth *oauthHandler
		if o.oauth != nil {
			oauth = o.oauthFor(url)
		}
		hc := &http.Client{
			Transport:     headerRoundTripper{base: oauth.resourceTransport(o.roundTripper()), origin: originOfURL(url), headers: headers, watch: watch},
			CheckRedirect: endpointRedirects,
		}
		st := &sdk.StreamableClientTransport{Endpoint: url, HTTPClient: hc}
		if oauth != nil {
			st.OAuthHandler = oauth
		}
		watch.side.setPost(func(ctx context.Context, body []byte, h http.Header) (*http.Response, error) {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
			if err != nil {
				return nil, err
			}
			req.Header = h
			if err := authorize(ctx, req, oauth); err != nil {
				return nil, err
			}
			return hc.Do(req)
		})
		return st, nil
	}, http: true}
}

// SDKTransport wraps a transport of the official Go SDK, such as one of
// sdk.NewInMemoryTransports.
func SDKTransport(t sdk.Transport) Transport {
	return Transport{desc: fmt.Sprintf("%T", t), dial: func(o *clientOptions, watch *wireWatch) (sdk.Transport, *exec.Cmd) {
		return watchTransport{t, watch, o.discoverTimeout}, nil
	}}
}

// headerRoundTripper adds fixed headers to every request, and watches the
// responses to tools/list for the tools' schemas and those to a call that
// asked for progress for its notifications. It carries only requests for
// the server's origin: its client's CheckRedirect refuses a redirect
// elsewhere first, and this refusal stands behind it, so that no request
// of the client (go-sdk's, the side channel's, with the headers or an
// OAuth token) can reach another origin.
type headerRoundTripper struct {
	base    http.RoundTripper
	origin  origin
	headers http.Header
	watch   *wireWatch
}

// RoundTrip sends req with the extra headers set on a copy.
func (h headerRoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if to := originOf(req.URL); to != h.origin {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, crossOriginError(h.origin, to)
	}
	req = withParamHeaders(req, h.watch.schemas)
	if len(h.headers) > 0 {
		req = req.Clone(req.Context())
		for k, vs := range h.headers {
			req.Header[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
		}
	}
	watched := isWatched(req)
	resp, err := h.base.RoundTrip(req)
	record(req, resp, err)
	if err == nil && watched {
		watchBody(resp, h.watch)
	}
	return resp, err
}

// ClientOption configures NewClient and Connect. An option given a bad
// value makes them fail with an error naming the option and the value, as
// "mcp.WithMaxPages(0): must be at least 1".
type ClientOption func(*clientOptions) error

type clientOptions struct {
	name, version string
	approval      bool
	maxPages      int
	terminate     time.Duration
	stderr        io.Writer
	env           []string
	httpTransport http.RoundTripper
	prefix        string
	retry         retryPolicy
	preferTasks   bool
	protocol      string      // WithProtocolVersion, or "" for go-sdk's newest
	stderrTail    *tailBuffer // the end of a Command server's stderr
	pins          []Pin       // WithPins
	pinFile       string      // PinFile
	drift         DriftMode   // OnDrift
	allowUnpinned bool        // AllowUnpinned
	unfenced      bool        // WithFencedResults(false)

	inputs clientInputs // WithElicitation, WithSampling, WithRoots
	// discoverTimeout bounds the wait for server/discover's answer over
	// a message transport (client_revision.go).
	discoverTimeout time.Duration

	oauth        *OAuthConfig     // OAuth's, for URL transports
	oauthHandler *oauthHandler    // made by the first dial, kept across sessions
	oauthNow     func() time.Time // the OAuth handler's clock (tests); nil is time.Now
}

func (o *clientOptions) roundTripper() http.RoundTripper {
	if o.httpTransport != nil {
		return o.httpTransport
	}
	return http.DefaultTransport
}

// WithProtocolVersion offers the server MCP protocol version v (such as
// "2025-11-25") instead of the newest go-sdk knows, one of
// ProtocolVersions: any other is an error naming them. A server that does
// not speak v answers with one it speaks, which the client accepts when it
// is one of ProtocolVersions (see [Client.ProtocolVersion]). Tasks are
// called in the form of 2025-11-25: a server of 2026-07-28 or later that
// answers tasks in another form needs WithProtocolVersion("2025-11-25").
func WithProtocolVersion(v string) ClientOption {
	return func(o *clientOptions) error {
		if supported := ProtocolVersions(); !slices.Contains(supported, v) {
			return fmt.Errorf("mcp.WithProtocolVersion(%q): not a version this client speaks (%s)", v, strings.Join(supported, ", "))
		}
		o.protocol = v
		return nil
	}
}

// WithoutApproval lets every tool of the server run without a person's
// approval. By default a tool the server does not annotate read-only
// requires approval.
func WithoutApproval() ClientOption {
	return func(o *clientOptions) error { o.approval = false; return nil }
}

// WithClientInfo sets the name and version the client introduces itself
// with (default "toolgen", "v0"). An empty name is an error.
func WithClientInfo(name, version string) ClientOption {
	return func(o *clientOptions) error {
		if name == "" {
			return fmt.Errorf("mcp.WithClientInfo(%q, %q): empty name", name, version)
		}
		o.name, o.version = name, version
		return nil
	}
}

// WithMaxPages bounds how many pages of tools/list Tools reads (default
// 100), at least 1; a server with more pages is an error.
func WithMaxPages(n int) ClientOption {
	return func(o *clientOptions) error { return option.AtLeastOne("mcp.WithMaxPages", n, &o.maxPages) }
}

// WithStderr sends a Command server's standard error to w too (by default
// only its last lines are kept, for Connect's error), and the client's
// warnings (a tool Tools leaves out). A nil w is an error.
func WithStderr(w io.Writer) ClientOption {
	return func(o *clientOptions) error { return option.NotNil("mcp.WithStderr", w, "writer", &o.stderr) }
}

// WithEnv sets a Command server's environment, as exec.Cmd.Env (default: the
// client's own environment).
func WithEnv(env []string) ClientOption {
	return func(o *clientOptions) error { o.env = env; return nil }
}

// WithTerminateTimeout bounds how long Close waits for a Command server to
// exit after its input is closed, and again after SIGTERM, before killing
// it (default 1s); d must be positive.
func WithTerminateTimeout(d time.Duration) ClientOption {
	return func(o *clientOptions) error { return option.Positive("mcp.WithTerminateTimeout", d, &o.terminate) }
}

// WithNamePrefix names the server's tools prefix+name for the model, so
// that tools of several servers (or local ones) do not clash; calls use the
// server's own names.
func WithNamePrefix(prefix string) ClientOption {
	return func(o *clientOptions) error { o.prefix = prefix; return nil }
}

// WithHTTPTransport sets the round tripper a URL transport sends through
// (default http.DefaultTransport). A nil rt is an error.
func WithHTTPTransport(rt http.RoundTripper) ClientOption {
	return func(o *clientOptions) error {
		return option.NotNil("mcp.WithHTTPTransport", rt, "round tripper", &o.httpTransport)
	}
}

// Client is a connection to one MCP server. Its methods are safe for
// concurrent use.
type Client struct {
	transport Transport
	opts      clientOptions
	schemas   *schemaStore    // the raw schemas of the tools listed
	progress  *progressRoutes // the calls waiting for notifications/progress
	side      *sideChannel    // task requests, which go-sdk does not send
	wire      *wireWatch

	// The connection, made by the first call that needs it (or Connect).
	connMu  sync.Mutex
	session *sdk.ClientSession
	cmd     *exec.Cmd
	closed  bool
	era     string         // the version the last session agreed on (client_revision.go)
	dropped sync.WaitGroup // closing the sessions replaced by new ones
	// A re-list that must reach the server, and the sessions replaced
	// for one while requests were in flight on them (client_relist.go).
	uncached bool
	listedOn *sdk.ClientSession // the session that listed the tools last
	inUse    map[*sdk.ClientSession]int
	retired  map[*sdk.ClientSession]bool

	mu        sync.Mutex
	gen       uint64 // bumped by each tools/list_changed notification
	cached    []toolgen.Tool
	cachedGen uint64
	haveCache bool
	safe      map[string]bool // the tools listed, by server name: may a call be sent again?
	pins      pinState        // the pins and the tools compared with them (client_pins.go)

	approvedCalls approvedCalls // the calls in flight its agent approved

	closeOnce sync.Once
	closeErr  error
}

// NewClient prepares a client of the server t reaches, without reaching it:
// the first call that needs the server (Tools, CallTool, a tool's Call...)
// starts or dials it and performs the MCP handshake, so that building an
// agent does not wait for its servers. A failed handshake is that call's
// error, and the next call tries again. Close the client when done.
func NewClient(t Transport, opts ...ClientOption) (*Client, error) {
	if t.dial == nil {
		return nil, errors.New("mcp: zero Transport")
	}
	c := &Client{transport: t, opts: clientOptions{name: "toolgen", version: "v0", approval: true, maxPages: 100, terminate: time.Second, retry: retryPolicy{attempts: DefaultRetryAttempts, base: DefaultRetryBase}, stderr: io.Discard, stderrTail: &tailBuffer{max: 2048}, discoverTimeout: discoverTimeout}}
	for _, o := range opts {
		if o == nil {
			return nil, errors.New("mcp: nil ClientOption")
		}
		if err := o(&c.opts); err != nil {
			return nil, err // it names the option
		}
	}
	if c.opts.oauth != nil && !t.http {
		return nil, fmt.Errorf("mcp.OAuth: only a URL transport can authorize, not %s", t.desc)
	}
	c.schemas, c.progress = newSchemaStore(), &progressRoutes{}
	c.pins.expected = make(map[string]Pin, len(c.opts.pins))
	for _, p := range c.opts.pins {
		c.pins.expected[p.Name] = p
	}
	c.side = &sideChannel{info: &sdk.Implementation{Name: c.opts.name, Version: c.opts.version}}
	c.wire = &wireWatch{schemas: c.schemas, progress: c.progress, side: c.side}
	return c, nil
}

// Connect is NewClient and the handshake at once: it starts or reaches the
// server and performs the MCP handshake (initialize, then
// notifications/initialized), so that a server that cannot be reached is an
// error here. The protocol version is negotiated by the official Go SDK,
// which refuses a version it does not support. A client with pins (WithPins,
// PinFile) lists the tools too, and compares them with the pins; a pin file
// that cannot be read is an error here. Close the client when done.
func Connect(ctx context.Context, t Transport, opts ...ClientOption) (*Client, error) {
	c, err := NewClient(t, opts...)
	if err != nil {
		return nil, err
	}
	if _, err := c.conn(ctx); err != nil {
		return nil, err
	}
	if c.pinning() {
		if _, err := c.ListTools(ctx); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

var errClosed = errors.New("mcp: the client is closed")

func (c *Client) isClosed() bool {
	c.connMu.Lock()
	defer c.connMu.Unlock()
	return c.closed
}

// conn returns the session, connecting first if no call has yet.
func (c *Client) conn(ctx context.Context) (*sdk.ClientSession, error) {
	c.connMu.Lock()
	defer c.connMu.Unlock()
	switch {
	case c.closed:
		return nil, errClosed
	case c.session != nil:
		return c.session, nil
	}
	session, cmd, err := c.dial(ctx)
	if err != nil {
		return nil, err
	}
	c.session, c.cmd = session, cmd
	return session, nil
}

// dial makes a new session (and, for a Command, starts the server).
// Called with connMu held.
func (c *Client) dial(ctx context.Context) (*sdk.ClientSession, *exec.Cmd, error) {
	st, cmd := c.transport.dial(&c.opts, c.wire)
	impl := &sdk.Implementation{Name: c.opts.name, Version: c.opts.version}
	co := &sdk.ClientOptions{
		ToolListChangedHandler: func(context.Context, *sdk.ToolListChangedRequest) { c.toolsChanged() },
	}
	c.sessionHandlers(co)
	sc := sdk.NewClient(impl, co)
	c.opts.inputs.addRoots(sc)
	session, err := sc.Connect(withAuthAttempt(ctx), st, c.sessionOptions())
	c.noteEra(session)
	if err != nil {
		killGroup(cmd)
		if tail := c.opts.stderrTail.String(); tail != "" {
			return nil, nil, fmt.Errorf("mcp: connecting to %s: %w; its stderr ends: %s", c.transport.desc, err, tail)
		}
		return nil, nil, fmt.Errorf("mcp: connecting to %s: %w", c.transport.desc, err)
	}
	return session, cmd, nil
}

// watch is what the client watches on the wire.
func (c *Client) watch() *wireWatch { return c.wire }

// toolsChanged marks the cached tool list stale.
func (c *Client) toolsChanged() {
	c.mu.Lock()
	c.gen++
	c.mu.Unlock()
}

// Close ends the session. For a Command server it closes the server's
// input, waits for it to exit (see WithTerminateTimeout), sends SIGTERM,
// waits again, kills it, and then kills whatever is left in its process
// group. Close is idempotent.
func (c *Client) Close() error {
	c.closeOnce.Do(func() {
		c.connMu.Lock()
		defer c.connMu.Unlock()
		c.closed = true
		defer c.dropped.Wait()
		if c.session == nil {
			return // never connected
		}
		c.closeRetired()
		c.closeErr = c.session.Close()
		killGroup(c.cmd)
		if c.cmd != nil && isExitNoise(c.closeErr) {
			c.closeErr = nil
		}
	})
	return c.closeErr
}

// isExitNoise reports whether err only says that a server process ended
// by a signal we sent or with a non-zero status while being shut down.
func isExitNoise(err error) bool {
	var ee *exec.ExitError
	return err == nil || errors.As(err, &ee)
}

// Session is the underlying session of the official Go SDK, for what this
// package does not wrap (resources, prompts); nil until the client has
// connected. A session the server lost or that broke is replaced by a new
// one on the next call (see CallTool), so ask again rather than keep it.
func (c *Client) Session() *sdk.ClientSession {
	c.connMu.Lock()
	defer c.connMu.Unlock()
	return c.session
}

// ServerInfo is the server's name and version from the handshake, or,
// from protocol 2026-07-28 on, when server/discover's result did not say
// them, from the _meta of the latest result that did.
func (c *Client) ServerInfo() (name, version string) {
	session := c.Session()
	if session == nil {
		return "", ""
	}
	if r := session.InitializeResult(); r != nil && r.ServerInfo != nil {
		return r.ServerInfo.Name, r.ServerInfo.Version
	}
	return c.wire.server.latest()
}

// PID is the process id of a Command server, or 0.
func (c *Client) PID() int {
	c.connMu.Lock()
	defer c.connMu.Unlock()
	if c.cmd == nil || c.cmd.Process == nil {
		return 0
	}
	return c.cmd.Process.Pid
}

// Tools lists the server's tools, all pages of tools/list, as toolgen.Tools
// whose Call sends tools/call with the model's arguments as they are. The
// input and output schemas are the bytes the server sent (watched on the
// wire; should that fail, the SDK's decoded schema encoded again: the same
// JSON value with its keys sorted). A tool not annotated read-only requires
// approval unless WithoutApproval. The list is cached until the server sends
// notifications/tools/list_changed.
//
// Over a URL transport, a tool whose x-mcp-header declarations break
// MCP's rules is left out, and why is written to WithStderr's writer (see
// ParamHeaders).
//
// With pins (WithPins, PinFile, stubs), a tool that is not pinned is left
// out (unless AllowUnpinned), and a tool that changed since it was pinned is
// given as it was pinned, its calls refused with the DriftError's text as a
// failed result; with OnDrift(DriftAsk), as the server now defines it,
// requiring approval. A call of any tool is refused if the tool changes
// afterwards (see CallTool).
func (c *Client) Tools(ctx context.Context) ([]toolgen.Tool, error) {
	if c.isClosed() {
		return nil, errClosed
	}
	c.mu.Lock()
	gen := c.gen
	if c.haveCache && c.cachedGen == gen {
		tools := append([]toolgen.Tool(nil), c.cached...)
		c.mu.Unlock()
		return tools, nil
	}
	c.mu.Unlock()
	remote, err := c.ListTools(ctx)
	if err != nil {
		return nil, err
	}
	tools := make([]toolgen.Tool, 0, len(remote))
	for _, t := range remote {
		rt, ok, err := c.exposedTool(t)
		if err != nil {
			return nil, err
		}
		if ok && c.paramHeadersValid(rt) {
			tools = append(tools, rt)
		}
	}
	c.mu.Lock()
	c.cached, c.cachedGen, c.haveCache = tools, gen, true
	c.mu.Unlock()
	return append([]toolgen.Tool(nil), tools...), nil
}

// ListTools reads every page of tools/list, following nextCursor, at most
// WithMaxPages pages. A page whose transport failed is read again, as a
// read-only tool's call (see CallTool).
//
// With pins, every listing is compared with them (see Tools and CallTool).
func (c *Client) ListTools(ctx context.Context) ([]*sdk.Tool, error) {
	if _, err := c.conn(ctx); err != nil {
		return nil, err
	}
	if err := c.renewForList(ctx); err != nil {
		return nil, err
	}
	gen := c.generation()
	var session *sdk.ClientSession // the one the last page came from
	all, err := c.listPages(ctx, func(ctx context.Context, cursor string) (res *sdk.ListToolsResult, err error) {
		err = c.withRetry(ctx, func(context.Context) bool { return true }, func(ctx context.Context, s *sdk.ClientSession) (err error) {
			session = s
			res, err = s.ListTools(ctx, &sdk.ListToolsParams{Cursor: cursor})
			return err
		})
		return res, err
	})
	if err != nil {
		return nil, err
	}
	c.listedTools(session)
	c.noteTools(all)
	if err := c.judge(session, gen, all); err != nil {
		return nil, err
	}
	return all, nil
}

// listPages reads every page of tools/list with page, following
// nextCursor, at most WithMaxPages pages.
func (c *Client) listPages(ctx context.Context, page func(ctx context.Context, cursor string) (*sdk.ListToolsResult, error)) ([]*sdk.Tool, error) {
	var all []*sdk.Tool
	cursor := ""
	for range c.opts.maxPages {
		res, err := page(ctx, cursor)
		if err != nil {
			return nil, fmt.Errorf("mcp: tools/list: %w", err)
		}
		all = append(all, res.Tools...)
		if res.NextCursor == "" {
			return all, nil
		}
		if res.NextCursor == cursor {
			return nil, fmt.Errorf("mcp: tools/list: the server repeated cursor %q", cursor)
		}
		cursor = res.NextCursor
	}
	return nil, fmt.Errorf("mcp: tools/list: more than %d pages", c.opts.maxPages)
}

// exposedTool is the runtime tool Tools gives for a listed tool, and
// whether it gives one (see Tools for what pins change).
func (c *Client) exposedTool(t *sdk.Tool) (toolgen.Tool, bool, error) {
	var de *DriftError
	if c.pinning() {
		// This very definition, not the one listed under its name: a
		// server may list a name twice.
		p, err := c.pinOf(t)
		if err != nil {
			return toolgen.Tool{}, false, err
		}
		c.mu.Lock()
		de = c.driftOf(t.Name, "")
		if de == nil && c.pins.expected[t.Name].Digest != "" && p.Digest != c.pins.expected[t.Name].Digest {
			de = compare(t.Name, c.pins.expected[t.Name], true, p, true)
		}
		c.mu.Unlock()
	}
	switch {
	case de == nil:
	case de.Kind == DriftUnpinned:
		return toolgen.Tool{}, false, nil
	case de.Kind == DriftChanged && c.opts.drift == DriftAsk:
		in, out, err := c.toolSchemas(t)
		if err != nil {
			return toolgen.Tool{}, false, err
		}
		rt := c.runtimeTool(t, in, out, de.Current.Digest)
		rt.RequiresApproval = true
		return rt, true, nil
	case de.Kind == DriftChanged:
		pinned, in, out, err := pinnedTool(de.Pinned)
		if err != nil {
			return toolgen.Tool{}, false, err
		}
		return c.runtimeTool(pinned, in, out, ""), true, nil
	}
	in, out, err := c.toolSchemas(t)
	if err != nil {
		return toolgen.Tool{}, false, err
	}
	return c.runtimeTool(t, in, out, ""), true, nil
}

// runtimeTool converts one remote tool, with its schemas. approved is the
// digest of the changed definition its calls were approved for (DriftAsk),
// or "".
func (c *Client) runtimeTool(t *sdk.Tool, in, out []byte, approved string) toolgen.Tool {
	ann := clientAnnotations(t.Annotations)
	name := t.Name
	return toolgen.Tool{
		Name:             toolgen.ToolName(c.opts.prefix + name),
		Description:      c.fencedDescription(t.Description),
		InputSchema:      in,
		OutputSchema:     out,
		Annotations:      ann,
		RequiresApproval: c.opts.approval && !ann.ReadOnly,
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			if c.opts.approval && !ann.ReadOnly {
				// The agent loop had the call approved: the server's own
				// question about it is answered so (Client.elicit).
				defer c.approvedCalls.hold(name, args)()
			}
			return c.callForModel(ctx, name, args, approved)
		},
	}
}

// toolSchemas are the tool's input and output schemas: the bytes the server
// sent when they were seen on the wire, else the SDK's decoded schemas
// encoded again.
func (c *Client) toolSchemas(t *sdk.Tool) (in, out []byte, err error) {
	rawIn, rawOut := c.schemas.schemas(t.Name)
	if in = rawIn; in == nil {
		if in, err = schemaBytes(t.InputSchema); err != nil {
			return nil, nil, fmt.Errorf("mcp: tool %s: inputSchema: %w", t.Name, err)
		}
	}
	if in == nil {
		in = []byte(`{"type":"object"}`)
	}
	if rawIn != nil {
		return in, rawOut, nil
	}
	if out, err = schemaBytes(t.OutputSchema); err != nil {
		return nil, nil, fmt.Errorf("mcp: tool %s: outputSchema: %w", t.Name, err)
	}
	return in, out, nil
}

// schemaBytes encodes a schema as decoded by the SDK; nil stays nil.
func schemaBytes(s any) ([]byte, error) {
	switch s := s.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return s, nil
	}
	return json.Marshal(s)
}

// clientAnnotations maps MCP tool annotations to toolgen.Annotations, with MCP's
// defaults for absent hints: destructiveHint and openWorldHint default to
// true, readOnlyHint and idempotentHint to false.
func clientAnnotations(a *sdk.ToolAnnotations) toolgen.Annotations {
	if a == nil {
		return toolgen.Annotations{Destructive: true, OpenWorld: true}
	}
	return toolgen.Annotations{
		ReadOnly:    a.ReadOnlyHint,
		Destructive: a.DestructiveHint == nil || *a.DestructiveHint,
		Idempotent:  a.IdempotentHint,
		OpenWorld:   a.OpenWorldHint == nil || *a.OpenWorldHint,
	}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write keeps the end of p.
func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

// String is what was kept, trimmed.
func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.TrimSpace(string(b.buf))
}
