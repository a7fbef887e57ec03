package aisdk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/toolgen-dev/toolgen/runtime/agent"
)

// DefaultMaxBodyBytes bounds a request's body unless WithMaxBodyBytes says
// otherwise: the whole conversation comes with every request.
const DefaultMaxBodyBytes = 8 << 20

// DefaultMaxPaused is how many paused runs the default MemoryStore holds.
const DefaultMaxPaused = 1024

// Option configures a Handler. An option given a bad value makes Handler
// fail with an error naming it.
type Option func(*config) error

type config struct {
	store     Store
	maxBody   int64
	deps      func(*http.Request) (any, error)
	errorText func(error) string
	history   *chatHistory // the chats' messages, served to GET (history.go)
}

// WithStore keeps paused runs in s (default: a MemoryStore of
// DefaultMaxPaused runs). A nil s is an error.
func WithStore(s Store) Option {
	return func(c *config) error {
		if s == nil {
			return errors.New("aisdk.WithStore(nil): nil Store")
		}
		c.store = s
		return nil
	}
}

// WithMaxBodyBytes bounds a request's body (default DefaultMaxBodyBytes);
// n must be at least 1. A larger body is refused with 413.
func WithMaxBodyBytes(n int64) Option {
	return func(c *config) error {
		if n < 1 {
			return fmt.Errorf("aisdk.WithMaxBodyBytes(%d): must be at least 1", n)
		}
		c.maxBody = n
		return nil
	}
}

// WithDeps gives each run the deps fn makes of its request (see agent.Run);
// an error from fn refuses the request with 500 and fn's message. A nil fn
// is an error.
func WithDeps(fn func(*http.Request) (any, error)) Option {
	return func(c *config) error {
		if fn == nil {
			return errors.New("aisdk.WithDeps(nil): nil function")
		}
		c.deps = fn
		return nil
	}
}

// WithErrorText sets what the client reads (in an error chunk) about a run
// that failed: by default "An error occurred.", as the AI SDK's own
// servers say, since a model's or a tool's error may tell what a user
// should not read. The handler's own errors about a request (an approval
// missing, no paused run) are always sent as they are. A nil fn is an
// error.
func WithErrorText(fn func(error) string) Option {
	return func(c *config) error {
		if fn == nil {
			return errors.New("aisdk.WithErrorText(nil): nil function")
		}
		c.errorText = fn
		return nil
	}
}

// handler serves one agent.
type handler struct {
	agent *agent.Agent
	config

	mu   sync.Mutex
	busy map[string]bool // chats with a request in progress
}

// Handler serves a as the endpoint of a useChat chat (the api of its
// DefaultChatTransport): it takes the chat's messages, runs the agent on
// them and streams the assistant's answer as a UI message stream. A call
// that needs approval ends the stream with a tool-approval-request; the
// run is kept (see Store) until the chat's next request answers it, and
// resumes then.
func Handler(a *agent.Agent, opts ...Option) (http.Handler, error) {
	if a == nil {
		return nil, errors.New("aisdk.Handler: nil agent")
	}
	h := &handler{agent: a, busy: map[string]bool{}}
	h.maxBody = DefaultMaxBodyBytes
	h.deps = func(*http.Request) (any, error) { return nil, nil }
	h.errorText = func(error) string { return "An error occurred." }
	for _, opt := range opts {
		if opt == nil {
			return nil, errors.New("aisdk.Handler: nil Option")
		}
		if err := opt(&h.config); err != nil {
			return nil, err
		}
	}
	if h.store == nil {
		h.store, _ = NewMemoryStore(DefaultMaxPaused) // DefaultMaxPaused is valid
	}
	h.setDefaultHistory()
	return h, nil
}

// requestError is an error about the request, told to the client as it is.
type requestError struct{ msg string }

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{msg: fmt.Sprintf(format, args...)}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		h.serveHistory(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "aisdk: use POST, or GET ?id=<chat id> for a chat's messages", http.StatusMethodNotAllowed)
		return
	}
	var req Request
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, h.maxBody))
	if err := dec.Decode(&req); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, fmt.Sprintf("aisdk: the request is larger than %d bytes", h.maxBody), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "aisdk: the request is not a chat request: "+err.Error(), http.StatusBadRequest)
		return
	}
	if req.ID == "" {
		http.Error(w, "aisdk: the request has no chat id", http.StatusBadRequest)
		return
	}
	if len(req.Messages) == 0 {
		http.Error(w, "aisdk: the request has no messages", http.StatusBadRequest)
		return
	}
	last := req.Messages[len(req.Messages)-1]
	answers := approvalAnswers(last)
	if len(answers) == 0 && last.Role != "user" {
		http.Error(w, fmt.Sprintf("aisdk: the last message is the %s's, and answers no approval: nothing to answer", last.Role), http.StatusBadRequest)
		return
	}
	if !h.claim(req.ID) {
		http.Error(w, "aisdk: a request of this chat is in progress", http.StatusConflict)
		return
	}
	claimed := true
	release := func() {
		if claimed {
			claimed = false
			h.release(req.ID)
		}
	}
	defer release()
	deps, err := h.deps(r)
	if err != nil {
		http.Error(w, "aisdk: "+err.Error(), http.StatusInternalServerError)
		return
	}

	w, endRecording := h.history.record(r.Context(), w, req)
	defer endRecording()
	sw := newWriter(w)
	st := &streamer{out: sw}
	ctx := r.Context()
	messageID := newID("msg-")
	if len(answers) > 0 {
		messageID = last.ID // the answer continues the message that asked
	}
	_ = sw.send(Chunk{Type: ChunkStart, MessageID: messageID})
	state, runErr := h.run(ctx, req, answers, deps, st)
	if runErr == nil && state != nil && state.StopReason == agent.StopPaused {
		if err := h.store.Save(ctx, req.ID, state); err != nil {
			runErr = err
		}
	}
	// The run is over (and saved if paused): the chat's next request, an
	// approval sent as soon as the client reads the end, must not find the
	// chat still claimed.
	release()
	st.end(runErr, state, h.errorText)
}

// run starts the chat's run, or resumes its paused one with the answers.
func (h *handler) run(ctx context.Context, req Request, answers map[string]UIPart, deps any, st *streamer) (*agent.State, error) {
	if len(answers) == 0 {
		// A new message: a run paused in this chat is abandoned.
		if err := h.store.Delete(ctx, req.ID); err != nil {
			return nil, err
		}
		msgs := Transcript(req.Messages)
		if len(msgs) == 0 || msgs[len(msgs)-1].Role != agent.RoleUser {
			return nil, badRequest("the last message has no text")
		}
		s := &agent.State{Version: agent.StateVersion, RunID: newID(""), Messages: msgs, StopReason: agent.StopDone}
		return h.agent.ResumeStream(ctx, s, deps, st.event)
	}
	s, err := h.store.Load(ctx, req.ID)
	if err != nil {
		return nil, err
	}
	if s == nil || s.StopReason != agent.StopPaused {
		return nil, badRequest("chat %s has no run waiting for approval (it was answered, or dropped)", req.ID)
	}
	rejected, err := decide(s, answers)
	if err != nil {
		return nil, err
	}
	if err := h.store.Delete(ctx, req.ID); err != nil {
		return nil, err
	}
	for _, id := range rejected {
		if err := st.send(Chunk{Type: ChunkToolOutputDenied, ToolCallID: id}); err != nil {
			return s, err
		}
	}
	return h.agent.ResumeStream(ctx, s, deps, st.event)
}

// approvalAnswers are the approval-responded tool parts of the last step of
// an assistant message, by call id.
func approvalAnswers(m UIMessage) map[string]UIPart {
	if m.Role != "assistant" {
		return nil
	}
	answers := map[string]UIPart{}
	for _, p := range m.Parts {
		if p.Type == "step-start" {
			clear(answers)
		}
		if _, ok := toolName(p); ok && p.State == StateApprovalResponded && p.Approval != nil {
			answers[p.ToolCallID] = p
		}
	}
	return answers
}

// decide approves or rejects each pending call of s as answered, and
// returns the rejected calls' ids. Every pending call must be answered,
// under the approval id it was asked with.
func decide(s *agent.State, answers map[string]UIPart) ([]string, error) {
	var missing, rejected []string
	for _, p := range s.Pending() {
		a, ok := answers[p.ID]
		if !ok || a.Approval.ID != approvalID(p.ID) || a.Approval.Approved == nil {
			missing = append(missing, fmt.Sprintf("%s (%s)", p.ID, p.Name))
			continue
		}
		if *a.Approval.Approved {
			if err := s.Approve(p.ID); err != nil {
				return nil, err
			}
			continue
		}
		if err := s.Reject(a.Approval.Reason, p.ID); err != nil {
			return nil, err
		}
		rejected = append(rejected, p.ID)
	}
	if len(missing) > 0 {
		return nil, badRequest("calls waiting for approval have no answer: %s; answer every one (approved or not) in one request", strings.Join(missing, ", "))
	}
	return rejected, nil
}

// approvalID is the approval id of a call waiting for approval.
func approvalID(callID string) string { return "approval-" + callID }

func (h *handler) claim(chatID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.busy[chatID] {
		return false
	}
	h.busy[chatID] = true
	return true
}

func (h *handler) release(chatID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.busy, chatID)
}

// newID is a random id with a prefix.
func newID(prefix string) string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return prefix + hex.EncodeToString(b[:])
}

// writer writes chunks as SSE events, flushing each.
type writer struct {
	w   http.ResponseWriter
	rc  *http.ResponseController
	buf []byte
	err error // the first write's or flush's error: the client went away
}

func newWriter(w http.ResponseWriter) *writer {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set(HeaderName, HeaderValue)
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &writer{w: w, rc: http.NewResponseController(w)}
}

func (w *writer) send(c Chunk) error {
	b, err := json.Marshal(c)
	if err != nil {
		return err // never: a Chunk's raw JSON fields are valid
	}
	return w.write(append(append(append(w.buf[:0], "data: "...), b...), "\n\n"...))
}

func (w *writer) write(b []byte) error {
	if w.err != nil {
		return w.err
	}
	w.buf = b
	if _, err := w.w.Write(b); err != nil {
		w.err = err
		return err
	}
	if err := w.rc.Flush(); err != nil {
		w.err = err
	}
	return w.err
}
