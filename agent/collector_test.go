package agent_test

import (
	"encoding/json"
	"errors"
	"iter"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// stream is a stream of these parts, then err if it is not nil.
func stream(err error, ps ...agent.Part) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		for _, p := range ps {
			if !yield(p, nil) {
				return
			}
		}
		if err != nil {
			yield(agent.Part{}, err)
		}
	}
}

func callStart(i int, id string, name toolgen.ToolName) agent.Part {
	return agent.Part{Kind: agent.PartCallStart, Index: i, Call: agent.ToolCall{ID: id, Name: name}}
}

func callArgs(i int, piece string) agent.Part {
	return agent.Part{Kind: agent.PartCallArgs, Index: i, Text: piece}
}

func callDone(i int, c agent.ToolCall) agent.Part {
	return agent.Part{Kind: agent.PartCallDone, Index: i, Call: c}
}

func call(id string, name toolgen.ToolName, args string) agent.ToolCall {
	return agent.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

func TestCollectorAssemblesArgumentsFromPieces(t *testing.T) {
	resp, err := agent.Collect(stream(nil,
		agent.Part{Kind: agent.PartReasoning, Text: "let me look"},
		agent.Part{Kind: agent.PartText, Text: "Look"},
		callStart(0, "c1", "read"),
		agent.Part{Kind: agent.PartText, Text: "ing."},
		callArgs(0, `{"pa`),
		callStart(1, "c2", "list"),
		callArgs(0, `th":"a"}`),
		callArgs(1, `{}`),
		callDone(0, agent.ToolCall{ID: "c1", Name: "read"}), // no Args: the pieces are the arguments
		callDone(1, call("c2", "list", `{"all":true}`)),     // Args: they win over the pieces
		agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 4, OutputTokens: 2}},
		agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{OutputTokens: 1}},
		agent.Part{Kind: agent.PartFinish, Finish: "tool_calls"},
	))
	require.NoError(t, err)
	assert.Equal(t, agent.Response{
		Message: agent.Message{
			Role: agent.RoleAssistant, Text: "Looking.",
			Calls: []agent.ToolCall{call("c1", "read", `{"path":"a"}`), call("c2", "list", `{"all":true}`)},
		},
		Usage: agent.Usage{InputTokens: 4, OutputTokens: 3},
	}, resp, "reasoning and finish are not in the transcript; usage parts add up")
}

func TestCollectorOutOfOrder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		parts []agent.Part
		want  string
	}{
		{"a call skipped", []agent.Part{callStart(1, "c2", "t")}, "agent: stream part call_start for call 1, after 0 calls"},
		{"a negative index", []agent.Part{callArgs(-1, "{}")}, "agent: stream part call_args for call -1, after 0 calls"},
		{"a second call skipped", []agent.Part{callStart(0, "c1", "t"), callArgs(2, "{}")}, "agent: stream part call_args for call 2, after 1 calls"},
		{"arguments after done", []agent.Part{callStart(0, "c1", "t"), callDone(0, call("c1", "t", "{}")), callArgs(0, "x")}, "agent: stream part call_args for call 0, which is done"},
		{"done twice", []agent.Part{callDone(0, call("c1", "t", "{}")), callDone(0, call("c1", "t", "{}"))}, "agent: stream part call_done for call 0, which is done"},
		{"an unknown kind", []agent.Part{{Kind: "image"}}, `agent: a stream part of unknown kind "image"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c agent.Collector
			var err error
			for _, p := range tc.parts {
				if err = c.Add(p); err != nil {
					break
				}
			}
			assert.EqualError(t, err, tc.want)
			_, err = agent.Collect(stream(nil, tc.parts...))
			assert.EqualError(t, err, tc.want, "Collect stops at the same error")
		})
	}
}

func TestCollectorCallNeverDone(t *testing.T) {
	var c agent.Collector
	for _, p := range []agent.Part{
		callStart(0, "c1", "read"), callArgs(0, `{"path":`), callArgs(0, `"a"}`),
		callStart(1, "c2", "list"),
	} {
		require.NoError(t, c.Add(p))
	}
	assert.Equal(t, []agent.ToolCall{call("c1", "read", `{"path":"a"}`), call("c2", "list", `{}`)}, c.Response().Message.Calls,
		"a call not done is its start and its pieces, or an empty object")

	// The Response so far does not share the collector's buffers.
	first := c.Response()
	require.NoError(t, c.Add(callArgs(1, `{"x":1}`)))
	assert.JSONEq(t, `{}`, string(first.Message.Calls[1].Args))
	assert.JSONEq(t, `{"path":"a"}`, string(first.Message.Calls[0].Args))
	assert.JSONEq(t, `{"x":1}`, string(c.Response().Message.Calls[1].Args))
}

func TestCollectStopsAtTheStreamsError(t *testing.T) {
	boom := errors.New("boom")
	resp, err := agent.Collect(stream(boom, agent.Part{Kind: agent.PartText, Text: "half"}))
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, agent.Response{}, resp)
}

func TestPartsCollectRoundTrip(t *testing.T) {
	usage := agent.Usage{InputTokens: 9, OutputTokens: 4}
	for name, msg := range map[string]agent.Message{
		"empty":      {},
		"text":       {Text: "Hello"},
		"calls":      {Calls: []agent.ToolCall{call("c1", "a", `{"x":1}`), call("c2", "b", `{}`)}},
		"text+calls": {Text: "Looking.", Calls: []agent.ToolCall{call("c1", "a", `{"path":"a b"}`)}},
		// A model's arguments come back as it sent them, even empty or not
		// JSON, so that RunStream records what Run does.
		"odd arguments": {Calls: []agent.ToolCall{call("c1", "a", ""), call("c2", "b", `{"x":`), call("c3", "c", "\xff{}"), call("c4", "d", "{} {}")}},
	} {
		t.Run(name, func(t *testing.T) {
			msg.Role = agent.RoleAssistant
			resp := agent.Response{Message: msg, Usage: usage}
			ps := slices.Collect(agent.Parts(resp))
			got, err := agent.Collect(stream(nil, ps...))
			require.NoError(t, err)
			assert.Equal(t, resp, got)

			finish := "stop"
			if len(msg.Calls) > 0 {
				finish = "tool_calls"
			}
			assert.Equal(t, agent.Part{Kind: agent.PartUsage, Usage: usage}, ps[len(ps)-2])
			assert.Equal(t, agent.Part{Kind: agent.PartFinish, Finish: finish}, ps[len(ps)-1])
			assert.Equal(t, 2+3*len(msg.Calls)+min(1, len(msg.Text)), len(ps))
		})
	}
}

// Parts stops at whichever part its consumer stops (a yield after the
// consumer stopped would panic).
func TestPartsStopsWhenTheConsumerStops(t *testing.T) {
	resp := agent.Response{Message: agent.Message{Text: "a", Calls: []agent.ToolCall{call("c1", "a", `{}`), call("c2", "b", `{}`)}}}
	all := slices.Collect(agent.Parts(resp))
	for stop := 1; stop <= len(all); stop++ {
		var got []agent.Part
		for p := range agent.Parts(resp) {
			got = append(got, p)
			if len(got) == stop {
				break
			}
		}
		assert.Equal(t, all[:stop], got)
	}
}

// Reasoning the provider wants back comes whole in a reasoning_done part,
// which the transcript keeps; Parts gives it back the same way, and
// cached and reasoning tokens add up with the rest of the usage.
func TestCollectorKeepsReasoning(t *testing.T) {
	thought := agent.Reasoning{Provider: "openai", ID: "rs_1", Text: "Look it up.", Data: json.RawMessage(`{"type":"reasoning","id":"rs_1","encrypted_content":"x"}`)}
	resp := agent.Response{
		Message: agent.Message{Role: agent.RoleAssistant, Text: "Hi", Reasoning: []agent.Reasoning{thought}},
		Usage:   agent.Usage{InputTokens: 10, OutputTokens: 5, CachedInputTokens: 8, ReasoningTokens: 3},
	}
	parts := slices.Collect(agent.Parts(resp))
	assert.Equal(t, agent.Part{Kind: agent.PartReasoning, Text: "Look it up."}, parts[0])
	assert.Equal(t, agent.Part{Kind: agent.PartReasoningDone, Reasoning: thought}, parts[1])
	got, err := agent.Collect(stream(nil, parts...))
	require.NoError(t, err)
	assert.Equal(t, resp, got)
	assert.Equal(t, agent.Usage{InputTokens: 20, OutputTokens: 10, CachedInputTokens: 16, ReasoningTokens: 6}, resp.Usage.Add(resp.Usage))
}
