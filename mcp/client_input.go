//lint:file-ignore SA1019 sampling and roots are deprecated by protocol 2026-07-28 (SEP-2577) but still part of it.

package mcp

import (
	"context"
	"errors"
	"fmt"
	"slices"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
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
func WithElicitation(fn ElicitationFunc) ClientOption {
	return func(o *clientOptions) error {
		if fn == nil {
			return errors.New("mcp.WithElicitation(nil): nil function")
		}
		o.inputs.elicit = fn
		return nil
	}
}

// WithSampling declares the sampling capability and answers the server's
// sampling requests with fn, as WithElicitation does elicitations.
// Sampling is deprecated by protocol 2026-07-28 (SEP-2577). A nil fn is
// an error.
func WithSampling(fn SamplingFunc) ClientOption {
	return func(o *clientOptions) error {
		if fn == nil {
			return errors.New("mcp.WithSampling(nil): nil function")
		}
		o.inputs.sample = fn
		return nil
	}
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

// capabilities are the client capabilities the options declare.
func (o *clientInputs) capabilities() *sdk.ClientCapabilities {
	caps := &sdk.ClientCapabilities{}
	if o.elicit != nil {
		caps.Elicitation = &sdk.ElicitationCapabilities{Form: &sdk.FormElicitationCapabilities{}}
	}
	if o.sample != nil {
		caps.Sampling = &sdk.SamplingCapabilities{}
	}
	if o.roots != nil {
		caps.RootsV2 = &sdk.RootCapabilities{}
	}
	return caps
}

// sessionHandlers sets the handlers of the requests a server sends on the
// session (before protocol 2026-07-28), and turns off go-sdk's own
// answering of input-required results: CallTool answers them
// (answerInputs), bounded and naming the tool.
func (o *clientInputs) sessionHandlers(so *sdk.ClientOptions) {
	so.Capabilities = o.capabilities()
	so.MultiRoundTrip = &sdk.MultiRoundTripOptions{Disabled: true}
	if fn := o.elicit; fn != nil {
		so.ElicitationHandler = func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return fn(ctx, "", req.Params)
		}
	}
	if fn := o.sample; fn != nil {
		so.CreateMessageHandler = func(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			return fn(ctx, "", req.Params)
		}
	}
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
		if c.opts.inputs.elicit == nil {
			return nil, errors.New("it is an elicitation, and the client has no elicitation handler (mcp.WithElicitation)")
		}
		return c.opts.inputs.elicit(ctx, tool, p)
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
