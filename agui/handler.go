package agui

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// DefaultMaxBodyBytes bounds a request's body unless WithMaxBodyBytes says
// otherwise: the whole conversation comes with every request.
const DefaultMaxBodyBytes = chatcore.DefaultMaxBodyBytes

// DefaultMaxThreads is how many threads the default MemoryStore holds.
const DefaultMaxThreads = chatcore.DefaultMaxRecords

// DefaultWriteStallTimeout bounds each write of a response unless
// WithWriteStallTimeout says otherwise.
const DefaultWriteStallTimeout = chatcore.DefaultWriteStallTimeout

// maxIDBytes bounds the ids a request names (thread, run, messages,
// interrupts): they are kept with the thread.
const maxIDBytes = 256

// Option configures a handler. An option given a bad value makes
// NewHandler fail with an error naming it.
type Option func(*config) error

// config is what the handler is configured with: the options it shares
// with package aisdk's handler, and nothing of its own.
type config = chatcore.Config[Store]

// WithStore keeps threads in s (default: a MemoryStore of
// DefaultMaxThreads threads). A nil s is an error.
func WithStore(s Store) Option { return Option(chatcore.WithStore(s)) }

// WithMaxBodyBytes bounds a request's body (default DefaultMaxBodyBytes);
// n must be at least 1. A larger body is refused with 413.
func WithMaxBodyBytes(n int64) Option { return Option(chatcore.WithMaxBodyBytes[Store](n)) }

// WithDeps gives each run the deps fn makes of its request (see agent.Run);
// an error from fn refuses the request with 500 and fn's message. A nil fn
// is an error.
func WithDeps(fn func(*http.Request) (any, error)) Option {
	return Option(chatcore.WithDeps[Store](fn))
}

// WithPrincipal binds each thread to the principal (the signed-in user, an
// account, a session) fn reads from the request that starts it: the
// principal is stored with the thread, and a request naming a thread that
// another principal started is refused with 404, as if there were no such
// thread (a 403 would tell that it exists), and changes nothing: no
// interrupt answered, no message taken, no paused run dropped. An error
// from fn, or an empty principal, refuses the request with 401 and fn's
// message. A nil fn is an error.
//
// Without WithPrincipal the handler serves one user: whoever can reach it
// and names a thread's id may run it, with their own deps, and answer its
// interrupts if they read them.
func WithPrincipal(fn func(*http.Request) (string, error)) Option {
	return Option(chatcore.WithPrincipal[Store](fn))
}

// WithWriteStallTimeout bounds each write of a response (in pieces of at
// most 32 KiB), and each flush (default DefaultWriteStallTimeout): a client
// that stops reading fails the write that long after the connection's
// buffers fill up; its run is cancelled and the thread is free for its
// next request. Only writes are timed: a stream with nothing to send (a
// model thinking, a tool running) is never cut. d must be positive.
func WithWriteStallTimeout(d time.Duration) Option {
	return Option(chatcore.WithWriteStallTimeout[Store](d))
}

// WithErrorText sets what the client reads (RUN_ERROR's message) about a
// run that failed: by default "An error occurred.", since a model's or a
// tool's error may tell what a user should not read. The handler's own
// errors about a request (an interrupt not answered, no run waiting) and a
// full store are always sent as they are. A nil fn is an error.
func WithErrorText(fn func(error) string) Option { return Option(chatcore.WithErrorText[Store](fn)) }

// WithAllowedOrigins lets pages of these origins ("https://app.example",
// "http://localhost:5173": scheme, host and port as a browser sends them
// in Origin) run the agent from their own origin: their requests are
// served, with the CORS headers (credentials included) a browser needs. By
// default only the page's own origin is served. An origin with a path, a
// query, user info, "*" or "null" is an error.
func WithAllowedOrigins(origins ...string) Option {
	return Option(chatcore.WithAllowedOrigins[Store](origins...))
}

// WithAllowedHosts adds Host names the handler serves on loopback, beyond
// localhost, 127.0.0.1 and [::1]: a name alone ("agent.example") on any
// port, or with a port ("agent.example:8443") on that port only; for a
// reverse proxy on the same machine that keeps the browser's Host. With
// it, the Host of every request is checked, on any address. A name with a
// scheme, a path or a space is an error.
func WithAllowedHosts(hosts ...string) Option {
	return Option(chatcore.WithAllowedHosts[Store](hosts...))
}

// handler serves one agent.
type handler struct {
	agent *agent.Agent
	config
	busy chatcore.Busy // threads with a request in progress
}

// NewHandler serves a over AG-UI's HTTP transport: it takes the
// RunAgentInput an AG-UI client POSTs, runs the agent on the thread's
// history and the user's new message, and streams the run as AG-UI events
// over SSE. A call that needs approval ends the run with an interrupt
// outcome; the paused run is kept (see Store) until a run of the thread
// answers the interrupts (RunAgentInput.Resume), and resumes then.
func NewHandler(a *agent.Agent, opts ...Option) (http.Handler, error) {
	if a == nil {
		return nil, errors.New("agui.NewHandler: nil agent")
	}
	h := &handler{agent: a, config: chatcore.NewConfig[Store]("agui")}
	if err := chatcore.Apply(&h.config, "agui.NewHandler", opts); err != nil {
		return nil, err
	}
	if h.Store == nil {
		h.Store, _ = NewMemoryStore(DefaultMaxThreads) // DefaultMaxThreads is valid
	}
	return h, nil
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	in, principal, ok := h.admit(w, r)
	if !ok {
		return
	}
	h.serveRun(w, r, in, principal)
}

// admit answers what is not a run's request to go on (a refused host or
// origin, a CORS preflight, a bad request) and returns the input and its
// principal when it is one.
func (h *handler) admit(w http.ResponseWriter, r *http.Request) (in RunAgentInput, principal string, ok bool) {
	if !h.Admit(w, r) {
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "agui: POST a RunAgentInput", http.StatusMethodNotAllowed)
		return
	}
	if err := h.Guard.CheckJSON(r); err != nil {
		http.Error(w, err.Error(), http.StatusUnsupportedMediaType)
		return
	}
	principal, err := h.PrincipalOf(r)
	if err != nil {
		http.Error(w, "agui: "+err.Error(), http.StatusUnauthorized)
		return
	}
	in, status, err := h.readInput(w, r)
	if err != nil {
		http.Error(w, err.Error(), status)
		return
	}
	return in, principal, true
}

// readInput reads and checks the RunAgentInput, or says what is wrong with
// it and the status to answer.
func (h *handler) readInput(w http.ResponseWriter, r *http.Request) (RunAgentInput, int, error) {
	var in RunAgentInput
	if status, err := h.ReadJSON(w, r, &in, "a RunAgentInput"); err != nil {
		return in, status, err
	}
	if err := checkIDs(in); err != nil {
		return in, http.StatusBadRequest, err
	}
	return in, 0, nil
}

// checkIDs checks that the input names its thread and run, and that no id
// it holds is longer than maxIDBytes.
func checkIDs(in RunAgentInput) error {
	if in.ThreadID == "" || in.RunID == "" {
		return errors.New("agui: the request has no threadId or no runId")
	}
	ids := []string{in.ThreadID, in.RunID}
	for _, m := range in.Messages {
		ids = append(ids, m.ID)
	}
	for _, e := range in.Resume {
		ids = append(ids, e.InterruptID)
	}
	for _, id := range ids {
		if len(id) > maxIDBytes {
			return fmt.Errorf("agui: an id of the request is %d bytes long; ids are at most %d bytes", len(id), maxIDBytes)
		}
	}
	return nil
}

// serveRun answers an admitted request: it runs the thread's agent on it,
// or resumes its paused run, streaming the run.
func (h *handler) serveRun(w http.ResponseWriter, r *http.Request, in RunAgentInput, principal string) {
	release, ok := h.busy.Claim(in.ThreadID)
	if !ok {
		http.Error(w, "agui: a run of this thread is in progress", http.StatusConflict)
		return
	}
	defer release()
	ctx := r.Context()
	thread, err := h.load(ctx, in.ThreadID, principal)
	if errors.Is(err, chatcore.ErrNotFound) {
		http.Error(w, fmt.Sprintf("agui: no thread %s", in.ThreadID), http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "agui: "+err.Error(), http.StatusInternalServerError)
		return
	}
	deps, err := h.Deps(r)
	if err != nil {
		http.Error(w, "agui: "+err.Error(), http.StatusInternalServerError)
		return
	}

	st := newStreamer(newWriter(w, h.WriteStall), in.ThreadID, in.RunID)
	_ = st.started() // a client gone already fails the run's first event
	state, runErr := h.run(ctx, in, thread, principal, deps, st)
	runErr = h.keep(ctx, in, thread, principal, state, st, runErr)
	// The run is over (and kept): the thread's next request, a resume sent
	// as soon as the client reads the end, must not find it still claimed.
	release()
	st.end(runErr, state, h.ErrorText)
}

// load returns the thread's stored record (nil if none), or chatcore.ErrNotFound if
// another principal started the thread.
func (h *handler) load(ctx context.Context, threadID, principal string) (*Thread, error) {
	t, err := h.Store.Load(ctx, threadID)
	if err != nil || t == nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(t.Principal), []byte(principal)) != 1 {
		return nil, chatcore.ErrNotFound
	}
	return t, nil
}

// run starts the thread's next run, or resumes its paused one with the
// answers of in.Resume.
func (h *handler) run(ctx context.Context, in RunAgentInput, thread *Thread, principal string, deps any, st *streamer) (*agent.State, error) {
	if len(in.Resume) > 0 {
		return h.resume(ctx, in, thread, principal, deps, st)
	}
	if thread.paused() {
		// The client did not answer: it may have lost the interrupts (its
		// stream cut as the run paused). Nothing runs, no message is
		// taken, and the run ends as the paused one did, asking again.
		st.replay(thread)
		return thread.Run, st.snapshot(thread.Run)
	}
	s, err := nextRun(thread, in.Messages)
	if err != nil {
		return nil, err
	}
	st.tookTurn = true
	if thread == nil && h.Principal != nil {
		// The thread is its principal's from its first run on, whatever
		// becomes of the run.
		if err := h.Store.Save(ctx, in.ThreadID, &Thread{Principal: principal}); err != nil {
			return nil, err
		}
	}
	if err := st.snapshot(s); err != nil {
		return s, err
	}
	return h.agent.ResumeStream(ctx, s, deps, st.event)
}

// nextRun is the state a new run of the thread starts from: the stored
// transcript and the user's new messages, or, for a thread the store does
// not keep, the client's history (see convert.go).
func nextRun(thread *Thread, msgs []Message) (*agent.State, error) {
	if thread == nil || thread.Run == nil || thread.Run.Version != agent.StateVersion {
		// No transcript this runtime can go on with (one of another
		// StateVersion would fail every run of the thread).
		history := clientHistory(msgs)
		if len(history) == 0 || history[len(history)-1].Role != agent.RoleUser {
			return nil, chatcore.BadRequest("the last message is not the user's, or has no text: there is nothing to answer")
		}
		return &agent.State{Version: agent.StateVersion, RunID: chatcore.NewID(""), Messages: history, StopReason: agent.StopDone}, nil
	}
	turn, ids := newUserTurn(msgs, setOf(thread.Seen))
	if len(ids) == 0 || turn.Text == "" {
		return nil, chatcore.BadRequest("the request has no new user message with text: there is nothing to answer")
	}
	s := thread.Run // a copy, loaded from the store
	s.Messages = append(s.Messages, turn)
	// A new run of the thread: its own id, turns and tokens; what tool
	// search loaded stays loaded. Paused is left from a run that stopped
	// while calls ran (not one the store keeps): resumed, it would put the
	// calls' results after the new message.
	s.RunID, s.Turns, s.Usage, s.StopReason, s.Paused = chatcore.NewID(""), 0, agent.Usage{}, agent.StopDone, nil
	return s, nil
}

// resume answers the thread's interrupts and resumes its paused run. The
// paused run is taken out of the store before the agent runs, so that it
// resumes at most once; a resume that does not answer every interrupt
// changes nothing.
func (h *handler) resume(ctx context.Context, in RunAgentInput, thread *Thread, principal string, deps any, st *streamer) (*agent.State, error) {
	if !thread.paused() {
		return nil, chatcore.BadRequest("thread %s has no run waiting for answers (they were given already, or the run was dropped)", in.ThreadID)
	}
	// New user messages are not taken (a resume goes on with the paused
	// turn), nor marked seen: the thread's next run takes them.
	s := thread.Run
	if err := decide(h.agent, s, thread.Interrupts, in.Resume); err != nil {
		return nil, err
	}
	if err := h.forgetRun(ctx, in.ThreadID, principal); err != nil {
		return nil, err
	}
	if err := st.snapshot(s); err != nil {
		return s, err
	}
	return h.agent.ResumeStream(ctx, s, deps, st.event)
}

// keep saves what the thread's next request needs once a run ended: the
// run's transcript and, when it paused, the interrupts it asked. A run
// that failed leaves the store as it was (a resumed run was taken out
// already: the thread's next run reads the client's messages).
func (h *handler) keep(ctx context.Context, in RunAgentInput, thread *Thread, principal string, s *agent.State, st *streamer, runErr error) error {
	if runErr != nil || s == nil || st.replayed {
		return runErr // a replayed pause is stored already
	}
	// The request's context may be over by now (the client read the last
	// answer and left); the save is not.
	ctx = context.WithoutCancel(ctx)
	t := &Thread{Principal: principal, Run: s, Seen: seenAfter(thread, in.Messages, st.minted, st.tookTurn)}
	if s.StopReason == agent.StopPaused {
		t.Interrupts = map[string]string{}
		for _, i := range st.interruptsOf(s) {
			t.Interrupts[i.ID] = i.ToolCallID
		}
		return h.Store.Save(ctx, in.ThreadID, t) // unsaved, the interrupts could not be answered: the run fails
	}
	if err := h.Store.Save(ctx, in.ThreadID, t); err != nil {
		// The answer was streamed whole: only the thread's next run is
		// changed, which reads the client's messages. A stored transcript
		// without this run would be wrong, so it goes.
		_ = h.forgetRun(ctx, in.ThreadID, principal)
	}
	return nil
}

// seenAfter are the message ids a thread's next request may hold that its
// transcript has: the ones before, the client's messages of this request
// (its new user messages only if the run took them: tookTurn), and the
// messages the run streamed.
func seenAfter(thread *Thread, msgs []Message, minted []string, tookTurn bool) []string {
	var seen []string
	if thread != nil && thread.Run != nil {
		seen = append(seen, thread.Seen...)
	}
	have := setOf(seen)
	add := func(id string) {
		if id != "" && !have[id] {
			have[id] = true
			seen = append(seen, id)
		}
	}
	for _, m := range msgs {
		if m.Role != "user" || tookTurn || have[m.ID] {
			add(m.ID)
		}
	}
	for _, id := range minted {
		add(id)
	}
	return seen
}

// forgetRun takes the thread's run out of the store: the thread is
// deleted, or, with principals, kept as its principal's with no run.
func (h *handler) forgetRun(ctx context.Context, threadID, principal string) error {
	if h.Principal == nil {
		return h.Store.Delete(ctx, threadID)
	}
	return h.Store.Save(ctx, threadID, &Thread{Principal: principal})
}

// decide approves or rejects each call s waits on as the resume entries
// answer it. Every interrupt must be answered, once, under the id it was
// asked with (interrupts: call ids by interrupt id), and nothing else; a
// decision is made only once all are checked.
func decide(ag *agent.Agent, s *agent.State, interrupts map[string]string, entries []ResumeEntry) error {
	byCall := map[string]ResumeEntry{}
	for _, e := range entries {
		callID, ok := lookupInterrupt(interrupts, e.InterruptID)
		if !ok {
			return chatcore.BadRequest("no interrupt of this thread has id %q (answer the interrupts of the run that paused, by their ids)", e.InterruptID)
		}
		if _, dup := byCall[callID]; dup {
			return chatcore.BadRequest("interrupt %s is answered twice", e.InterruptID)
		}
		byCall[callID] = e
	}
	type decision struct {
		callID  string
		approve bool
		reason  string
	}
	var decisions []decision
	var missing []string
	for _, p := range s.Pending() {
		e, ok := byCall[p.ID]
		if !ok {
			missing = append(missing, fmt.Sprintf("%s (%s)", interruptOf(interrupts, p.ID), p.Name))
			continue
		}
		approve, reason, err := answerOf(e)
		if err != nil {
			return err
		}
		decisions = append(decisions, decision{p.ID, approve, reason})
	}
	if len(missing) > 0 {
		return chatcore.BadRequest("interrupts without an answer: %s; answer every one (resolved, or cancelled to decline) in one resume", strings.Join(missing, ", "))
	}
	for _, d := range decisions {
		var err error
		if d.approve {
			err = ag.Approve(s, d.callID)
		} else {
			err = ag.Reject(s, d.reason, d.callID)
		}
		if err != nil {
			return err // each call waits and is decided once, so only a State whose seals do not hold (agent.WithStateKey)
		}
	}
	return nil
}

// answerOf reads a resume entry: approved or not, and the reason the model
// reads when not.
func answerOf(e ResumeEntry) (approve bool, reason string, err error) {
	switch e.Status {
	case ResumeCancelled:
		return false, "", nil
	case ResumeResolved:
		var a ApprovalAnswer
		if err := json.Unmarshal(e.Payload, &a); err != nil || a.Approved == nil {
			return false, "", chatcore.BadRequest(`the answer to interrupt %s is not an approval: its payload must be {"approved": true or false, "reason": "..."}`, e.InterruptID)
		}
		return *a.Approved, a.Reason, nil
	}
	return false, "", chatcore.BadRequest("the answer to interrupt %s has status %q: it must be %q or %q", e.InterruptID, e.Status, ResumeResolved, ResumeCancelled)
}

// lookupInterrupt finds the call an interrupt id was asked about,
// comparing the ids in constant time.
func lookupInterrupt(interrupts map[string]string, id string) (callID string, ok bool) {
	for asked, call := range interrupts {
		if subtle.ConstantTimeCompare([]byte(asked), []byte(id)) == 1 {
			callID, ok = call, true
		}
	}
	return callID, ok
}

// interruptOf is the interrupt id a call was asked with.
func interruptOf(interrupts map[string]string, callID string) string {
	for id, call := range interrupts {
		if call == callID {
			return id
		}
	}
	return "(none)"
}

func setOf(ids []string) map[string]bool {
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set
}
