package aisdk

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/toolgen-dev/toolgen/runtime/agent"
)

// Store keeps the runs paused for approval, by chat id (the id useChat
// sends with every request), between the request that paused a run and the
// one that answers its approvals. The handler saves a run when it pauses,
// loads it when the chat's next request comes, and deletes it before it
// resumes it (or starts the chat over), so that a run resumes at most once.
// A Store is used from concurrent requests. agent.State round-trips through
// JSON, so a Store may keep it anywhere (a database, a cache).
type Store interface {
	Save(ctx context.Context, chatID string, s *agent.State) error
	// Load returns the chat's paused run, or nil and no error when it has
	// none.
	Load(ctx context.Context, chatID string) (*agent.State, error)
	Delete(ctx context.Context, chatID string) error
}

// MemoryStore is a Store in memory, holding at most a fixed number of
// paused runs: saving one more drops the one saved longest ago. It keeps
// copies (through JSON), so a state saved is not changed by the run that
// goes on with it.
type MemoryStore struct {
	mu    sync.Mutex
	max   int
	runs  map[string][]byte
	order []string // chat ids, oldest save first
}

// NewMemoryStore makes a MemoryStore for at most max paused runs (max
// must be at least 1).
func NewMemoryStore(max int) (*MemoryStore, error) {
	if max < 1 {
		return nil, fmt.Errorf("aisdk.NewMemoryStore(%d): must be at least 1", max)
	}
	return &MemoryStore{max: max, runs: map[string][]byte{}}, nil
}

// Save keeps s as the chat's paused run.
func (m *MemoryStore) Save(_ context.Context, chatID string, s *agent.State) error {
	b, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("aisdk: saving the paused run: %w", err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remove(chatID)
	for len(m.order) >= m.max {
		delete(m.runs, m.order[0])
		m.order = m.order[1:]
	}
	m.runs[chatID] = b
	m.order = append(m.order, chatID)
	return nil
}

// Load returns a copy of the chat's paused run, or nil.
func (m *MemoryStore) Load(_ context.Context, chatID string) (*agent.State, error) {
	m.mu.Lock()
	b, ok := m.runs[chatID]
	m.mu.Unlock()
	if !ok {
		return nil, nil
	}
	var s agent.State
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("aisdk: loading the paused run: %w", err)
	}
	return &s, nil
}

// Delete drops the chat's paused run, if any.
func (m *MemoryStore) Delete(_ context.Context, chatID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remove(chatID)
	return nil
}

// Len is how many paused runs m holds.
func (m *MemoryStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.runs)
}

func (m *MemoryStore) remove(chatID string) {
	if _, ok := m.runs[chatID]; !ok {
		return
	}
	delete(m.runs, chatID)
	for i, id := range m.order {
		if id == chatID {
			m.order = append(m.order[:i], m.order[i+1:]...)
			break
		}
	}
}
