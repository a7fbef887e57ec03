package agui

import (
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"time"
)

// writer writes events as SSE data lines, flushing each, each write and
// flush bounded by the stall timeout.
type writer struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration
	buf   []byte
	err   error // the first write's or flush's error: the client went away, or stopped reading
}

func newWriter(w http.ResponseWriter, stall time.Duration) *writer {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &writer{w: w, rc: http.NewResponseController(w), stall: stall}
}

func (w *writer) send(e event) error {
	if w.err != nil {
		return w.err
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err // never: an event holds strings, numbers and JSON that was valid
	}
	return w.write(append(append(append(w.buf[:0], "data: "...), b...), "\n\n"...))
}

// stallPiece is the most written under one deadline: a client reading less
// than this per stall timeout is cut, however steadily it reads.
const stallPiece = 32 << 10

func (w *writer) write(b []byte) error {
	w.buf = b
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

// arm gives the next write the stall timeout; a ResponseWriter that cannot
// set deadlines writes unbounded.
func (w *writer) arm() { _ = w.rc.SetWriteDeadline(time.Now().Add(w.stall)) }

// settle lifts the deadline unless err is its expiry: then net/http's own
// writes of the rest fail at once, and it closes the connection.
func (w *writer) settle(err error) {
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		_ = w.rc.SetWriteDeadline(time.Time{})
	}
}
