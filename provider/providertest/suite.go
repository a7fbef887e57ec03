package providertest

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/testtools"
)

// RunModelSuite runs, as subtests, the behaviours every agent.Model
// adapter must have, against a fake of its provider's API that a.Wire
// speaks: a text answer and the request that asked for it, tool calls
// (one, then parallel ones) and the transcript that carries them back,
// the token cap, errors worded the same way by every adapter (an error
// status, retries, an answer cut while it made a call, a malformed
// answer), a cancelled context, New's and the options' errors; then the
// same of a stream (suite_stream.go), and a streaming run.
func RunModelSuite[Opt any, M agent.StreamingModel](t *testing.T, a Adapter[Opt, M]) {
	s := &suite[Opt, M]{a: &a, w: a.Wire}
	for _, c := range []struct {
		name string
		run  func(*testing.T)
	}{
		{"TextAnswer", s.textAnswer},
		{"MaxTokens", s.maxTokens},
		{"NonStrictTool", s.nonStrictTool},
		{"OneToolCall", s.oneToolCall},
		{"ParallelToolCalls", s.parallelToolCalls},
		{"TokenLimitDuringToolCall", s.tokenLimitDuringToolCall},
		{"APIError", s.apiError},
		{"RetryAfter429", s.retryAfter429},
		{"NoRetries", s.noRetries},
		{"MalformedAnswer", s.malformedAnswer},
		{"UnsendableRequest", s.unsendableRequest},
		{"CancelledContext", s.cancelledContext},
		{"KeyFromEnvironment", s.keyFromEnvironment},
		{"OptionErrors", s.optionErrors},
		{"StreamText", s.streamText},
		{"StreamReasoning", s.streamReasoning},
		{"StreamParallelCalls", s.streamParallelCalls},
		{"StreamCallWithoutInput", s.streamCallWithoutInput},
		{"StreamCollectsToGenerate", s.streamCollectsToGenerate},
		{"StreamErrorStatus", s.streamErrorStatus},
		{"StreamErrorEvent", s.streamErrorEvent},
		{"StreamMalformedEvent", s.streamMalformedEvent},
		{"StreamCut", s.streamCut},
		{"StreamTokenLimitDuringToolCall", s.streamTokenLimitDuringToolCall},
		{"StreamEarlyStop", s.streamEarlyStop},
		{"RunStream", s.runStream},
		{"Contract", s.contract},
	} {
		t.Run(c.name, c.run)
	}
}

// contract runs RunContract over the adapter's wire.
func (s *suite[Opt, M]) contract(t *testing.T) {
	RunContract(t, func(t *testing.T, a Answer) agent.StreamingModel {
		_, m := s.a.Serve(t, []Reply{s.w.Answer(a), s.w.Stream(a)})
		return m
	})
}

type suite[Opt any, M agent.StreamingModel] struct {
	a *Adapter[Opt, M]
	w Wire
}

// The system prompt Run sends.
const system = "You are a weather assistant."

// Hi is the request of the tests that call a model directly.
var Hi = agent.Request{System: system, Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}

// text is an answer of text, in pieces.
func text(pieces ...string) Answer { return Answer{Text: pieces} }

// calls is an answer that calls tools.
func calls(c ...Call) Answer { return Answer{Calls: c, Finish: FinishTools} }

// request is the request Run sends first, with the default cap.
func (s *suite[Opt, M]) request(t *testing.T, msgs ...Message) Request {
	return Request{Model: TestModel, System: system, Messages: msgs, Tools: s.tools(t, testtools.Tools()), MaxTokens: s.a.DefaultMaxTokens}
}

// tools are tools as the adapter must send them: with their strict
// schema, marked strict, where the adapter sends strict schemas and the
// tool has one; with their Gemini schema where the adapter sends those;
// else with their input schema.
func (s *suite[Opt, M]) tools(t *testing.T, tools []toolgen.Tool) []Tool {
	t.Helper()
	var out []Tool
	for _, tool := range tools {
		schema, strict := tool.InputSchema, false
		if s.a.StrictSchemas && len(tool.StrictSchema) > 0 {
			schema, strict = tool.StrictSchema, true
		}
		if s.a.GeminiSchemas {
			schema = tool.GeminiSchema
		}
		var decoded any
		require.NoError(t, json.Unmarshal(schema, &decoded))
		out = append(out, Tool{Name: string(tool.Name), Description: tool.Description, Schema: decoded, Strict: strict})
	}
	return out
}

// result is what testtools' tool name answers to args, as a request
// carries it back.
func (s *suite[Opt, M]) result(t *testing.T, callID, name, args string) Result {
	t.Helper()
	for _, tool := range testtools.Tools() {
		if string(tool.Name) == name {
			r, err := tool.Call(context.Background(), []byte(args))
			require.NoError(t, err)
			return Result{CallID: callID, Text: r.Text(), IsError: r.IsError && s.w.MarksFailedResults()}
		}
	}
	t.Fatalf("testtools has no tool %s", name)
	return Result{}
}

func (s *suite[Opt, M]) textAnswer(t *testing.T) {
	f, m := s.a.Serve(t, []Reply{s.w.Answer(text("Hello!"))}, s.a.WithHeader("X-Team", "weather"))
	st := requireOutput(t, m, "Hi", "Hello!")
	assert.Equal(t, agent.Usage{InputTokens: 100, OutputTokens: 20}, st.Usage)

	reqs := s.a.Read(t, f)
	require.Len(t, reqs, 1)
	assert.Equal(t, s.request(t, Message{Role: agent.RoleUser, Text: "Hi"}), reqs[0])
	assert.Equal(t, "weather", f.Headers()[0].Get("X-Team"))
	assert.Equal(t, TestKey, s.a.key(f.Headers()[0]), "the SDK sends the key")
}

func (s *suite[Opt, M]) maxTokens(t *testing.T) {
	f, m := s.a.Serve(t, []Reply{s.w.Answer(text("Hi"))}, s.a.WithMaxTokens(300))
	_, err := Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, 300, s.a.Read(t, f)[0].MaxTokens)
}

// A tool without a strict schema (a map cannot be strict) goes with its
// input schema, not marked strict. An adapter that sends Gemini's
// dialect, which cannot say a map either, refuses it, naming the tool and
// what the dialect lacks, and sends nothing.
func (s *suite[Opt, M]) nonStrictTool(t *testing.T) {
	f, m := s.a.Serve(t, []Reply{s.w.Answer(text("ok"))})
	tool := toolgen.Tool{
		Name: "label", Description: "Labels things.",
		InputSchema: []byte(`{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}`),
		Call:        func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, nil },
	}
	ag, err := agent.New(m, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "Hi", nil)
	if s.a.GeminiSchemas {
		require.ErrorContains(t, err, s.a.Name+": tool label: input schema: ")
		assert.ErrorContains(t, err, "a map")
		assert.Empty(t, f.Requests())
		return
	}
	require.NoError(t, err)
	sent := s.a.Read(t, f)[0].Tools
	assert.Equal(t, s.tools(t, []toolgen.Tool{tool}), sent)
	assert.False(t, sent[0].Strict)
}

// An answer with text and a call: the call runs, and the next request
// carries the answer and the call's result back.
func (s *suite[Opt, M]) oneToolCall(t *testing.T) {
	call := Call{ID: "call_1", Name: "get_weather", Args: []string{`{"city":"Paris"}`}}
	f, m := s.a.Serve(t, []Reply{
		s.w.Answer(Answer{Text: []string{"Let me look."}, Calls: []Call{call}, Finish: FinishTools}),
		s.w.Answer(text("Sunny in Paris.")),
	})
	st := requireOutput(t, m, "Weather in Paris?", "Sunny in Paris.")
	assert.Equal(t, agent.Usage{InputTokens: 200, OutputTokens: 40}, st.Usage)

	reqs := s.a.Read(t, f)
	require.Len(t, reqs, 2)
	assert.Equal(t, s.request(t,
		Message{Role: agent.RoleUser, Text: "Weather in Paris?"},
		Message{Role: agent.RoleAssistant, Text: "Let me look.", Calls: []Call{call}},
		Message{Role: agent.RoleTool, Results: []Result{{CallID: "call_1", Text: "Paris: 17°C, sunny"}}},
	), reqs[1])
}

// Parallel calls, one failing, the last with a null for an optional
// member: every call runs, and their results go back in call order.
func (s *suite[Opt, M]) parallelToolCalls(t *testing.T) {
	parallel := []Call{
		{ID: "call_a", Name: "get_weather", Args: []string{`{"city":"Paris"}`}},
		{ID: "call_b", Name: "get_weather", Args: []string{`{"city":"Atlantis"}`}},
		{ID: "call_c", Name: "forecast", Args: []string{`{"city":"Oslo","days":1,"unit":null}`}},
	}
	f, m := s.a.Serve(t, []Reply{s.w.Answer(calls(parallel...)), s.w.Answer(text("Done."))})
	requireOutput(t, m, "Weather?", "Done.")

	results := []Result{
		s.result(t, "call_a", "get_weather", `{"city":"Paris"}`),
		s.result(t, "call_b", "get_weather", `{"city":"Atlantis"}`),
		s.result(t, "call_c", "forecast", `{"city":"Oslo","days":1,"unit":null}`),
	}
	assert.Equal(t, "no weather station in Atlantis", results[1].Text)
	assert.Contains(t, results[2].Text, `"city":"Oslo"`, "null for an optional member reads as absent")
	reqs := s.a.Read(t, f)
	require.Len(t, reqs, 2)
	assert.Equal(t, []Message{
		{Role: agent.RoleUser, Text: "Weather?"},
		{Role: agent.RoleAssistant, Calls: parallel},
		{Role: agent.RoleTool, Results: results},
	}, reqs[1].Messages)
}

// callCut is the error of an answer cut by the token limit while it made
// a call.
func (s *suite[Opt, M]) callCut() string {
	return s.a.Name + ": the answer reached " + s.a.TokenLimit + " while making a tool call; raise WithMaxTokens (now 20 output tokens)"
}

func (s *suite[Opt, M]) tokenLimitDuringToolCall(t *testing.T) {
	cut := Answer{Calls: []Call{{ID: "call_1", Name: "get_weather"}}, Finish: FinishLength}
	_, m := s.a.Serve(t, []Reply{s.w.Answer(cut)})
	_, err := m.Generate(context.Background(), Hi)
	require.EqualError(t, err, s.callCut())
}

// checkAPIError checks that err is the adapter's *APIError with status
// and kind, worded "name: status kind: message".
func (s *suite[Opt, M]) checkAPIError(t *testing.T, err error, status int, kind, message string) {
	t.Helper()
	require.Error(t, err)
	assert.Contains(t, err.Error(), s.a.Name+": "+strconv.Itoa(status)+" "+kind+": "+message)
	gotStatus, gotKind, ok := s.a.AsAPIError(err)
	require.True(t, ok, "an *APIError: %v", err)
	assert.Equal(t, status, gotStatus)
	assert.Equal(t, kind, gotKind)
}

func (s *suite[Opt, M]) apiError(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Error(400, "invalid_request_error", "max_tokens: Field required")})
	_, err := m.Generate(context.Background(), Hi)
	require.EqualError(t, err, s.a.Name+": 400 invalid_request_error: max_tokens: Field required")
	s.checkAPIError(t, err, 400, "invalid_request_error", "max_tokens: Field required")
	_, m = s.a.Serve(t, []Reply{s.w.Error(400, "invalid_request_error", "max_tokens: Field required")})
	_, err = Run(t, m, "Hi")
	s.checkAPIError(t, err, 400, "invalid_request_error", "max_tokens: Field required")
}

// rateLimited is a 429 to retry at once.
func (s *suite[Opt, M]) rateLimited() Reply {
	r := s.w.Error(http.StatusTooManyRequests, "rate_limit_error", "Number of requests has exceeded your rate limit")
	r.Header = map[string]string{"Retry-After-Ms": "0"}
	return r
}

func (s *suite[Opt, M]) retryAfter429(t *testing.T) {
	f, m := s.a.Serve(t, []Reply{s.rateLimited(), s.w.Answer(text("after the wait"))}, s.a.WithMaxRetries(1))
	requireOutput(t, m, "Hi", "after the wait")
	assert.Len(t, f.Requests(), 2)
}

func (s *suite[Opt, M]) noRetries(t *testing.T) {
	f, m := s.a.Serve(t, []Reply{s.rateLimited(), s.w.Answer(text("never"))}, s.a.WithMaxRetries(0))
	_, err := Run(t, m, "Hi")
	s.checkAPIError(t, err, 429, "rate_limit_error", "Number of requests has exceeded your rate limit")
	assert.Len(t, f.Requests(), 1)
}

// An answer that is not JSON, or not an answer, is an error naming the
// adapter, not an empty answer.
func (s *suite[Opt, M]) malformedAnswer(t *testing.T) {
	for _, body := range []string{MalformedJSON, `{}`, `[]`} {
		_, m := s.a.Serve(t, []Reply{{Status: 200, Body: body}})
		resp, err := m.Generate(context.Background(), Hi)
		require.Error(t, err, "answer %s gave %+v", body, resp)
		assert.True(t, strings.HasPrefix(err.Error(), s.a.Name+": "), "%v", err)
	}
}

// A request the adapter cannot send (a message of no known role, a tool
// whose schema is not JSON) is the error of Generate and Stream, naming
// the adapter, and nothing is sent.
func (s *suite[Opt, M]) unsendableRequest(t *testing.T) {
	f, m := s.a.Serve(t, nil)
	tool := agent.ToolSpec{Name: "broken", InputSchema: []byte(`{"type":`)}
	for want, req := range map[string]agent.Request{
		`: message 0 has unknown role "robot"`: {Messages: []agent.Message{{Role: "robot", Text: "Hi"}}},
		`: tool broken: input schema: `:        {Messages: Hi.Messages, Tools: []agent.ToolSpec{tool}},
	} {
		_, err := m.Generate(context.Background(), req)
		require.ErrorContains(t, err, s.a.Name+want)
		_, err = Parts(t, m.Stream(context.Background(), req))
		require.ErrorContains(t, err, s.a.Name+want)
	}
	assert.Empty(t, f.Requests())
}

// A cancelled context ends Generate and Stream before any request.
func (s *suite[Opt, M]) cancelledContext(t *testing.T) {
	f, m := s.a.Serve(t, []Reply{s.w.Answer(text("never")), s.w.Stream(text("never"))})
	requireCancelled(t, m)
	assert.Empty(t, f.Requests())
}

// Without WithAPIKey, New reads the key from the environment, and fails
// when it is not there.
func (s *suite[Opt, M]) keyFromEnvironment(t *testing.T) {
	t.Setenv(s.a.KeyEnv, "")
	_, err := s.a.New()
	require.ErrorContains(t, err, s.a.Name+": no API key: set "+s.a.KeyEnv+" or use WithAPIKey")
	t.Setenv(s.a.KeyEnv, "from-env")
	f, m := s.a.serve(t, []Reply{s.w.Answer(text("ok"))})
	_, err = m.Generate(context.Background(), Hi)
	require.NoError(t, err)
	assert.Equal(t, "from-env", s.a.key(f.Headers()[0]))
}

// A bad value is New's error, naming the option and the value; nothing is
// clamped or ignored.
func (s *suite[Opt, M]) optionErrors(t *testing.T) {
	t.Setenv(s.a.KeyEnv, "from-env")
	var nilOption Opt
	n := s.a.Name
	for want, opt := range map[string]Opt{
		n + `.WithAPIKey(""): empty key (leave the option out to read ` + s.a.KeyEnv + `)`: s.a.WithAPIKey(""),
		n + `.WithModel(""): empty model name`:                                             s.a.WithModel(""),
		n + `.WithMaxTokens(0): must be at least 1`:                                        s.a.WithMaxTokens(0),
		n + `.WithMaxTokens(-5): must be at least 1`:                                       s.a.WithMaxTokens(-5),
		n + `.WithBaseURL(""): empty URL`:                                                  s.a.WithBaseURL(""),
		n + `.WithHeader("", "v"): empty header name`:                                      s.a.WithHeader("", "v"),
		n + `.WithMaxRetries(-1): must not be negative`:                                    s.a.WithMaxRetries(-1),
		n + `.WithRequestOptions: a nil option`:                                            s.a.WithNilRequestOption(),
		n + `: nil Option`:                                                                 nilOption,
	} {
		_, err := s.a.New(s.a.WithModel("m"), opt)
		assert.EqualError(t, err, want)
	}
}
