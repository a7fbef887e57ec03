package pgstore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/aisdk/pgstore"
	"github.com/toolgen-dev/toolgen/internal/pgtest"
)

// newStore is a Store on a table of the test's own.
func newStore(t *testing.T, p *pgxpool.Pool, opts ...pgstore.Option) *pgstore.Store {
	t.Helper()
	s, err := pgstore.New(t.Context(), p, append([]pgstore.Option{pgstore.WithTable(tableName(t))}, opts...)...)
	require.NoError(t, err)
	return s
}

// paused is a chat paused for approval of call c1, its user message text.
func paused(principal, text string) *aisdk.Chat {
	return &aisdk.Chat{
		Principal: principal,
		Run: &agent.State{Version: agent.StateVersion, RunID: "run-" + text, StopReason: agent.StopPaused,
			Messages: []agent.Message{{Role: agent.RoleUser, Text: text}}},
		Approvals: map[string]string{"c1": fmt.Sprintf("approval-%x", text)},
	}
}

// A chat saved is a copy, loaded whole; deleting it leaves its messages.
func TestSaveLoadDelete(t *testing.T) {
	ctx := t.Context()
	s := newStore(t, pool(t))
	got, err := s.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Nil(t, got, "no chat saved")

	// A NUL in a tool's result: json keeps it (jsonb would refuse it).
	c := paused("alice", "hello \x00 world ✓")
	require.NoError(t, s.Save(ctx, "chat", c))
	c.Run.Messages[0].Text = "changed after the save"
	got, err = s.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, paused("alice", "hello \x00 world ✓"), got)
	got.Principal = "changed after the load"
	again, err := s.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, "alice", again.Principal)

	msgs := []aisdk.UIMessage{{ID: "u1", Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: "hello"}}}}
	require.NoError(t, s.SaveMessages(ctx, "chat", msgs))
	require.NoError(t, s.Delete(ctx, "chat"))
	got, err = s.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Nil(t, got)
	kept, err := s.LoadMessages(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, msgs, kept, "the chat's messages stay")
	require.NoError(t, s.Delete(ctx, "never saved"))
}

// A record larger than the bound is refused with ErrStoreFull, and the
// record saved before is kept.
func TestSaveBeyondTheBound(t *testing.T) {
	ctx := t.Context()
	s := newStore(t, pool(t), pgstore.WithMaxChatBytes(1000))
	require.NoError(t, s.Save(ctx, "chat", paused("alice", "small")))
	err := s.Save(ctx, "chat", paused("alice", strings.Repeat("x", 1000)))
	require.ErrorIs(t, err, aisdk.ErrStoreFull)
	assert.Regexp(t, `this chat needs \d+ bytes, and the store keeps at most 1000 bytes a chat; it was not saved`, err.Error())
	took, err := s.TakeRun(ctx, "chat", paused("alice", "small"), paused("alice", strings.Repeat("x", 1000)))
	assert.ErrorIs(t, err, aisdk.ErrStoreFull, "TakeRun's next too")
	assert.False(t, took)
	got, err := s.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, paused("alice", "small"), got)
}

// Saves of one chat at once: the last wins, whole (a record is never
// made of two saves).
func TestConcurrentSavesLastWins(t *testing.T) {
	ctx := t.Context()
	s := newStore(t, pool(t))
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() { errs <- s.Save(ctx, "chat", paused(fmt.Sprint("p", i), fmt.Sprint(i))) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	got, err := s.Load(ctx, "chat")
	require.NoError(t, err)
	require.NotNil(t, got)
	i := strings.TrimPrefix(got.Principal, "p")
	assert.Equal(t, paused("p"+i, i), got, "one save's record, whole")
}

// Of many requests taking the same paused run at once, each on a
// connection of its own, one gets it; under serializable isolation too.
func TestTakeRunOnce(t *testing.T) {
	pg := pgtest.Shared(t)
	for _, isolation := range []string{"read committed", "serializable"} {
		t.Run(strings.ReplaceAll(isolation, " ", "_"), func(t *testing.T) {
			ctx := t.Context()
			cfg, err := pgxpool.ParseConfig(pg.URL)
			require.NoError(t, err)
			cfg.ConnConfig.RuntimeParams["default_transaction_isolation"] = isolation
			const takers = 12
			cfg.MaxConns, cfg.MinConns = takers, takers
			p, err := pgxpool.NewWithConfig(ctx, cfg)
			require.NoError(t, err)
			defer p.Close()
			s := newStore(t, p)
			for round := range 10 {
				c := paused("alice", fmt.Sprint("round ", round))
				require.NoError(t, s.Save(ctx, "chat", c))
				start := make(chan struct{})
				var wg sync.WaitGroup
				took := make(chan bool, takers)
				for range takers {
					wg.Go(func() {
						<-start
						ok, err := s.TakeRun(ctx, "chat", c, &aisdk.Chat{Principal: "alice"})
						assert.NoError(t, err)
						took <- ok
					})
				}
				close(start)
				wg.Wait()
				close(took)
				n := 0
				for ok := range took {
					if ok {
						n++
					}
				}
				require.Equal(t, 1, n, "round %d: one taker took the run", round)
				got, err := s.Load(ctx, "chat")
				require.NoError(t, err)
				assert.Equal(t, &aisdk.Chat{Principal: "alice"}, got)
			}
		})
	}
}

// TakeRun takes only the pause it was loaded with, and nothing from a
// chat with none.
func TestTakeRunPauses(t *testing.T) {
	ctx := t.Context()
	s := newStore(t, pool(t))
	first := paused("", "first")
	took, err := s.TakeRun(ctx, "chat", first, nil)
	require.NoError(t, err)
	assert.False(t, took, "no chat")
	require.NoError(t, s.Save(ctx, "chat", first))
	second := paused("", "second") // the run resumed and paused again
	require.NoError(t, s.Save(ctx, "chat", second))
	took, err = s.TakeRun(ctx, "chat", first, nil)
	require.NoError(t, err)
	assert.False(t, took, "an answer to the first pause does not take the second")
	took, err = s.TakeRun(ctx, "chat", &aisdk.Chat{Run: second.Run}, nil)
	require.NoError(t, err)
	assert.False(t, took, "a chat with no approval ids names no pause")
	took, err = s.TakeRun(ctx, "chat", second, nil)
	require.NoError(t, err)
	assert.True(t, took)
	got, err := s.Load(ctx, "chat")
	require.NoError(t, err)
	assert.Nil(t, got, "next nil: the record is dropped")
	took, err = s.TakeRun(ctx, "chat", second, nil)
	require.NoError(t, err)
	assert.False(t, took, "taken already")

}

// Messages round-trip; messages beyond the bound leave an error in their
// place, never the older messages.
func TestMessages(t *testing.T) {
	ctx := t.Context()
	s := newStore(t, pool(t), pgstore.WithMaxChatBytes(1000))
	got, err := s.LoadMessages(ctx, "chat")
	require.NoError(t, err)
	assert.Nil(t, got)
	msgs := []aisdk.UIMessage{{ID: "u1", Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: "hello \x00"}}}}
	require.NoError(t, s.SaveMessages(ctx, "chat", msgs))
	got, err = s.LoadMessages(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, msgs, got)

	big := []aisdk.UIMessage{{ID: "u1", Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: strings.Repeat("y", 1000)}}}}
	err = s.SaveMessages(ctx, "chat", big)
	assert.ErrorContains(t, err, "more than the 1000 bytes a chat this store keeps")
	got, err = s.LoadMessages(ctx, "chat")
	assert.ErrorContains(t, err, "more than the 1000 bytes a chat this store keeps")
	assert.Nil(t, got, "not the older messages")

	require.NoError(t, s.SaveMessages(ctx, "chat", msgs))
	got, err = s.LoadMessages(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, msgs, got, "a save that fits replaces the error")
	// The record and the messages of a chat share a row, not a save.
	require.NoError(t, s.Save(ctx, "chat", paused("alice", "x")))
	got, err = s.LoadMessages(ctx, "chat")
	require.NoError(t, err)
	assert.Equal(t, msgs, got)
}

// Replicas starting at once make the table once; New checks a table that
// exists, and refuses one of another shape.
func TestNewMakesTheTableOnce(t *testing.T) {
	ctx := t.Context()
	p := pool(t)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := pgstore.New(ctx, p, pgstore.WithTable(tableName(t)))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	other, chats := "app."+tableName(t)+"_other", "app."+tableName(t)
	_, err := p.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS app; CREATE TABLE `+other+` (id text PRIMARY KEY)`)
	require.NoError(t, err)
	_, err = pgstore.New(ctx, p, pgstore.WithTable(other))
	assert.ErrorContains(t, err, `pgstore.New: table "app"."`+tableName(t)+`_other": `)
	assert.ErrorContains(t, err, `column "principal" does not exist`)

	s, err := pgstore.New(ctx, p, pgstore.WithTable(chats))
	require.NoError(t, err)
	require.NoError(t, s.Save(ctx, "chat", paused("", "x")))
	var n int
	require.NoError(t, p.QueryRow(ctx, `SELECT count(*) FROM `+chats).Scan(&n))
	assert.Equal(t, 1, n)

	sql, err := pgstore.CreateSQL("")
	require.NoError(t, err)
	assert.Contains(t, sql, `CREATE TABLE IF NOT EXISTS "aisdk_chats" (`)
	assert.Contains(t, sql, `CREATE INDEX IF NOT EXISTS "aisdk_chats_updated" ON "aisdk_chats" (updated_at)`)
	migrated := tableName(t) + "_migrated"
	_, err = p.Exec(ctx, strings.ReplaceAll(sql, "aisdk_chats", migrated))
	require.NoError(t, err)
	_, err = pgstore.New(ctx, p, pgstore.WithTable(migrated))
	require.NoError(t, err, "a table made by the migration is the table New makes")
}

// Prune drops the chats saved before a time, records and messages.
func TestPrune(t *testing.T) {
	ctx := t.Context()
	p := pool(t)
	s := newStore(t, p)
	require.NoError(t, s.Save(ctx, "old", paused("", "old")))
	require.NoError(t, s.SaveMessages(ctx, "old", []aisdk.UIMessage{{ID: "u1", Role: "user"}}))
	_, err := p.Exec(ctx, `UPDATE `+tableName(t)+` SET updated_at = now() - interval '2 days' WHERE id = 'old'`)
	require.NoError(t, err)
	require.NoError(t, s.Save(ctx, "new", paused("", "new")))
	n, err := s.Prune(ctx, time.Now().Add(-24*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, int64(1), n)
	got, err := s.Load(ctx, "old")
	require.NoError(t, err)
	assert.Nil(t, got)
	msgs, err := s.LoadMessages(ctx, "old")
	require.NoError(t, err)
	assert.Nil(t, msgs)
	got, err = s.Load(ctx, "new")
	require.NoError(t, err)
	assert.NotNil(t, got)
}

// A database that does not answer fails a statement after the timeout.
func TestTimeout(t *testing.T) {
	ctx := t.Context()
	p := pool(t)
	s := newStore(t, p, pgstore.WithTimeout(300*time.Millisecond))
	require.NoError(t, s.Save(ctx, "chat", paused("", "x")))
	// Another session holds the chat's row.
	tx, err := p.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(context.Background()) }()
	_, err = tx.Exec(ctx, `SELECT 1 FROM `+tableName(t)+` WHERE id = 'chat' FOR UPDATE`)
	require.NoError(t, err)
	start := time.Now()
	err = s.Save(context.WithoutCancel(ctx), "chat", paused("", "y"))
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "timeout"), "%v", err)
	assert.Less(t, time.Since(start), 5*time.Second)
}

func TestOptions(t *testing.T) {
	ctx := context.Background()
	_, err := pgstore.New(ctx, nil)
	assert.ErrorContains(t, err, "nil pool")
	p := &pgxpool.Pool{} // never used: the options fail first
	for _, c := range []struct {
		opt  pgstore.Option
		want string
	}{
		{pgstore.WithTable(""), `pgstore.WithTable(""): a table is "name" or "schema.name"`},
		{pgstore.WithTable("a.b.c"), `pgstore.WithTable("a.b.c"): a table is "name" or "schema.name"`},
		{pgstore.WithTable("a."), `pgstore.WithTable("a."): an empty part in the name`},
		{pgstore.WithMaxChatBytes(0), "pgstore.WithMaxChatBytes(0): must be at least 1"},
		{pgstore.WithTimeout(0), "pgstore.WithTimeout(0s): must be positive"},
		{nil, "pgstore.New: nil Option"},
	} {
		_, err := pgstore.New(ctx, p, c.opt)
		assert.EqualError(t, err, c.want)
	}
}

// BenchmarkPauseAndResume is what a paused run costs the store: its save
// when it pauses, then the load and the take of the request that answers
// it (a chat of one user message of 4 KiB).
func BenchmarkPauseAndResume(b *testing.B) {
	ctx := b.Context()
	pg := pgtest.Shared(b)
	p, err := pgxpool.New(ctx, pg.URL)
	require.NoError(b, err)
	defer p.Close()
	s, err := pgstore.New(ctx, p, pgstore.WithTable(fmt.Sprintf("bench_%d", time.Now().UnixNano())))
	require.NoError(b, err)
	c := paused("alice", strings.Repeat("x", 4<<10))
	next := &aisdk.Chat{Principal: "alice"}
	for b.Loop() {
		require.NoError(b, s.Save(ctx, "chat", c))
		loaded, err := s.Load(ctx, "chat")
		require.NoError(b, err)
		took, err := s.TakeRun(ctx, "chat", loaded, next)
		require.NoError(b, err)
		require.True(b, took)
	}
}
