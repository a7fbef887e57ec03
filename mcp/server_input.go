//lint:file-ignore SA1019 sampling and roots are deprecated by protocol 2026-07-28 (SEP-2577) but still part of it.

package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// ErrInputRequired is wrapped by the error of Elicit, ElicitRaw, Sample
// and ListRoots when the answer must come from the client in another round
// (protocol 2026-07-28 and later): the tool (or prompt) returns an error,
// any error, and the client gets an input-required result holding every
// question the tool asked and found unanswered, with a signed request
// state; it asks its user (or model), then makes the same request again
// with the answers and the state, and the tool runs again from the start,
// now finding the answers. A tool that asks several questions before
// returning asks them all in one round.
var ErrInputRequired = errors.New("mcp: the client must answer first (input required)")

// ErrCannotAsk is wrapped by the error of Elicit, ElicitRaw, Sample and
// ListRoots when the client cannot be asked: it did not declare the
// capability (elicitation, sampling or roots) in this request's
// _meta (io.modelcontextprotocol/clientCapabilities) or its session, or it
// speaks a protocol before 2026-07-28 without a session to ask on (a
// stateless server), or the call runs as a task of 2025-11-25 (answered
// before it runs), or the call is not an MCP request at all.
var ErrCannotAsk = errors.New("mcp: the client cannot be asked")

// DeclinedError is Elicit's and ElicitRaw's error when the user did not
// accept: Action is "decline" or "cancel".
type DeclinedError struct {
	ID     string // the question's id
	Action string
}

func (e *DeclinedError) Error() string {
	return fmt.Sprintf("mcp: the user answered %q to the question %q", e.Action, e.ID)
}

// ElicitRaw asks the client's user to fill in the form params (an
// elicitation), under id: an id names one question of the request, which
// the tool asks again each time it runs. It returns the user's answer;
// one that is not "accept" is also a *DeclinedError.
//
// At protocol 2026-07-28 and later the answer comes in another round (see
// ErrInputRequired): the first time, ElicitRaw returns an error wrapping
// ErrInputRequired, which the tool returns. Before 2026-07-28 ElicitRaw
// sends elicitation/create on the call's session and waits for the
// answer. In a tool running as a task of the 2026-07-28 tasks extension,
// ElicitRaw waits for the answer in the task: the task is input_required
// with the question (under id) until the client answers it with
// tasks/update (see AskInput, its raw, batched form). A client that cannot
// be asked gets ErrCannotAsk.
func ElicitRaw(ctx context.Context, id string, params *sdkmcp.ElicitParams) (*sdkmcp.ElicitResult, error) {
	var res sdkmcp.ElicitResult
	if err := ask(ctx, id, inputElicit, params, &res); err != nil {
		return nil, err
	}
	if res.Action != "accept" {
		return &res, &DeclinedError{ID: id, Action: res.Action}
	}
	return &res, nil
}

// Sample asks the client to sample its model with params, under id (see
// ElicitRaw for ids and rounds). Sampling is deprecated by protocol
// 2026-07-28 (SEP-2577) but still part of it.
func Sample(ctx context.Context, id string, params *sdkmcp.CreateMessageParams) (*sdkmcp.CreateMessageResult, error) {
	var res sdkmcp.CreateMessageResult
	if err := ask(ctx, id, inputSample, params, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// ListRoots asks the client for its roots, under id (see ElicitRaw for ids
// and rounds). Roots are deprecated by protocol 2026-07-28 (SEP-2577) but
// still part of it.
func ListRoots(ctx context.Context, id string) (*sdkmcp.ListRootsResult, error) {
	var res sdkmcp.ListRootsResult
	if err := ask(ctx, id, inputRoots, &sdkmcp.ListRootsParams{}, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// ask answers the question id of kind k (params) into res, in the way the
// call can ask: in a task of the 2026-07-28 tasks extension through the
// task's input (the task is input_required until tasks/update answers);
// in a task of 2025-11-25, which runs after its request was answered, not
// at all; else in the request's round.
func ask(ctx context.Context, id string, k inputKind, params sdkmcp.InputRequest, res any) error {
	if run, ok := ctx.Value(taskRunKey{}).(*taskRun); ok {
		answers, err := run.ask(ctx, sdkmcp.InputRequestMap{id: params})
		if err != nil {
			return err
		}
		if err := decodeAnswer(answers[id], res); err != nil {
			return fmt.Errorf("mcp: the answer to input request %q is not a %s result: %v", id, k, err)
		}
		return nil
	}
	if task, ok := ctx.Value(legacyTaskKey{}).(string); ok {
		return fmt.Errorf("%w: asking for %s (%q) in task %s of protocol 2025-11-25, which runs after its request was answered and has no request to ask on (a client of the %s extension at %s can be asked)", ErrCannotAsk, k, id, task, TasksExtension, revision2026)
	}
	return roundFrom(ctx).ask(ctx, id, k, params, res)
}

// legacyTaskKey carries the id of a 2025-11-25 task in its tool's context.
type legacyTaskKey struct{}

// inputKind is what an input request asks for.
type inputKind int

const (
	inputElicit inputKind = iota
	inputSample
	inputRoots
)

func (k inputKind) String() string {
	return [...]string{"elicitation", "sampling", "roots"}[k]
}

// kindOf is what r asks for; false for a type go-sdk's InputRequestMap
// cannot send.
func kindOf(r sdkmcp.InputRequest) (inputKind, bool) {
	switch r.(type) {
	case *sdkmcp.ElicitParams:
		return inputElicit, true
	case *sdkmcp.CreateMessageParams, *sdkmcp.CreateMessageWithToolsParams:
		return inputSample, true
	case *sdkmcp.ListRootsParams:
		return inputRoots, true
	}
	return 0, false
}

// declared reports whether caps declare the capability k needs.
func (k inputKind) declared(caps *sdkmcp.ClientCapabilities) bool {
	switch {
	case caps == nil:
		return false
	case k == inputElicit:
		return canElicit(caps)
	case k == inputSample:
		return caps.Sampling != nil
	}
	return caps.RootsV2 != nil
}

// inputRound is one request's round of a multi round-trip request: the
// answers it has (from the request state of earlier rounds, and the
// client's inputResponses to the questions of the last one) and the
// questions its handler asked and found unanswered. It lives on the
// handler's context (roundFrom).
type inputRound struct {
	binding stateBinding
	version string
	caps    *sdkmcp.ClientCapabilities
	session *sdkmcp.ServerSession // asked directly before 2026-07-28; nil without one
	states  *requestStates
	number  int  // 1, or 1 + the round of the state presented
	signed  bool // the answers came with a valid request state

	mu      sync.Mutex
	answers map[string]json.RawMessage // by id: earlier rounds' and this one's
	used    map[string]json.RawMessage // the answers the handler read
	pending sdkmcp.InputRequestMap     // the questions left to ask
	invalid error                      // an answer that does not decode
}

type roundKey struct{}

func withRound(ctx context.Context, r *inputRound) context.Context {
	return context.WithValue(ctx, roundKey{}, r)
}

func roundFrom(ctx context.Context) *inputRound {
	if r, ok := ctx.Value(roundKey{}).(*inputRound); ok {
		return r
	}
	if fc := fastFrom(ctx); fc != nil {
		return fc.round(ctx)
	}
	return nil
}

// fastRound is the round of a call on the fast path, made when its tool
// first asks: the fast path takes no call carrying inputResponses or a
// requestState (go-sdk's path has them), so it is always a first round.
type fastRound struct {
	// What the round is made of, copied from the call (fastRequest).
	meta    []byte
	tool    *toolgen.Tool
	args    []byte
	version string

	once sync.Once
	// r is made by once; read without it once the tool returned (a
	// goroutine the tool left behind may still be asking).
	r atomic.Pointer[inputRound]
}

// round is c's round.
func (c *fastCall) round(ctx context.Context) *inputRound {
	c.input.once.Do(func() {
		var caps *sdkmcp.ClientCapabilities
		if c.input.meta != nil {
			var meta sdkmcp.Meta
			if json.Unmarshal(c.input.meta, &meta) == nil {
				caps = (&sdkmcp.CallToolRequest{Params: &sdkmcp.CallToolParamsRaw{Meta: meta}}).ClientCapabilities()
			}
		}
		var extra *sdkmcp.RequestExtra
		if req := callFrom(ctx); req != nil {
			extra = req.Extra
		}
		c.input.r.Store(&inputRound{
			binding: stateBinding{method: "tools/call", name: string(c.input.tool.Name), args: c.input.args, principal: principal(extra)},
			version: c.input.version, caps: caps, states: c.f.s.states, number: 1,
			answers: map[string]json.RawMessage{}, used: map[string]json.RawMessage{},
		})
	})
	return c.input.r.Load()
}

// inputRequired is the answer of c, whose tool returned a result that
// failed or not, when it is an input-required result (or an error making
// one): the result's JSON or the error's, and true.
func (c *fastCall) inputRequired(failed bool) (result, rpcErr []byte, ok bool) {
	r := c.input.r.Load()
	if r == nil {
		return nil, nil, false
	}
	asks, state, err := r.inputRequired(failed)
	if err != nil {
		var we *jsonrpc.Error
		if errors.As(err, &we) {
			b, _ := json.Marshal(we)
			return nil, b, true
		}
		return nil, rpcError(err), true
	}
	if asks == nil {
		return nil, nil, false
	}
	b, err := json.Marshal(struct {
		InputRequests sdkmcp.InputRequestMap `json:"inputRequests"`
		RequestState  string                 `json:"requestState"`
	}{asks, state})
	if err != nil {
		return nil, rpcError(err), true
	}
	prefix := bytes.TrimSuffix(c.f.s.resultMeta, []byte(`"resultType":"complete"`))
	return append(append(append([]byte{'{'}, prefix...), `"resultType":"input_required",`...), b[1:]...), nil, true
}

// roundRequest is what openRound takes of a request.
type roundRequest struct {
	binding   stateBinding
	version   string
	caps      *sdkmcp.ClientCapabilities
	session   *sdkmcp.ServerSession
	responses sdkmcp.InputResponseMap
	state     string
}

// openRound starts the round of req. A request state that does not check
// out is an invalid-params error (the request does not run). With a valid
// state, the answers are the state's and the client's inputResponses to
// the questions the state asked; without one, the inputResponses are taken
// as answers to the first round (an answer is the client's word either
// way; the state carries earlier rounds and makes a round count once), but
// they approve nothing (approvalRoundTrip). Other inputResponses are
// ignored, as the specification says.
func (s *Server) openRound(req roundRequest) (*inputRound, error) {
	r := &inputRound{
		binding: req.binding, version: req.version, caps: req.caps, session: req.session,
		states: s.states, number: 1, answers: map[string]json.RawMessage{}, used: map[string]json.RawMessage{},
	}
	asked := func(string) bool { return true }
	if req.state != "" {
		body, err := s.states.redeem(req.state, req.binding)
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		r.number, r.signed = body.Round+1, true
		maps.Copy(r.answers, body.Answers)
		asked = func(id string) bool { return slices.Contains(body.Asked, id) }
	}
	for id, res := range req.responses {
		if !asked(id) || res == nil {
			continue
		}
		raw, err := json.Marshal(res)
		if err != nil {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("inputResponses[%q]: %v", id, err)}
		}
		r.answers[id] = raw
	}
	return r, nil
}

// ask answers the question id of kind k (params) into res: from the
// round's answers, else by the session before 2026-07-28, else by
// recording it for the input-required result.
func (r *inputRound) ask(ctx context.Context, id string, k inputKind, params sdkmcp.InputRequest, res any) error {
	if r == nil {
		return fmt.Errorf("%w: asking for %s (%q) outside an MCP request", ErrCannotAsk, k, id)
	}
	r.mu.Lock()
	raw, ok := r.answers[id]
	if ok {
		r.used[id] = raw
	}
	r.mu.Unlock()
	if ok {
		if err := decodeAnswer(raw, res); err != nil {
			err = fmt.Errorf("the answer to input request %q is not a %s result: %v", id, k, err)
			r.mu.Lock()
			r.invalid = firstErr(r.invalid, err)
			r.mu.Unlock()
			return err
		}
		return nil
	}
	if r.version < stateless2026 {
		return r.askSession(ctx, k, params, res)
	}
	if !k.declared(r.caps) {
		return fmt.Errorf("%w: it declared no %s capability in this request", ErrCannotAsk, k)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.pending[id]; !dup {
		if r.pending == nil {
			r.pending = sdkmcp.InputRequestMap{}
		}
		r.pending[id] = params
	}
	return fmt.Errorf("%w: %s %q", ErrInputRequired, k, id)
}

// decodeAnswer decodes an answer into res, a result of the kind asked,
// and checks the member that makes it one: an elicitation's action, a
// sampled message's content, the roots.
func decodeAnswer(raw json.RawMessage, res any) error {
	if err := json.Unmarshal(raw, res); err != nil {
		return err
	}
	switch r := res.(type) {
	case *sdkmcp.ElicitResult:
		if r.Action != "accept" && r.Action != "decline" && r.Action != "cancel" {
			return fmt.Errorf("its action is %q, not accept, decline or cancel", r.Action)
		}
	case *sdkmcp.CreateMessageResult:
		if r.Content == nil {
			return errors.New("it has no content")
		}
	case *sdkmcp.ListRootsResult:
		if r.Roots == nil {
			return errors.New("it has no roots")
		}
	}
	return nil
}

// firstErr is err when first is nil, else first.
func firstErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// askSession sends the request on the session, as a client before
// 2026-07-28 expects.
func (r *inputRound) askSession(ctx context.Context, k inputKind, params sdkmcp.InputRequest, res any) error {
	if r.session == nil {
		return fmt.Errorf("%w: it speaks protocol %s, where a server asks on a session, and this request has none (a stateless server asks only clients of %s or later)", ErrCannotAsk, r.version, stateless2026)
	}
	if !k.declared(r.caps) {
		return fmt.Errorf("%w: it declared no %s capability to this server", ErrCannotAsk, k)
	}
	var (
		out any
		err error
	)
	switch p := params.(type) {
	case *sdkmcp.ElicitParams:
		out, err = r.session.Elicit(ctx, p)
	case *sdkmcp.CreateMessageParams:
		out, err = r.session.CreateMessage(ctx, p)
	case *sdkmcp.ListRootsParams:
		out, err = r.session.ListRoots(ctx, p)
	}
	if err != nil {
		return fmt.Errorf("mcp: asking the client for %s: %w", k, err)
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, res)
}

// inputRequired is the input-required result of a round whose handler
// asked questions it found unanswered and failed (a handler that asked
// and went on without the answers has its own result): the questions,
// and a state carrying the answers it read. nil when there is none to
// give. An answer that did not decode is an invalid-params error instead.
func (r *inputRound) inputRequired(failed bool) (sdkmcp.InputRequestMap, string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.invalid != nil {
		return nil, "", &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: r.invalid.Error()}
	}
	if len(r.pending) == 0 || !failed {
		return nil, "", nil
	}
	carried := maps.Clone(r.used)
	if r.signed {
		// Answers of earlier rounds that this run did not read (a question
		// it asks later, or no longer) stay in the state.
		for id, raw := range r.answers {
			if _, ok := carried[id]; !ok {
				carried[id] = raw
			}
		}
	}
	state, err := r.states.issue(r.binding, r.number, slices.Sorted(maps.Keys(r.pending)), carried)
	if err != nil {
		return nil, "", &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: err.Error()}
	}
	return r.pending, state, nil
}

// principal is the user of the request's bearer token, "" without one.
func principal(extra *sdkmcp.RequestExtra) string {
	if extra == nil || extra.TokenInfo == nil {
		return ""
	}
	return extra.TokenInfo.UserID
}

// openPromptRound opens the round of a prompts/get request.
func (s *Server) openPromptRound(name string, req *sdkmcp.GetPromptRequest) (*inputRound, error) {
	args, err := json.Marshal(req.Params.Arguments)
	if err != nil {
		return nil, err
	}
	return s.openRound(requestRound(req, stateBinding{method: "prompts/get", name: name, args: args}, req.Params.InputResponses, req.Params.RequestState))
}

// requestRound is the roundRequest of req, a request on go-sdk's path
// (tools/call, prompts/get, resources/read) about what b names, with the
// inputResponses and requestState of its params.
func requestRound[P sdkmcp.Params](req *sdkmcp.ServerRequest[P], b stateBinding, responses sdkmcp.InputResponseMap, state string) roundRequest {
	b.sessionID, b.principal = sessionID(req.Session), principal(req.Extra)
	return roundRequest{
		binding: b, version: req.ProtocolVersion(), caps: req.ClientCapabilities(),
		session: askableSession(req.Session, req.Extra), responses: responses, state: state,
	}
}

// askableSession is the session the server can send requests on while
// serving a request that came with extra: none over stateless HTTP, where
// go-sdk makes a session without an id that ends with the request.
func askableSession(ss *sdkmcp.ServerSession, extra *sdkmcp.RequestExtra) *sdkmcp.ServerSession {
	if ss == nil || (extra != nil && extra.Header != nil && ss.ID() == "") {
		return nil
	}
	return ss
}

// sessionID is ss's id, "" without a session.
func sessionID(ss *sdkmcp.ServerSession) string {
	if ss == nil {
		return ""
	}
	return ss.ID()
}
