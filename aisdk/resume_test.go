package aisdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// sseReader reads a stream's data lines, one at a time, each within 10 s.
type sseReader struct {
	lines chan string
	resp  *http.Response
}

// openStream sends req on a client of its own and reads its stream in
// the background; close drops the connection.
func openStream(t *testing.T, req *http.Request) (status int, r *sseReader, drop func()) {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{}}
	ctx, cancel := context.WithCancel(context.Background())
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		cancel()
		require.NoError(t, err)
	}
	r = &sseReader{lines: make(chan string, 1000), resp: resp}
	go func() {
		defer close(r.lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				r.lines <- data
			}
		}
	}()
	return resp.StatusCode, r, func() {
		cancel()
		resp.Body.Close()
		client.CloseIdleConnections()
	}
}

// next is the stream's next data line ("" once it ended).
func (r *sseReader) next(t *testing.T) string {
	t.Helper()
	select {
	case l := <-r.lines:
		return l
	case <-time.After(10 * time.Second):
		t.Fatal("no chunk within 10 s")
		return ""
	}
}

// take reads n data lines.
func (r *sseReader) take(t *testing.T, n int) []string {
	t.Helper()
	var out []string
	for range n {
		out = append(out, r.next(t))
	}
	return out
}

// rest reads the data lines up to [DONE] (at most 1,000), which it checks
// is the last.
func (r *sseReader) rest(t *testing.T) []string {
	t.Helper()
	var out []string
	for range 1000 {
		l := r.next(t)
		if l == "[DONE]" {
			_, more := <-r.lines
			assert.False(t, more, "a line after [DONE]")
			return out
		}
		require.NotEmpty(t, l, "the stream ended without [DONE] after %v", out)
		out = append(out, l)
	}
	t.Fatal("no [DONE] in 1,000 lines")
	return nil
}

func postReq(t *testing.T, url, body string, header map[string]string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return req
}

// resumeReq is the reconnect useChat's transport sends for a chat.
func resumeReq(t *testing.T, url, chatID string, header map[string]string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url+"/"+chatID+"/stream", nil)
	require.NoError(t, err)
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	return req
}

// A client that loses its connection mid-answer reconnects and gets the
// answer: the replay from its first chunk (the chunks it had, then the
// rest), each chunk once, in order, while the run goes on.
func TestResumeMidAnswer(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("a", "b", "c", "d").Hold(2, gate))
	srv := serve(t, model, &tools{})
	status, first, drop := openStream(t, postReq(t, srv.URL, body(t, "c", userMsg("u1", "hi")), nil))
	require.Equal(t, http.StatusOK, status)
	had := first.take(t, 5) // start, start-step, text-start, "a", "b"
	require.Contains(t, had[4], `"delta":"b"`)
	awaitGate(t, gate)
	drop() // the connection is lost

	status, again, closeAgain := openStream(t, resumeReq(t, srv.URL, "c", nil))
	defer closeAgain()
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "text/event-stream", again.resp.Header.Get("Content-Type"))
	assert.Equal(t, "v1", again.resp.Header.Get(aisdk.HeaderName))
	assert.Equal(t, had, again.take(t, 5), "the replay begins with what the client had")
	gate.Release()
	rest := again.rest(t)
	var types []string
	for _, l := range rest {
		var c aisdk.Chunk
		require.NoError(t, json.Unmarshal([]byte(l), &c))
		types = append(types, c.Type+" "+c.Delta)
	}
	assert.Equal(t, []string{"text-delta c", "text-delta d", "text-end ", "finish-step ", "finish "}, types, "then the rest, once, in order")
	ended := model.Ended()
	require.Len(t, ended, 1)
	assert.NoError(t, ended[0], "the run went on to its end")
	_, h, _ := getHistory(t, srv.URL, "c")
	require.Len(t, h.Messages, 2)
	assert.Equal(t, "abcd", h.Messages[1].Parts[1].Text)

	// The answer ended: a reconnect within the grace gets it whole.
	status, done, closeDone := openStream(t, resumeReq(t, srv.URL, "c", nil))
	defer closeDone()
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, append(had, rest...), done.rest(t))
}

// A reconnect for a chat with no answer running, or ended within the
// grace, gets 204, as the AI SDK's client expects.
func TestResumeWithNothingToResume(t *testing.T) {
	streams, err := aisdk.NewMemoryStreamStore(8, 1<<20, 0)
	require.NoError(t, err)
	srv := serve(t, rt.NewModel(rt.Text("Hi.")), &tools{}, aisdk.WithStreamStore(streams))
	for _, chatID := range []string{"nobody", "c"} {
		if chatID == "c" {
			post(t, srv.URL, body(t, "c", userMsg("u1", "hi")))
			time.Sleep(time.Millisecond) // past the grace of 0
		}
		status, _, got := exchange(t, resumeReq(t, srv.URL, chatID, nil))
		assert.Equal(t, http.StatusNoContent, status, chatID)
		assert.Empty(t, got)
	}
	assert.Equal(t, 0, streams.Len(), "the ended stream was dropped")
}

// A reconnect passes the checks a chat's request passes: another
// principal, or another site's page, reads nothing of the chat's answer.
func TestResumeIsItsPrincipals(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("secret ", "answer").Hold(1, gate))
	a, err := agent.New(model)
	require.NoError(t, err)
	user := func(r *http.Request) (string, error) {
		if u := r.Header.Get("X-User"); u != "" {
			return u, nil
		}
		return "", errors.New("sign in first")
	}
	srv := serveAgent(t, a, aisdk.WithPrincipal(user))
	defer gate.Release()
	status, first, drop := openStream(t, postReq(t, srv.URL, body(t, "chat", userMsg("u1", "tell me")), map[string]string{"X-User": "alice"}))
	require.Equal(t, http.StatusOK, status)
	defer drop()
	first.take(t, 4)
	awaitGate(t, gate)

	for what, try := range map[string]struct {
		chat   string
		header map[string]string
		want   int
	}{
		"another principal":      {chat: "chat", header: map[string]string{"X-User": "mallory"}, want: http.StatusNoContent},
		"no principal":           {chat: "chat", want: http.StatusUnauthorized},
		"another site's page":    {chat: "chat", header: map[string]string{"X-User": "alice", "Origin": "https://evil.example"}, want: http.StatusForbidden},
		"a cross-site fetch":     {chat: "chat", header: map[string]string{"X-User": "alice", "Sec-Fetch-Site": "cross-site"}, want: http.StatusForbidden},
		"a rebound name":         {chat: "chat", header: map[string]string{"X-User": "alice", "Host": "evil.example"}, want: http.StatusForbidden},
		"a chat nobody started":  {chat: "other", header: map[string]string{"X-User": "alice"}, want: http.StatusNoContent},
		"mallory's own (absent)": {chat: "other", header: map[string]string{"X-User": "mallory"}, want: http.StatusNoContent},
	} {
		status, _, got := exchange(t, resumeReq(t, srv.URL, try.chat, try.header))
		assert.Equal(t, try.want, status, "%s: %s", what, got)
		assert.NotContains(t, got, "secret", what)
	}

	status, mine, closeMine := openStream(t, resumeReq(t, srv.URL, "chat", map[string]string{"X-User": "alice"}))
	defer closeMine()
	require.Equal(t, http.StatusOK, status)
	assert.Contains(t, strings.Join(mine.take(t, 4), "\n"), "secret", "alice reads her answer")
}

// A client reading a reconnected stream keeps the run going when the
// client that asked goes away, even with a resume window of 0.
func TestAReconnectedReaderKeepsTheRun(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("a", "b", "c").Hold(2, gate))
	srv := serve(t, model, &tools{}, aisdk.WithResumeWindow(0))
	status, first, drop := openStream(t, postReq(t, srv.URL, body(t, "c", userMsg("u1", "hi")), nil))
	require.Equal(t, http.StatusOK, status)
	first.take(t, 5)
	awaitGate(t, gate)
	status, second, closeSecond := openStream(t, resumeReq(t, srv.URL, "c", nil))
	defer closeSecond()
	require.Equal(t, http.StatusOK, status)
	second.take(t, 5)
	drop()
	time.Sleep(50 * time.Millisecond) // the server sees the first client go
	gate.Release()
	rest := second.rest(t)
	assert.Contains(t, rest[0], `"delta":"c"`)
	ended := model.Ended()
	require.Len(t, ended, 1)
	assert.NoError(t, ended[0])
}

// The replay of an answer that continues a message (an approval
// answered) rebuilds the message whole: a client that reconnects builds it
// from the replay alone.
func TestResumeAContinuation(t *testing.T) {
	gate := rt.NewGate()
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Writ", "ten.").Hold(1, gate))
	srv := serve(t, model, rec)
	msgID, approvalID := pause(t, srv, "chat")
	asked := aisdk.UIMessage{ID: msgID, Role: "assistant", Parts: []aisdk.UIPart{{Type: "step-start"},
		{Type: "text", Text: "I will write f."},
		{Type: "tool-write", ToolCallID: "c1", State: aisdk.StateApprovalResponded, Input: json.RawMessage(`{"path":"f"}`),
			Approval: &aisdk.Approval{ID: approvalID, Approved: new(true)}}}}
	status, first, drop := openStream(t, postReq(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), asked), nil))
	require.Equal(t, http.StatusOK, status)
	defer drop()
	awaitGate(t, gate)

	status, again, closeAgain := openStream(t, resumeReq(t, srv.URL, "chat", nil))
	defer closeAgain()
	require.Equal(t, http.StatusOK, status)
	gate.Release()
	var got []map[string]any
	for _, l := range again.rest(t) {
		var c map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &c))
		got = append(got, c)
	}
	assert.Equal(t, msgID, got[0]["messageId"])
	assert.Equal(t, []string{
		"start",
		// the message as the request had it
		"start-step",
		`text-start id="replay-1"`,
		`text-delta id="replay-1" delta="I will write f."`,
		`text-end id="replay-1"`,
		`tool-input-available toolCallId="c1" toolName="write" input={"path":"f"}`,
		`tool-approval-request toolCallId="c1" approvalId=RANDOM`,
		// the answer
		`tool-output-available toolCallId="c1" output="written"`,
		"start-step",
		`text-start id="text-1"`,
		`text-delta id="text-1" delta="Writ"`,
		`text-delta id="text-1" delta="ten."`,
		`text-end id="text-1"`,
		"finish-step",
		`finish finishReason="stop"`,
	}, short(got))
	first.rest(t) // the client that asked read the answer only
	assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls())
}

func TestResumeOptions(t *testing.T) {
	a, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	_, err = aisdk.Handler(a, aisdk.WithStreamStore(nil))
	assert.ErrorContains(t, err, "aisdk.WithStreamStore(nil)")
	_, err = aisdk.Handler(a, aisdk.WithResumeWindow(-time.Second))
	assert.ErrorContains(t, err, "aisdk.WithResumeWindow(-1s): must not be negative")
	_, err = aisdk.NewMemoryStreamStore(0, 1, 0)
	assert.ErrorContains(t, err, "aisdk.NewMemoryStreamStore(0, 1, 0s)")
	_, err = aisdk.NewMemoryStreamStore(1, 1, -time.Second)
	assert.Error(t, err)
}

func TestMemoryStreamStoreBounds(t *testing.T) {
	ctx := context.Background()
	m, err := aisdk.NewMemoryStreamStore(2, 10, time.Hour)
	require.NoError(t, err)
	require.NoError(t, m.Begin(ctx, "chat-a", "a"))
	require.NoError(t, m.Begin(ctx, "chat-b", "b"))
	assert.ErrorIs(t, m.Begin(ctx, "chat-c", "c"), aisdk.ErrStreamFull, "two streams run: no room, none dropped")
	require.NoError(t, m.Append(ctx, "a", []byte("123456")))
	require.NoError(t, m.Finish(ctx, "a"))
	require.NoError(t, m.Begin(ctx, "chat-c", "c"), "a finished stream makes room")
	id, err := m.Latest(ctx, "chat-a")
	require.NoError(t, err)
	assert.Empty(t, id, "the finished stream was dropped")
	assert.Equal(t, int64(0), m.Bytes())

	require.NoError(t, m.Append(ctx, "b", []byte("123456")))
	assert.ErrorIs(t, m.Append(ctx, "c", []byte("123456")), aisdk.ErrStreamFull, "running streams are not dropped for another")
	_, _, err = m.Read(ctx, "c", 0)
	assert.ErrorIs(t, err, aisdk.ErrStreamGone, "the stream that did not fit is dropped")
	assert.ErrorIs(t, m.Append(ctx, "c", []byte("1")), aisdk.ErrStreamGone)
	chunks, done, err := m.Read(ctx, "b", 0)
	require.NoError(t, err)
	assert.False(t, done)
	assert.Equal(t, [][]byte{[]byte("123456")}, chunks)
	assert.Equal(t, 1, m.Len())
}

func TestMemoryStreamStoreReads(t *testing.T) {
	ctx := context.Background()
	m, err := aisdk.NewMemoryStreamStore(4, 1<<10, 50*time.Millisecond)
	require.NoError(t, err)
	require.NoError(t, m.Begin(ctx, "chat", "s1"))
	chunk := []byte(`{"type":"start"}`)
	require.NoError(t, m.Append(ctx, "s1", chunk))
	chunk[2] = 'X' // the store kept a copy

	type read struct {
		chunks [][]byte
		done   bool
		err    error
	}
	waiting := make(chan read, 1)
	go func() {
		c, d, err := m.Read(ctx, "s1", 1) // nothing there yet: it waits
		waiting <- read{c, d, err}
	}()
	time.Sleep(20 * time.Millisecond)
	require.NoError(t, m.Append(ctx, "s1", []byte(`{"type":"finish"}`)))
	select {
	case r := <-waiting:
		require.NoError(t, r.err)
		assert.Equal(t, [][]byte{[]byte(`{"type":"finish"}`)}, r.chunks)
	case <-time.After(10 * time.Second):
		t.Fatal("the read did not wake")
	}
	require.NoError(t, m.Finish(ctx, "s1"))
	chunks, done, err := m.Read(ctx, "s1", 0)
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, [][]byte{[]byte(`{"type":"start"}`), []byte(`{"type":"finish"}`)}, chunks)
	chunks, done, err = m.Read(ctx, "s1", 2)
	require.NoError(t, err)
	assert.True(t, done, "the end, with nothing more")
	assert.Empty(t, chunks)
	_, _, err = m.Read(ctx, "s1", 3)
	assert.Error(t, err, "past the end")

	// A reader waiting on a stream that is dropped finds it gone; one
	// whose context ends gets its error.
	require.NoError(t, m.Begin(ctx, "chat2", "s2"))
	go func() {
		c, d, err := m.Read(ctx, "s2", 0)
		waiting <- read{c, d, err}
	}()
	time.Sleep(20 * time.Millisecond)
	require.NoError(t, m.Begin(ctx, "chat2", "s3")) // the chat's next answer
	select {
	case r := <-waiting:
		assert.ErrorIs(t, r.err, aisdk.ErrStreamGone)
	case <-time.After(10 * time.Second):
		t.Fatal("the read did not wake")
	}
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	_, _, err = m.Read(short, "s3", 0)
	assert.ErrorIs(t, err, context.DeadlineExceeded)

	// Past the grace, a finished stream is gone.
	time.Sleep(80 * time.Millisecond)
	id, err := m.Latest(ctx, "chat")
	require.NoError(t, err)
	assert.Empty(t, id)
	_, _, err = m.Read(ctx, "s1", 0)
	assert.ErrorIs(t, err, aisdk.ErrStreamGone)
}
