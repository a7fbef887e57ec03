package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/aisdk"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// serve runs the example's handler on 127.0.0.1 with the demo model
// (delay between words) and the demo mailbox (ten times delay a folder).
func serve(t *testing.T, delay time.Duration) (*httptest.Server, *Outbox) {
	t.Helper()
	outbox := &Outbox{}
	h, err := newHandler(demoModel{delay: delay}, outbox, demoMailbox(10*delay))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, outbox
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(b)
}

func TestServesThePageAndItsAssets(t *testing.T) {
	srv, _ := serve(t, 0)
	resp, html := get(t, srv.URL+"/")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Type"), "text/html")
	assert.Contains(t, html, `<div id="root"></div>`)

	assets := regexp.MustCompile(`(?:src|href)="(/assets/[^"]+\.(js|css))"`).FindAllStringSubmatch(html, -1)
	require.Len(t, assets, 2, "the page links its script and its style: %s", html)
	for _, a := range assets {
		resp, body := get(t, srv.URL+a[1])
		assert.Equal(t, http.StatusOK, resp.StatusCode, a[1])
		assert.NotEmpty(t, body, a[1])
		if a[2] == "js" {
			assert.Contains(t, resp.Header.Get("Content-Type"), "javascript", a[1])
			assert.Contains(t, body, "/api/chat", "the script talks to the Go endpoint")
		} else {
			assert.Contains(t, resp.Header.Get("Content-Type"), "text/css", a[1])
		}
	}

	resp, _ = get(t, srv.URL+"/no-such-file")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	resp, _ = get(t, srv.URL+"/api/chat")
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "a GET of the chat names the chat")
	resp, _ = get(t, srv.URL+"/api/chat?id=no-such-chat")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}

// post sends a chat request and reads the whole SSE stream into chunks.
func post(t *testing.T, url string, req aisdk.Request) []aisdk.Chunk {
	t.Helper()
	body, err := json.Marshal(req)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/chat", bytes.NewReader(body))
	require.NoError(t, err)
	r.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(r)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	assert.Equal(t, aisdk.HeaderValue, resp.Header.Get(aisdk.HeaderName))
	var chunks []aisdk.Chunk
	sc := bufio.NewScanner(resp.Body)
	done := false
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		if data == "[DONE]" {
			done = true
			break
		}
		var c aisdk.Chunk
		require.NoError(t, json.Unmarshal([]byte(data), &c), data)
		chunks = append(chunks, c)
	}
	require.NoError(t, sc.Err())
	require.True(t, done, "the stream ends with [DONE]")
	return chunks
}

// texts are the text parts of a stream, each whole, and how many deltas
// made them.
func texts(chunks []aisdk.Chunk) (whole []string, deltas int) {
	var b strings.Builder
	for _, c := range chunks {
		switch c.Type {
		case aisdk.ChunkTextDelta:
			b.WriteString(c.Delta)
			deltas++
		case aisdk.ChunkTextEnd:
			whole = append(whole, b.String())
			b.Reset()
		}
	}
	return whole, deltas
}

func find(chunks []aisdk.Chunk, typ string) (aisdk.Chunk, bool) {
	for _, c := range chunks {
		if c.Type == typ {
			return c, true
		}
	}
	return aisdk.Chunk{}, false
}

func userMessage(id, text string) aisdk.UIMessage {
	return aisdk.UIMessage{ID: id, Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: text}}}
}

func TestChatStreamsTheWeather(t *testing.T) {
	srv, outbox := serve(t, 0)
	chunks := post(t, srv.URL, aisdk.Request{ID: "chat-1", Trigger: "submit-message",
		Messages: []aisdk.UIMessage{userMessage("u1", "What's the weather in Paris?")}})

	whole, deltas := texts(chunks)
	assert.Equal(t, []string{"Let me look up the weather in Paris.", "Here is the weather: Paris: 17°C, sunny."}, whole)
	assert.Equal(t, len(strings.Fields(strings.Join(whole, " "))), deltas, "the text streams word by word")
	in, ok := find(chunks, aisdk.ChunkToolInputAvailable)
	require.True(t, ok)
	assert.Equal(t, "get_weather", in.ToolName)
	assert.JSONEq(t, `{"city":"Paris"}`, string(in.Input))
	out, ok := find(chunks, aisdk.ChunkToolOutputAvailable)
	require.True(t, ok)
	assert.JSONEq(t, `"Paris: 17°C, sunny"`, string(out.Output))
	fin, ok := find(chunks, aisdk.ChunkFinish)
	require.True(t, ok)
	assert.Equal(t, "stop", fin.FinishReason)
	assert.Empty(t, outbox.Sent())
}

// askToEmail starts a chat that asks to send an email, and returns the
// messages as useChat holds them once the approval is asked for.
func askToEmail(t *testing.T, url, chatID string) (aisdk.UIMessage, aisdk.UIMessage, aisdk.Chunk) {
	t.Helper()
	user := userMessage("u1", "Email ana@example.com that I am late.")
	chunks := post(t, url, aisdk.Request{ID: chatID, Trigger: "submit-message", Messages: []aisdk.UIMessage{user}})
	whole, _ := texts(chunks)
	assert.Equal(t, []string{"I will email ana@example.com. Sending needs your approval."}, whole)
	ask, ok := find(chunks, aisdk.ChunkToolApprovalRequest)
	require.True(t, ok, "the stream asks for approval: %+v", chunks)
	in, ok := find(chunks, aisdk.ChunkToolInputAvailable)
	require.True(t, ok)
	assert.Equal(t, "send_email", in.ToolName)
	fin, _ := find(chunks, aisdk.ChunkFinish)
	assert.Equal(t, "tool-calls", fin.FinishReason)
	start, _ := find(chunks, aisdk.ChunkStart)
	assistant := aisdk.UIMessage{ID: start.MessageID, Role: "assistant", Parts: []aisdk.UIPart{
		{Type: "step-start"},
		{Type: "text", Text: whole[0]},
		{Type: "tool-send_email", ToolCallID: in.ToolCallID, State: aisdk.StateApprovalRequested, Input: in.Input,
			Approval: &aisdk.Approval{ID: ask.ApprovalID}},
	}}
	return user, assistant, ask
}

// answerApproval sends the chat again with the approval answered, as
// addToolApprovalResponse and sendAutomaticallyWhen do.
func answerApproval(t *testing.T, url, chatID string, user, assistant aisdk.UIMessage, approved bool, reason string) []aisdk.Chunk {
	t.Helper()
	tool := &assistant.Parts[len(assistant.Parts)-1]
	tool.State = aisdk.StateApprovalResponded
	tool.Approval.Approved = &approved
	tool.Approval.Reason = reason
	return post(t, url, aisdk.Request{ID: chatID, Trigger: "submit-message", Messages: []aisdk.UIMessage{user, assistant}})
}

func TestApprovalApproved(t *testing.T) {
	srv, outbox := serve(t, 0)
	user, assistant, _ := askToEmail(t, srv.URL, "chat-a")
	assert.Empty(t, outbox.Sent(), "nothing is sent before the approval")

	chunks := answerApproval(t, srv.URL, "chat-a", user, assistant, true, "")
	start, _ := find(chunks, aisdk.ChunkStart)
	assert.Equal(t, assistant.ID, start.MessageID, "the answer continues the message that asked")
	out, ok := find(chunks, aisdk.ChunkToolOutputAvailable)
	require.True(t, ok)
	assert.JSONEq(t, `"sent to ana@example.com"`, string(out.Output))
	whole, _ := texts(chunks)
	assert.Equal(t, []string{"Done: the email was sent to ana@example.com."}, whole)
	assert.Equal(t, []string{"to ana@example.com: A message from the chat (Email ana@example.com that I am late.)"}, outbox.Sent())
}

func TestApprovalDenied(t *testing.T) {
	srv, outbox := serve(t, 0)
	user, assistant, _ := askToEmail(t, srv.URL, "chat-d")
	chunks := answerApproval(t, srv.URL, "chat-d", user, assistant, false, "not now")
	denied, ok := find(chunks, aisdk.ChunkToolOutputDenied)
	require.True(t, ok)
	assert.Equal(t, assistant.Parts[2].ToolCallID, denied.ToolCallID)
	_, ran := find(chunks, aisdk.ChunkToolOutputAvailable)
	assert.False(t, ran)
	whole, _ := texts(chunks)
	assert.Equal(t, []string{"I did not send the email. Denied by the user: not now"}, whole)
	assert.Empty(t, outbox.Sent())
}

// A page reloaded while an email waits for approval gets the chat back
// from GET /api/chat?id=, answers the approval it finds there, and the
// email is sent once.
func TestReloadMidApproval(t *testing.T) {
	srv, outbox := serve(t, 0)
	user, assistant, ask := askToEmail(t, srv.URL, "chat-r")

	resp, raw := get(t, srv.URL+"/api/chat?id=chat-r")
	require.Equal(t, http.StatusOK, resp.StatusCode, raw)
	var history aisdk.ChatHistory
	require.NoError(t, json.Unmarshal([]byte(raw), &history))
	assert.False(t, history.Streaming)
	require.Len(t, history.Messages, 2, raw)
	assert.Equal(t, user, history.Messages[0])
	got := history.Messages[1]
	assert.Equal(t, assistant.ID, got.ID)
	require.Len(t, got.Parts, 3, raw)
	assert.Equal(t, "I will email ana@example.com. Sending needs your approval.", got.Parts[1].Text)
	tool := got.Parts[2]
	assert.Equal(t, aisdk.StateApprovalRequested, tool.State)
	assert.Equal(t, ask.ApprovalID, tool.Approval.ID)
	assert.Empty(t, outbox.Sent())

	chunks := answerApproval(t, srv.URL, "chat-r", history.Messages[0], got, true, "")
	whole, _ := texts(chunks)
	assert.Equal(t, []string{"Done: the email was sent to ana@example.com."}, whole)
	assert.Len(t, outbox.Sent(), 1)

	resp, raw = get(t, srv.URL+"/api/chat?id=chat-r")
	require.Equal(t, http.StatusOK, resp.StatusCode, raw)
	require.NoError(t, json.Unmarshal([]byte(raw), &history))
	require.Len(t, history.Messages, 2, raw)
	assert.Equal(t, aisdk.StateOutputAvailable, history.Messages[1].Parts[2].State, "the email shows sent after the next reload")
}

// search_mail reports each folder it reads with the hits so far, which
// reach the page as preliminary outputs before its result.
func TestSearchMailStreamsItsProgress(t *testing.T) {
	srv, _ := serve(t, 0)
	chunks := post(t, srv.URL, aisdk.Request{ID: "chat-s", Trigger: "submit-message",
		Messages: []aisdk.UIMessage{userMessage("u1", "Search my mail for invoice")}})
	var outputs []MailSearch
	var preliminary []bool
	for _, c := range chunks {
		if c.Type == aisdk.ChunkToolOutputAvailable {
			var s MailSearch
			require.NoError(t, json.Unmarshal(c.Output, &s))
			outputs = append(outputs, s)
			preliminary = append(preliminary, c.Preliminary)
		}
	}
	assert.Equal(t, []bool{true, true, true, true, false}, preliminary, "a report a folder, then the result")
	for i, folder := range []string{"Inbox", "Sent", "Archive", "Drafts"} {
		assert.Equal(t, folder, outputs[i].Read[i])
		assert.Len(t, outputs[i].Read, i+1)
		assert.Equal(t, 4, outputs[i].Of)
	}
	assert.Len(t, outputs[0].Hits, 1, "the hits so far")
	assert.Equal(t, outputs[3], outputs[4], "the last report is the result")
	whole, _ := texts(chunks)
	assert.Equal(t, []string{`Let me search your mail for "invoice".`,
		`I found 3 emails about "invoice": "Invoice 1042 for March" from ana@example.com (Inbox); "Re: Invoice 1042 for March" from me@example.com (Sent); "Your invoice is overdue" from billing@example.com (Archive).`}, whole)
}

// A page that lost its connection mid-answer reconnects to
// /api/chat/<chat id>/stream and gets the whole answer; a chat with no
// answer streaming gets 204.
func TestReconnectMidAnswer(t *testing.T) {
	srv, _ := serve(t, 20*time.Millisecond)
	resp, _ := get(t, srv.URL+"/api/chat/no-such-chat/stream")
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)

	body, err := json.Marshal(aisdk.Request{ID: "chat-m", Trigger: "submit-message", Messages: []aisdk.UIMessage{userMessage("u1", "Hello")}})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/api/chat", bytes.NewReader(body))
	require.NoError(t, err)
	r.Header.Set("Content-Type", "application/json")
	first, err := http.DefaultClient.Do(r)
	require.NoError(t, err)
	line, err := bufio.NewReader(first.Body).ReadString('\n') // the answer has begun
	require.NoError(t, err, line)
	cancel() // the connection is lost
	first.Body.Close()

	resp, raw := get(t, srv.URL+"/api/chat/chat-m/stream")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.True(t, strings.HasSuffix(raw, "data: [DONE]\n\n"), raw)
	var b strings.Builder
	for l := range strings.SplitSeq(raw, "\n") {
		var c aisdk.Chunk
		if data, ok := strings.CutPrefix(l, "data: "); ok && json.Unmarshal([]byte(data), &c) == nil && c.Type == aisdk.ChunkTextDelta {
			b.WriteString(c.Delta)
		}
	}
	assert.Equal(t, hint, b.String(), "the whole answer, once")
}

func TestDemoModel(t *testing.T) {
	m := demoModel{}
	ask := func(text string) agent.Message {
		resp, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: text}}})
		require.NoError(t, err)
		return resp.Message
	}
	msg := ask("How is the weather in New York today?")
	require.Len(t, msg.Calls, 1)
	assert.JSONEq(t, `{"city":"New York"}`, string(msg.Calls[0].Args))
	msg = ask("weather?")
	require.Len(t, msg.Calls, 1)
	assert.JSONEq(t, `{"city":"Paris"}`, string(msg.Calls[0].Args), "Paris by default")
	msg = ask("Please email bo@example.org the report")
	require.Len(t, msg.Calls, 1)
	assert.Equal(t, ToolSendEmail, msg.Calls[0].Name)
	assert.Contains(t, string(msg.Calls[0].Args), `"to":"bo@example.org"`)
	msg = ask(`Search my mail for "Lunch"`)
	require.Len(t, msg.Calls, 1)
	assert.Equal(t, ToolSearchMail, msg.Calls[0].Name)
	assert.JSONEq(t, `{"query":"Lunch"}`, string(msg.Calls[0].Args))
	msg = ask("Hello")
	assert.Empty(t, msg.Calls)
	assert.Equal(t, hint, msg.Text)

	// Streamed, the text comes word by word and adds up to Generate's.
	req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hello"}}}
	resp, err := agent.Collect(m.Stream(context.Background(), req))
	require.NoError(t, err)
	assert.Equal(t, hint, resp.Message.Text)
	n := 0
	for p, err := range m.Stream(context.Background(), req) {
		require.NoError(t, err)
		if p.Kind == agent.PartText {
			n++
			assert.NotContains(t, strings.TrimSuffix(p.Text, " "), " ")
		}
	}
	assert.Equal(t, len(strings.Fields(hint)), n)
}

func TestDemoModelStopsWhenCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var err error
	for _, e := range (demoModel{delay: time.Hour}).Stream(ctx, agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hello"}}}) {
		if e != nil {
			err = e
		}
	}
	assert.ErrorIs(t, err, context.Canceled)
}
