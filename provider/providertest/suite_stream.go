package providertest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/testtools"
)

// The streaming half of RunModelSuite.

// finish are an answer's last parts: usage 100 in and 20 out, and the
// provider's word for f.
func (s *suite[Opt, M]) finish(f Finish) []agent.Part {
	return []agent.Part{
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: s.w.FinishReason(f)},
	}
}

// A text answer streams its pieces as they come, then the usage and the
// finish; the request is Generate's, streaming.
func (s *suite[Opt, M]) streamText(t *testing.T) {
	f := s.requireStream(t, text("Hel", "lo", " there!"),
		agent.Part{Kind: agent.PartText, Text: "Hel"},
		agent.Part{Kind: agent.PartText, Text: "lo"},
		agent.Part{Kind: agent.PartText, Text: " there!"})
	reqs := s.a.Read(t, f)
	require.Len(t, reqs, 1)
	assert.Equal(t, Request{Model: TestModel, System: system, Messages: []Message{{Role: agent.RoleUser, Text: "Hi"}},
		MaxTokens: s.a.DefaultMaxTokens, Stream: true}, reqs[0])
}

func (s *suite[Opt, M]) streamReasoning(t *testing.T) {
	s.requireStream(t, Answer{Reasoning: []string{"Think", "ing."}, Text: []string{"Hi!"}},
		agent.Part{Kind: agent.PartReasoning, Text: "Think"},
		agent.Part{Kind: agent.PartReasoning, Text: "ing."},
		agent.Part{Kind: agent.PartText, Text: "Hi!"})
}

// requireStream streams a, an answer that stops, and checks that its parts
// are want, then the usage and the finish; it returns the fake API.
func (s *suite[Opt, M]) requireStream(t *testing.T, a Answer, want ...agent.Part) *FakeAPI {
	t.Helper()
	f, m := s.a.Serve(t, []Reply{s.w.Stream(a)})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	require.NoError(t, err)
	assert.Equal(t, append(want, s.finish(FinishStop)...), got)
	return f
}

// twoCalls is text, then two parallel calls, their arguments in pieces.
var twoCalls = Answer{
	Text: []string{"Looking", " it up."},
	Calls: []Call{
		{ID: "call_a", Name: "get_weather", Args: []string{`{"ci`, `ty":"Paris"}`}},
		{ID: "call_b", Name: "forecast", Args: []string{`{"city":"Oslo",`, `"days":1}`}},
	},
	Finish: FinishTools,
}

// Parallel calls stream each call's start, its argument pieces and the
// call, whole, in that order; where the calls' parts fall among each
// other's is the provider's (the adapters' own tests say it).
func (s *suite[Opt, M]) streamParallelCalls(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Stream(twoCalls)})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(got), 2)
	assert.Equal(t, s.finish(FinishTools), got[len(got)-2:], "usage and finish come last")

	var texts []agent.Part
	perCall := make([][]agent.Part, len(twoCalls.Calls))
	for _, p := range got[:len(got)-2] {
		switch p.Kind {
		case agent.PartText:
			texts = append(texts, p)
		case agent.PartCallStart, agent.PartCallArgs, agent.PartCallDone:
			require.Less(t, p.Index, len(perCall), "part %+v", p)
			perCall[p.Index] = append(perCall[p.Index], p)
		default:
			t.Errorf("unexpected part %+v", p)
		}
	}
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Looking"}, {Kind: agent.PartText, Text: " it up."}}, texts)
	for i, c := range twoCalls.Calls {
		want := []agent.Part{{Kind: agent.PartCallStart, Index: i, Call: agent.ToolCall{ID: c.ID, Name: toolgen.ToolName(c.Name)}}}
		for _, piece := range s.pieces(c.Args) {
			want = append(want, agent.Part{Kind: agent.PartCallArgs, Index: i, Text: piece})
		}
		whole := agent.ToolCall{ID: c.ID, Name: toolgen.ToolName(c.Name), Args: json.RawMessage(strings.Join(c.Args, ""))}
		want = append(want, agent.Part{Kind: agent.PartCallDone, Index: i, Call: whole})
		assert.Equal(t, want, perCall[i], "call %d", i)
	}
}

// pieces are the pieces of a call's arguments as the adapter streams
// them: as the API sent them, or in one piece where it streams calls
// whole.
func (s *suite[Opt, M]) pieces(args []string) []string {
	if s.a.StreamsWholeCalls && len(args) > 0 {
		return []string{strings.Join(args, "")}
	}
	return args
}

// A call of a tool without input is whole with an empty object for its
// arguments, not nothing.
func (s *suite[Opt, M]) streamCallWithoutInput(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Stream(calls(Call{ID: "call_1", Name: "ping"}))})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	require.NoError(t, err)
	var done []agent.ToolCall
	for _, p := range got {
		if p.Kind == agent.PartCallDone {
			done = append(done, p.Call)
		}
	}
	assert.Equal(t, []agent.ToolCall{{ID: "call_1", Name: "ping", Args: json.RawMessage(`{}`)}}, done)
}

// The parts of a stream make the response Generate gives for the same
// answer, and the request is Generate's but for streaming.
func (s *suite[Opt, M]) streamCollectsToGenerate(t *testing.T) {
	for name, answer := range map[string]Answer{
		"text":                 text("Hello", " there!"),
		"reasoning and text":   {Reasoning: []string{"Hm."}, Text: []string{"Hello"}},
		"text and calls":       twoCalls,
		"calls":                {Calls: twoCalls.Calls, Finish: FinishTools},
		"a call without input": calls(Call{ID: "call_1", Name: "ping"}),
	} {
		t.Run(name, func(t *testing.T) {
			f, m := s.a.Serve(t, []Reply{s.w.Answer(answer), s.w.Stream(answer)})
			want, err := m.Generate(context.Background(), Hi)
			require.NoError(t, err)
			got, err := agent.Collect(m.Stream(context.Background(), Hi))
			require.NoError(t, err)
			assert.Equal(t, want, got)
			reqs := s.a.Read(t, f)
			require.Len(t, reqs, 2)
			assert.True(t, reqs[1].Stream)
			reqs[1].Stream = false
			assert.Equal(t, reqs[0], reqs[1], "the same request but for streaming")
		})
	}
}

// An error status is the error of Generate, before any part.
func (s *suite[Opt, M]) streamErrorStatus(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Error(400, "invalid_request_error", "max_tokens: Field required")})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	assert.Empty(t, got)
	require.EqualError(t, err, s.a.Name+": 400 invalid_request_error: max_tokens: Field required")
	s.checkAPIError(t, err, 400, "invalid_request_error", "max_tokens: Field required")
}

// An error event in the stream is an *APIError too, after the parts
// before it.
func (s *suite[Opt, M]) streamErrorEvent(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Stream(Answer{Text: []string{"Hel"}, Break: BreakErrorEvent})})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.EqualError(t, err, s.a.Name+": 200 "+OverloadedType+": "+OverloadedMessage)
	s.checkAPIError(t, err, 200, OverloadedType, OverloadedMessage)
}

// An event that is not JSON is an error naming the adapter.
func (s *suite[Opt, M]) streamMalformedEvent(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Stream(Answer{Text: []string{"Hel"}, Break: BreakMalformed})})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), s.a.Name+": "), "%v", err)
}

// A stream that ends before the answer does was cut: an error, not a
// shorter answer.
func (s *suite[Opt, M]) streamCut(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{s.w.Stream(Answer{Text: []string{"Hel"}, Break: BreakCut})})
	got, err := Parts(t, m.Stream(context.Background(), Hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.EqualError(t, err, s.a.Name+": the stream ended before the answer did: unexpected EOF")
}

func (s *suite[Opt, M]) streamTokenLimitDuringToolCall(t *testing.T) {
	cut := Answer{Calls: []Call{{ID: "call_1", Name: "get_weather", Args: []string{`{"ci`}}}, Finish: FinishLength}
	_, m := s.a.Serve(t, []Reply{s.w.Stream(cut)})
	_, err := agent.Collect(m.Stream(context.Background(), Hi))
	require.EqualError(t, err, s.callCut())
}

// A consumer that stops early closes the HTTP stream, which the server
// sees (and the goroutines end: the adapters' tests run goleak).
func (s *suite[Opt, M]) streamEarlyStop(t *testing.T) {
	disconnected := make(chan bool, 1)
	rep := s.w.Stream(Answer{Text: []string{"Hel", "lo"}, Break: BreakCut})
	rep.Hold = func(w http.ResponseWriter, r *http.Request) {
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			disconnected <- true
		case <-time.After(10 * time.Second): // a bound, never reached when the client closes
			disconnected <- false
		}
	}
	_, m := s.a.Serve(t, []Reply{rep})
	var got []agent.Part
	for p, err := range m.Stream(context.Background(), Hi) {
		require.NoError(t, err)
		got = append(got, p)
		break
	}
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	assert.True(t, <-disconnected, "the client closed the stream")
}

// A streaming run over the adapter reports the parts of each answer in
// order, and runs the tool the model asks for.
func (s *suite[Opt, M]) runStream(t *testing.T) {
	_, m := s.a.Serve(t, []Reply{
		s.w.Stream(calls(Call{ID: "call_1", Name: "get_weather", Args: []string{`{"city":`, `"Paris"}`}})),
		s.w.Stream(text("Sunny", " in Paris.")),
	})
	ag, err := agent.New(m, agent.WithTools(testtools.Tools()))
	require.NoError(t, err)
	var kinds []string
	var result string
	st, err := ag.RunStream(context.Background(), "Weather in Paris?", nil, func(e agent.Event) error {
		switch e.Kind {
		case agent.EventModelPart:
			kinds = append(kinds, string(e.Part.Kind)+":"+e.Part.Text)
		case agent.EventToolFinished:
			kinds = append(kinds, "tool_finished")
			result = e.Result.Text()
		}
		if len(kinds) > 100 {
			return errors.New("too many events")
		}
		return nil
	})
	require.NoError(t, err)
	var args []string
	for _, piece := range s.pieces([]string{`{"city":`, `"Paris"}`}) {
		args = append(args, "call_args:"+piece)
	}
	assert.Equal(t, slices.Concat([]string{"call_start:"}, args, []string{"call_done:", "usage:", "finish:",
		"tool_finished",
		"text:Sunny", "text: in Paris.", "usage:", "finish:",
	}), kinds)
	assert.Equal(t, "Paris: 17°C, sunny", result)
	assert.Equal(t, "Sunny in Paris.", st.Output())
	assert.Equal(t, agent.Usage{InputTokens: 200, OutputTokens: 40}, st.Usage)
}
