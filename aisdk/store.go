package aisdk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// Chat is what the handler keeps of a chat between its requests: who
// started it, and its run paused for approval with the approval ids its
// calls were asked with. It round-trips through JSON.
type Chat struct {
	// Principal is who started the chat (see WithPrincipal); "" without
	// WithPrincipal.
	Principal string `json:"principal,omitempty"`
	// Run is the chat's run paused for approval; nil when none waits.
	Run *agent.State `json:"run,omitempty"`
	// Approvals are the approval ids of Run's calls waiting for approval,
	// by call id: random, made by the handler, so that only the client
	// that read the approval request can answer it.
	Approvals map[string]string `json:"approvals,omitempty"`
}

// Pause names the chat's paused run: its approval ids, sorted and joined
// by spaces; "" when no run waits (or it asked nothing). The handler makes
// new random approval ids at every pause, so two pauses never share a
// name: a RunTaker takes a run only under the name it was loaded with.
func (c *Chat) Pause() string {
	if c == nil || c.Run == nil || len(c.Approvals) == 0 {
		return ""
	}
	ids := make([]string, 0, len(c.Approvals))
	for _, id := range c.Approvals {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return strings.Join(ids, " ")
}

// Store keeps chats by id (the id useChat sends with every request)
// between their requests. The handler saves a chat when its run pauses,
// loads it when the chat's next request comes, and takes the paused run
// out (deleting the chat, or, with WithPrincipal, saving it with no run)
// before it resumes it or starts the chat over, so that a run resumes at
// most once (a store shared by replicas of the handler is a RunTaker,
// which takes a run out once whichever replica asks); with WithPrincipal
// it also saves a chat's principal when the chat starts, and keeps it. A
// Store is used from concurrent requests. Chat round-trips through JSON,
// so a Store may keep it anywhere (a database, a cache). A Store bounded
// in size returns an error wrapping ErrStoreFull from a Save that does not
// fit: the client is told it as it is.
type Store interface {
	Save(ctx context.Context, chatID string, c *Chat) error
	// Load returns the chat, or nil and no error when there is none.
	Load(ctx context.Context, chatID string) (*Chat, error)
	Delete(ctx context.Context, chatID string) error
}

// RunTaker is a Store that takes a chat's paused run out atomically, so
// that of two requests answering the same approval at once, on two
// replicas of a handler sharing the store, one alone resumes the run. (In
// one process the handler serves one request of a chat at a time; across
// processes only the store can decide.) The handler uses TakeRun, when
// its store has it, to take out the run it is about to resume, and
// Delete or Save otherwise. MemoryStore is one; so is the PostgreSQL
// store of github.com/toolgen-dev/toolgen/aisdk/pgstore.
type RunTaker interface {
	Store
	// TakeRun replaces the chat saved under chatID with next (deletes it
	// when next is nil) if the chat saved is still paused as paused is
	// (the same Chat.Pause, which must not be ""), and reports whether
	// it did; when the chat saved has another run, or none (another
	// request took it), it reports false and changes nothing.
	TakeRun(ctx context.Context, chatID string, paused, next *Chat) (bool, error)
}

// ErrStoreFull is wrapped by the error of a Save that would take a Store
// beyond its bound in bytes.
var ErrStoreFull = errors.New("aisdk: the chat store is full")

// DefaultMaxStoreBytes bounds the bytes a MemoryStore made by
// NewMemoryStore holds (the default store's).
const DefaultMaxStoreBytes = chatcore.DefaultMaxStoreBytes

// MemoryStore is a Store in memory, bounded by count and by bytes (a
// chat's bytes are its JSON: the paused run's messages and state, the
// principal, the approval ids). Saving a chat beyond the count drops the
// chat saved longest ago (an abandoned approval goes first); a save that
// would go beyond the bytes is refused with ErrStoreFull, saying the
// limit, and drops nothing, so that one large chat cannot push out
// others' paused runs. It keeps copies (through JSON), so a chat saved is
// not changed by the run that goes on with it.
type MemoryStore struct {
	m *chatcore.Memory[Chat]
}

// NewMemoryStore makes a MemoryStore for at most max chats (max must be
// at least 1) and DefaultMaxStoreBytes.
func NewMemoryStore(max int) (*MemoryStore, error) {
	if max < 1 {
		return nil, fmt.Errorf("aisdk.NewMemoryStore(%d): must be at least 1", max)
	}
	return &MemoryStore{m: chatcore.NewMemory[Chat](max, DefaultMaxStoreBytes, "chat", ErrStoreFull)}, nil
}

// NewMemoryStoreLimits makes a MemoryStore for at most maxChats chats
// holding at most maxBytes bytes; both must be at least 1.
func NewMemoryStoreLimits(maxChats int, maxBytes int64) (*MemoryStore, error) {
	if maxChats < 1 || maxBytes < 1 {
		return nil, fmt.Errorf("aisdk.NewMemoryStoreLimits(%d, %d): both must be at least 1", maxChats, maxBytes)
	}
	return &MemoryStore{m: chatcore.NewMemory[Chat](maxChats, maxBytes, "chat", ErrStoreFull)}, nil
}

// Save keeps c as the chat's, unless it does not fit in the bytes left
// (the chat's previous copy counts as free).
func (m *MemoryStore) Save(_ context.Context, chatID string, c *Chat) error {
	return m.m.Save(chatID, c)
}

// TakeRun replaces the chat with next (or deletes it, next nil) if it is
// still paused as paused is (see RunTaker).
func (m *MemoryStore) TakeRun(_ context.Context, chatID string, paused, next *Chat) (bool, error) {
	pause := paused.Pause()
	if pause == "" {
		return false, nil
	}
	// next, a principal alone, fits where a paused run was: a refused save
	// is not the handler's.
	return m.m.Replace(chatID, func(saved *Chat) bool { return saved.Pause() == pause }, next)
}

// Load returns a copy of the chat, or nil.
func (m *MemoryStore) Load(_ context.Context, chatID string) (*Chat, error) {
	return m.m.Load(chatID)
}

// Delete drops the chat, if m has it.
func (m *MemoryStore) Delete(_ context.Context, chatID string) error {
	m.m.Delete(chatID)
	return nil
}

// Len is how many chats m holds.
func (m *MemoryStore) Len() int { return m.m.Len() }

// Bytes is how many bytes m's chats take (see MemoryStore).
func (m *MemoryStore) Bytes() int64 { return m.m.Bytes() }
