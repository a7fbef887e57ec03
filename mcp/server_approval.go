package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
	"github.com/toolgen-dev/toolgen/permission"
)

// ApproverFunc decides a call that needs approval (see WithApprover): true
// runs it. ctx is the call's, with its toolgen.Ctx (the deps of WithDeps,
// the idempotency key), Session and TokenInfo; call.ID is the
// toolgen.Ctx's CallID.
type ApproverFunc func(ctx context.Context, call permission.ToolCall) (bool, error)

// WithPermissions decides calls with p as the agent loop does
// (agent.WithPermissions): a call matching a deny rule is refused ("Denied
// by policy: this call is not permitted."); one matching an allow rule runs
// without asking, even a call of a tool that requires approval; one
// matching an ask rule needs approval, as does, with no rule matching, a
// call of a tool whose RequiresApproval is set. p is checked against the
// server's tools as agent.New checks it (p.Check): its error is NewServer's.
func WithPermissions(p permission.Permissions) ServerOption {
	return func(c *serverConfig) error {
		c.perms = &p
		return nil
	}
}

// WithApprover makes fn decide the calls that need approval (see
// WithPermissions), instead of the client's user: true runs the call;
// false refuses it ("Denied by the server's approval policy"), and so does
// an error or a panic, with its message. Without it, such a call is
// confirmed through the client by MCP elicitation when the client declared
// that capability, and refused otherwise; it never runs unapproved. A nil
// fn is NewServer's error.
func WithApprover(fn ApproverFunc) ServerOption {
	return func(c *serverConfig) error { return option.Func("mcp.WithApprover", fn, fn == nil, &c.approver) }
}

// needsDecision reports whether a call of t with args does not simply run:
// it is denied, or needs approval. The fast path leaves such calls to
// go-sdk's path, where the client can be asked.
func (s *Server) needsDecision(t *toolgen.Tool, args []byte) bool {
	outcome, _ := s.rule(t, args)
	return outcome != permission.OutcomeAllow
}

// rule is what the permissions and t's RequiresApproval make of a call of
// t with args, as in the agent loop without a preset: deny, allow, or ask
// and why. As in the loop, a tool's RequiresApproval is lifted only by an
// allow rule naming the tool, not by a pattern (Permissions.DecideTool).
func (s *Server) rule(t *toolgen.Tool, args []byte) (outcome permission.Outcome, why string) {
	var rule *toolgen.Rule
	if s.perms != nil {
		outcome, rule = s.perms.DecideTool(t, args)
	}
	switch {
	case outcome == permission.OutcomeAsk:
		return outcome, "ask rule " + rule.String() + " matches it"
	case outcome != permission.OutcomeNone:
		return outcome, ""
	case t.RequiresApproval:
		return permission.OutcomeAsk, "the tool requires approval"
	}
	return permission.OutcomeAllow, ""
}

// verdict is what approve decided about a call: it runs when both are nil.
type verdict struct {
	refusal *toolgen.Result        // the result to send; the tool does not run
	ask     *sdkmcp.CallToolResult // input required: the client is to ask its user and call again
}

func (v verdict) runs() bool { return v.refusal == nil && v.ask == nil }

func refuse(msg string) verdict {
	r := toolgen.ErrorResult(msg)
	return verdict{refusal: &r}
}

// approve decides whether call runs, as the agent loop decides (the
// permissions, then the tool's RequiresApproval; begin has refused
// arguments that repeat a member name). A call that needs
// approval is put to the approver (WithApprover), else to the client's user
// (askClient), else refused. req is the go-sdk request, nil on the fast
// path (which leaves calls that need approval to go-sdk).
func (s *Server) approve(ctx context.Context, t *toolgen.Tool, call permission.ToolCall, req *sdkmcp.CallToolRequest) verdict {
	outcome, why := s.rule(t, call.Args)
	switch outcome {
	case permission.OutcomeDeny:
		return refuse("Denied by policy: this call is not permitted.")
	case permission.OutcomeAllow:
		return verdict{}
	}
	if s.approver != nil {
		ok, err := s.askApprover(ctx, call)
		switch {
		case err != nil:
			return refuse(fmt.Sprintf("Not run: this call of %s needs approval (%s), and the server's approver failed: %v; the tool did not run.", t.Name, why, err))
		case !ok:
			return refuse(fmt.Sprintf("Denied by the server's approval policy: this call of %s is not permitted; the tool did not run.", t.Name))
		}
		return verdict{}
	}
	return s.askClient(ctx, t, call, req, why)
}

// askApprover calls the approver, recovering its panic.
func (s *Server) askApprover(ctx context.Context, call permission.ToolCall) (ok bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			ok, err = false, fmt.Errorf("panic: %v", p)
		}
	}()
	return s.approver(ctx, call)
}

// askClient has the client ask its user to approve call, by elicitation:
// at protocol 2026-07-28 and later, where a server may not send requests
// during a call, as a multi round-trip request (an input-required result
// the client answers by calling again, see approvalRoundTrip); before, by
// sending elicitation/create on the call's session and waiting for the
// answer.
func (s *Server) askClient(ctx context.Context, t *toolgen.Tool, call permission.ToolCall, req *sdkmcp.CallToolRequest, why string) verdict {
	if req == nil || !canElicit(req.ClientCapabilities()) {
		return refuse(fmt.Sprintf("Not run: this call of %s needs a person's approval (%s), and this MCP client cannot be asked for it "+
			"(it declared no elicitation capability to this server; a server without sessions can ask only clients of protocol %s or later); "+
			"the tool did not run.", t.Name, why, stateless2026))
	}
	if req.ProtocolVersion() >= stateless2026 && roundFrom(ctx) != nil {
		return s.approvalRoundTrip(ctx, t, call, why)
	}
	res, err := req.Session.Elicit(ctx, approvalRequest(call))
	if err != nil {
		return refuse(fmt.Sprintf("Not run: this call of %s needs a person's approval (%s), and asking the client for it failed: %v; the tool did not run.", t.Name, why, err))
	}
	return userAnswered(t, res.Action)
}

// userAnswered is the verdict on a call whose user answered action.
func userAnswered(t *toolgen.Tool, action string) verdict {
	if action != "accept" {
		return refuse(fmt.Sprintf("Denied by the user: asked to approve this call of %s, they answered %q; the tool did not run.", t.Name, action))
	}
	return verdict{}
}

// approvalInput is the id of the approval among a round trip's input
// requests.
const approvalInput = "approval"

// approvalRoundTrip asks for approval by a multi round-trip request
// (SEP-2322), in the round on ctx (see inputRound): the first call gets an
// input-required result holding the elicitation and a request state that
// the server signed, binding it to this tool, these arguments, this
// session and user for requestStateTTL (see WithRequestStateKey); the
// client asks its user and calls again with the answer and the state. An
// accept runs the call only when it came with that state, which is good
// once: the same state does not run it again (in this process).
func (s *Server) approvalRoundTrip(ctx context.Context, t *toolgen.Tool, call permission.ToolCall, why string) verdict {
	r := roundFrom(ctx)
	var res sdkmcp.ElicitResult
	err := r.ask(ctx, approvalInput, inputElicit, approvalRequest(call), &res)
	if errors.Is(err, ErrInputRequired) {
		pending, state, err := r.inputRequired(true)
		if err != nil {
			return refuse(fmt.Sprintf("Not run: this call of %s needs a person's approval (%s), and the server could not ask for it: %v; the tool did not run.", t.Name, why, err))
		}
		return verdict{ask: &sdkmcp.CallToolResult{InputRequests: pending, RequestState: state}}
	}
	if err != nil {
		return refuse(fmt.Sprintf("Not run: this call of %s needs a person's approval (%s), and the client's answer is not an elicitation result: %v; the tool did not run.", t.Name, why, err))
	}
	if v := userAnswered(t, res.Action); !v.runs() {
		return v
	}
	if !r.signed {
		return refuse(fmt.Sprintf("Not run: this call of %s needs a person's approval (%s), and the approval sent is not valid for it: "+
			"it came without the request state the server gave when it asked; call the tool again to be asked.", t.Name, why))
	}
	return verdict{}
}

// canElicit reports whether a client with capabilities caps declared form
// elicitation (an elicitation capability naming neither form nor url
// means form, as in go-sdk).
func canElicit(caps *sdkmcp.ClientCapabilities) bool {
	if caps == nil || caps.Elicitation == nil {
		return false
	}
	e := caps.Elicitation
	return e.Form != nil || e.URL == nil
}

// approvalMeta is the key of the _meta of the elicitation that asks a
// client's user to approve a call: {"tool": name, "arguments": the
// arguments as sent}, for clients that show calls their own way.
const approvalMeta = "dev.toolgen/approval"

// approvalRequest is the form asking to approve call: a message naming the
// tool with its arguments, and no fields (accept approves).
func approvalRequest(call permission.ToolCall) *sdkmcp.ElicitParams {
	args := call.Args
	var compacted bytes.Buffer
	if json.Compact(&compacted, args) == nil {
		args = compacted.Bytes()
	}
	return &sdkmcp.ElicitParams{
		Mode:            "form",
		Message:         fmt.Sprintf("Allow the tool %s to run with these arguments?\n%s\nAccept runs it once; decline or cancel does not run it.", call.Name, args),
		RequestedSchema: json.RawMessage(`{"type":"object","properties":{}}`),
		Meta:            sdkmcp.Meta{approvalMeta: map[string]any{"tool": string(call.Name), "arguments": json.RawMessage(args)}},
	}
}
