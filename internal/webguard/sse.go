package webguard

import (
	"errors"
	"net/http"
	"os"
	"time"
)

// SSEWriter writes a Server-Sent Events stream, flushing each write, each
// write and flush bounded by a stall timeout: a client that stops reading
// is cut rather than holding a goroutine and a buffer. aisdk and agui
// write their streams with it.
type SSEWriter struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
	err   error // the first write's or flush's error: the client went away, or stopped reading
}

// NewSSEWriter starts an event stream on w: the SSE headers, extra ones
// (pairs of name and value), and the 200 status.
func NewSSEWriter(w http.ResponseWriter, stall time.Duration, extra ...string) *SSEWriter {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no")
	for i := 0; i+1 < len(extra); i += 2 {
		h.Set(extra[i], extra[i+1])
	}
	w.WriteHeader(http.StatusOK)
	return &SSEWriter{w: w, rc: http.NewResponseController(w), stall: stall}
}

// stallPiece is the most written under one deadline: a client reading less
// than this per stall timeout is cut, however steadily it reads.
const stallPiece = 32 << 10

// Write writes b and flushes it, and returns the stream's first error:
// after one, nothing more is written.
func (w *SSEWriter) Write(b []byte) error {
	if w.err != nil {
		return w.err
	}
	for len(b) > 0 && w.err == nil {
		piece := b[:min(len(b), stallPiece)]
		w.arm()
		n, err := w.w.Write(piece)
		w.settle(err)
		w.err = err
		b = b[n:]
	}
	if w.err == nil {
		w.arm()
		w.err = w.rc.Flush()
		w.settle(w.err)
	}
	return w.err
}

// Err is the stream's first error, or nil.
func (w *SSEWriter) Err() error { return w.err }

// arm gives the next write the stall timeout; a ResponseWriter that cannot
// set deadlines writes unbounded.
func (w *SSEWriter) arm() { _ = w.rc.SetWriteDeadline(time.Now().Add(w.stall)) }

// settle lifts the deadline unless err is its expiry: then net/http's own
// writes of the rest fail at once, and it closes the connection.
func (w *SSEWriter) settle(err error) {
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		_ = w.rc.SetWriteDeadline(time.Time{})
	}
}
