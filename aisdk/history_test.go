package aisdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// getHistory GETs a chat's messages, as a reloaded page does.
func getHistory(t *testing.T, srvURL, chatID string) (int, aisdk.ChatHistory, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srvURL+"?id="+url.QueryEscape(chatID), nil)
	require.NoError(t, err)
	status, header, got := exchange(t, req)
	var h aisdk.ChatHistory
	if status == http.StatusOK {
		assert.Equal(t, "application/json", header.Get("Content-Type"))
		assert.Equal(t, "no-store", header.Get("Cache-Control"))
		require.NoError(t, json.Unmarshal([]byte(got), &h), got)
	}
	return status, h, got
}

// A page reloaded while a call waits for approval gets the chat back from
// the server, the approval with it; answering it runs the call once.
func TestHistoryAfterReloadMidApproval(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Writ", "ten."))
	srv := serve(t, model, rec)
	msgID, approvalID := pause(t, srv, "chat")

	status, h, raw := getHistory(t, srv.URL, "chat")
	require.Equal(t, http.StatusOK, status, raw)
	assert.Equal(t, "chat", h.ID)
	assert.False(t, h.Streaming)
	require.Len(t, h.Messages, 2, raw)
	assert.Equal(t, userMsg("u1", "write f"), h.Messages[0])
	asked := h.Messages[1]
	assert.Equal(t, msgID, asked.ID)
	assert.Equal(t, "assistant", asked.Role)
	assert.Equal(t, []aisdk.UIPart{
		{Type: "step-start"},
		{Type: "tool-write", ToolCallID: "c1", State: aisdk.StateApprovalRequested, Input: json.RawMessage(`{"path":"f"}`),
			Approval: &aisdk.Approval{ID: approvalID}},
	}, asked.Parts)

	// The reloaded page answers the approval it got back.
	yes := true
	asked.Parts[1].State = aisdk.StateApprovalResponded
	asked.Parts[1].Approval.Approved = &yes
	chunks := post(t, srv.URL, body(t, "chat", h.Messages[0], asked))
	assert.Contains(t, short(chunks), `tool-output-available toolCallId="c1" output="written"`)
	assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls(), "the call ran once")

	status, h, raw = getHistory(t, srv.URL, "chat")
	require.Equal(t, http.StatusOK, status, raw)
	require.Len(t, h.Messages, 2, "the answer continues the message that asked: %s", raw)
	assert.Equal(t, msgID, h.Messages[1].ID)
	assert.Equal(t, []aisdk.UIPart{
		{Type: "step-start"},
		{Type: "tool-write", ToolCallID: "c1", State: aisdk.StateOutputAvailable, Input: json.RawMessage(`{"path":"f"}`),
			Output: json.RawMessage(`"written"`), Approval: &aisdk.Approval{ID: approvalID, Approved: &yes}},
		{Type: "step-start"},
		{Type: "text", Text: "Written.", State: "done"},
	}, h.Messages[1].Parts)

	// A second tab, loaded before the answer, answers again: the call does
	// not run twice, and the refused answer (a stale copy of the chat)
	// leaves the history as it was.
	answered := h.Messages
	chunks = post(t, srv.URL, body(t, "chat", h.Messages[0], asked))
	assert.Contains(t, short(chunks), `error errorText="chat chat has no run waiting for approval (it was answered, or dropped)"`)
	assert.Len(t, rec.calls(), 1)
	_, h, raw = getHistory(t, srv.URL, "chat")
	assert.Equal(t, answered, h.Messages, raw)
}

// A denied call's history says so, and a new message after it is kept
// with its answer.
func TestHistoryOfADenialAndTheNextMessage(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Not written."), rt.StreamText("Hello."))
	srv := serve(t, model, rec)
	msgID, approvalID := pause(t, srv, "chat")
	denied := answer(msgID, "c1", approvalID, false, "no")
	post(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), denied))

	_, h, raw := getHistory(t, srv.URL, "chat")
	require.Len(t, h.Messages, 2, raw)
	assert.Equal(t, aisdk.StateOutputDenied, h.Messages[1].Parts[1].State)
	assert.Equal(t, "no", h.Messages[1].Parts[1].Approval.Reason)
	assert.Equal(t, "Not written.", h.Messages[1].Parts[3].Text)

	chunks := post(t, srv.URL, body(t, "chat", append(h.Messages, userMsg("u2", "hi"))...))
	_, h, raw = getHistory(t, srv.URL, "chat")
	require.Len(t, h.Messages, 4, raw)
	assert.Equal(t, "u2", h.Messages[2].ID)
	assert.Equal(t, chunks[0]["messageId"], h.Messages[3].ID, "a new answer is a new message, under the id the stream gave it")
	assert.Equal(t, []aisdk.UIPart{{Type: "step-start"}, {Type: "text", Text: "Hello.", State: "done"}}, h.Messages[3].Parts)
	assert.Empty(t, rec.calls())
}

// While a chat's answer streams, GET says so, with what came so far; when
// it ends, GET has all of it.
func TestHistoryWhileStreaming(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.Deltas(
		agent.Part{Kind: agent.PartReasoning, Text: "Hmm."},
		agent.Part{Kind: agent.PartText, Text: "a"},
		agent.Part{Kind: agent.PartText, Text: "b"},
	).Hold(2, gate))
	srv := serve(t, model, &tools{})
	done := postInBackground(srv.URL, body(t, "c", userMsg("u1", "hi")))
	awaitGate(t, gate)
	status, h, raw := getHistory(t, srv.URL, "c")
	require.Equal(t, http.StatusOK, status, raw)
	assert.True(t, h.Streaming, raw)
	require.Len(t, h.Messages, 2, raw)
	assert.Equal(t, []aisdk.UIPart{
		{Type: "step-start"},
		{Type: "reasoning", ID: "reasoning-1", Text: "Hmm.", State: "done"},
		{Type: "text", Text: "a", State: "streaming"},
	}, h.Messages[1].Parts)

	gate.Release()
	select {
	case got := <-done:
		assert.True(t, strings.HasSuffix(got, "data: [DONE]\n\n"), got)
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not end within 10 s")
	}
	_, h, raw = getHistory(t, srv.URL, "c")
	assert.False(t, h.Streaming, raw)
	require.Len(t, h.Messages, 2, raw)
	assert.Equal(t, aisdk.UIPart{Type: "text", Text: "ab", State: "done"}, h.Messages[1].Parts[2])
}

// A page that reloads mid-answer goes away: its run goes on (the page may
// reconnect), and the history keeps the whole answer; with a resume
// window of 0 the run is cancelled, and the history keeps what was
// streamed.
func TestHistoryAfterTheClientWentAway(t *testing.T) {
	for _, window := range []time.Duration{0, aisdk.DefaultResumeWindow} {
		t.Run(window.String(), func(t *testing.T) {
			gate := rt.NewGate()
			model := rt.NewModel(rt.StreamText("a", "b", "c").Hold(2, gate))
			srv := serve(t, model, &tools{}, aisdk.WithResumeWindow(window))
			_, cancel, end := startStream(t, srv.URL, body(t, "c", userMsg("u1", "hi")))
			defer end()
			awaitGate(t, gate)
			cancel()
			if window > 0 {
				gate.Release() // the run goes on, with nobody reading
			}
			var h aisdk.ChatHistory
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
				if _, h, _ = getHistory(t, srv.URL, "c"); !h.Streaming {
					break
				}
			}
			require.False(t, h.Streaming, "the run ended within 10 s")
			require.Len(t, h.Messages, 2)
			want := map[time.Duration]string{0: "ab", aisdk.DefaultResumeWindow: "abc"}[window]
			assert.Equal(t, want, h.Messages[1].Parts[1].Text)
		})
	}
}

// A file change's part is kept with its input and output, as useChat
// keeps it.
func TestHistoryKeepsFileChangeParts(t *testing.T) {
	write := toolgen.Tool{Name: "write", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "a.txt", Kind: toolgen.FileCreated, SizeAfter: 2, HashAfter: "h2", Diff: "+hi\n"})
		return toolgen.ErrorResult("half written"), nil
	}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{}`)), rt.StreamText("Oops."), rt.Text("Again."))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{write}))
	require.NoError(t, err)
	srv := serveAgent(t, ag)
	post(t, srv.URL, body(t, "c", userMsg("u1", "write")))

	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	parts := hist.Messages[1].Parts
	require.Len(t, parts, 5, raw)
	assert.Equal(t, aisdk.UIPart{Type: "tool-write", ToolCallID: "c1", State: aisdk.StateOutputError, Input: json.RawMessage(`{}`), ErrorText: "half written"}, parts[1])
	change := parts[2]
	assert.Equal(t, "dynamic-tool", change.Type)
	assert.Equal(t, aisdk.ToolFileChange, change.ToolName)
	assert.True(t, change.ProviderExecuted)
	assert.Equal(t, aisdk.StateOutputAvailable, change.State)
	assert.JSONEq(t, `{"path":"a.txt","kind":"created"}`, string(change.Input))
	assert.JSONEq(t, `{"toolCallId":"c1","path":"a.txt","kind":"created","sizeBefore":0,"sizeAfter":2,"hashAfter":"h2","diff":"+hi\n"}`, string(change.Output))

	// The page sends the part back, and it is kept; the model never
	// reads it.
	post(t, srv.URL, body(t, "c", append(hist.Messages, userMsg("u2", "again"))...))
	_, again, raw := getHistory(t, srv.URL, "c")
	require.Len(t, again.Messages, 4, raw)
	assert.Equal(t, hist.Messages[1], again.Messages[1])
	reqs := model.Requests()
	require.Len(t, reqs, 3)
	for _, m := range reqs[2].Messages {
		assert.Empty(t, m.ProviderCalls, "the file change is no call of the model's")
	}
}

// The chat's next request may come as soon as the client reads a stream's
// end, before the handler has saved that stream: the history is the newer
// one's, every time.
func TestHistoryOfTheLaterRequestWins(t *testing.T) {
	for i := range 20 {
		rec := &tools{}
		model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written."))
		srv := serve(t, model, rec)
		chat := fmt.Sprintf("chat-%d", i)
		approvalID := untilDone(t, srv.URL, body(t, chat, userMsg("u1", "write f")))
		post(t, srv.URL, body(t, chat, userMsg("u1", "write f"), answer("m1", "c1", approvalID, true, "")))
		_, h, raw := getHistory(t, srv.URL, chat)
		require.Len(t, h.Messages, 2, "round %d: %s", i, raw)
		assert.Equal(t, "m1", h.Messages[1].ID, "round %d", i)
		require.Len(t, h.Messages[1].Parts, 4, "round %d: %s", i, raw)
		assert.Equal(t, aisdk.StateOutputAvailable, h.Messages[1].Parts[1].State, "round %d", i)
		assert.Equal(t, "Written.", h.Messages[1].Parts[3].Text, "round %d", i)
	}
}

func TestHistoryBadRequests(t *testing.T) {
	model := rt.NewModel(rt.StreamText("Hi."))
	srv := serve(t, model, &tools{})
	post(t, srv.URL, body(t, "c", userMsg("u1", "hi")))

	status, _, raw := getHistory(t, srv.URL, "")
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, raw, "GET needs the chat's id: ?id=<chat id>")
	status, _, raw = getHistory(t, srv.URL, "other")
	assert.Equal(t, http.StatusNotFound, status)
	assert.Contains(t, raw, "no messages are kept for chat other")

	for _, method := range []string{http.MethodPut, http.MethodDelete, http.MethodPatch} {
		req, err := http.NewRequest(method, srv.URL+"?id=c", nil)
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, method)
		assert.Equal(t, "GET, POST", resp.Header.Get("Allow"), method)
	}

	// Refused requests leave the history as it was.
	for _, b := range []string{`{"id":"c","messages":[]}`, `{"id":"c"`, body(t, "c", aisdk.UIMessage{ID: "a", Role: "assistant"})} {
		resp, err := http.Post(srv.URL, "application/json", strings.NewReader(b))
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, b)
	}
	_, h, raw := getHistory(t, srv.URL, "c")
	require.Len(t, h.Messages, 2, raw)
	assert.Equal(t, "Hi.", h.Messages[1].Parts[1].Text)
}

// failingStore keeps nothing: its saves fail.
type failingStore struct {
	mu    sync.Mutex
	saves int
}

func (s *failingStore) SaveMessages(context.Context, string, []aisdk.UIMessage) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.saves++
	return errors.New("the disk is full")
}

func (s *failingStore) LoadMessages(context.Context, string) ([]aisdk.UIMessage, error) {
	return nil, errors.New("the chat was not saved: the disk is full")
}

func TestHistoryStoreOption(t *testing.T) {
	a, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	_, err = aisdk.Handler(a, aisdk.WithMessageStore(nil))
	assert.ErrorContains(t, err, "aisdk.WithMessageStore(nil): nil MessageStore")

	store := &failingStore{}
	srv := serve(t, rt.NewModel(rt.StreamText("Hi.")), &tools{}, aisdk.WithMessageStore(store))
	post(t, srv.URL, body(t, "c", userMsg("u1", "hi")))
	store.mu.Lock()
	assert.Equal(t, 1, store.saves, "the handler saves to the store it was given")
	store.mu.Unlock()
	status, _, raw := getHistory(t, srv.URL, "c")
	assert.Equal(t, http.StatusInternalServerError, status)
	assert.Contains(t, raw, "aisdk: chat c's messages: the chat was not saved: the disk is full")
}

func TestMemoryMessageStoreBounds(t *testing.T) {
	ctx := context.Background()
	_, err := aisdk.NewMemoryMessageStore(0, 1)
	assert.ErrorContains(t, err, "maxChats must be at least 1")
	_, err = aisdk.NewMemoryMessageStore(1, 0)
	assert.ErrorContains(t, err, "maxBytes must be at least 1")

	msg := func(text string) []aisdk.UIMessage { return []aisdk.UIMessage{userMsg("u", text)} }
	size := func(text string) int64 {
		b, err := json.Marshal(msg(text))
		require.NoError(t, err)
		return int64(len(b))
	}
	one := size("x")

	// By count: the chat saved longest ago goes first.
	store, err := aisdk.NewMemoryMessageStore(2, 1<<20)
	require.NoError(t, err)
	for _, id := range []string{"a", "b", "a", "c"} {
		require.NoError(t, store.SaveMessages(ctx, id, msg("x")))
	}
	assert.Equal(t, 2, store.Len())
	assert.Equal(t, 2*one, store.Bytes())
	got, err := store.LoadMessages(ctx, "b")
	require.NoError(t, err)
	assert.Nil(t, got, "b was saved longest ago")
	got, err = store.LoadMessages(ctx, "a")
	require.NoError(t, err)
	assert.Equal(t, msg("x"), got)
	got[0].Parts[0].Text = "changed"
	again, _ := store.LoadMessages(ctx, "a")
	assert.Equal(t, msg("x"), again, "LoadMessages returns a copy")

	// By bytes: room for three small chats, and a big one pushes out what
	// it must.
	store, err = aisdk.NewMemoryMessageStore(100, 3*one)
	require.NoError(t, err)
	for _, id := range []string{"a", "b", "c"} {
		require.NoError(t, store.SaveMessages(ctx, id, msg("x")))
	}
	assert.Equal(t, 3, store.Len())
	require.NoError(t, store.SaveMessages(ctx, "d", msg(strings.Repeat("x", int(one)))))
	assert.LessOrEqual(t, store.Bytes(), 3*one)
	got, _ = store.LoadMessages(ctx, "a")
	assert.Nil(t, got)
	got, _ = store.LoadMessages(ctx, "d")
	assert.Equal(t, msg(strings.Repeat("x", int(one))), got)

	// Larger than the whole bound: not kept, and its older messages are
	// not served as if they were the chat's.
	require.NoError(t, store.SaveMessages(ctx, "c", msg("x")))
	err = store.SaveMessages(ctx, "c", msg(strings.Repeat("y", int(4*one))))
	assert.ErrorContains(t, err, fmt.Sprintf(`aisdk: chat "c"'s messages are %d bytes, more than the %d bytes this store keeps`, size(strings.Repeat("y", int(4*one))), 3*one))
	got, err = store.LoadMessages(ctx, "c")
	assert.Nil(t, got)
	assert.ErrorContains(t, err, `chat "c"'s messages are`)
	assert.LessOrEqual(t, store.Bytes(), 3*one)
}

// The stream's bytes reach the client as the handler writes them: the
// recording of the history neither holds them back nor changes them.
func TestHistoryRecordingIsTransparent(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("a", "b").Hold(1, gate))
	srv := serve(t, model, &tools{})
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader(body(t, "c", userMsg("u1", "hi"))))
	require.NoError(t, err)
	defer resp.Body.Close()
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	// The first delta is flushed before the gate opens.
	for deadline := time.After(10 * time.Second); ; {
		select {
		case l := <-lines:
			if strings.Contains(l, `"delta":"a"`) {
				gate.Release()
				for range lines {
				}
				return
			}
		case <-deadline:
			gate.Release()
			t.Fatal(`no "a" delta within 10 s: the stream is held back`)
		}
	}
}
