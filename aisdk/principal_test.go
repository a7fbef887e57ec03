package aisdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// asUser sends a chat request as the user the X-User header names (none
// when ""), and returns the status and, for 200, the stream's chunks.
func asUser(t *testing.T, url, user, reqBody string) (int, []map[string]any, string) {
	t.Helper()
	h := map[string]string{}
	if user != "" {
		h["X-User"] = user
	}
	status, _, got := raw(t, url, "application/json", "", h, reqBody)
	if status != http.StatusOK {
		return status, nil, got
	}
	var chunks []map[string]any
	sc := bufio.NewScanner(strings.NewReader(got))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var c map[string]any
		require.NoError(t, json.Unmarshal([]byte(data), &c))
		chunks = append(chunks, c)
	}
	return status, chunks, got
}

// A chat is its principal's: another principal naming its id is refused
// as if there were no such chat, and changes nothing.
func TestChatBelongsToItsPrincipal(t *testing.T) {
	var mu sync.Mutex
	var ranFor []string // the deps (user) each run of write had
	write := toolgen.Tool{Name: "write", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			user, _ := toolgen.DepsAs[string](toolgen.CtxFrom(ctx))
			mu.Lock()
			ranFor = append(ranFor, user)
			mu.Unlock()
			return toolgen.TextResult("written"), nil
		}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written."), rt.Text("Hello again."), rt.Text("Hi mallory."))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{write}))
	require.NoError(t, err)
	store, err := aisdk.NewMemoryStore(8)
	require.NoError(t, err)
	user := func(r *http.Request) (string, error) {
		if u := r.Header.Get("X-User"); u != "" {
			return u, nil
		}
		return "", errors.New("sign in first")
	}
	srv := serveAgent(t, a, aisdk.WithStore(store), aisdk.WithPrincipal(user),
		aisdk.WithDeps(func(r *http.Request) (any, error) { return r.Header.Get("X-User"), nil }))

	status, chunks, got := asUser(t, srv.URL, "alice", body(t, "chat", userMsg("u1", "write f")))
	require.Equal(t, http.StatusOK, status, got)
	msgID, approvalID := chunks[0]["messageId"].(string), approvalIDs(chunks)["c1"]
	require.NotEmpty(t, approvalID)
	saved, err := store.Load(context.Background(), "chat")
	require.NoError(t, err)
	require.NotNil(t, saved)
	assert.Equal(t, "alice", saved.Principal)

	// mallory, even with the approval id (read over alice's shoulder):
	for what, req := range map[string]string{
		"approves":     body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, true, "")),
		"denies":       body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, false, "no")),
		"sends":        body(t, "chat", userMsg("u1", "write f"), userMsg("u2", "never mind")),
		"starts again": body(t, "chat", userMsg("m1", "hello")),
	} {
		status, _, got := asUser(t, srv.URL, "mallory", req)
		assert.Equal(t, http.StatusNotFound, status, "mallory %s: %s", what, got)
		assert.Equal(t, "aisdk: no chat chat\n", got, "mallory %s: the same as for no chat at all", what)
	}
	// No principal at all.
	status, _, got = asUser(t, srv.URL, "", body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, true, "")))
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Contains(t, got, "sign in first")

	// Nothing changed: the model was asked once, nothing ran, alice's run waits.
	assert.Len(t, model.Requests(), 1)
	assert.Empty(t, ranFor)
	after, err := store.Load(context.Background(), "chat")
	require.NoError(t, err)
	assert.Equal(t, saved, after, "alice's paused run is intact")

	// alice approves: the call runs with alice's deps.
	status, chunks, got = asUser(t, srv.URL, "alice", body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, true, "")))
	require.Equal(t, http.StatusOK, status, got)
	assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])
	assert.Equal(t, []string{"alice"}, ranFor)

	// The chat stays alice's once its run is over.
	status, _, _ = asUser(t, srv.URL, "mallory", body(t, "chat", userMsg("m1", "hello")))
	assert.Equal(t, http.StatusNotFound, status)
	assert.Len(t, model.Requests(), 2)
	status, chunks, got = asUser(t, srv.URL, "alice", body(t, "chat", userMsg("u1", "write f"), userMsg("u2", "hi")))
	require.Equal(t, http.StatusOK, status, got)
	assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])

	// mallory's own chats are hers.
	status, _, got = asUser(t, srv.URL, "mallory", body(t, "mallory-chat", userMsg("m1", "hello")))
	assert.Equal(t, http.StatusOK, status, got)
	mine, err := store.Load(context.Background(), "mallory-chat")
	require.NoError(t, err)
	require.NotNil(t, mine)
	assert.Equal(t, "mallory", mine.Principal)
	assert.Nil(t, mine.Run)
}

func TestPrincipalOptions(t *testing.T) {
	a, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	_, err = aisdk.Handler(a, aisdk.WithPrincipal(nil))
	assert.ErrorContains(t, err, "aisdk.WithPrincipal(nil)")
	// An empty principal is no principal.
	srv := serveAgent(t, a, aisdk.WithPrincipal(func(*http.Request) (string, error) { return "", nil }))
	status, _, got := asUser(t, srv.URL, "", body(t, "c", userMsg("u1", "hi")))
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Contains(t, got, "no principal")
}

// getAs reads a chat's history as user (none when ""), with the extra
// request headers, and returns the status and body.
func getAs(t *testing.T, url, chatID, user string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url+"?id="+chatID, nil)
	require.NoError(t, err)
	if user != "" {
		req.Header.Set("X-User", user)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	status, _, got := exchange(t, req)
	return status, got
}

// A chat's messages are read by its principal only, and never by another
// site's page: the GET passes every check a POST passes.
func TestHistoryIsItsPrincipals(t *testing.T) {
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)))
	write := toolgen.Tool{Name: "write", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("written"), nil }}
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{write}))
	require.NoError(t, err)
	user := func(r *http.Request) (string, error) {
		if u := r.Header.Get("X-User"); u != "" {
			return u, nil
		}
		return "", errors.New("sign in first")
	}
	srv := serveAgent(t, a, aisdk.WithPrincipal(user))
	status, _, got := asUser(t, srv.URL, "alice", body(t, "chat", userMsg("u1", "write f, secret")))
	require.Equal(t, http.StatusOK, status, got)

	status, got = getAs(t, srv.URL, "chat", "alice", nil)
	require.Equal(t, http.StatusOK, status, got)
	assert.Contains(t, got, "secret")

	for what, try := range map[string]struct {
		user   string
		header map[string]string
		want   int
	}{
		"another principal":        {user: "mallory", want: http.StatusNotFound},
		"no principal":             {want: http.StatusUnauthorized},
		"another site's page":      {user: "alice", header: map[string]string{"Origin": "https://evil.example"}, want: http.StatusForbidden},
		"a cross-site fetch":       {user: "alice", header: map[string]string{"Sec-Fetch-Site": "cross-site"}, want: http.StatusForbidden},
		"a rebound name":           {user: "alice", header: map[string]string{"Host": "evil.example"}, want: http.StatusForbidden},
		"a rebound name with port": {user: "alice", header: map[string]string{"Host": "evil.example:80"}, want: http.StatusForbidden},
	} {
		status, got := getAs(t, srv.URL, "chat", try.user, try.header)
		assert.Equal(t, try.want, status, "%s: %s", what, got)
		assert.NotContains(t, got, "secret", what)
	}
	// A chat nobody started here is nobody's.
	status, got = getAs(t, srv.URL, "other", "alice", nil)
	assert.Equal(t, http.StatusNotFound, status, got)
}
