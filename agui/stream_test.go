package agui

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
)

// feed hands a streamer these events, as a run does, and returns what it
// wrote, one event a line (type, then the telling fields).
func feed(t *testing.T, s *streamer, rec *httptest.ResponseRecorder, events ...agent.Event) []string {
	t.Helper()
	for _, e := range events {
		require.NoError(t, s.event(e))
	}
	return lines(t, rec)
}

func newTestStreamer() (*streamer, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	return newStreamer(newWriter(rec, time.Second), "t", "r"), rec
}

func lines(t *testing.T, rec *httptest.ResponseRecorder) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(strings.NewReader(rec.Body.String()))
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var e map[string]any
		require.NoError(t, json.Unmarshal([]byte(data), &e))
		line := e["type"].(string)
		for _, k := range []string{"messageId", "toolCallId", "toolCallName", "parentMessageId", "delta", "content", "stepName"} {
			if v, ok := e[k]; ok {
				b, _ := json.Marshal(v)
				line += " " + k + "=" + string(b)
			}
		}
		out = append(out, line)
	}
	rec.Body.Reset()
	return out
}

func part(p agent.Part) agent.Event { return agent.Event{Kind: agent.EventModelPart, Part: p} }

// The ids a streamer makes are random: the tests name them by what they
// are.
func ids(s *streamer, text string) string {
	r := strings.NewReplacer(s.message, "MSG")
	return r.Replace(text)
}

func TestCallsWithoutStreamedArgumentsAndTextAfterACall(t *testing.T) {
	s, rec := newTestStreamer()
	got := feed(t, s, rec,
		agent.Event{Kind: agent.EventTurnStarted, Turn: 1},
		part(agent.Part{Kind: agent.PartText, Text: "First "}),
		// A call whose start never came: started at its end, arguments whole.
		part(agent.Part{Kind: agent.PartCallDone, Index: 0, Call: agent.ToolCall{ID: "c1", Name: "a", Args: json.RawMessage(`{"x":1}`)}}),
		part(agent.Part{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "c2", Name: "b"}}),
		part(agent.Part{Kind: agent.PartCallArgs, Index: 1, Text: `{}`}),
		// Its end does not send the arguments again.
		part(agent.Part{Kind: agent.PartCallDone, Index: 1, Call: agent.ToolCall{ID: "c2", Name: "b", Args: json.RawMessage(`{}`)}}),
		part(agent.Part{Kind: agent.PartCallArgs, Index: 1, Text: `late`}), // after the end: dropped
		part(agent.Part{Kind: agent.PartText, Text: "then more."}),
		part(agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 1}}),
		part(agent.Part{Kind: agent.PartFinish, Finish: "tool_calls"}),
		agent.Event{Kind: agent.EventModelResponded, Usage: agent.Usage{InputTokens: 1}},
	)
	var text []string
	for _, l := range got {
		text = append(text, ids(s, l))
	}
	assert.Equal(t, []string{
		`STEP_STARTED stepName="turn 1"`,
		`TEXT_MESSAGE_START messageId="MSG"`,
		`TEXT_MESSAGE_CONTENT messageId="MSG" delta="First "`,
		`TEXT_MESSAGE_END messageId="MSG"`,
		`TOOL_CALL_START toolCallId="c1" toolCallName="a" parentMessageId="MSG"`,
		`TOOL_CALL_ARGS toolCallId="c1" delta="{\"x\":1}"`,
		`TOOL_CALL_END toolCallId="c1"`,
		`TOOL_CALL_START toolCallId="c2" toolCallName="b" parentMessageId="MSG"`,
		`TOOL_CALL_ARGS toolCallId="c2" delta="{}"`,
		`TOOL_CALL_END toolCallId="c2"`,
		// The same message, opened again: the client appends to it.
		`TEXT_MESSAGE_START messageId="MSG"`,
		`TEXT_MESSAGE_CONTENT messageId="MSG" delta="then more."`,
		`TEXT_MESSAGE_END messageId="MSG"`,
		`STATE_DELTA delta=[{"op":"replace","path":"/turns","value":1},{"op":"replace","path":"/usage","value":{"inputTokens":1,"outputTokens":0}}]`,
	}, text)
}

// A run that fails mid-answer closes what it opened before RUN_ERROR, so
// that a client shows the message and the call as ended.
func TestAFailedRunClosesWhatItOpened(t *testing.T) {
	s, rec := newTestStreamer()
	feed(t, s, rec,
		agent.Event{Kind: agent.EventTurnStarted, Turn: 1},
		part(agent.Part{Kind: agent.PartReasoning, Text: "hmm"}),
		part(agent.Part{Kind: agent.PartCallStart, Index: 3, Call: agent.ToolCall{ID: "c3", Name: "x"}}),
		part(agent.Part{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "c1", Name: "x"}}),
	)
	s.end(errors.New("the connection dropped"), &agent.State{}, func(error) string { return "An error occurred." })
	assert.Equal(t, []string{
		`TOOL_CALL_END toolCallId="c1"`, // in call order
		`TOOL_CALL_END toolCallId="c3"`,
		`STEP_FINISHED stepName="turn 1"`,
		`RUN_ERROR`,
	}, lines(t, rec))
}

// A resumed run goes on with a turn that began in the request that paused:
// its end is not a step of this stream.
func TestAResumedTurnEndsWithoutAStep(t *testing.T) {
	s, rec := newTestStreamer()
	got := feed(t, s, rec,
		agent.Event{Kind: agent.EventCallApproved, Call: agent.ToolCall{ID: "c1"}},
		agent.Event{Kind: agent.EventToolStarted, Call: agent.ToolCall{ID: "c1"}},
		agent.Event{Kind: agent.EventToolFinished, Call: agent.ToolCall{ID: "c1"}, Result: toolgen.Result{Structured: json.RawMessage(`{"ok":true}`)}},
		agent.Event{Kind: agent.EventTurnFinished},
	)
	require.Len(t, got, 1, "%v", got)
	assert.Regexp(t, `^TOOL_CALL_RESULT messageId="result-[0-9a-f]{32}" toolCallId="c1" content="\{\\"ok\\":true\}"$`, got[0],
		"a structured result is its JSON, as text")
}

func TestToolFailureWithoutText(t *testing.T) {
	s, rec := newTestStreamer()
	got := feed(t, s, rec, agent.Event{Kind: agent.EventToolFinished, Call: agent.ToolCall{ID: "c1"}, IsError: true, Reason: "timed out after 1s"})
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `content="The tool failed: timed out after 1s"`)
}

// The interrupts of a pause are asked once: the thread's store and
// RUN_FINISHED name the same ids.
func TestInterruptsAreAskedOnce(t *testing.T) {
	s, rec := newTestStreamer()
	feed(t, s, rec, agent.Event{Kind: agent.EventCallPaused, Call: agent.ToolCall{ID: "c1", Name: "w"}, Reason: "asks"})
	st := &agent.State{StopReason: agent.StopPaused, Paused: &agent.PausedTurn{Calls: []agent.Decision{
		{Call: agent.ToolCall{ID: "c1", Name: "w"}, Outcome: permission.OutcomeAsk, Reason: "asks"},
		{Call: agent.ToolCall{ID: "c2", Name: "w"}, Outcome: permission.OutcomeAsk, Reason: "asks"}, // paused before this stream
	}}}
	first, again := s.interruptsOf(st), s.interruptsOf(st)
	require.Len(t, first, 2)
	assert.Equal(t, first, again)
	assert.Equal(t, s.state.PendingApprovals[0].InterruptID, first[0].ID)
	assert.NotEqual(t, first[0].ID, first[1].ID)
}
