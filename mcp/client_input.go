//lint:file-ignore SA1019 sampling and roots are deprecated by protocol 2026-07-28 (SEP-2577) but still part of it.

package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-dev/toolgen/internal/option"
)

// MaxInputRounds is how many input-required results a call (CallTool, a
// tool's Call) answers before it gives up with an error naming the tool:
// a server that keeps asking is not left to ask forever.
const MaxInputRounds = 8

// ElicitationFunc answers a server's elicitation: it asks the user to fill
// in params's form (or to open its URL) and returns what they did. tool is
// the tool whose call asked, "" when the server asked on its session
// outside a call this client knows (protocols before 2026-07-28).
type ElicitationFunc func(ctx context.Context, tool string, params *sdk.ElicitParams) (*sdk.ElicitResult, error)

// SamplingFunc answers a server's sampling request with a message of the
// client's model; tool is as for ElicitationFunc.
type SamplingFunc func(ctx context.Context, tool string, params *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error)

// WithElicitation declares the elicitation capability (forms) and answers
// the server's elicitations with fn: those of input-required results
// (protocol 2026-07-28 and later; see CallTool) and those sent on the
// session (before). A nil fn is an error.
//
// Without it, a client that requires approval (the default, see
// WithoutApproval) still declares the capability, to answer a toolgen
// server's approval questions (_meta "dev.toolgen/approval") about the
// calls its agent approved: the call of a tool that requires approval
// (Tools) that asked is accepted, since the agent loop had it approved
// before calling; every other elicitation is declined. With fn, those
// approval questions are accepted the same way, and fn gets the others.
func WithElicitation(fn ElicitationFunc) ClientOption {
	return func(o *clientOptions) error {
		return option.Func("mcp.WithElicitation", fn, fn == nil, &o.inputs.elicit)
	}
}

// WithSampling declares the sampling capability and answers the server's
// sampling requests with fn, as WithElicitation does elicitations.
// Sampling is deprecated by protocol 2026-07-28 (SEP-2577). A nil fn is
// an error.
func WithSampling(fn SamplingFunc) ClientOption {
	return func(o *clientOptions) error { return option.Func("mcp.WithSampling", fn, fn == nil, &o.inputs.sample) }
}

// WithRoots declares the roots capability and gives the server roots when
// it asks. Roots are deprecated by protocol 2026-07-28 (SEP-2577).
func WithRoots(roots ...*sdk.Root) ClientOption {
	return func(o *clientOptions) error {
		for _, r := range roots {
			if r == nil || r.URI == "" {
				return errors.New("mcp.WithRoots: a root without a URI")
			}
		}
		o.inputs.roots = append(slices.Clone(o.inputs.roots), roots...)
		return nil
	}
}

// clientInputs are the client's answers to a server's questions.
type clientInputs struct {
	elicit ElicitationFunc // WithElicitation, or nil
	sample SamplingFunc    // WithSampling, or nil
	roots  []*sdk.Root     // WithRoots, or nil
}

// addRoots gives go-sdk's client the roots, which it answers roots/list
// on the session with.
func (o *clientInputs) addRoots(sc *sdk.Client) {
	if o.roots != nil {
		sc.AddRoots(o.roots...)
	}
}

// declaresElicitation reports whether the client declares the
// elicitation capability: it has a handler, or it answers the server's
// approval questions for the calls its agent approved (see
// WithElicitation).
func (c *Client) declaresElicitation() bool {
	return c.opts.inputs.elicit != nil || c.opts.approval
}

// capabilities are the client capabilities the options declare.
func (c *Client) capabilities() *sdk.ClientCapabilities {
	caps := &sdk.ClientCapabilities{}
	if c.declaresElicitation() {
		caps.Elicitation = &sdk.ElicitationCapabilities{Form: &sdk.FormElicitationCapabilities{}}
	}
	if c.opts.inputs.sample != nil {
		caps.Sampling = &sdk.SamplingCapabilities{}
	}
	if c.opts.inputs.roots != nil {
		caps.RootsV2 = &sdk.RootCapabilities{}
	}
	return caps
}

// sessionHandlers sets the handlers of the requests a server sends on the
// session (before protocol 2026-07-28), and turns off go-sdk's own
// answering of input-required results: CallTool answers them
// (answerInputs), bounded and naming the tool.
func (c *Client) sessionHandlers(co *sdk.ClientOptions) {
	co.Capabilities = c.capabilities()
	co.MultiRoundTrip = &sdk.MultiRoundTripOptions{Disabled: true}
	if c.declaresElicitation() {
		co.ElicitationHandler = func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return c.elicit(ctx, "", req.Params)
		}
	}
	if fn := c.opts.inputs.sample; fn != nil {
		co.CreateMessageHandler = func(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			return fn(ctx, "", req.Params)
		}
	}
}

// elicit answers an elicitation of the server: a toolgen server's
// question whether to approve a call (its _meta "dev.toolgen/approval")
// that the client's agent approved already is accepted; any other goes to
// WithElicitation's function, and is declined without one.
func (c *Client) elicit(ctx context.Context, tool string, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	if c.approvedCalls.approves(p) {
		return &sdk.ElicitResult{Action: "accept"}, nil
	}
	if fn := c.opts.inputs.elicit; fn != nil {
		return fn(ctx, tool, p)
	}
	return &sdk.ElicitResult{Action: "decline"}, nil
}

// approvedCalls are the calls in flight that the client's agent approved
// (a tool's Call where the tool requires approval, see Tools), by server
// tool name and canonical arguments.
type approvedCalls struct {
	mu    sync.Mutex
	calls map[string]int
}

func approvedKey(tool string, args []byte) string {
	return tool + "\x00" + string(canonicalJSON(args))
}

// hold records a call of tool with args until the returned function runs.
func (a *approvedCalls) hold(tool string, args []byte) (release func()) {
	key := approvedKey(tool, args)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.calls == nil {
		a.calls = map[string]int{}
	}
	a.calls[key]++
	return func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.calls[key]--; a.calls[key] <= 0 {
			delete(a.calls, key)
		}
	}
}

// approves reports whether p asks to approve a call in flight that was
// approved.
func (a *approvedCalls) approves(p *sdk.ElicitParams) bool {
	about, ok := p.Meta[approvalMeta].(map[string]any)
	if !ok {
		return false
	}
	tool, _ := about["tool"].(string)
	args, err := json.Marshal(about["arguments"])
	if tool == "" || err != nil {
		return false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.calls[approvedKey(tool, args)] > 0
}

// answerInputs answers the input requests of an input-required result of
// a call of tool, each with the handler its kind needs. A request the
// client has no handler for is an error (the client did not declare the
// capability, so the server should not have asked).
func (c *Client) answerInputs(ctx context.Context, tool string, requests sdk.InputRequestMap) (sdk.InputResponseMap, error) {
	responses := make(sdk.InputResponseMap, len(requests))
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range requests {
			if !yield(id) {
				return
			}
		}
	}) {
		res, err := c.answerInput(ctx, tool, requests[id])
		if err != nil {
			return nil, fmt.Errorf("answering the server's input request %q: %w", id, err)
		}
		responses[id] = res
	}
	return responses, nil
}

func (c *Client) answerInput(ctx context.Context, tool string, req sdk.InputRequest) (sdk.InputResponse, error) {
	switch p := req.(type) {
	case *sdk.ElicitParams:
		return c.elicit(ctx, tool, p)
	case *sdk.CreateMessageParams:
		if c.opts.inputs.sample == nil {
			return nil, errors.New("it is a sampling request, and the client has no sampling handler (mcp.WithSampling)")
		}
		return c.opts.inputs.sample(ctx, tool, p)
	case *sdk.CreateMessageWithToolsParams:
		base, err := samplingParams(p)
		if err != nil {
			return nil, err
		}
		return c.answerInput(ctx, tool, base)
	case *sdk.ListRootsParams:
		if c.opts.inputs.roots == nil {
			return nil, errors.New("it asks for roots, and the client has none (mcp.WithRoots)")
		}
		return &sdk.ListRootsResult{Roots: slices.Clone(c.opts.inputs.roots)}, nil
	}
	return nil, fmt.Errorf("the client does not know input requests of type %T", req)
}

// callRounds sends params (a tools/call of tool) with send and, while the
// server answers with an input-required result, answers its input
// requests and sends the call again with the answers and the request
// state as the server gave it (none when it gave none), as a new request:
// at most MaxInputRounds times. The call's params are not changed: each
// round sends a copy.
func (c *Client) callRounds(ctx context.Context, tool string, params *sdk.CallToolParams, send func(*sdk.CallToolParams) (*sdk.CallToolResult, error)) (*sdk.CallToolResult, error) {
	for round := 1; ; round++ {
		res, err := send(params)
		if err != nil || !res.NeedsInput() {
			return res, err
		}
		if round > MaxInputRounds {
			return nil, fmt.Errorf("the server asked for input %d times in a row; giving up after %d rounds", round, MaxInputRounds)
		}
		responses, err := c.answerInputs(ctx, tool, res.InputRequests)
		if err != nil {
			return nil, err
		}
		next := *params
		next.InputResponses, next.RequestState = responses, res.RequestState
		params = &next
	}
}

// samplingParams is p in the form of a SamplingFunc's params: go-sdk reads
// a sampling input request as the form with tools, which a request with
// no tools and one content block per message does not need.
func samplingParams(p *sdk.CreateMessageWithToolsParams) (*sdk.CreateMessageParams, error) {
	if len(p.Tools) > 0 || p.ToolChoice != nil {
		return nil, errors.New("it is a sampling request with tools, which the client does not answer")
	}
	base := &sdk.CreateMessageParams{
		Meta: p.Meta, IncludeContext: p.IncludeContext, MaxTokens: p.MaxTokens, Metadata: p.Metadata,
		ModelPreferences: p.ModelPreferences, StopSequences: p.StopSequences, SystemPrompt: p.SystemPrompt, Temperature: p.Temperature,
	}
	for i, m := range p.Messages {
		if m == nil || len(m.Content) != 1 {
			return nil, fmt.Errorf("its message %d has not one content block, which the client does not answer", i)
		}
		base.Messages = append(base.Messages, &sdk.SamplingMessage{Role: m.Role, Content: m.Content[0]})
	}
	return base, nil
}
