package aisdk_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// pausedChat is a chat paused with one user message of n bytes.
func pausedChat(n int) *aisdk.Chat {
	return &aisdk.Chat{Run: &agent.State{Version: agent.StateVersion, RunID: "r", StopReason: agent.StopPaused,
		Messages: []agent.Message{{Role: agent.RoleUser, Text: strings.Repeat("x", n)}}}}
}

// The default store holds 64 MiB: the chats of one 7 MiB message
// fill it at the ninth; the tenth is refused, saying the limit, and the
// nine are all still there.
func TestMemoryStoreBoundByBytes(t *testing.T) {
	ctx := context.Background()
	store, err := aisdk.NewMemoryStore(aisdk.DefaultMaxPaused)
	require.NoError(t, err)
	for i := range 9 {
		require.NoError(t, store.Save(ctx, fmt.Sprint("chat-", i), pausedChat(7<<20)), "chat %d", i)
	}
	err = store.Save(ctx, "chat-9", pausedChat(7<<20))
	require.ErrorIs(t, err, aisdk.ErrStoreFull)
	assert.ErrorContains(t, err, "holds at most 67108864 bytes")
	assert.Equal(t, 9, store.Len())
	assert.LessOrEqual(t, store.Bytes(), int64(aisdk.DefaultMaxStoreBytes))
	assert.Greater(t, store.Bytes(), int64(9*7<<20), "a chat counts its whole stored size")
	for i := range 9 {
		c, err := store.Load(ctx, fmt.Sprint("chat-", i))
		require.NoError(t, err)
		require.NotNil(t, c, "chat %d was kept", i)
	}
	// Saving a chat again counts it once; deleting one makes room.
	require.NoError(t, store.Save(ctx, "chat-0", pausedChat(7<<20)))
	require.NoError(t, store.Delete(ctx, "chat-1"))
	require.NoError(t, store.Save(ctx, "chat-9", pausedChat(7<<20)))
	// One chat larger than the whole store is refused too.
	small, err := aisdk.NewMemoryStoreLimits(10, 1000)
	require.NoError(t, err)
	err = small.Save(ctx, "big", pausedChat(1000))
	assert.ErrorIs(t, err, aisdk.ErrStoreFull)
	assert.Zero(t, small.Bytes())
	require.NoError(t, small.Delete(ctx, "big"))

	for _, bad := range [][2]int64{{0, 1}, {1, 0}, {-1, 100}} {
		_, err := aisdk.NewMemoryStoreLimits(int(bad[0]), bad[1])
		assert.ErrorContains(t, err, "must be at least 1")
	}
}

// Over HTTP: a chat that pauses when the store has no room for it gets an
// error saying the limit; the chats saved before are untouched and can
// still be answered.
func TestStoreFullOverHTTP(t *testing.T) {
	const limit = 1 << 20
	store, err := aisdk.NewMemoryStoreLimits(100, limit)
	require.NoError(t, err)
	rec := &tools{}
	write := rt.Calls(rt.Call("c1", "write", `{"path":"f"}`))
	model := rt.NewModel(write, write, write, rt.StreamText("Written."))
	srv := serve(t, model, rec, aisdk.WithStore(store), aisdk.WithMaxBodyBytes(2<<20))
	text := strings.Repeat("y", 400<<10)

	ids := map[string][2]string{}
	for _, chat := range []string{"alice", "bob"} {
		chunks := post(t, srv.URL, body(t, chat, userMsg("u1", text)))
		require.Equal(t, `finish finishReason="tool-calls"`, short(chunks)[len(chunks)-1])
		ids[chat] = [2]string{chunks[0]["messageId"].(string), approvalIDs(chunks)["c1"]}
	}
	used := store.Bytes()
	chunks := post(t, srv.URL, body(t, "carol", userMsg("u1", text)))
	got := short(chunks)
	assert.Contains(t, got[len(got)-2], "the chat store is full")
	assert.Contains(t, got[len(got)-2], fmt.Sprintf("holds at most %d bytes", limit))
	assert.Equal(t, `finish finishReason="error"`, got[len(got)-1])
	assert.Equal(t, 2, store.Len())
	assert.Equal(t, used, store.Bytes())

	// alice's run is intact and approvable.
	chunks = post(t, srv.URL, body(t, "alice", userMsg("u1", text), answer(ids["alice"][0], "c1", ids["alice"][1], true, "")))
	assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])
	assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls())
}
