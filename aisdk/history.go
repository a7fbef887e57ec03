package aisdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
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
// now (then Messages hold what was streamed so far; ask again when it is
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

// record starts recording the stream the handler writes to w for req: it
// returns the ResponseWriter to write the stream to, and end, to call when
// the stream is over (it saves the chat's messages). Only a UI message
// stream (status 200 and the stream's header) counts: an error the handler
// answers instead leaves the chat's history as it was.
func (hist *chatHistory) record(ctx context.Context, w http.ResponseWriter, req Request) (_ http.ResponseWriter, end func()) {
	hist.mu.Lock()
	lc := hist.live[req.ID]
	if lc == nil {
		lc = &liveChat{}
		hist.live[req.ID] = lc
	}
	lc.count++
	hist.mu.Unlock()
	rec := &recording{chatID: req.ID, request: req.Messages}
	rec.isLatest = func() {
		hist.mu.Lock()
		lc.begun++
		rec.number, lc.latest = lc.begun, rec
		hist.mu.Unlock()
	}
	end = sync.OnceFunc(func() { hist.end(ctx, lc, rec) })
	return &recordingWriter{ResponseWriter: w, rec: rec, end: end}, end
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
		if errors.Is(err, errNotFound) {
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

// recordingWriter passes a response through, and feeds what is written
// to its recording.
type recordingWriter struct {
	http.ResponseWriter
	rec *recording
	end func() // ends the recording (once): called before the stream's end goes out
}

func (w *recordingWriter) WriteHeader(code int) {
	w.rec.header(code, w.Header())
	w.ResponseWriter.WriteHeader(code)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.rec.header(http.StatusOK, w.Header()) // as net/http: a Write without WriteHeader is a 200
	if w.rec.feed(b) {
		// The history is saved before the client reads the stream's end,
		// so that a page reloaded as soon as the answer ends finds it
		// (not streaming: true, or the messages before the answer).
		w.end()
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (flushes,
// write deadlines).
func (w *recordingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// FlushError flushes the response (http.ResponseController calls it).
func (w *recordingWriter) FlushError() error {
	return http.NewResponseController(w.ResponseWriter).Flush()
}

// Flush flushes the response, for code that asks for an http.Flusher.
func (w *recordingWriter) Flush() { _ = w.FlushError() }

// recording builds a chat's messages from the stream the handler writes:
// the request's messages, then the answer, as the AI SDK's client builds
// it from the same chunks (a new assistant message, or the request's last
// one continued when the stream's start names it: an approval answered).
type recording struct {
	chatID  string
	request []UIMessage

	isLatest func() // numbers the recording, and makes it its chat's latest stream
	number   uint64 // the stream's number in its chat (0: not a stream); under the history's mutex

	mu         sync.Mutex
	headerSeen bool
	stream     bool // the response is a UI message stream
	over       bool
	pending    []byte // written bytes not yet a whole SSE event
	answer     *UIMessage
	continues  bool                     // answer continues the request's last message
	changed    bool                     // a chunk changed the answer
	open       map[string]*openTextPart // text and reasoning parts still streaming, by chunk id
}

type openTextPart struct {
	index int // in answer.Parts
	text  strings.Builder
}

// header sees the response's status: a UI message stream becomes its
// chat's latest.
func (r *recording) header(code int, h http.Header) {
	r.mu.Lock()
	first := !r.headerSeen
	r.headerSeen = true
	if first {
		r.stream = code == http.StatusOK && h.Get(HeaderName) == HeaderValue
	}
	stream := r.stream
	r.mu.Unlock()
	if first && stream {
		r.isLatest() // outside r.mu: the history locks its own mutex, then r.mu
	}
}

// feed takes bytes of the stream, and applies each whole event's chunk;
// it reports whether they hold the stream's end ([DONE]).
func (r *recording) feed(b []byte) (done bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.stream {
		return false
	}
	r.pending = append(r.pending, b...)
	for {
		event, rest, ok := bytes.Cut(r.pending, []byte("\n\n"))
		if !ok {
			break
		}
		for line := range bytes.SplitSeq(event, []byte("\n")) {
			data, ok := bytes.CutPrefix(line, []byte("data:"))
			data = bytes.TrimPrefix(data, []byte(" "))
			if !ok {
				continue
			}
			if string(data) == "[DONE]" {
				done = true
				continue
			}
			var c Chunk
			if json.Unmarshal(data, &c) == nil {
				r.apply(c)
			}
		}
		r.pending = rest
	}
	r.pending = append([]byte(nil), r.pending...) // keep no more than the rest
	return done
}

// apply changes the answer by one chunk, as the `ai` package's
// processUIMessageStream does for the chunks this package writes.
func (r *recording) apply(c Chunk) {
	if c.Type == ChunkStart {
		r.start(c.MessageID)
		return
	}
	if r.answer == nil {
		r.start("")
	}
	switch c.Type {
	case ChunkFinish, ChunkFinishStep, ChunkError:
		return // they change no part
	}
	r.changed = true
	m := r.answer
	switch c.Type {
	case ChunkStartStep:
		m.Parts = append(m.Parts, UIPart{Type: "step-start"})
	case ChunkTextStart, ChunkReasoningStart:
		p := UIPart{Type: "text", State: "streaming"}
		if c.Type == ChunkReasoningStart {
			p = UIPart{Type: "reasoning", ID: c.ID, State: "streaming"}
		}
		m.Parts = append(m.Parts, p)
		r.open[c.ID] = &openTextPart{index: len(m.Parts) - 1}
	case ChunkTextDelta, ChunkReasoningDelta:
		if o := r.open[c.ID]; o != nil {
			o.text.WriteString(c.Delta)
		}
	case ChunkTextEnd, ChunkReasoningEnd:
		if o := r.open[c.ID]; o != nil {
			m.Parts[o.index].Text = o.text.String()
			m.Parts[o.index].State = "done"
			delete(r.open, c.ID)
		}
	case ChunkToolInputStart, ChunkToolInputAvailable:
		p := r.toolPart(c.ToolCallID)
		if p == nil {
			m.Parts = append(m.Parts, UIPart{ToolCallID: c.ToolCallID})
			p = &m.Parts[len(m.Parts)-1]
		}
		p.Type = "tool-" + c.ToolName
		p.State = StateInputStreaming
		if c.Type == ChunkToolInputAvailable {
			p.State, p.Input = StateInputAvailable, c.Input
		}
	case ChunkToolApprovalRequest:
		if p := r.toolPart(c.ToolCallID); p != nil {
			p.State, p.Approval = StateApprovalRequested, &Approval{ID: c.ApprovalID}
		}
	case ChunkToolOutputAvailable:
		if p := r.toolPart(c.ToolCallID); p != nil {
			p.State, p.Output, p.ErrorText = StateOutputAvailable, c.Output, ""
		}
	case ChunkToolOutputError:
		if p := r.toolPart(c.ToolCallID); p != nil {
			p.State, p.Output, p.ErrorText = StateOutputError, nil, c.ErrorText
		}
	case ChunkToolOutputDenied:
		if p := r.toolPart(c.ToolCallID); p != nil {
			p.State = StateOutputDenied
		}
	default:
		if strings.HasPrefix(c.Type, "data-") {
			r.data(c)
		}
	}
}

// start begins the answer: the request's last message continued when the
// stream names it, else a new assistant message.
func (r *recording) start(messageID string) {
	r.open = map[string]*openTextPart{}
	if n := len(r.request); n > 0 && messageID != "" && r.request[n-1].ID == messageID && r.request[n-1].Role == "assistant" {
		last := r.request[n-1]
		last.Parts = append([]UIPart(nil), last.Parts...)
		r.answer, r.continues = &last, true
		return
	}
	if messageID == "" {
		messageID = newID("msg-")
	}
	r.answer, r.continues = &UIMessage{ID: messageID, Role: "assistant", Parts: []UIPart{}}, false
}

// toolPart is the answer's tool part of a call, the latest if several.
func (r *recording) toolPart(callID string) *UIPart {
	parts := r.answer.Parts
	for i := len(parts) - 1; i >= 0; i-- {
		if _, ok := toolName(parts[i]); ok && parts[i].ToolCallID == callID {
			return &parts[i]
		}
	}
	return nil
}

// data keeps a data part: a part of the same type and id is replaced.
func (r *recording) data(c Chunk) {
	parts := r.answer.Parts
	if c.ID != "" {
		for i := range parts {
			if parts[i].Type == c.Type && parts[i].ID == c.ID {
				parts[i].Data = c.Data
				return
			}
		}
	}
	r.answer.Parts = append(parts, UIPart{Type: c.Type, ID: c.ID, Data: c.Data})
}

// changesTheChat says whether the stream is one the chat's history
// keeps: a UI message stream, and not an approval's answer that changed
// nothing (one refused, as an answer to a run already resumed from another
// tab is: its request holds that tab's stale copy of the chat).
func (r *recording) changesTheChat() bool {
	return r.stream && (r.changed || !r.continues)
}

func (r *recording) messages() []UIMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.messagesLocked()
}

// messagesLocked are the chat's messages as recorded so far: the
// request's and the answer (its streaming texts as far as they came). An
// answer with no parts (a request refused before any) is left out.
func (r *recording) messagesLocked() []UIMessage {
	msgs := make([]UIMessage, 0, len(r.request)+1)
	msgs = append(msgs, r.request...)
	if r.answer == nil {
		return msgs
	}
	answer := *r.answer
	answer.Parts = append([]UIPart(nil), answer.Parts...)
	for _, o := range r.open {
		answer.Parts[o.index].Text = o.text.String()
	}
	switch {
	case r.continues:
		msgs[len(msgs)-1] = answer
	case len(answer.Parts) > 0:
		msgs = append(msgs, answer)
	}
	return msgs
}

// mayRead reports whether the request's principal may read the chat's
// messages: always without WithPrincipal (a single user), otherwise only
// the principal the chat store binds the chat to (errNotFound for anyone
// else, and for a chat the store has no record of).
func (h *handler) mayRead(r *http.Request, chatID string) error {
	if h.principal == nil {
		return nil
	}
	principal, err := h.principalOf(r)
	if err != nil {
		return err
	}
	chat, err := h.load(r.Context(), chatID, principal)
	if err != nil {
		return err
	}
	if chat == nil {
		return errNotFound
	}
	return nil
}
