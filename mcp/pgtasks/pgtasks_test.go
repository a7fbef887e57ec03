package pgtasks_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/pgtest"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/mcp/pgtasks"
	"github.com/toolgen-dev/toolgen/mcp/taskstoretest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) } // and no goroutine leaked

// pool is a pool of the test's own on the package's PostgreSQL (a replica's
// connections), closed when the test ends.
func pool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.New(t.Context(), pgtest.Shared(t).URL)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// replica is a Store on the test's table through a pool of its own: what
// one replica of a server has.
func replica(t *testing.T) *pgtasks.Store {
	t.Helper()
	s, err := pgtasks.New(t.Context(), pool(t), pgtasks.WithTable(pgtest.TableName(t, "tasks")))
	require.NoError(t, err)
	t.Cleanup(s.Close)
	return s
}

// t0 is the tests' clock: the store compares the times it is given.
var t0 = time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)

// task is a working task of owner, created at t0, kept an hour, leased to
// replica r1 for 30 s.
func task(id, owner string) mcp.TaskRecord {
	return mcp.TaskRecord{
		ID: id, Owner: owner, Tool: "slow", Arguments: json.RawMessage(`{"seconds":3}`), Idempotent: true,
		Status: mcp.TaskWorking, StatusMessage: "started", CreatedAt: t0, UpdatedAt: t0,
		TTL: time.Hour, ExpiresAt: t0.Add(time.Hour), PollInterval: 500 * time.Millisecond,
		Replica: "r1", LeaseExpiry: t0.Add(30 * time.Second),
	}
}

// same checks that got is want as stored (times to the microsecond).
func same(t *testing.T, want, got mcp.TaskRecord) {
	t.Helper()
	for _, p := range [][2]*time.Time{{&want.CreatedAt, &got.CreatedAt}, {&want.UpdatedAt, &got.UpdatedAt},
		{&want.ExpiresAt, &got.ExpiresAt}, {&want.LeaseExpiry, &got.LeaseExpiry}} {
		assert.True(t, p[0].Truncate(time.Microsecond).Equal(*p[1]), "want %s, got %s", p[0], p[1])
		*p[0], *p[1] = time.Time{}, time.Time{}
	}
	assert.Equal(t, want, got)
}

// Every field is kept as given, JSON as written; ids are unique until the
// record expires.
func TestCreateGet(t *testing.T) {
	ctx := t.Context()
	s := replica(t)
	rec := task("t1", "sub:alice")
	rec.CreatedAt = t0.Add(1234567 * time.Nanosecond) // kept to the microsecond
	rec.Arguments = json.RawMessage(`{"b": 1,  "a": "\u0000"}`)
	require.NoError(t, s.Create(ctx, rec, mcp.TaskLimits{}, t0))
	got, err := s.Get(ctx, "t1", t0)
	require.NoError(t, err)
	same(t, rec, got)

	done := rec
	done.ID, done.Status, done.Result, done.Error = "t2", mcp.TaskFailed, json.RawMessage(`{"content":[],"isError":true}`), &mcp.TaskError{Code: -32603, Message: "gone"}
	done.CancelRequested, done.Attempts, done.Arguments = true, 2, nil
	require.NoError(t, s.Create(ctx, done, mcp.TaskLimits{}, t0))
	got, err = s.Get(ctx, "t2", t0)
	require.NoError(t, err)
	same(t, done, got)

	assert.ErrorIs(t, s.Create(ctx, rec, mcp.TaskLimits{}, t0), mcp.ErrTaskExists)
	_, err = s.Get(ctx, "nope", t0)
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound)

	// Once expired, the id is free again.
	later := t0.Add(2 * time.Hour)
	again := task("t1", "sub:bob")
	again.CreatedAt, again.ExpiresAt = later, later.Add(time.Hour)
	require.NoError(t, s.Create(ctx, again, mcp.TaskLimits{}, later))
	got, err = s.Get(ctx, "t1", later)
	require.NoError(t, err)
	assert.Equal(t, "sub:bob", got.Owner)
}

// Limits hold across replicas creating at once: of 20 creates of one
// owner, on two replicas, with PerOwner 5, five succeed; PerOwner counts
// running tasks only; at Total, the finished task updated longest ago makes
// room, and with none finished the create is refused; expired records do
// not count.
func TestCreateLimits(t *testing.T) {
	ctx := t.Context()
	a, b := replica(t), replica(t)
	limits := mcp.TaskLimits{PerOwner: 5}
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() {
			s := a
			if i%2 == 1 {
				s = b
			}
			errs[i] = s.Create(ctx, task(fmt.Sprint("c", i), "sub:alice"), limits, t0)
		})
	}
	wg.Wait()
	var created []string
	full := 0
	for i, err := range errs {
		switch {
		case err == nil:
			created = append(created, fmt.Sprint("c", i))
		case errors.Is(err, mcp.ErrTooManyTasks):
			full++
			assert.ErrorContains(t, err, "this client has 5 tasks running, the most it may have")
		default:
			t.Errorf("unexpected error: %v", err)
		}
	}
	require.Len(t, created, 5)
	assert.Equal(t, 15, full)

	require.NoError(t, b.Create(ctx, task("bob1", "sub:bob"), limits, t0), "another owner has room of his own")
	err := a.Create(ctx, task("carol1", "sub:carol"), mcp.TaskLimits{Total: 6}, t0)
	assert.ErrorIs(t, err, mcp.ErrTooManyTasks)
	assert.ErrorContains(t, err, "the server runs 6 tasks, the most it may hold")

	// Two of alice's tasks finish: she may start one more, and each
	// create at Total deletes the finished task updated longest ago.
	for i, id := range created[:2] {
		_, err := a.Update(ctx, id, t0, func(r *mcp.TaskRecord) error {
			r.Status, r.UpdatedAt = mcp.TaskCompleted, t0.Add(time.Duration(2-i)*time.Second) // the second is the oldest
			return nil
		})
		require.NoError(t, err)
	}
	require.NoError(t, b.Create(ctx, task("alice-more", "sub:alice"), limits, t0))
	require.NoError(t, a.Create(ctx, task("carol1", "sub:carol"), mcp.TaskLimits{Total: 7}, t0))
	_, err = a.Get(ctx, created[1], t0)
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound, "the oldest finished task made room")
	_, err = a.Get(ctx, created[0], t0)
	assert.NoError(t, err)
	require.NoError(t, a.Create(ctx, task("carol2", "sub:carol"), mcp.TaskLimits{Total: 7}, t0))
	_, err = a.Get(ctx, created[0], t0)
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound)
	err = a.Create(ctx, task("carol3", "sub:carol"), mcp.TaskLimits{Total: 7}, t0)
	assert.ErrorIs(t, err, mcp.ErrTooManyTasks, "none finished: no room")

	later := t0.Add(2 * time.Hour) // every record above has expired
	fresh := task("carol1", "sub:carol")
	fresh.CreatedAt, fresh.ExpiresAt = later, later.Add(time.Hour)
	assert.NoError(t, a.Create(ctx, fresh, mcp.TaskLimits{Total: 1, PerOwner: 1}, later))
}

// Two replicas updating one task at once lose no update: each change sees
// the record the one before stored.
func TestUpdateTwoReplicasAtOnce(t *testing.T) {
	ctx := t.Context()
	a, b := replica(t), replica(t)
	require.NoError(t, a.Create(ctx, task("t", "o"), mcp.TaskLimits{}, t0))
	var wg sync.WaitGroup
	for _, s := range []*pgtasks.Store{a, b} {
		wg.Go(func() {
			for range 50 {
				_, err := s.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error {
					r.Attempts++
					return nil
				})
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	got, err := b.Get(ctx, "t", t0)
	require.NoError(t, err)
	assert.Equal(t, 100, got.Attempts)
}

// A role whose default isolation is serializable changes nothing: the
// store's transactions run at read committed under their locks, so that
// two replicas updating one task in a loop lose no update and fail none.
func TestUpdateSerializable(t *testing.T) {
	ctx := t.Context()
	table := pgtest.TableName(t, "tasks")
	replicas := make([]*pgtasks.Store, 2)
	for i := range replicas {
		cfg, err := pgxpool.ParseConfig(pgtest.Shared(t).URL)
		require.NoError(t, err)
		cfg.ConnConfig.RuntimeParams["default_transaction_isolation"] = "serializable"
		p, err := pgxpool.NewWithConfig(ctx, cfg)
		require.NoError(t, err)
		t.Cleanup(p.Close)
		replicas[i], err = pgtasks.New(ctx, p, pgtasks.WithTable(table))
		require.NoError(t, err)
		t.Cleanup(replicas[i].Close)
	}
	require.NoError(t, replicas[0].Create(ctx, task("t", "o"), mcp.TaskLimits{}, t0))
	var wg sync.WaitGroup
	for _, s := range replicas {
		wg.Go(func() {
			for range 30 {
				_, err := s.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error {
					r.Attempts++
					return nil
				})
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	got, err := replicas[1].Get(ctx, "t", t0)
	require.NoError(t, err)
	assert.Equal(t, 60, got.Attempts)
}

// A cancel requested on one replica is what the running replica's next
// heartbeat reads, and the heartbeat does not undo it; a change's error
// stores nothing; ID, Owner and CreatedAt stay.
func TestCancelSeenByHeartbeat(t *testing.T) {
	ctx := t.Context()
	running, other := replica(t), replica(t)
	require.NoError(t, running.Create(ctx, task("t", "o"), mcp.TaskLimits{}, t0))

	heartbeat := func(now time.Time) mcp.TaskRecord {
		rec, err := running.Update(ctx, "t", now, func(r *mcp.TaskRecord) error {
			if r.Replica != "r1" {
				return errors.New("not mine any more")
			}
			r.LeaseExpiry, r.UpdatedAt = now.Add(30*time.Second), now
			return nil
		})
		require.NoError(t, err)
		return rec
	}
	assert.False(t, heartbeat(t0.Add(10*time.Second)).CancelRequested)

	cancelled, err := other.Update(ctx, "t", t0.Add(11*time.Second), func(r *mcp.TaskRecord) error {
		r.CancelRequested, r.Status, r.StatusMessage = true, mcp.TaskCancelled, "cancelled by the client"
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, mcp.TaskCancelled, cancelled.Status)

	seen := heartbeat(t0.Add(20 * time.Second))
	assert.True(t, seen.CancelRequested, "the running replica reads the cancel")
	assert.Equal(t, mcp.TaskCancelled, seen.Status)
	assert.True(t, t0.Add(50*time.Second).Equal(seen.LeaseExpiry))

	refused := errors.New("refused")
	_, err = other.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error {
		r.Status = mcp.TaskCompleted
		return refused
	})
	assert.ErrorIs(t, err, refused)
	_, err = other.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error {
		r.ID, r.Owner, r.CreatedAt = "x", "mallory", t0.Add(time.Minute)
		panic("a bug")
	})
	assert.ErrorContains(t, err, "panicked: a bug")
	_, err = other.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error {
		r.ID, r.Owner, r.CreatedAt = "x", "mallory", t0.Add(time.Minute)
		return nil
	})
	require.NoError(t, err)
	got, err := other.Get(ctx, "t", t0)
	require.NoError(t, err)
	assert.Equal(t, mcp.TaskCancelled, got.Status, "the refused change stored nothing")
	assert.Equal(t, [2]string{"t", "o"}, [2]string{got.ID, got.Owner})
	assert.True(t, t0.Equal(got.CreatedAt))
	_, err = other.Get(ctx, "x", t0)
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound)

	_, err = other.Update(ctx, "nope", t0, func(*mcp.TaskRecord) error { return nil })
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound)
}

// A task whose replica stopped renewing its lease is lapsed once the
// lease passes, not before; terminal and expired tasks never are. Two
// replicas taking it over at once: one does (an Update checking that the
// lease is still lapsed), the other finds it taken.
func TestLapsedTakenOnce(t *testing.T) {
	ctx := t.Context()
	a, b := replica(t), replica(t)
	for _, rec := range []mcp.TaskRecord{task("live", "o"), task("dead", "o"), task("done", "o"), task("short", "o")} {
		switch rec.ID {
		case "dead":
			rec.LeaseExpiry = t0.Add(5 * time.Second)
		case "done":
			rec.Status, rec.LeaseExpiry = mcp.TaskCompleted, t0
		case "short":
			rec.LeaseExpiry, rec.ExpiresAt = t0, t0.Add(5500*time.Millisecond)
		}
		require.NoError(t, a.Create(ctx, rec, mcp.TaskLimits{}, t0))
	}
	lapsed, err := b.Lapsed(ctx, t0.Add(5*time.Second), 10)
	require.NoError(t, err)
	assert.Equal(t, []string{"short"}, ids(lapsed), "a lease lapses after its expiry, not at it")

	now := t0.Add(6 * time.Second)
	lapsed, err = b.Lapsed(ctx, now, 10)
	require.NoError(t, err)
	assert.Equal(t, []string{"dead"}, ids(lapsed), "the short task expired; live's lease runs; done is done")
	none, err := b.Lapsed(ctx, now, 0)
	require.NoError(t, err)
	assert.Empty(t, none)

	errTaken := errors.New("taken")
	takeOver := func(s *pgtasks.Store, name string) error {
		_, err := s.Update(ctx, "dead", now, func(r *mcp.TaskRecord) error {
			if r.Status.Terminal() || !r.LeaseExpiry.Before(now) {
				return errTaken
			}
			r.Replica, r.LeaseExpiry, r.Attempts = name, now.Add(30*time.Second), r.Attempts+1
			return nil
		})
		return err
	}
	results := make(chan error, 2)
	go func() { results <- takeOver(a, "ra") }()
	go func() { results <- takeOver(b, "rb") }()
	got := []error{<-results, <-results}
	assert.Contains(t, got, nil)
	assert.Contains(t, got, errTaken)
	rec, err := a.Get(ctx, "dead", now)
	require.NoError(t, err)
	assert.Equal(t, 1, rec.Attempts)
	assert.Contains(t, []string{"ra", "rb"}, rec.Replica)
	lapsed, err = b.Lapsed(ctx, now, 10)
	require.NoError(t, err)
	assert.Empty(t, lapsed, "taken over: its lease runs again")

	// Not idempotent, or out of attempts: failed with the rule's message.
	failed, err := b.Update(ctx, "live", t0.Add(time.Minute), func(r *mcp.TaskRecord) error {
		r.Status, r.StatusMessage = mcp.TaskFailed, "the server running this task stopped"
		r.Error = &mcp.TaskError{Code: -32603, Message: "the server running this task stopped"}
		return nil
	})
	require.NoError(t, err)
	got2, err := a.Get(ctx, "live", t0.Add(time.Minute))
	require.NoError(t, err)
	assert.Equal(t, failed.Error, got2.Error)
}

// An expired record is gone before DeleteExpired removes it, and
// DeleteExpired removes only expired ones.
func TestExpiry(t *testing.T) {
	ctx := t.Context()
	s := replica(t)
	for i, ttl := range []time.Duration{time.Minute, 2 * time.Minute, time.Hour} {
		rec := task(fmt.Sprint("e", i), "o")
		rec.TTL, rec.ExpiresAt = ttl, t0.Add(ttl)
		require.NoError(t, s.Create(ctx, rec, mcp.TaskLimits{}, t0))
	}
	atExpiry := t0.Add(time.Minute)
	_, err := s.Get(ctx, "e0", atExpiry)
	assert.NoError(t, err, "alive at its ExpiresAt")

	now := t0.Add(90 * time.Second)
	_, err = s.Get(ctx, "e0", now)
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound)
	_, err = s.Update(ctx, "e0", now, func(*mcp.TaskRecord) error { return nil })
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound)
	list, _, err := s.List(ctx, "o", "", 10, now)
	require.NoError(t, err)
	assert.Equal(t, []string{"e1", "e2"}, ids(list))

	n, err := s.DeleteExpired(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	n, err = s.DeleteExpired(ctx, t0.Add(3*time.Minute))
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, err = s.Get(ctx, "e2", t0.Add(3*time.Minute))
	assert.NoError(t, err)
	_, err = s.Get(ctx, "e0", t0)
	assert.ErrorIs(t, err, mcp.ErrTaskNotFound, "deleted: gone even at an earlier time")
}

// An owner lists its own tasks only, oldest first, page by page; a cursor
// the store did not make is refused.
func TestListByOwner(t *testing.T) {
	ctx := t.Context()
	a, b := replica(t), replica(t)
	var want []string
	for i := range 7 {
		rec := task(fmt.Sprintf("alice-%d", i), "sub:alice")
		rec.CreatedAt = t0.Add(time.Duration(i%3) * time.Second) // ties broken by id
		require.NoError(t, a.Create(ctx, rec, mcp.TaskLimits{}, t0))
	}
	for _, i := range []int{0, 3, 6, 1, 4, 2, 5} {
		want = append(want, fmt.Sprintf("alice-%d", i))
	}
	for i := range 3 {
		require.NoError(t, b.Create(ctx, task(fmt.Sprint("bob-", i), "sub:bob"), mcp.TaskLimits{}, t0))
	}
	var got []string
	cursor, pages := "", 0
	for {
		page, next, err := b.List(ctx, "sub:alice", cursor, 3, t0)
		require.NoError(t, err)
		got = append(got, ids(page)...)
		pages++
		if next == "" {
			break
		}
		require.Less(t, pages, 5)
		cursor = next
	}
	assert.Equal(t, want, got)
	assert.Equal(t, 3, pages)

	all, next, err := a.List(ctx, "sub:bob", "", 0, t0)
	require.NoError(t, err)
	assert.Equal(t, []string{"bob-0", "bob-1", "bob-2"}, ids(all))
	assert.Empty(t, next)
	none, _, err := a.List(ctx, "sub:mallory", "", 10, t0)
	require.NoError(t, err)
	assert.Empty(t, none)

	for _, bad := range []string{"!!", "bm90IGEgY3Vyc29y", "MTIz"} {
		_, _, err = a.List(ctx, "sub:alice", bad, 3, t0)
		assert.ErrorIs(t, err, mcp.ErrBadCursor, "cursor %q", bad)
	}
}

// A change on one replica wakes a watch on another; a lease renewed or a
// status message does not, nor another task's change.
func TestWatch(t *testing.T) {
	ctx := t.Context()
	a, b := replica(t), replica(t)
	require.NoError(t, a.Create(ctx, task("t", "o"), mcp.TaskLimits{}, t0))
	changed, stop := b.Watch("t")
	defer stop()
	other, stopOther := b.Watch("u")
	defer stopOther()
	// The listener wakes every watch once it listens (a change before it
	// was not heard).
	requireValue(t, changed, 10*time.Second)
	requireValue(t, other, time.Second)

	_, err := a.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error { r.LeaseExpiry = t0.Add(time.Minute); return nil })
	require.NoError(t, err)
	_, err = a.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error { r.StatusMessage = "50%"; return nil })
	require.NoError(t, err)
	requireNone(t, changed, other)

	_, err = a.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error { r.CancelRequested = true; return nil })
	require.NoError(t, err)
	start := time.Now()
	requireValue(t, changed, 10*time.Second)
	t.Logf("woken %s after the commit", time.Since(start))
	requireNone(t, changed, other)
	_, err = a.Update(ctx, "t", t0, func(r *mcp.TaskRecord) error { r.Status = mcp.TaskCancelled; return nil })
	require.NoError(t, err)
	requireValue(t, changed, 10*time.Second)
	requireNone(t, changed, other)

	b.Close()
	closed, _ := b.Watch("t")
	requireValue(t, closed, time.Second)
}

// requireNone checks that neither watch gets a value within 200 ms.
func requireNone(t *testing.T, changed, other <-chan struct{}) {
	t.Helper()
	deadline := time.After(200 * time.Millisecond)
	for {
		select {
		case <-changed:
			t.Fatal("woken with no change to announce")
		case <-other:
			t.Fatal("woken by another task's change")
		case <-deadline:
			return
		}
	}
}

func requireValue(t *testing.T, c <-chan struct{}, within time.Duration) {
	t.Helper()
	select {
	case <-c:
	case <-time.After(within):
		t.Fatalf("no value within %s", within)
	}
}

// New refuses bad options, makes the table once when replicas start at
// once, and checks the columns of a table it finds.
func TestNew(t *testing.T) {
	ctx := t.Context()
	p := pool(t)
	for _, opt := range []pgtasks.Option{pgtasks.WithTable(""), pgtasks.WithTable("a.b.c"), pgtasks.WithTable("a."), pgtasks.WithTimeout(0), nil} {
		_, err := pgtasks.New(ctx, p, opt)
		assert.Error(t, err)
	}
	_, err := pgtasks.New(ctx, nil)
	assert.Error(t, err)

	table := pgtest.TableName(t, "tasks")
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			s, err := pgtasks.New(ctx, p, pgtasks.WithTable(table))
			if assert.NoError(t, err) {
				s.Close()
			}
		})
	}
	wg.Wait()

	_, err = p.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS app; CREATE TABLE IF NOT EXISTS app.`+table+`_other (id text)`)
	require.NoError(t, err)
	_, err = pgtasks.New(ctx, p, pgtasks.WithTable("app."+table+"_other"))
	assert.ErrorContains(t, err, `pgtasks.New: table "app"."`+table+`_other": `)

	sql, err := pgtasks.CreateSQL("app." + table)
	require.NoError(t, err)
	_, err = p.Exec(ctx, sql)
	require.NoError(t, err)
	_, err = p.Exec(ctx, sql)
	require.NoError(t, err, "the migration runs again unchanged")
	s, err := pgtasks.New(ctx, p, pgtasks.WithTable("app."+table))
	require.NoError(t, err)
	s.Close()

	// A table made by an older version, without an index: New adds it.
	_, err = p.Exec(ctx, `DROP INDEX app.`+table+`_finished`)
	require.NoError(t, err)
	s, err = pgtasks.New(ctx, p, pgtasks.WithTable("app."+table))
	require.NoError(t, err)
	s.Close()
	var exists bool
	require.NoError(t, p.QueryRow(ctx, `SELECT to_regclass('app.`+table+`_finished') IS NOT NULL`).Scan(&exists))
	assert.True(t, exists)

	// A table made before the tasks extension, without its columns: New
	// adds them, and its tasks keep their questions and answers.
	_, err = p.Exec(ctx, `ALTER TABLE app.`+table+` DROP COLUMN revision, DROP COLUMN input_requests, DROP COLUMN input_responses`)
	require.NoError(t, err)
	s, err = pgtasks.New(ctx, p, pgtasks.WithTable("app."+table))
	require.NoError(t, err)
	defer s.Close()
	rec := task("ext", "")
	rec.Revision, rec.InputRequests = "2026-07-28", json.RawMessage(`{"k":{"method":"roots/list"}}`)
	require.NoError(t, s.Create(ctx, rec, mcp.TaskLimits{}, t0))
	got, err := s.Get(ctx, "ext", t0)
	require.NoError(t, err)
	same(t, rec, got)
}

func ids(recs []mcp.TaskRecord) []string {
	out := []string{}
	for _, r := range recs {
		out = append(out, r.ID)
	}
	return out
}

// The contract every mcp.TaskStore keeps (mcp/taskstoretest), each check
// on a table of its own.
func TestContract(t *testing.T) {
	taskstoretest.Run(t, func(t *testing.T) mcp.TaskStore { return replica(t) })
}
