package aisdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// DefaultResumeWindow is how long a run goes on with no client reading
// its answer, unless WithResumeWindow says otherwise.
const DefaultResumeWindow = 30 * time.Second

// errNoReader stops a run whose answer nobody can read any more: its
// client went away, and the answer is not kept for a reconnect.
var errNoReader = errors.New("aisdk: the client went away, and the answer is not kept for a reconnect")

// answerStream is where an answer's chunks go, each framed once: the
// chat's history (its recording), the stream store (for a client that
// reconnects), and the client that asked, while it reads. The run hands it
// one chunk at a time.
type answerStream struct {
	live     *writer     // the client that asked, while it reads
	gone     atomic.Bool // the client went away (or stopped reading)
	liveGone func()      // marks it gone and detaches it from the answer, once
	rec      *recording  // the chat's history
	store    StreamStore
	streamID string          // the answer's stream in store; "" when it is not kept
	ctx      context.Context // the run's, for the store
	running  *runningAnswer
	frame    bytes.Buffer // "data: <chunk>\n\n"
	enc      *json.Encoder
	chunk    Chunk // the chunk being encoded: encoded from here, it needs no allocation of its own
}

// send writes a chunk everywhere it goes. Its error stops the run: a
// chunk that does not marshal (never), nobody left to read the answer, or
// the run's context ended (nobody read it for the resume window).
func (a *answerStream) send(c Chunk) error {
	a.frame.Reset()
	a.frame.WriteString("data: ")
	a.chunk = c
	err := a.enc.Encode(&a.chunk) // it ends the JSON with "\n"
	a.chunk = Chunk{}
	if err != nil {
		return err // never: a Chunk's raw JSON fields are valid
	}
	a.frame.WriteByte('\n')
	frame := a.frame.Bytes()
	a.rec.apply(c)
	a.keep(frame[len("data: ") : len(frame)-2])
	if !a.gone.Load() && a.live.write(frame) != nil {
		a.liveGone()
	}
	if a.streamID == "" && a.gone.Load() {
		return errNoReader
	}
	return a.ctx.Err()
}

// keep appends a chunk to the answer's stream, if it is kept; a store
// that refuses it has dropped the stream.
func (a *answerStream) keep(chunk []byte) {
	if a.streamID == "" {
		return
	}
	if err := a.store.Append(a.ctx, a.streamID, chunk); err != nil {
		a.streamID = ""
		a.running.unresumable()
	}
}

// keepOnly appends chunks to the stream without sending them to the
// client: the replay's beginning, which the client has already.
func (a *answerStream) keepOnly(chunks []Chunk) {
	for _, c := range chunks {
		if a.streamID == "" {
			return
		}
		b, err := json.Marshal(c)
		if err != nil {
			continue // never: a Chunk's raw JSON fields are valid
		}
		a.keep(b)
	}
}

// finish ends the answer: the history is saved and the stream finished
// before the client reads [DONE], so that a page reloaded as soon as the
// answer ends finds both.
func (a *answerStream) finish() {
	a.rec.end()
	if a.streamID != "" {
		_ = a.store.Finish(context.WithoutCancel(a.ctx), a.streamID) // a stream not finished is the store's to drop
	}
	if !a.gone.Load() {
		_ = a.live.write([]byte("data: [DONE]\n\n"))
	}
}

// runningAnswer is a chat's answer while its run goes on in this process:
// how many clients read it (the one that asked, and those that
// reconnected here), and the run's cancel, called when nobody has read it
// for the resume window.
type runningAnswer struct {
	streamID string
	cancel   context.CancelFunc

	mu        sync.Mutex
	window    time.Duration // 0 once the answer is not kept: nobody could reconnect
	readers   int
	orphaned  *time.Timer
	completed bool
}

// attach counts a reader in.
func (r *runningAnswer) attach() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.readers++
	if r.orphaned != nil {
		r.orphaned.Stop()
		r.orphaned = nil
	}
}

// detach counts a reader out; the last one out starts the resume window
// (or, with none, cancels the run).
func (r *runningAnswer) detach() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.readers--
	r.orphan()
}

// unresumable says the answer is no longer kept: with nobody reading, the
// run stops now.
func (r *runningAnswer) unresumable() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.window = 0
	if r.orphaned != nil {
		r.orphaned.Stop()
		r.orphaned = nil
	}
	r.orphan()
}

// orphan stops the run, at once or after the window, if nobody reads it.
func (r *runningAnswer) orphan() {
	if r.readers > 0 || r.completed || r.orphaned != nil {
		return
	}
	if r.window <= 0 {
		r.cancel()
		return
	}
	r.orphaned = time.AfterFunc(r.window, r.cancel)
}

// complete says the run is over: nothing is to be cancelled any more.
func (r *runningAnswer) complete() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.completed = true
	if r.orphaned != nil {
		r.orphaned.Stop()
		r.orphaned = nil
	}
}

// beginAnswer starts streaming the answer to req: the response's headers,
// the history's recording, the answer's stream in the stream store, and
// the run's context, which outlives the request's (see WithResumeWindow).
// end, deferred, ends the answer's bookkeeping (not its stream: finish).
func (h *handler) beginAnswer(w http.ResponseWriter, r *http.Request, req Request) (a *answerStream, end func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	running := &runningAnswer{cancel: cancel, window: h.resumeWindow, readers: 1}
	streamID := chatcore.NewID("stream-")
	if h.streams.Begin(ctx, req.ID, streamID) != nil {
		streamID, running.window = "", 0 // served, but not resumable
	}
	running.streamID = streamID
	a = &answerStream{live: newWriter(w, h.WriteStall), rec: h.history.record(ctx, req), store: h.streams,
		streamID: streamID, ctx: ctx, running: running}
	a.enc = json.NewEncoder(&a.frame)
	a.liveGone = sync.OnceFunc(func() {
		a.gone.Store(true)
		running.detach()
	})
	stop := context.AfterFunc(r.Context(), a.liveGone)
	h.setRunning(req.ID, running)
	return a, func() {
		stop()
		running.complete()
		h.clearRunning(req.ID, running)
		a.rec.end()
		cancel()
	}
}

func (h *handler) setRunning(chatID string, r *runningAnswer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.running[chatID] = r
}

func (h *handler) clearRunning(chatID string, r *runningAnswer) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.running[chatID] == r {
		delete(h.running, chatID)
	}
}

// runningAnswerOf is the chat's answer running in this process, if its
// stream is streamID.
func (h *handler) runningAnswerOf(chatID, streamID string) *runningAnswer {
	h.mu.Lock()
	defer h.mu.Unlock()
	if r := h.running[chatID]; r != nil && r.streamID == streamID {
		return r
	}
	return nil
}
