package aisdk

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
	"github.com/toolgen-dev/toolgen/internal/option"
	"github.com/toolgen-dev/toolgen/internal/webguard"
)

// DefaultMaxBodyBytes bounds a request's body unless WithMaxBodyBytes says
// otherwise: the whole conversation comes with every request.
const DefaultMaxBodyBytes = chatcore.DefaultMaxBodyBytes

// DefaultMaxPaused is how many chats the default MemoryStore holds.
const DefaultMaxPaused = chatcore.DefaultMaxRecords

// DefaultWriteStallTimeout bounds each write of a response unless
// WithWriteStallTimeout says otherwise.
const DefaultWriteStallTimeout = chatcore.DefaultWriteStallTimeout

// Option configures a Handler. An option given a bad value makes Handler
// fail with an error naming it.
type Option func(*config) error

// config is the options shared with package agui's handler, and this
// handler's own.
type config struct {
	chatcore.Config[Store]
	history      *chatHistory // the chats' messages, served to GET (history.go)
	streams      StreamStore  // the answers' chunks, for clients that reconnect (streamstore.go)
	resumeWindow time.Duration
}

// shared makes an Option of one of the options shared with package agui.
func shared(o chatcore.Option[Store]) Option {
	return func(c *config) error { return o(&c.Config) }
}

// WithStore keeps paused runs in s (default: a MemoryStore of
// DefaultMaxPaused runs). A nil s is an error.
func WithStore(s Store) Option { return shared(chatcore.WithStore(s)) }

// WithMaxBodyBytes bounds a request's body (default DefaultMaxBodyBytes);
// n must be at least 1. A larger body is refused with 413.
func WithMaxBodyBytes(n int64) Option { return shared(chatcore.WithMaxBodyBytes[Store](n)) }

// WithDeps gives each run the deps fn makes of its request (see agent.Run);
// an error from fn refuses the request with 500 and fn's message. A nil fn
// is an error.
func WithDeps(fn func(*http.Request) (any, error)) Option {
	return shared(chatcore.WithDeps[Store](fn))
}

// WithPrincipal binds each chat to the principal (the signed-in user, an
// account, a session) fn reads from the request that starts it, as
// WithDeps reads deps: the principal is stored with the chat, and a
// request naming a chat that another principal started is refused with
// 404, as if there were no such chat (a 403 would tell that it exists),
// and changes nothing: no approval, no new message, no paused run dropped.
// An error from fn, or an empty principal, refuses the request with 401
// and fn's message. A nil fn is an error.
//
// Without WithPrincipal the handler serves one user: whoever can reach it
// and names a chat's id (useChat makes random ones) may answer its
// approvals, with their own deps, or start it over.
func WithPrincipal(fn func(*http.Request) (string, error)) Option {
	return shared(chatcore.WithPrincipal[Store](fn))
}

// WithWriteStallTimeout bounds each write of a response (in pieces of at
// most 32 KiB), and each flush, as mcp's WriteStallTimeout does (default
// DefaultWriteStallTimeout): a client that stops reading fails the write
// that long after the connection's buffers fill up, and is dropped from
// its answer, as a client that went away (see WithResumeWindow): a run
// paused for approval is kept so that the chat can go on, and the chat is
// free for its next request once the run is over. Only writes are timed: a stream with
// nothing to send (a model thinking, a tool running) is never cut. d must
// be positive.
func WithWriteStallTimeout(d time.Duration) Option {
	return shared(chatcore.WithWriteStallTimeout[Store](d))
}

// WithErrorText sets what the client reads (in an error chunk) about a run
// that failed: by default "An error occurred.", as the AI SDK's own
// servers say, since a model's or a tool's error may tell what a user
// should not read. The handler's own errors about a request (an approval
// missing, no paused run) are always sent as they are. A nil fn is an
// error.
func WithErrorText(fn func(error) string) Option { return shared(chatcore.WithErrorText[Store](fn)) }

// WithStreamStore keeps the chunks of the answers for clients that
// reconnect in s (default: a MemoryStreamStore of DefaultMaxStreams,
// DefaultMaxStreamBytes and DefaultStreamGrace). A nil s is an error.
func WithStreamStore(s StreamStore) Option {
	return func(c *config) error {
		return option.NotNil("aisdk.WithStreamStore", s, "StreamStore", &c.streams)
	}
}

// WithResumeWindow sets how long a run goes on with no client reading its
// answer (default DefaultResumeWindow): a client that goes away, or stops
// reading, leaves its run going for d, so that it can reconnect (useChat's
// resume) and read the whole answer; when nobody has read it for d, the
// run is cancelled. With 0, a run is cancelled as soon as nobody reads it
// (useChat's stop then stops it at once); a reconnect still reads an
// answer that another client reads, or that ended. d must not be
// negative.
func WithResumeWindow(d time.Duration) Option {
	return func(c *config) error {
		if d < 0 {
			return fmt.Errorf("aisdk.WithResumeWindow(%s): must not be negative", d)
		}
		c.resumeWindow = d
		return nil
	}
}

// handler serves one agent.
type handler struct {
	agent *agent.Agent
	config

	mu      sync.Mutex
	busy    chatcore.Busy             // chats with a request in progress
	running map[string]*runningAnswer // chats with a run going on in this process
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
	h := &handler{agent: a, config: config{Config: chatcore.NewConfig[Store]("aisdk"), resumeWindow: DefaultResumeWindow},
		running: map[string]*runningAnswer{}}
	if err := chatcore.Apply(&h.config, "aisdk.Handler", opts); err != nil {
		return nil, err
	}
	if h.Store == nil {
		h.Store, _ = NewMemoryStore(DefaultMaxPaused) // DefaultMaxPaused is valid
	}
	h.setDefaultHistory()
	if h.streams == nil {
		h.streams, _ = NewMemoryStreamStore(DefaultMaxStreams, DefaultMaxStreamBytes, DefaultStreamGrace) // valid bounds
	}
	return h, nil
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req, principal, ok := h.admit(w, r)
	if !ok {
		return
	}
	h.serveChat(w, r, req, principal)
}

// admit answers what is not a chat's request to go on (a refused host or
// origin, a CORS preflight, a GET of a chat's messages, a bad request) and
// returns the request and its principal when it is one.
func (h *handler) admit(w http.ResponseWriter, r *http.Request) (req Request, principal string, ok bool) {
	if !h.Admit(w, r) {
		return
	}
	if r.Method == http.MethodGet {
		if chatID, resume := resumePath(r); resume {
			h.serveResume(w, r, chatID)
			return
		}
		h.serveHistory(w, r)
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "aisdk: use POST, GET ?id=<chat id> for a chat's messages, or GET <endpoint>/<chat id>/stream for its answer", http.StatusMethodNotAllowed)
		return
	}
	if err := h.Guard.CheckJSON(r); err != nil {
		http.Error(w, err.Error(), http.StatusUnsupportedMediaType)
		return
	}
	principal, err := h.PrincipalOf(r)
	if err != nil {
		http.Error(w, "aisdk: "+err.Error(), http.StatusUnauthorized)
		return
	}
	req, status, err := h.readRequest(w, r)
	if err != nil {
		http.Error(w, err.Error(), status)
		return
	}
	return req, principal, true
}

// serveChat answers an admitted request: it runs the chat's agent on it,
// or goes on with its paused run, streaming the answer.
func (h *handler) serveChat(w http.ResponseWriter, r *http.Request, req Request, principal string) {
	last := req.Messages[len(req.Messages)-1]
	answers := approvalAnswers(last)
	if len(answers) == 0 && last.Role != "user" {
		http.Error(w, fmt.Sprintf("aisdk: the last message is the %s's, and answers no approval: nothing to answer", last.Role), http.StatusBadRequest)
		return
	}
	release, ok := h.busy.Claim(req.ID)
	if !ok {
		http.Error(w, "aisdk: a request of this chat is in progress", http.StatusConflict)
		return
	}
	defer release()
	chat, deps, ok := h.loadChat(w, r, req.ID, principal)
	if !ok {
		return
	}
	run, rejected, prepErr := h.prepare(r.Context(), req, chat, principal, answers)
	out, end := h.beginAnswer(w, r, req)
	defer end()
	st := &streamer{out: out, approvals: map[string]string{}, programs: map[string]*ProgramCallData{}}
	messageID := chatcore.NewID("msg-")
	if len(answers) > 0 {
		messageID = last.ID // the answer continues the message that asked
	}
	if run != nil {
		st.runID = run.RunID
	}
	st.start(messageID)
	if len(answers) > 0 {
		out.keepOnly(replayOf(last)) // a reconnect replays the message whole
	}
	state, runErr := run, prepErr
	if prepErr == nil {
		state, runErr = h.runAnswer(out.ctx, run, rejected, deps, st)
	}
	if state != nil && state.StopReason == agent.StopPaused {
		// Saved even if nobody reads the stream any more (a client that
		// went away as the approval was asked): the chat can go on, its
		// approval answered once the client is back.
		saved := &Chat{Principal: principal, Run: state, Approvals: st.approvals}
		if err := h.Store.Save(context.WithoutCancel(out.ctx), req.ID, saved); err != nil && runErr == nil {
			runErr = err
		}
	}
	// The run is over (and saved if paused): the chat's next request, an
	// approval sent as soon as the client reads the end, must not find the
	// chat still claimed.
	release()
	st.end(runErr, state, h.ErrorText)
}

// loadChat loads the chat's record and makes the request's deps, or
// answers the request with what went wrong.
func (h *handler) loadChat(w http.ResponseWriter, r *http.Request, chatID, principal string) (*Chat, any, bool) {
	chat, err := h.load(r.Context(), chatID, principal)
	if errors.Is(err, chatcore.ErrNotFound) {
		http.Error(w, fmt.Sprintf("aisdk: no chat %s", chatID), http.StatusNotFound)
		return nil, nil, false
	}
	if err != nil {
		http.Error(w, "aisdk: "+err.Error(), http.StatusInternalServerError)
		return nil, nil, false
	}
	deps, err := h.Deps(r)
	if err != nil {
		http.Error(w, "aisdk: "+err.Error(), http.StatusInternalServerError)
		return nil, nil, false
	}
	return chat, deps, true
}

// readRequest reads and checks the chat request, or says what is wrong
// with it and the status to answer.
func (h *handler) readRequest(w http.ResponseWriter, r *http.Request) (Request, int, error) {
	var req Request
	if status, err := h.ReadJSON(w, r, &req, "a chat request"); err != nil {
		return req, status, err
	}
	if req.ID == "" {
		return req, http.StatusBadRequest, errors.New("aisdk: the request has no chat id")
	}
	if len(req.Messages) == 0 {
		return req, http.StatusBadRequest, errors.New("aisdk: the request has no messages")
	}
	return req, 0, nil
}

// load returns the chat's stored record (nil if none), or chatcore.ErrNotFound if
// another principal started the chat.
func (h *handler) load(ctx context.Context, chatID, principal string) (*Chat, error) {
	chat, err := h.Store.Load(ctx, chatID)
	if err != nil || chat == nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(chat.Principal), []byte(principal)) != 1 {
		return nil, chatcore.ErrNotFound
	}
	return chat, nil
}

// prepare makes the state the chat's run goes on from: a new run of the
// request's messages, or the chat's paused run with the answers applied
// (and the calls they rejected). Either way the paused run is taken out of
// the store first, so that it runs at most once; with principals, the chat
// stays bound to its principal.
func (h *handler) prepare(ctx context.Context, req Request, chat *Chat, principal string, answers map[string]UIPart) (*agent.State, []string, error) {
	if len(answers) == 0 {
		// A new message: a run paused in this chat is abandoned.
		if err := h.forgetRun(ctx, req.ID, chat, principal); err != nil {
			return nil, nil, err
		}
		msgs := Transcript(req.Messages)
		if len(msgs) == 0 || msgs[len(msgs)-1].Role != agent.RoleUser {
			return nil, nil, chatcore.BadRequest("the last message has no text")
		}
		return &agent.State{Version: agent.StateVersion, RunID: chatcore.NewID(""), Messages: msgs, StopReason: agent.StopDone}, nil, nil
	}
	if chat == nil || chat.Run == nil || chat.Run.StopReason != agent.StopPaused {
		return nil, nil, errRunTaken(req.ID)
	}
	s := chat.Run
	rejected, err := decide(h.agent, s, chat.Approvals, answers)
	if err != nil {
		return nil, nil, err
	}
	if err := h.takeRun(ctx, req.ID, chat, principal); err != nil {
		return nil, nil, err
	}
	return s, rejected, nil
}

// runAnswer runs s, the rejected calls' denials streamed first.
func (h *handler) runAnswer(ctx context.Context, s *agent.State, rejected []string, deps any, st *streamer) (*agent.State, error) {
	for _, id := range rejected {
		if err := st.send(Chunk{Type: ChunkToolOutputDenied, ToolCallID: id}); err != nil {
			return s, err
		}
	}
	return h.agent.ResumeStream(ctx, s, deps, st.event)
}

// forgetRun takes the chat's paused run out of the store: the chat is
// deleted, or, with principals, kept as its principal's with no run.
func (h *handler) forgetRun(ctx context.Context, chatID string, chat *Chat, principal string) error {
	if h.Principal == nil {
		return h.Store.Delete(ctx, chatID)
	}
	if chat != nil && chat.Run == nil {
		return nil // bound already, nothing paused
	}
	return h.Store.Save(ctx, chatID, &Chat{Principal: principal})
}

// takeRun takes the chat's paused run out of the store before it resumes:
// atomically when the store is a RunTaker, so that of replicas sharing the
// store, which each serve one request of a chat at a time but know nothing
// of the others' requests, one alone resumes it. A request that finds the
// run taken is told so, as one that came after.
func (h *handler) takeRun(ctx context.Context, chatID string, chat *Chat, principal string) error {
	taker, ok := h.Store.(RunTaker)
	if !ok {
		return h.forgetRun(ctx, chatID, chat, principal)
	}
	var next *Chat
	if h.Principal != nil {
		next = &Chat{Principal: principal}
	}
	took, err := taker.TakeRun(ctx, chatID, chat, next)
	if err != nil {
		return err
	}
	if !took {
		return errRunTaken(chatID)
	}
	return nil
}

// errRunTaken is the answer to an approval whose run is not waiting.
func errRunTaken(chatID string) error {
	return chatcore.BadRequest("chat %s has no run waiting for approval (it was answered, or dropped)", chatID)
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
// returns the ids of the rejected calls of the model's. Every pending call
// must be answered, under the approval id it was asked with (approvals, by
// call id): a call of the model's on its tool part, a call of a run_code
// program on the run_code call's. The agent gives the answers, so that an
// agent with a state key (agent.WithStateKey) seals them.
func decide(ag *agent.Agent, s *agent.State, approvals map[string]string, answers map[string]UIPart) ([]string, error) {
	var missing, rejected []string
	for _, p := range s.Pending() {
		part := p.ID
		if p.ProgramCallID != "" {
			part = p.ProgramCallID
		}
		a, ok := answers[part]
		if !ok || !sameApproval(approvals[p.ID], a.Approval.ID) || a.Approval.Approved == nil {
			missing = append(missing, fmt.Sprintf("%s (%s)", p.ID, p.Name))
			continue
		}
		if *a.Approval.Approved {
			if err := ag.Approve(s, p.ID); err != nil {
				return nil, err
			}
			continue
		}
		if err := ag.Reject(s, a.Approval.Reason, p.ID); err != nil {
			return nil, err
		}
		if p.ProgramCallID == "" {
			rejected = append(rejected, p.ID) // a program's call: its part says so as the program goes on
		}
	}
	if len(missing) > 0 {
		return nil, chatcore.BadRequest("calls waiting for approval have no answer: %s; answer every one (approved or not) in one request", strings.Join(missing, ", "))
	}
	return rejected, nil
}

// newApprovalID is the id a call waiting for approval is asked with: 128
// random bits, so that only a client that read the request can answer it,
// however predictable the model's call ids are.
func newApprovalID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return "approval-" + hex.EncodeToString(b[:])
}

// sameApproval reports whether the answer's approval id is the one asked.
func sameApproval(asked, answered string) bool {
	return asked != "" && subtle.ConstantTimeCompare([]byte(asked), []byte(answered)) == 1
}

// writer writes chunks as SSE events, flushing each, each write and flush
// bounded by the stall timeout.
type writer struct{ *webguard.SSEWriter }

func newWriter(w http.ResponseWriter, stall time.Duration) *writer {
	return &writer{webguard.NewSSEWriter(w, stall, HeaderName, HeaderValue)}
}

func (w *writer) write(b []byte) error { return w.Write(b) }
