package agui

import (
	"context"
	"errors"
	"fmt"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// Thread is what the handler keeps of a thread between its runs: who
// started it, the thread's transcript as the server ran it, and, while
// that run waits for approval, the interrupt ids its calls were asked
// with. It round-trips through JSON.
type Thread struct {
	// Principal is who started the thread (see WithPrincipal); "" without
	// WithPrincipal.
	Principal string `json:"principal,omitempty"`
	// Run is the thread's last run as the server ran it: its transcript
	// (the history of the thread's next run), and, while its StopReason
	// is paused, the calls waiting for approval. nil when the server keeps
	// none: the thread's next run reads the client's messages (see the
	// package doc).
	Run *agent.State `json:"run,omitempty"`
	// Interrupts are the call ids of Run's calls waiting for approval, by
	// the interrupt id each was asked with: random, made by the handler,
	// so that only the client that read the interrupt can answer it.
	Interrupts map[string]string `json:"interrupts,omitempty"`
	// Seen are the ids of the messages the client holds that Run's
	// transcript has already: the user's messages it took, and the
	// messages the handler streamed. A message of a later request whose id
	// is not here is new.
	Seen []string `json:"seen,omitempty"`
}

// paused reports whether the thread waits for answers to interrupts.
func (t *Thread) paused() bool {
	return t != nil && t.Run != nil && t.Run.StopReason == agent.StopPaused
}

// Store keeps threads by id (RunAgentInput.threadId) between their runs.
// The handler loads a thread when a run of it comes; saves it when the run
// ends (finished, with its transcript; or paused, with the interrupts);
// and, before it resumes a paused run, takes the run out (deleting the
// thread, or, with WithPrincipal, saving it with no run), so that a run
// resumes at most once. A Store is used from concurrent requests. Thread
// round-trips through JSON, so a Store may keep it anywhere (a database, a
// cache). A Store bounded in size returns an error wrapping ErrStoreFull
// from a Save that does not fit.
type Store interface {
	Save(ctx context.Context, threadID string, t *Thread) error
	// Load returns the thread, or nil and no error when there is none.
	Load(ctx context.Context, threadID string) (*Thread, error)
	Delete(ctx context.Context, threadID string) error
}

// ErrStoreFull is wrapped by the error of a Save that would take a Store
// beyond its bound in bytes.
var ErrStoreFull = errors.New("agui: the thread store is full")

// DefaultMaxStoreBytes bounds the bytes of a MemoryStore made by
// NewMemoryStore (the default store's).
const DefaultMaxStoreBytes = chatcore.DefaultMaxStoreBytes

// MemoryStore is a Store in memory, bounded by count and by bytes (a
// thread's bytes are its JSON: the transcript and paused state, the
// principal, the ids). Saving a thread beyond the count drops the thread
// saved longest ago; a save that would go beyond the bytes is refused with
// ErrStoreFull, saying the limit, and drops nothing, so that one large
// thread cannot push out others. It keeps copies (through JSON), so a
// thread saved is not changed by the run that goes on with it.
type MemoryStore struct {
	m *chatcore.Memory[Thread]
}

// NewMemoryStore makes a MemoryStore for at most max threads (max must be
// at least 1) and DefaultMaxStoreBytes.
func NewMemoryStore(max int) (*MemoryStore, error) {
	if max < 1 {
		return nil, fmt.Errorf("agui.NewMemoryStore(%d): must be at least 1", max)
	}
	return &MemoryStore{m: chatcore.NewMemory[Thread](max, DefaultMaxStoreBytes, "thread", ErrStoreFull)}, nil
}

// NewMemoryStoreLimits makes a MemoryStore for at most maxThreads threads
// holding at most maxBytes bytes; both must be at least 1.
func NewMemoryStoreLimits(maxThreads int, maxBytes int64) (*MemoryStore, error) {
	if maxThreads < 1 || maxBytes < 1 {
		return nil, fmt.Errorf("agui.NewMemoryStoreLimits(%d, %d): both must be at least 1", maxThreads, maxBytes)
	}
	return &MemoryStore{m: chatcore.NewMemory[Thread](maxThreads, maxBytes, "thread", ErrStoreFull)}, nil
}

// Save keeps t as the thread's, unless it does not fit in the bytes left
// (the thread's previous copy counts as free).
func (m *MemoryStore) Save(_ context.Context, threadID string, t *Thread) error {
	return m.m.Save(threadID, t)
}

// Load returns a copy of the thread, or nil.
func (m *MemoryStore) Load(_ context.Context, threadID string) (*Thread, error) {
	return m.m.Load(threadID)
}

// Delete drops the thread, if m has it.
func (m *MemoryStore) Delete(_ context.Context, threadID string) error {
	m.m.Delete(threadID)
	return nil
}

// Len is how many threads m holds.
func (m *MemoryStore) Len() int { return m.m.Len() }

// Bytes is how many bytes m's threads take (see MemoryStore).
func (m *MemoryStore) Bytes() int64 { return m.m.Bytes() }
