package pgstore_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/internal/pgtest"
)

// TestReplicas runs two replicas of a chat server (internal/chatreplica:
// an aisdk handler with its chats in PostgreSQL, a scripted model, a tool
// write that needs approval and a tool work that does not) behind nginx,
// round robin with no affinity, and checks what a client sees:
//
//   - a run paused on replica a is answered on replica b: it resumes there,
//     its call runs once, on b; a reload through nginx (either replica)
//     shows the answer, and another principal gets 404 from both;
//   - the same approval sent to both replicas at once runs its call once:
//     one stream has the call's output, the other reads that the run is
//     not waiting any more;
//   - the replica streaming an answer is killed while a tool runs: the
//     client's stream stops short (the chunks so far, no finish, no
//     [DONE], an unexpected EOF); a reload through nginx gets the chat as
//     its last complete answer left it; the same request again (useChat's
//     regenerate) reaches the other replica, which answers the turn whole,
//     its tool run again;
//   - the replica running an approved call is killed: the call ran (began)
//     once; the same approval again, through nginx, is refused by the
//     other replica ("no run waiting for approval"), so the call never
//     runs twice; the reload shows the approval as asked; regenerating the
//     turn asks for a new approval (the old one answers nothing), and a
//     new message goes on with the chat.
func TestReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a chat server and starts nginx and PostgreSQL")
	}
	nginxBin := pgtest.FindNginx(t)
	pg := pgtest.Shared(t)
	c := startChatCluster(t, nginxBin, pg.URL)

	// In order, on one cluster: the third goes on with the first's chat.
	t.Run("approval_answered_on_the_other_replica", func(t *testing.T) { approvalAnsweredOnTheOtherReplica(t, c) })
	t.Run("same_approval_on_both_replicas_at_once", func(t *testing.T) { sameApprovalOnBothReplicasAtOnce(t, c) })
	t.Run("killed_mid_answer_then_retried", func(t *testing.T) { killedMidAnswerThenRetried(t, c) })
	t.Run("killed_running_an_approved_call", func(t *testing.T) { killedRunningAnApprovedCall(t, c) })
}

// approvalAnsweredOnTheOtherReplica: paused on a, answered on b, the
// reload anywhere.
func approvalAnsweredOnTheOtherReplica(t *testing.T, c *chatCluster) {
	first := c.send(t, c.Replica(t, "a").URL, "alice", "chat-1", userMsg("u1", "write f1"))
	first.ends(t, "a", "tool-calls")
	asked := c.history(t, c.URL, "alice", "chat-1")
	answer := c.send(t, c.Replica(t, "b").URL, "alice", "chat-1", approve(asked)...)
	answer.ends(t, "b", "stop")
	assert.Equal(t, []string{
		"start",
		`tool-output-available toolCallId="call-1" output="write f1 by b"`,
		"start-step", `text-start id="text-1"`, `text-delta id="text-1" delta="Done: write f1 by b."`, `text-end id="text-1"`, "finish-step",
		`finish finishReason="stop"`,
	}, answer.short())
	assert.Equal(t, []string{"b write f1"}, c.Runs(t))

	for _, url := range []string{c.URL, c.Replica(t, "a").URL} {
		got := c.history(t, url, "alice", "chat-1")
		require.Len(t, got, 2)
		assert.Equal(t, "Done: write f1 by b.", got[1].Parts[len(got[1].Parts)-1].Text, "a reload anywhere shows b's answer")
	}
	for _, r := range c.Replicas {
		got := c.send(t, r.URL, "mallory", "chat-1", userMsg("m1", "hello"))
		assert.Equal(t, http.StatusNotFound, got.status, "replica %s: another principal's chat", r.Name)
	}
}

// sameApprovalOnBothReplicasAtOnce: the race, five times.
func sameApprovalOnBothReplicasAtOnce(t *testing.T, c *chatCluster) {
	for round := range 5 {
		chat, name := fmt.Sprint("race-", round), fmt.Sprint("r", round)
		c.send(t, c.Replica(t, "a").URL, "alice", chat, userMsg("u1", "write "+name)).ends(t, "a", "tool-calls")
		msgs := approve(c.history(t, c.URL, "alice", chat))
		fromA := c.sendInBackground(t, c.Replica(t, "a").URL, "alice", chat, msgs)
		fromB := c.sendInBackground(t, c.Replica(t, "b").URL, "alice", chat, msgs)
		got := []stream{<-fromA, <-fromB}
		resumed, refused := 0, 0
		for _, s := range got {
			s.ends(t, s.replica, "")
			switch short := strings.Join(s.short(), "\n"); {
			case strings.Contains(short, `output="write `+name+` by `+s.replica+`"`):
				resumed++
			case strings.Contains(short, `errorText="chat `+chat+` has no run waiting for approval (it was answered, or dropped)"`):
				refused++
			}
		}
		assert.Equal(t, [2]int{1, 1}, [2]int{resumed, refused}, "round %d: one resumed, one refused", round)
		assert.Equal(t, 1, c.CountRuns(t, "write "+name), "round %d: the call ran once", round)
	}
}

// killedMidAnswerThenRetried: the second turn of chat-1, cut while its
// tool runs, then sent again; the killed replica is started again after.
func killedMidAnswerThenRetried(t *testing.T, c *chatCluster) {
	before := c.history(t, c.URL, "alice", "chat-1")
	msgs := append(before, userMsg("u2", "work held-k1"))
	cut := c.sendAndKill(t, "chat-1", "work held-k1", msgs)
	assert.Equal(t, []string{
		"start", "start-step",
		`tool-input-start toolCallId="call-5" toolName="work"`,
		`tool-input-delta toolCallId="call-5" inputTextDelta="{\"name\":\"held-k1\"}"`,
		`tool-input-available toolCallId="call-5" toolName="work" input={"name":"held-k1"}`,
	}, cut.short(), "the chunks sent before the kill, and no more")
	assert.False(t, cut.done, "no [DONE]")
	assert.ErrorIs(t, cut.err, io.ErrUnexpectedEOF, "the response stops short")
	survivor := c.other(cut.replica)

	assert.Equal(t, before, c.history(t, c.URL, "alice", "chat-1"), "the chat as its last complete answer left it")
	c.Release(t, "held-k1")
	again := c.send(t, c.URL, "alice", "chat-1", msgs...)
	again.ends(t, survivor.Name, "stop")
	assert.Contains(t, again.short(), `text-delta id="text-1" delta="Done: work held-k1 by `+survivor.Name+`."`)
	assert.Equal(t, 2, c.CountRuns(t, "work held-k1"), "the turn ran again, its tool too")
	c.Restart(t, cut.replica)
}

// killedRunningAnApprovedCall: an approved call cut while it runs, the
// approval sent again, the turn regenerated, a new message.
func killedRunningAnApprovedCall(t *testing.T, c *chatCluster) {
	c.send(t, c.URL, "alice", "chat-2", userMsg("u1", "write held-k2")).ends(t, "", "tool-calls")
	asked := c.history(t, c.URL, "alice", "chat-2")
	answer := approve(asked)
	cut := c.sendAndKill(t, "chat-2", "write held-k2", answer)
	assert.Equal(t, []string{"start"}, cut.short(), "the call was running: nothing more came")
	assert.ErrorIs(t, cut.err, io.ErrUnexpectedEOF)
	survivor := c.other(cut.replica)
	c.Release(t, "held-k2")

	again := c.send(t, c.URL, "alice", "chat-2", answer...)
	again.ends(t, survivor.Name, "error")
	assert.Equal(t, []string{
		"start",
		`error errorText="chat chat-2 has no run waiting for approval (it was answered, or dropped)"`,
		`finish finishReason="error"`,
	}, again.short())
	assert.Equal(t, 1, c.CountRuns(t, "write held-k2"), "the approved call began once, on the killed replica, and never again")
	assert.Equal(t, asked, c.history(t, c.URL, "alice", "chat-2"), "the reload shows the approval as asked")

	// useChat's regenerate: the turn again, from the user's message.
	regenerated := c.send(t, c.URL, "alice", "chat-2", asked[0])
	regenerated.ends(t, survivor.Name, "tool-calls")
	again = c.send(t, c.URL, "alice", "chat-2", answer...)
	again.ends(t, "", "error")
	assert.Contains(t, again.short(), `error errorText="calls waiting for approval have no answer: call-1 (write); answer every one (approved or not) in one request"`,
		"the first approval does not answer the new one")
	assert.Equal(t, 1, c.CountRuns(t, "write held-k2"), "the call runs again only once approved again")

	next := c.send(t, c.URL, "alice", "chat-2", append(asked, userMsg("u2", "hello"))...)
	next.ends(t, survivor.Name, "stop")
	assert.Contains(t, next.short(), `text-delta id="text-1" delta="Hello, hello."`)
}

// userMsg is a user's UIMessage.
func userMsg(id, text string) aisdk.UIMessage {
	return aisdk.UIMessage{ID: id, Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: text}}}
}

// approve is msgs with their calls waiting for approval approved, as
// useChat sends them once the user approved.
func approve(msgs []aisdk.UIMessage) []aisdk.UIMessage {
	b, _ := json.Marshal(msgs)
	var out []aisdk.UIMessage
	_ = json.Unmarshal(b, &out) // a deep copy
	yes := true
	for _, m := range out {
		for i, p := range m.Parts {
			if p.State == aisdk.StateApprovalRequested {
				m.Parts[i].State, m.Parts[i].Approval.Approved = aisdk.StateApprovalResponded, &yes
			}
		}
	}
	return out
}

// chatCluster is nginx in front of two chatreplica processes, a and b, on
// 127.0.0.1, their chats in one PostgreSQL table.
type chatCluster struct{ *pgtest.Cluster }

// other is the replica that is not name.
func (c *chatCluster) other(name string) *pgtest.Replica {
	if c.Replicas[0].Name == name {
		return c.Replicas[1]
	}
	return c.Replicas[0]
}

// startChatCluster builds internal/chatreplica, starts replicas a and b
// and nginx in front of them; the test's end stops them.
func startChatCluster(t *testing.T, nginxBin, db string) *chatCluster {
	return &chatCluster{pgtest.StartCluster(t, nginxBin, pgtest.ClusterConfig{
		Package: "./internal/chatreplica", Names: []string{"a", "b"}, Location: "/api/chat",
		Args: []string{"-db", db, "-table", tableName(t)},
	})}
}

// stream is what a client read of a chat request's answer.
type stream struct {
	replica string // X-Replica: who answered
	status  int
	body    string // the body of an answer that is not a stream
	chunks  []map[string]any
	done    bool  // [DONE] came
	err     error // the read's error: nil when the response ended cleanly
}

// send posts a chat request as user and reads the whole answer (at most
// 30 s).
func (c *chatCluster) send(t *testing.T, url, user, chatID string, msgs ...aisdk.UIMessage) stream {
	t.Helper()
	return <-c.sendInBackground(t, url, user, chatID, msgs)
}

// sendInBackground posts a chat request from another goroutine, and sends
// what it read on the channel it returns. (No require off the test's
// goroutine.)
func (c *chatCluster) sendInBackground(t *testing.T, url, user, chatID string, msgs []aisdk.UIMessage) <-chan stream {
	t.Helper()
	b, err := json.Marshal(aisdk.Request{ID: chatID, Messages: msgs, Trigger: "submit-message"})
	require.NoError(t, err)
	got := make(chan stream, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		got <- post(ctx, url, user, b)
	}()
	return got
}

func post(ctx context.Context, url, user string, body []byte) stream {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return stream{err: err}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-User", user)
	resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
	if err != nil {
		return stream{err: err}
	}
	defer resp.Body.Close()
	s := stream{replica: resp.Header.Get("X-Replica"), status: resp.StatusCode}
	if resp.Header.Get("Content-Type") != "text/event-stream" {
		b, err := io.ReadAll(resp.Body)
		s.body, s.err = string(b), err
		return s
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		switch {
		case !ok:
			continue
		case data == "[DONE]":
			s.done = true
			continue
		}
		var chunk map[string]any
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			s.err = err
			return s
		}
		s.chunks = append(s.chunks, chunk)
	}
	s.err = sc.Err()
	return s
}

// ends checks that the answer came from replica (any, "") and ended
// whole, with finishReason (any, "").
func (s stream) ends(t *testing.T, replica, finishReason string) {
	t.Helper()
	require.Equal(t, http.StatusOK, s.status, "%s %v", s.body, s.err)
	require.NoError(t, s.err)
	if replica != "" {
		assert.Equal(t, replica, s.replica, "the replica that answered")
	}
	require.True(t, s.done, "[DONE]: %v", s.short())
	require.NotEmpty(t, s.chunks)
	last := s.chunks[len(s.chunks)-1]
	assert.Equal(t, "finish", last["type"])
	if finishReason != "" {
		assert.Equal(t, finishReason, last["finishReason"], "%v", s.short())
	}
}

// short is each chunk in a line: its type and its telling fields.
func (s stream) short() []string {
	var out []string
	for _, c := range s.chunks {
		line := c["type"].(string)
		for _, k := range []string{"id", "delta", "toolCallId", "toolName", "inputTextDelta", "input", "output", "errorText", "finishReason"} {
			if v, ok := c[k]; ok {
				b, _ := json.Marshal(v)
				line += " " + k + "=" + string(b)
			}
		}
		out = append(out, line)
	}
	return out
}

// history GETs the chat's messages as user, and checks that no stream of
// the chat is in progress on the replica that answered.
func (c *chatCluster) history(t *testing.T, url, user, chatID string) []aisdk.UIMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"?id="+chatID, nil)
	require.NoError(t, err)
	req.Header.Set("X-User", user)
	resp, err := (&http.Client{Transport: &http.Transport{DisableKeepAlives: true}}).Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s", b)
	var h aisdk.ChatHistory
	require.NoError(t, json.Unmarshal(b, &h))
	assert.False(t, h.Streaming)
	return h.Messages
}

// sendAndKill posts a chat request through nginx, waits until the tool
// call call ("TOOL NAME") runs on the replica that answers, kills that
// replica, and returns what the client read.
func (c *chatCluster) sendAndKill(t *testing.T, chatID, call string, msgs []aisdk.UIMessage) stream {
	t.Helper()
	got := c.sendInBackground(t, c.URL, "alice", chatID, msgs)
	running := c.WaitRun(t, call)
	c.Kill(t, running)
	s := <-got
	assert.Equal(t, running, s.replica, "the call ran on the replica that answered")
	require.Equal(t, http.StatusOK, s.status)
	return s
}
