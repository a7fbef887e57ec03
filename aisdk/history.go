package aisdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// A chat's history is what a page needs to show the chat again after a
// reload: the chat's UIMessages as the handler last streamed them (the
// messages of the chat's last request, and the answer streamed to it). The
// handler records each stream's chunks as the AI SDK's client builds a
// message of them, keeps the result in a MessageStore when the stream ends,
// and serves it at GET <endpoint>?id=<chat id> (see ChatHistory).

// DefaultMaxHistoryChats and DefaultMaxHistoryBytes bound the default
// MemoryMessageStore: the chats whose messages it keeps, and their size as
// JSON. A chat is about its last request's size (see WithMaxBodyBytes)
// plus its answer; a handler that takes larger requests than
// DefaultMaxHistoryBytes needs a larger store (WithMessageStore).
const (
	DefaultMaxHistoryChats = 1024
	DefaultMaxHistoryBytes = 64 << 20
)

// saveTimeout bounds saving a chat's messages at the end of its stream,
// which goes on when the client has gone (it reloaded): what was streamed
// is kept for the page that comes back.
const saveTimeout = 10 * time.Second

// ChatHistory is the JSON a GET of the chat endpoint (?id=<chat id>)
// answers: the chat's messages, ready for useChat's messages option, and
// whether a request of the chat is streaming its answer in this process
// now (then Messages hold what was streamed so far: reconnect to the
// answer's stream, useChat's resume, for the rest, or ask again when it is
// over).
type ChatHistory struct {
	ID        string      `json:"id"`
	Messages  []UIMessage `json:"messages"`
	Streaming bool        `json:"streaming"`
}

// MessageStore keeps each chat's UIMessages, by chat id, for a page
// reloaded to show the chat again. The handler saves a chat's messages
// when a stream of the chat ends, and loads them for a GET. A MessageStore
// is used from concurrent requests.
type MessageStore interface {
	// SaveMessages keeps msgs as the chat's messages, replacing those kept
	// before. When it cannot keep them, it returns an error, and
	// LoadMessages must not then return the older messages as the chat's
	// (they lack the last answer, and maybe an approval it waits for):
	// it returns an error or nothing.
	SaveMessages(ctx context.Context, chatID string, msgs []UIMessage) error
	// LoadMessages returns the chat's messages, or nil and no error when
	// it keeps none.
	LoadMessages(ctx context.Context, chatID string) ([]UIMessage, error)
}

// WithMessageStore keeps the chats' messages, which GET serves, in s
// (default: a MemoryMessageStore of DefaultMaxHistoryChats chats and
// DefaultMaxHistoryBytes). A nil s is an error.
func WithMessageStore(s MessageStore) Option {
	return func(c *config) error {
		if s == nil {
			return errors.New("aisdk.WithMessageStore(nil): nil MessageStore")
		}
		c.history = newChatHistory(s)
		return nil
	}
}

// MemoryMessageStore is a MessageStore in memory, bounded by the number of
// chats and by their size as JSON: saving one more drops the chats saved
// longest ago. A chat larger than the whole bound is not kept: its save
// fails, and so does its load, with an error saying so.
type MemoryMessageStore struct {
	mu       sync.Mutex
	maxChats int
	maxBytes int64
	size     int64
	chats    map[string]storedChat
	order    []string // chat ids, oldest save first
}

// storedChat is a chat's messages as JSON, or why they are not kept.
type storedChat struct {
	json []byte
	err  error
}

// NewMemoryMessageStore makes a MemoryMessageStore for at most maxChats
// chats of at most maxBytes together (both at least 1).
func NewMemoryMessageStore(maxChats int, maxBytes int64) (*MemoryMessageStore, error) {
	if maxChats < 1 {
		return nil, fmt.Errorf("aisdk.NewMemoryMessageStore(%d, %d): maxChats must be at least 1", maxChats, maxBytes)
	}
	if maxBytes < 1 {
		return nil, fmt.Errorf("aisdk.NewMemoryMessageStore(%d, %d): maxBytes must be at least 1", maxChats, maxBytes)
	}
	return &MemoryMessageStore{maxChats: maxChats, maxBytes: maxBytes, chats: map[string]storedChat{}}, nil
}

// SaveMessages keeps a copy of msgs as the chat's messages.
func (m *MemoryMessageStore) SaveMessages(_ context.Context, chatID string, msgs []UIMessage) error {
	b, err := json.Marshal(msgs)
	var entry storedChat
	switch {
	case err != nil:
		entry.err = fmt.Errorf("aisdk: chat %q's messages do not marshal: %w", chatID, err)
	case int64(len(b)) > m.maxBytes:
		entry.err = fmt.Errorf("aisdk: chat %q's messages are %d bytes, more than the %d bytes this store keeps", chatID, len(b), m.maxBytes)
	default:
		entry.json = b
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remove(chatID)
	for len(m.order) > 0 && (len(m.order) >= m.maxChats || m.size+int64(len(entry.json)) > m.maxBytes) {
		m.remove(m.order[0])
	}
	m.chats[chatID] = entry
	m.order = append(m.order, chatID)
	m.size += int64(len(entry.json))
	return entry.err
}

// LoadMessages returns a copy of the chat's messages, or nil.
func (m *MemoryMessageStore) LoadMessages(_ context.Context, chatID string) ([]UIMessage, error) {
	m.mu.Lock()
	entry, ok := m.chats[chatID]
	m.mu.Unlock()
	if !ok {
		return nil, nil
	}
	if entry.err != nil {
		return nil, entry.err
	}
	var msgs []UIMessage
	if err := json.Unmarshal(entry.json, &msgs); err != nil {
		return nil, fmt.Errorf("aisdk: loading chat %q's messages: %w", chatID, err)
	}
	return msgs, nil
}

// Len is how many chats m keeps (or keeps the error of).
func (m *MemoryMessageStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.chats)
}

// Bytes is the size of the messages m keeps, as JSON.
func (m *MemoryMessageStore) Bytes() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.size
}

func (m *MemoryMessageStore) remove(chatID string) {
	entry, ok := m.chats[chatID]
	if !ok {
		return
	}
	delete(m.chats, chatID)
	m.size -= int64(len(entry.json))
	for i, id := range m.order {
		if id == chatID {
			m.order = append(m.order[:i], m.order[i+1:]...)
			break
		}
	}
}

// chatHistory is the handler's part of the history: the store, and the
// chats with a stream in progress (or saving) in this process.
type chatHistory struct {
	store MessageStore
	mu    sync.Mutex
	live  map[string]*liveChat
}

// liveChat is a chat with recordings in progress. Its streams are
// numbered as they begin; a stream saves only if no later one has saved.
type liveChat struct {
	// saving is held while a recording of the chat saves, so that an
	// older stream's save never lands after a newer one's.
	saving sync.Mutex
	latest *recording // the chat's stream begun last
	begun  uint64     // streams begun
	saved  uint64     // the number of the last stream saved
	count  int        // recordings not yet ended
}

func newChatHistory(s MessageStore) *chatHistory {
	return &chatHistory{store: s, live: map[string]*liveChat{}}
}

// setDefaultHistory gives the handler a MemoryMessageStore unless
// WithMessageStore gave a store.
func (c *config) setDefaultHistory() {
	if c.history == nil {
		s, _ := NewMemoryMessageStore(DefaultMaxHistoryChats, DefaultMaxHistoryBytes) // valid bounds
		c.history = newChatHistory(s)
	}
}

// record starts recording the answer the handler streams for req, the
// chat's latest stream from now on; the recording's end saves the chat's
// messages.
func (hist *chatHistory) record(ctx context.Context, req Request) *recording {
	rec := &recording{chatID: req.ID, request: req.Messages}
	hist.mu.Lock()
	lc := hist.live[req.ID]
	if lc == nil {
		lc = &liveChat{}
		hist.live[req.ID] = lc
	}
	lc.count++
	lc.begun++
	rec.number, lc.latest = lc.begun, rec
	hist.mu.Unlock()
	rec.end = sync.OnceFunc(func() { hist.end(ctx, lc, rec) })
	return rec
}

// end marks rec over and saves the chat's messages, if rec is a stream
// that changed the chat and no later stream of the chat has saved.
func (hist *chatHistory) end(ctx context.Context, lc *liveChat, rec *recording) {
	rec.mu.Lock()
	rec.over = true
	keep := rec.changesTheChat()
	rec.mu.Unlock()
	lc.saving.Lock()
	defer lc.saving.Unlock()
	hist.mu.Lock()
	number := rec.number
	newest := number > lc.saved
	hist.mu.Unlock()
	if keep && newest {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), saveTimeout)
		// An error is the store's to keep (see MessageStore): the stream
		// has ended, and a GET tells it.
		_ = hist.store.SaveMessages(ctx, rec.chatID, rec.messages())
		cancel()
		hist.mu.Lock()
		lc.saved = number
		hist.mu.Unlock()
	}
	hist.mu.Lock()
	defer hist.mu.Unlock()
	if lc.count--; lc.count == 0 {
		delete(hist.live, rec.chatID)
	}
}

// load is the chat's history: its latest stream's messages while it is in
// progress or saving here, else the store's.
func (hist *chatHistory) load(ctx context.Context, chatID string) (msgs []UIMessage, streaming bool, err error) {
	hist.mu.Lock()
	var rec *recording
	if lc := hist.live[chatID]; lc != nil {
		rec = lc.latest
	}
	hist.mu.Unlock()
	if rec != nil {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		return rec.messagesLocked(), !rec.over, nil
	}
	msgs, err = hist.store.LoadMessages(ctx, chatID)
	return msgs, false, err
}

// serveHistory answers GET <endpoint>?id=<chat id> with the chat's
// ChatHistory: 400 without an id, 404 for a chat with no messages kept,
// 500 when the store fails (or could not keep the chat's messages).
func (h *handler) serveHistory(w http.ResponseWriter, r *http.Request) {
	chatID := r.URL.Query().Get("id")
	if chatID == "" {
		http.Error(w, "aisdk: GET needs the chat's id: ?id=<chat id>", http.StatusBadRequest)
		return
	}
	// ServeHTTP checked the Host and the Origin. The messages are the
	// chat's principal's: with principals, a chat with no record of whom
	// it belongs to (never started here, or dropped from the store) is
	// nobody's to read, and another principal's chat is answered as if
	// there were none.
	if err := h.mayRead(r, chatID); err != nil {
		if errors.Is(err, chatcore.ErrNotFound) {
			http.Error(w, "aisdk: no messages are kept for chat "+chatID, http.StatusNotFound)
			return
		}
		http.Error(w, "aisdk: "+err.Error(), http.StatusUnauthorized)
		return
	}
	msgs, streaming, err := h.history.load(r.Context(), chatID)
	if err != nil {
		http.Error(w, "aisdk: chat "+chatID+"'s messages: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if msgs == nil && !streaming {
		http.Error(w, "aisdk: no messages are kept for chat "+chatID, http.StatusNotFound)
		return
	}
	if msgs == nil {
		msgs = []UIMessage{}
	}
	b, err := json.Marshal(ChatHistory{ID: chatID, Messages: msgs, Streaming: streaming})
	if err != nil {
		http.Error(w, "aisdk: chat "+chatID+"'s messages do not marshal: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// mayRead reports whether the request's principal may read the chat's
// messages: always without WithPrincipal (a single user), otherwise only
// the principal the chat store binds the chat to (chatcore.ErrNotFound for anyone
// else, and for a chat the store has no record of).
func (h *handler) mayRead(r *http.Request, chatID string) error {
	if h.Principal == nil {
		return nil
	}
	principal, err := h.PrincipalOf(r)
	if err != nil {
		return err
	}
	chat, err := h.load(r.Context(), chatID, principal)
	if err != nil {
		return err
	}
	if chat == nil {
		return chatcore.ErrNotFound
	}
	return nil
}
