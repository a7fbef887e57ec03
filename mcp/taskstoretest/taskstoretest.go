// Package taskstoretest checks that an mcp.TaskStore keeps the contract
// its documentation states: Run is the suite every implementation (the
// in-memory one, one on a shared database) should pass.
//
//	func TestMyStore(t *testing.T) {
//		taskstoretest.Run(t, func(t *testing.T) mcp.TaskStore { return newEmptyStore(t) })
//	}
package taskstoretest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen/mcp"
)

// Run runs the suite, each check on a new empty store from newStore.
func Run(t *testing.T, newStore func(t *testing.T) mcp.TaskStore) {
	checks := []struct {
		name string
		f    func(t *testing.T, s mcp.TaskStore)
	}{
		{"CreateGet", createGet},
		{"Limits", limits},
		{"UpdateIsAtomic", updateIsAtomic},
		{"Expiry", expiry},
		{"ListPages", listPages},
		{"Lapsed", lapsed},
		{"InputState", inputState},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) { c.f(t, newStore(t)) })
	}
}

// base is a fixed clock, to the millisecond (as databases keep it).
var base = time.Date(2026, 1, 2, 3, 4, 5, 6_000_000, time.UTC)

func record(id, owner string, created time.Time) mcp.TaskRecord {
	return mcp.TaskRecord{
		ID: id, Owner: owner, Tool: "tool", Arguments: []byte(`{"a":1}`), Status: mcp.TaskWorking,
		StatusMessage: "working", CreatedAt: created, UpdatedAt: created, TTL: time.Hour,
		ExpiresAt: created.Add(time.Hour), PollInterval: time.Second, Replica: "r1",
		LeaseExpiry: created.Add(30 * time.Second), Attempts: 1,
	}
}

// same compares records as a store may keep them: times as instants,
// JSON as values (a database may reformat it), errors by value.
func same(a, b mcp.TaskRecord) bool {
	jsonEq := func(x, y []byte) bool {
		if len(x) == 0 || len(y) == 0 {
			return len(x) == len(y)
		}
		var vx, vy any
		return json.Unmarshal(x, &vx) == nil && json.Unmarshal(y, &vy) == nil && reflect.DeepEqual(vx, vy)
	}
	times := [][2]time.Time{{a.CreatedAt, b.CreatedAt}, {a.UpdatedAt, b.UpdatedAt}, {a.ExpiresAt, b.ExpiresAt}, {a.LeaseExpiry, b.LeaseExpiry}}
	for _, p := range times {
		if !p[0].Equal(p[1]) {
			return false
		}
	}
	if (a.Error == nil) != (b.Error == nil) || (a.Error != nil && *a.Error != *b.Error) {
		return false
	}
	if !jsonEq(a.Arguments, b.Arguments) || !jsonEq(a.Result, b.Result) ||
		!jsonEq(a.InputRequests, b.InputRequests) || !jsonEq(a.InputResponses, b.InputResponses) {
		return false
	}
	a.CreatedAt, a.UpdatedAt, a.ExpiresAt, a.LeaseExpiry, a.Error, a.Arguments, a.Result = b.CreatedAt, b.UpdatedAt, b.ExpiresAt, b.LeaseExpiry, b.Error, b.Arguments, b.Result
	a.InputRequests, a.InputResponses = b.InputRequests, b.InputResponses
	return reflect.DeepEqual(a, b)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func createGet(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	rec := record("t1", "sub:alice", base)
	rec.Idempotent = true
	must(t, s.Create(ctx, rec, mcp.TaskLimits{}, base))
	if err := s.Create(ctx, rec, mcp.TaskLimits{}, base); !errors.Is(err, mcp.ErrTaskExists) {
		t.Errorf("second Create of t1: %v, want ErrTaskExists", err)
	}
	got, err := s.Get(ctx, "t1", base)
	must(t, err)
	if !same(got, rec) {
		t.Errorf("Get:\n got %+v\nwant %+v", got, rec)
	}
	if _, err := s.Get(ctx, "nope", base); !errors.Is(err, mcp.ErrTaskNotFound) {
		t.Errorf("Get of an unknown id: %v, want ErrTaskNotFound", err)
	}
	later := base.Add(time.Second)
	got, err = s.Update(ctx, "t1", later, func(r *mcp.TaskRecord) error {
		r.Status, r.UpdatedAt, r.Result = mcp.TaskCompleted, later, []byte(`{"content":[]}`)
		r.Error = &mcp.TaskError{Code: -32603, Message: "x"}
		return nil
	})
	must(t, err)
	if got.Status != mcp.TaskCompleted || string(got.Result) != `{"content":[]}` || got.Error == nil || !got.UpdatedAt.Equal(later) {
		t.Errorf("Update returned %+v", got)
	}
	again, err := s.Get(ctx, "t1", later)
	must(t, err)
	if !same(again, got) {
		t.Errorf("Get after Update:\n got %+v\nwant %+v", again, got)
	}
	refused := errors.New("no")
	if _, err := s.Update(ctx, "t1", later, func(r *mcp.TaskRecord) error { r.StatusMessage = "lost"; return refused }); !errors.Is(err, refused) {
		t.Errorf("Update whose change fails: %v, want its error", err)
	}
	if again, _ := s.Get(ctx, "t1", later); again.StatusMessage == "lost" {
		t.Error("a change that failed was stored")
	}
	if _, err := s.Update(ctx, "nope", later, func(*mcp.TaskRecord) error { return nil }); !errors.Is(err, mcp.ErrTaskNotFound) {
		t.Errorf("Update of an unknown id: %v, want ErrTaskNotFound", err)
	}
}

func limits(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	l := mcp.TaskLimits{PerOwner: 2, Total: 3}
	must(t, s.Create(ctx, record("a1", "a", base), l, base))
	must(t, s.Create(ctx, record("a2", "a", base.Add(time.Millisecond)), l, base))
	if err := s.Create(ctx, record("a3", "a", base), l, base); !errors.Is(err, mcp.ErrTooManyTasks) {
		t.Errorf("a third running task of one owner: %v, want ErrTooManyTasks", err)
	}
	must(t, s.Create(ctx, record("b1", "b", base), l, base))
	if err := s.Create(ctx, record("b2", "b", base), l, base); !errors.Is(err, mcp.ErrTooManyTasks) {
		t.Errorf("a fourth task, none finished: %v, want ErrTooManyTasks", err)
	}
	// Finished tasks do not count per owner, and the one updated longest
	// ago makes room.
	for i, id := range []string{"a2", "a1"} {
		_, err := s.Update(ctx, id, base, func(r *mcp.TaskRecord) error {
			r.Status, r.UpdatedAt = mcp.TaskCompleted, base.Add(time.Duration(i+1)*time.Second)
			return nil
		})
		must(t, err)
	}
	must(t, s.Create(ctx, record("a3", "a", base), l, base))
	if _, err := s.Get(ctx, "a2", base); !errors.Is(err, mcp.ErrTaskNotFound) {
		t.Errorf("a2, the finished task updated longest ago, is still there: %v", err)
	}
	if _, err := s.Get(ctx, "a1", base); err != nil {
		t.Errorf("a1 was deleted instead of a2: %v", err)
	}
}

func updateIsAtomic(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	must(t, s.Create(ctx, record("t", "o", base), mcp.TaskLimits{}, base))
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			_, err := s.Update(ctx, "t", base, func(r *mcp.TaskRecord) error { r.Attempts++; return nil })
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := s.Get(ctx, "t", base)
	must(t, err)
	if got.Attempts != 21 {
		t.Errorf("20 concurrent increments of 1 gave %d, want 21", got.Attempts)
	}
}

func expiry(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	must(t, s.Create(ctx, record("old", "o", base), mcp.TaskLimits{}, base))
	young := record("young", "o", base.Add(time.Minute))
	must(t, s.Create(ctx, young, mcp.TaskLimits{}, base))
	after := base.Add(time.Hour + time.Second)
	if _, err := s.Get(ctx, "old", after); !errors.Is(err, mcp.ErrTaskNotFound) {
		t.Errorf("Get of an expired task: %v, want ErrTaskNotFound", err)
	}
	if _, err := s.Update(ctx, "old", after, func(*mcp.TaskRecord) error { return nil }); !errors.Is(err, mcp.ErrTaskNotFound) {
		t.Errorf("Update of an expired task: %v, want ErrTaskNotFound", err)
	}
	recs, _, err := s.List(ctx, "o", "", 10, after)
	must(t, err)
	if len(recs) != 1 || recs[0].ID != "young" {
		t.Errorf("List after expiry: %v, want young alone", recs)
	}
	n, err := s.DeleteExpired(ctx, after)
	must(t, err)
	if n != 1 {
		t.Errorf("DeleteExpired removed %d, want 1", n)
	}
	if _, err := s.Get(ctx, "young", after); err != nil {
		t.Errorf("young: %v", err)
	}
}

func listPages(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	for i := range 5 {
		must(t, s.Create(ctx, record(fmt.Sprintf("m%d", i), "me", base.Add(time.Duration(i)*time.Millisecond)), mcp.TaskLimits{}, base))
	}
	must(t, s.Create(ctx, record("other", "someone else", base), mcp.TaskLimits{}, base))
	var ids []string
	cursor := ""
	for page := 0; page < 10; page++ {
		recs, next, err := s.List(ctx, "me", cursor, 2, base)
		must(t, err)
		for _, r := range recs {
			ids = append(ids, r.ID)
		}
		if next == "" {
			break
		}
		cursor = next
	}
	if fmt.Sprint(ids) != "[m0 m1 m2 m3 m4]" {
		t.Errorf("pages of 2 gave %v, want m0 to m4 in order", ids)
	}
	if _, _, err := s.List(ctx, "me", "not a cursor of this store", 2, base); !errors.Is(err, mcp.ErrBadCursor) {
		t.Errorf("List with a made-up cursor: %v, want ErrBadCursor", err)
	}
}

func lapsed(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	must(t, s.Create(ctx, record("alive", "o", base), mcp.TaskLimits{}, base))
	dead := record("dead", "o", base)
	dead.LeaseExpiry = base.Add(-time.Second)
	must(t, s.Create(ctx, dead, mcp.TaskLimits{}, base))
	done := record("done", "o", base)
	done.Status, done.LeaseExpiry = mcp.TaskCompleted, base.Add(-time.Second)
	must(t, s.Create(ctx, done, mcp.TaskLimits{}, base))
	recs, err := s.Lapsed(ctx, base, 10)
	must(t, err)
	if len(recs) != 1 || recs[0].ID != "dead" {
		t.Errorf("Lapsed: %v, want dead alone", recs)
	}
}

// inputState checks the state of a task of the tasks extension (protocol
// 2026-07-28): its revision and the questions and answers it carries
// between the replica running its tool and the one a tasks/update reaches,
// kept as given, emptied back to nil, and isolated from the caller's copy.
func inputState(t *testing.T, s mcp.TaskStore) {
	ctx := context.Background()
	rec := record("ext", "", base)
	rec.Revision = "2026-07-28"
	rec.InputResponses = []byte(`{"user_name":{"action":"accept","content":{"name":"Alice"}}}`)
	must(t, s.Create(ctx, rec, mcp.TaskLimits{}, base))
	rec.InputResponses[2] = 'X' // the store kept its own copy
	rec.InputResponses = []byte(`{"user_name":{"action":"accept","content":{"name":"Alice"}}}`)
	got, err := s.Get(ctx, "ext", base)
	must(t, err)
	if !same(got, rec) {
		t.Errorf("Get:\n got %+v\nwant %+v", got, rec)
	}
	asked := []byte(`{"confirm":{"method":"elicitation/create","params":{"mode":"form","message":"Sure?","requestedSchema":{"type":"object","properties":{}}}},"b":{"method":"roots/list"}}`)
	later := base.Add(time.Second)
	_, err = s.Update(ctx, "ext", later, func(r *mcp.TaskRecord) error {
		r.Status, r.UpdatedAt, r.InputRequests, r.InputResponses = mcp.TaskInputRequired, later, asked, nil
		return nil
	})
	must(t, err)
	got, err = s.Get(ctx, "ext", later)
	must(t, err)
	want := rec
	want.Status, want.UpdatedAt, want.InputRequests, want.InputResponses = mcp.TaskInputRequired, later, asked, nil
	if !same(got, want) || got.InputResponses != nil {
		t.Errorf("after asking:\n got %+v\nwant %+v (InputResponses nil)", got, want)
	}
	recs, err := s.Lapsed(ctx, base.Add(time.Hour-time.Second), 10)
	must(t, err)
	if len(recs) != 1 || recs[0].ID != "ext" || recs[0].Revision != "2026-07-28" {
		t.Errorf("Lapsed of an input_required task whose lease lapsed: %+v, want ext with its revision", recs)
	}
	_, err = s.Update(ctx, "ext", later, func(r *mcp.TaskRecord) error {
		r.InputRequests, r.InputResponses = nil, []byte(`{"confirm":{"action":"decline"},"b":{"roots":[]}}`)
		return nil
	})
	must(t, err)
	got, err = s.Get(ctx, "ext", later)
	must(t, err)
	if got.InputRequests != nil {
		t.Errorf("after answering: InputRequests %s, want nil", got.InputRequests)
	}
	var answers map[string]json.RawMessage
	if err := json.Unmarshal(got.InputResponses, &answers); err != nil || len(answers) != 2 {
		t.Errorf("after answering: InputResponses %s, want both answers (%v)", got.InputResponses, err)
	}
}
