package aisdk_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// A paused run is taken once, under the pause it was loaded with.
func TestMemoryStoreTakeRun(t *testing.T) {
	ctx := context.Background()
	store, err := aisdk.NewMemoryStore(8)
	require.NoError(t, err)
	paused := pausedChat(10)
	paused.Principal = "alice"
	paused.Approvals = map[string]string{"c2": "approval-b", "c1": "approval-a"}
	assert.Equal(t, "approval-a approval-b", paused.Pause())
	assert.Empty(t, (&aisdk.Chat{Principal: "alice"}).Pause(), "no run, no pause")
	assert.Empty(t, (*aisdk.Chat)(nil).Pause())

	took, err := store.TakeRun(ctx, "chat", paused, nil)
	require.NoError(t, err)
	assert.False(t, took, "no chat saved")
	require.NoError(t, store.Save(ctx, "chat", paused))

	other := pausedChat(10)
	other.Approvals = map[string]string{"c1": "approval-a"}
	took, err = store.TakeRun(ctx, "chat", other, nil)
	require.NoError(t, err)
	assert.False(t, took, "another pause")
	took, err = store.TakeRun(ctx, "chat", pausedChat(10), nil)
	require.NoError(t, err)
	assert.False(t, took, "a pause with no approval ids takes nothing")
	got, err := store.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, paused, got, "unchanged")

	took, err = store.TakeRun(ctx, "chat", paused, &aisdk.Chat{Principal: "alice"})
	require.NoError(t, err)
	assert.True(t, took)
	got, err = store.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, &aisdk.Chat{Principal: "alice"}, got, "next is saved in its place")
	took, err = store.TakeRun(ctx, "chat", paused, &aisdk.Chat{Principal: "alice"})
	require.NoError(t, err)
	assert.False(t, took, "taken already")

	require.NoError(t, store.Save(ctx, "chat", paused))
	took, err = store.TakeRun(ctx, "chat", paused, nil)
	require.NoError(t, err)
	assert.True(t, took)
	got, err = store.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Nil(t, got, "next nil deletes the chat")
	assert.Zero(t, store.Bytes())
}

// barrierStore holds each Load, once armed, until two have come (or 5 s
// passed): two replicas then both hold the paused run before either takes
// it, the race a shared store must decide.
type barrierStore struct {
	aisdk.Store
	mu      sync.Mutex
	armed   bool
	arrived int
	both    chan struct{}
}

func (s *barrierStore) arm() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.armed, s.both = true, make(chan struct{})
}

func (s *barrierStore) Load(ctx context.Context, chatID string) (*aisdk.Chat, error) {
	c, err := s.Store.Load(ctx, chatID)
	s.mu.Lock()
	armed, both := s.armed, s.both
	if armed {
		if s.arrived++; s.arrived == 2 {
			close(both)
		}
	}
	s.mu.Unlock()
	if armed {
		select {
		case <-both:
		case <-time.After(5 * time.Second):
			return nil, errors.New("the other replica's load did not come")
		}
	}
	return c, err
}

// barrierTaker is a barrierStore that passes TakeRun on.
type barrierTaker struct{ *barrierStore }

func (s barrierTaker) TakeRun(ctx context.Context, chatID string, paused, next *aisdk.Chat) (bool, error) {
	return s.Store.(aisdk.RunTaker).TakeRun(ctx, chatID, paused, next)
}

// Two replicas sharing a store get the same approval at once, both having
// loaded the paused run: with a RunTaker the call runs once, and the other
// request reads that the run is not waiting any more; with a plain Store
// (Load, then Delete) both would run it.
func TestApprovalAnsweredOnTwoReplicasAtOnce(t *testing.T) {
	for _, taker := range []bool{true, false} {
		mem, err := aisdk.NewMemoryStore(8)
		require.NoError(t, err)
		bs := &barrierStore{Store: mem}
		var store aisdk.Store = bs
		if taker {
			store = barrierTaker{bs}
		}
		rec := &tools{}
		a := serve(t, rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written.")), rec, aisdk.WithStore(store))
		b := serve(t, rt.NewModel(rt.StreamText("Written.")), rec, aisdk.WithStore(store))
		msgID, approvalID := pause(t, a, "chat")

		bs.arm()
		req := body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, true, ""))
		fromA, fromB := postInBackground(a.URL, req), postInBackground(b.URL, req)
		got := []string{<-fromA, <-fromB}
		if !taker {
			assert.Len(t, rec.calls(), 2, "a plain Store: both replicas resumed the run")
			continue
		}
		assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls(), "the call ran once")
		resumed, refused := 0, 0
		for _, stream := range got {
			assert.True(t, strings.HasSuffix(stream, "data: [DONE]\n\n"), stream)
			switch {
			case strings.Contains(stream, `"type":"tool-output-available","toolCallId":"c1","output":"written"`):
				resumed++
			case strings.Contains(stream, `"errorText":"chat chat has no run waiting for approval (it was answered, or dropped)"`):
				refused++
			}
		}
		assert.Equal(t, [2]int{1, 1}, [2]int{resumed, refused}, "one request resumed the run, the other was told it was answered: %q", got)
		left, err := mem.Load(context.Background(), "chat")
		require.NoError(t, err)
		assert.Nil(t, left, "nothing paused is left")
	}
}
