package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// Server serves toolgen tools over MCP. It wraps a go-sdk server: each tool
// is registered with its generated schemas as they are, and a call hands the
// raw arguments straight to the tool's generated Call. Prompts and
// resources are WithPrompts' and WithResources'; anything else MCP offers is
// added on SDK().
type Server struct {
	sdk      *sdkmcp.Server
	tools    map[string]*toolgen.Tool  // for the fast path
	unlisted map[toolgen.ToolName]bool // not in tools/list, reached through call_tool or run_code (addServed)
	slots    *callSlots
	versions []string // ServerOptions.SupportedProtocolVersions
	// resultMeta is what a result at version 2026-07-28 begins with: the
	// _meta with the server's info, and the resultType.
	resultMeta []byte
	exposed    atomic.Bool  // SDK() was called: no fast path
	fast       atomic.Int64 // requests the fast path answered

	deps     DepsFunc                // WithDeps, or nil
	perms    *permission.Permissions // WithPermissions, or nil
	approver ApproverFunc            // WithApprover, or nil
	requests httpRequests            // for deps, the HTTP requests being served
	states   *requestStates          // the request states of input-required results
	tasks    *taskEngine             // nil when no tool runs as a task
	// sessionFree are the tools of WithSessionFreeTools, which a stateful
	// server may call on the fast path.
	sessionFree map[string]bool
	// paramHeaders are the x-mcp-header declarations of the tools that
	// have some, by tool name (headers_server.go).
	paramHeaders map[string][]ParamHeader
	// requiredCaps are the client capabilities of
	// WithRequiredClientCapabilities by tool.
	requiredCaps map[string]*sdkmcp.ClientCapabilities
}

// DefaultMaxCalls is how many tool calls a server runs at once unless
// WithMaxCalls says otherwise.
const DefaultMaxCalls = 1024

// serverConfig is what ServerOptions set.
type serverConfig struct {
	sdk      sdkmcp.ServerOptions
	maxCalls int
	deps     DepsFunc
	perms    *permission.Permissions
	approver ApproverFunc
	// searchLimit is WithToolSearch's limit; 0 without tool search.
	searchLimit int
	// codeMode is WithCodeMode's run_code, nil without it.
	codeMode *codeMode
	// prompts and resources are WithPrompts' and WithResources'.
	prompts   []toolgen.Prompt
	resources []toolgen.Resource
	// tasks and taskSupport are WithTasks' and WithTaskSupport's.
	tasks       TaskOptions
	taskSupport map[toolgen.ToolName]toolgen.TaskSupport
	// upfront is WithUpfrontInput's requests (JSON) by tool name.
	upfront map[string]json.RawMessage
	// sessionFree is WithSessionFreeTools' names; allSessionFree when it
	// named none.
	sessionFree    []toolgen.ToolName
	allSessionFree bool
	// stateKey is WithRequestStateKey's key, or nil for a random one.
	stateKey []byte
	// requiredCaps are WithRequiredClientCapabilities' tools.
	requiredCaps map[toolgen.ToolName]*sdkmcp.ClientCapabilities
	// listCache and readCache are WithCacheHints', nil without it.
	listCache, readCache *toolgen.CacheHint
}

// ServerOption configures NewServer. An option given a bad value makes
// NewServer fail with an error naming the option and the value, as
// "mcp.WithMaxCalls(0): must be at least 1 (or NoLimit)".
type ServerOption func(*serverConfig) error

// WithSDKOptions sets the go-sdk server options (instructions, completion and
// subscription handlers, keep-alive...). Later options override it.
func WithSDKOptions(o sdkmcp.ServerOptions) ServerOption {
	return func(dst *serverConfig) error { dst.sdk = o; return nil }
}

// WithInstructions sets the instructions the server gives clients when they
// connect.
func WithInstructions(s string) ServerOption {
	return func(dst *serverConfig) error { dst.sdk.Instructions = s; return nil }
}

// WithMaxCalls caps the tool calls the server runs at once, over all its
// sessions (DefaultMaxCalls without the option); n must be at least 1, or
// NoLimit for no cap. A call beyond
// the cap is refused at once with a failed result saying so. MCP does not
// take a client's hanging up for a cancellation, so a call runs on after
// its HTTP request is gone: without the cap, a client that sends calls to
// a slow tool and drops each connection would start calls without end.
func WithMaxCalls(n int) ServerOption {
	return func(dst *serverConfig) error {
		if n < 1 && n != NoLimit {
			return fmt.Errorf("mcp.WithMaxCalls(%d): must be at least 1 (or NoLimit)", n)
		}
		dst.maxCalls = n
		return nil
	}
}

// WithSessionFreeTools declares that the named tools (every tool of the
// server when no name is given) use neither Session nor Log: a generated
// tool uses them only if its own code calls them. Over stateful
// streamable HTTP, their plainest calls on a live session are then
// answered on the fast path (see the package documentation), where
// Session(ctx) is nil and Log sends nothing and returns an error. An
// unknown name is NewServer's error.
func WithSessionFreeTools(names ...toolgen.ToolName) ServerOption {
	return func(c *serverConfig) error {
		if len(names) == 0 {
			c.allSessionFree = true
		}
		c.sessionFree = append(c.sessionFree, names...)
		return nil
	}
}

// NewServer returns a server named name at version version that serves
// tools. Two tools with the same name, a tool whose input schema is not a
// JSON object schema of type "object", and permissions that do not fit the
// tools (see WithPermissions) are errors.
//
// Every call reaches its tool with a toolgen.Ctx, as in the agent loop: the
// deps of WithDeps, the tool's name and an idempotency key unique to the
// call (see the package documentation). A call that needs approval (the
// tool's RequiresApproval, or an ask rule of WithPermissions) runs only once
// approved: by WithApprover's function, else by the client's user through
// MCP elicitation; a client that cannot be asked gets a failed result
// saying so, and the tool does not run.
func NewServer(name, version string, tools []toolgen.Tool, opts ...ServerOption) (*Server, error) {
	cfg := serverConfig{maxCalls: DefaultMaxCalls}
	for _, o := range opts {
		if o == nil {
			return nil, errors.New("mcp: nil ServerOption")
		}
		if err := o(&cfg); err != nil {
			return nil, err // it names the option
		}
	}
	if cfg.perms != nil {
		if err := cfg.perms.Check(tools); err != nil {
			return nil, fmt.Errorf("mcp.WithPermissions: %w", err)
		}
	}
	if len(cfg.prompts)+len(cfg.resources) > 0 {
		// Completion is declared whenever there is something to complete;
		// arguments without Values get no values (or WithSDKOptions'
		// handler's).
		cfg.sdk.CompletionHandler = newCompleter(cfg.prompts, cfg.resources, cfg.sdk.CompletionHandler).complete
	}
	cfg.sdk.SetCacheable = setCacheable(&cfg)
	info, err := json.Marshal(&sdkmcp.Implementation{Name: name, Version: version})
	if err != nil {
		return nil, err
	}
	s := &Server{
		sdk:        sdkmcp.NewServer(&sdkmcp.Implementation{Name: name, Version: version}, &cfg.sdk),
		tools:      make(map[string]*toolgen.Tool, len(tools)),
		unlisted:   map[toolgen.ToolName]bool{},
		versions:   slices.Clone(cfg.sdk.SupportedProtocolVersions),
		resultMeta: append(append([]byte(`"_meta":{"io.modelcontextprotocol/serverInfo":`), info...), `},"resultType":"complete"`...),
		deps:       cfg.deps,
		perms:      cfg.perms,
		approver:   cfg.approver,
		states:     newRequestStates(cfg.stateKey),
	}
	if n := cfg.maxCalls; n != NoLimit {
		s.slots = &callSlots{sem: make(chan struct{}, n)}
	}
	for _, t := range tools {
		unlisted := (cfg.searchLimit > 0 && t.Deferred) || (cfg.codeMode != nil && !cfg.codeMode.Beside)
		if err := s.addServed(t, unlisted); err != nil {
			return nil, err
		}
	}
	if err := s.addPrompts(cfg.prompts); err != nil {
		return nil, err
	}
	if err := s.addResources(cfg.resources); err != nil {
		return nil, err
	}
	if err := s.setUpTasks(tools, cfg); err != nil {
		return nil, err
	}
	if err := s.setSessionFree(tools, cfg); err != nil {
		return nil, err
	}
	if err := s.setRequiredCaps(tools, cfg); err != nil {
		return nil, err
	}
	if cfg.searchLimit > 0 {
		box, err := toolgen.NewToolbox(tools)
		if err != nil {
			return nil, fmt.Errorf("mcp: %w", err)
		}
		if err := s.addToolSearch(box, cfg.searchLimit); err != nil {
			return nil, err
		}
	}
	if cfg.codeMode != nil {
		if err := s.addCodeMode(cfg.codeMode, tools); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// setSessionFree records WithSessionFreeTools' tools.
func (s *Server) setSessionFree(tools []toolgen.Tool, cfg serverConfig) error {
	if len(cfg.sessionFree) == 0 && !cfg.allSessionFree {
		return nil
	}
	s.sessionFree = map[string]bool{}
	if cfg.allSessionFree {
		for _, t := range tools {
			s.sessionFree[string(t.Name)] = true
		}
	}
	for _, n := range cfg.sessionFree {
		if !slices.ContainsFunc(tools, func(t toolgen.Tool) bool { return t.Name == n }) {
			return fmt.Errorf("mcp.WithSessionFreeTools(%q): no such tool", n)
		}
		s.sessionFree[string(n)] = true
	}
	return nil
}

// addServed registers t, unless it is unlisted: WithToolSearch's deferred
// tools, reached through call_tool, and every tool under WithCodeMode
// without Beside, reached through run_code.
func (s *Server) addServed(t toolgen.Tool, unlisted bool) error {
	if s.tools[string(t.Name)] != nil || s.unlisted[t.Name] {
		return fmt.Errorf("mcp: two tools named %q", t.Name)
	}
	if unlisted {
		if err := checkObjectSchema(t.InputSchema); err != nil {
			return fmt.Errorf("mcp: tool %q: input schema: %w", t.Name, err)
		}
		s.unlisted[t.Name] = true
		return nil
	}
	s.tools[string(t.Name)] = &t
	if err := s.addParamHeaders(&t); err != nil {
		return err
	}
	return s.addTool(&t)
}

// SDK returns the go-sdk server, to add resources, prompts or more tools, or
// to run it on a transport of one's own. Once it has been called, every
// request goes through go-sdk, without the fast path (see Handler), so
// that what is added there sees every request.
func (s *Server) SDK() *sdkmcp.Server {
	s.exposed.Store(true)
	return s.sdk
}

// versionOK reports whether the go-sdk server negotiates version.
func (s *Server) versionOK(version string) bool {
	return len(s.versions) == 0 || slices.Contains(s.versions, version)
}

// ServeStdio serves one session on standard input and output until the
// client disconnects or ctx is done.
func (s *Server) ServeStdio(ctx context.Context) error {
	return s.Run(ctx, &sdkmcp.StdioTransport{})
}

// addTool registers t with its static schemas; go-sdk panics on a bad
// schema, which becomes an error here.
func (s *Server) addTool(t *toolgen.Tool) (err error) {
	if t.Call == nil {
		return fmt.Errorf("mcp: tool %q has no Call", t.Name)
	}
	if err := checkObjectSchema(t.InputSchema); err != nil {
		return fmt.Errorf("mcp: tool %q: input schema: %w", t.Name, err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("mcp: tool %q: %v", t.Name, p)
		}
	}()
	s.sdk.AddTool(sdkTool(*t), s.toolHandler(t))
	return nil
}

func checkObjectSchema(schema []byte) error {
	var m map[string]any
	if err := json.Unmarshal(schema, &m); err != nil {
		return err
	}
	if m["type"] != "object" {
		return errors.New(`not of type "object"`)
	}
	return nil
}

// sdkTool describes t to MCP: its schemas are the generated bytes.
func sdkTool(t toolgen.Tool) *sdkmcp.Tool {
	st := &sdkmcp.Tool{
		Name:        string(t.Name),
		Description: t.Description,
		InputSchema: json.RawMessage(t.InputSchema),
		Annotations: annotations(t.Name, t.Annotations),
	}
	if t.OutputSchema != nil {
		st.OutputSchema = json.RawMessage(t.OutputSchema)
	}
	return st
}

// annotations maps toolgen's hints to MCP's. MCP's defaults for absent hints
// are the cautious ones (destructive, open world), so both are always sent.
func annotations(name toolgen.ToolName, a toolgen.Annotations) *sdkmcp.ToolAnnotations {
	return &sdkmcp.ToolAnnotations{
		Title:           string(name),
		ReadOnlyHint:    a.ReadOnly,
		DestructiveHint: new(a.Destructive && !a.ReadOnly),
		IdempotentHint:  a.Idempotent,
		OpenWorldHint:   new(a.OpenWorld),
	}
}

// toolHandler calls t with the request's raw arguments (serveCall).
func (s *Server) toolHandler(t *toolgen.Tool) sdkmcp.ToolHandler {
	return func(ctx context.Context, req *sdkmcp.CallToolRequest) (*sdkmcp.CallToolResult, error) {
		res, asks, err := s.serveCall(ctx, t, req)
		if asks != nil || err != nil {
			return asks, err
		}
		return toSDKResult(res), nil
	}
}

// serveCall serves req, a call of t, once the call is prepared and
// decided (begin): what a tools/call of t takes, and a call from a program
// (WithCodeMode) too. It returns the tool's result, or the input-required
// result that has the client ask its user and call again (asks), or the
// error the request is answered with. A tool's failures are already
// results (IsError); Call's own error (the context ended) is that error.
func (s *Server) serveCall(ctx context.Context, t *toolgen.Tool, req *sdkmcp.CallToolRequest) (_ toolgen.Result, asks *sdkmcp.CallToolResult, _ error) {
	if err := s.missingCapabilities(t, req); err != nil {
		return toolgen.Result{}, nil, err
	}
	if !s.slots.take() {
		return toolgen.ErrorResult(busyMessage(s.slots)), nil, nil
	}
	defer s.slots.give()
	ci := callInfo{req: req}
	if req.Extra != nil {
		ci.header = req.Extra.Header
	}
	round, err := s.openRound(requestRound(req, stateBinding{method: "tools/call", name: string(t.Name), args: req.Params.Arguments}, req.Params.InputResponses, req.Params.RequestState))
	if err != nil {
		return toolgen.Result{}, nil, err
	}
	ctx, v := s.begin(withRound(withCall(ctx, req), round), t, req.Params.Arguments, ci)
	switch {
	case v.refusal != nil:
		return *v.refusal, nil, nil
	case v.ask != nil:
		return toolgen.Result{}, v.ask, nil
	}
	notifier := sdkProgressNotifier(ctx, req)
	if notifier != nil {
		ctx = withProgressNotifier(ctx, notifier)
	}
	res, callErr := call(ctx, *t, req.Params.Arguments)
	notifier.end() // no notification after the response
	// A tool that failed, with a result or a Go error, after asking
	// questions it found unanswered gets them asked (ErrInputRequired).
	pending, state, err := round.inputRequired(callErr != nil || res.IsError)
	switch {
	case err != nil:
		return toolgen.Result{}, nil, err
	case pending != nil:
		return toolgen.Result{}, &sdkmcp.CallToolResult{InputRequests: pending, RequestState: state}, nil
	case callErr != nil:
		return toolgen.Result{}, nil, callErr
	}
	return res, nil, nil
}

func busyMessage(slots *callSlots) string {
	return fmt.Sprintf("the server is running as many tool calls as it may (%d); try again when one has finished", cap(slots.sem))
}

// callSlots bounds the calls running at once; nil is no bound.
type callSlots struct{ sem chan struct{} }

func (s *callSlots) take() bool {
	if s == nil {
		return true
	}
	select {
	case s.sem <- struct{}{}:
		return true
	default:
		return false
	}
}

func (s *callSlots) give() {
	if s != nil {
		<-s.sem
	}
}

// call runs t on a goroutine of its own and waits for it. Generated tools
// recover their own panics, and this does the same for tools written by
// hand. A tool that ends its goroutine without returning (runtime.Goexit,
// which t.FailNow and the like call) would end the SDK's too, leaving the
// request unanswered for good and Serve unable to return; on a goroutine
// of its own, its deferred send answers with a failed result instead.
func call(ctx context.Context, t toolgen.Tool, args []byte) (toolgen.Result, error) {
	out := <-startCall(ctx, t, args, nil)
	return out.res, out.err
}

// outcome is what a call returned.
type outcome struct {
	res toolgen.Result
	err error
}

// startCall runs t on a goroutine of its own (see call) and returns where
// its outcome arrives; then, after it, finished runs (when not nil).
func startCall(ctx context.Context, t toolgen.Tool, args []byte, finished func()) <-chan outcome {
	done := make(chan outcome, 1)
	go func() {
		returned := false
		defer func() {
			if !returned {
				done <- outcome{res: toolgen.ErrorResult(fmt.Sprintf("tool %s stopped without returning (runtime.Goexit)", t.Name))}
			}
			if finished != nil {
				finished()
			}
		}()
		res, err := t.CallSafely(ctx, args)
		returned = true
		done <- outcome{res, err}
	}()
	return done
}

// toSDKResult converts a toolgen result. Structured content is also given as
// text when the result has no content parts, as the spec recommends for
// clients that do not read structuredContent.
func toSDKResult(r toolgen.Result) *sdkmcp.CallToolResult {
	out := &sdkmcp.CallToolResult{IsError: r.IsError, Content: make([]sdkmcp.Content, 0, len(r.Content)+1)}
	for _, c := range r.Content {
		out.Content = append(out.Content, toSDKContent(c))
	}
	if r.Structured != nil {
		out.StructuredContent = r.Structured
		if len(r.Content) == 0 {
			out.Content = append(out.Content, &sdkmcp.TextContent{Text: string(r.Structured)})
		}
	}
	return out
}

func toSDKContent(c toolgen.Content) sdkmcp.Content {
	switch c.Type {
	case toolgen.ContentImage:
		return &sdkmcp.ImageContent{Data: c.Data, MIMEType: c.MIMEType}
	case toolgen.ContentAudio:
		return &sdkmcp.AudioContent{Data: c.Data, MIMEType: c.MIMEType}
	case toolgen.ContentResource:
		rc := &sdkmcp.ResourceContents{URI: c.URI, MIMEType: c.MIMEType, Text: c.Text}
		if c.Text == "" {
			rc.Blob = c.Data
		}
		return &sdkmcp.EmbeddedResource{Resource: rc}
	default:
		return &sdkmcp.TextContent{Text: c.Text}
	}
}
