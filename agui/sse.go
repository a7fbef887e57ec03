package agui

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/toolgen-dev/toolgen/internal/webguard"
)

// writer writes events as SSE data lines, flushing each, each write and
// flush bounded by the stall timeout.
type writer struct {
	*webguard.SSEWriter
	buf []byte
}

func newWriter(w http.ResponseWriter, stall time.Duration) *writer {
	return &writer{SSEWriter: webguard.NewSSEWriter(w, stall)}
}

func (w *writer) send(e event) error {
	if err := w.Err(); err != nil {
		return err
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err // never: an event holds strings, numbers and JSON that was valid
	}
	return w.write(append(append(append(w.buf[:0], "data: "...), b...), "\n\n"...))
}

func (w *writer) write(b []byte) error {
	w.buf = b
	return w.Write(b)
}
