package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// NewMemoryTaskStore returns a TaskStore that keeps tasks in this process's
// memory: a server's default. Its tasks end with the process.
func NewMemoryTaskStore() TaskStore {
	return &memoryTaskStore{tasks: map[string]*TaskRecord{}}
}

type memoryTaskStore struct {
	mu    sync.Mutex
	tasks map[string]*TaskRecord
}

func live(r *TaskRecord, now time.Time) bool { return !now.After(r.ExpiresAt) }

func (m *memoryTaskStore) Create(_ context.Context, rec TaskRecord, limits TaskLimits, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.tasks[rec.ID]; ok && live(old, now) {
		return ErrTaskExists
	}
	total, running := 0, 0
	var oldest *TaskRecord // the terminal record updated longest ago
	for id, r := range m.tasks {
		if !live(r, now) {
			delete(m.tasks, id)
			continue
		}
		total++
		switch {
		case !r.Status.Terminal() && r.Owner == rec.Owner:
			running++
		case r.Status.Terminal() && (oldest == nil || r.UpdatedAt.Before(oldest.UpdatedAt)):
			oldest = r
		}
	}
	if limits.PerOwner > 0 && running >= limits.PerOwner {
		return fmt.Errorf("%w: this client has %d tasks running, the most it may have", ErrTooManyTasks, running)
	}
	if limits.Total > 0 && total >= limits.Total {
		if oldest == nil {
			return fmt.Errorf("%w: the server runs %d tasks, the most it may hold", ErrTooManyTasks, total)
		}
		delete(m.tasks, oldest.ID)
	}
	m.tasks[rec.ID] = clone(rec)
	return nil
}

func clone(r TaskRecord) *TaskRecord {
	r.Arguments = slices.Clone(r.Arguments)
	r.Result = slices.Clone(r.Result)
	r.InputRequests = slices.Clone(r.InputRequests)
	r.InputResponses = slices.Clone(r.InputResponses)
	if r.Error != nil {
		e := *r.Error
		r.Error = &e
	}
	return &r
}

func (m *memoryTaskStore) Get(_ context.Context, id string, now time.Time) (TaskRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.tasks[id]
	if !ok || !live(r, now) {
		return TaskRecord{}, ErrTaskNotFound
	}
	return *clone(*r), nil
}

func (m *memoryTaskStore) Update(_ context.Context, id string, now time.Time, change func(*TaskRecord) error) (TaskRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.tasks[id]
	if !ok || !live(r, now) {
		return TaskRecord{}, ErrTaskNotFound
	}
	c := clone(*r)
	if err := change(c); err != nil {
		return TaskRecord{}, err
	}
	c.ID, c.Owner, c.CreatedAt = r.ID, r.Owner, r.CreatedAt
	m.tasks[id] = c
	return *clone(*c), nil
}

// memoryCursor is the memory store's cursor: the last record's creation time
// and id.
func memoryCursor(r *TaskRecord) string {
	return fmt.Sprintf("%d.%s", r.CreatedAt.UnixNano(), r.ID)
}

func before(a, b *TaskRecord) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.Before(b.CreatedAt)
	}
	return a.ID < b.ID
}

func (m *memoryTaskStore) List(_ context.Context, owner, cursor string, limit int, now time.Time) ([]TaskRecord, string, error) {
	var after *TaskRecord
	if cursor != "" {
		nanos, id, ok := strings.Cut(cursor, ".")
		var n int64
		if _, err := fmt.Sscanf(nanos, "%d", &n); !ok || err != nil || id == "" {
			return nil, "", fmt.Errorf("%w: %q", ErrBadCursor, cursor)
		}
		after = &TaskRecord{ID: id, CreatedAt: time.Unix(0, n)}
	}
	m.mu.Lock()
	var mine []*TaskRecord
	for _, r := range m.tasks {
		if r.Owner == owner && live(r, now) && (after == nil || before(after, r)) {
			mine = append(mine, r)
		}
	}
	slices.SortFunc(mine, func(a, b *TaskRecord) int {
		if before(a, b) {
			return -1
		}
		return 1
	})
	next := ""
	if limit > 0 && len(mine) > limit {
		mine = mine[:limit]
		next = memoryCursor(mine[limit-1])
	}
	out := make([]TaskRecord, len(mine))
	for i, r := range mine {
		out[i] = *clone(*r)
	}
	m.mu.Unlock()
	return out, next, nil
}

func (m *memoryTaskStore) Lapsed(_ context.Context, now time.Time, limit int) ([]TaskRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []TaskRecord
	for _, r := range m.tasks {
		if len(out) >= limit {
			break
		}
		if live(r, now) && !r.Status.Terminal() && r.LeaseExpiry.Before(now) {
			out = append(out, *clone(*r))
		}
	}
	return out, nil
}

func (m *memoryTaskStore) DeleteExpired(_ context.Context, now time.Time) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for id, r := range m.tasks {
		if !live(r, now) {
			delete(m.tasks, id)
			n++
		}
	}
	return n, nil
}
