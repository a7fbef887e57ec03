package chatcore

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/toolgen-dev/toolgen/internal/webguard"
)

// Admit answers a request the guard refuses (its Host, its Origin) with
// 403, and a CORS preflight of an allowed origin; it sets the CORS headers
// of an allowed origin, and reports whether the request goes on.
func (c *Config[S]) Admit(w http.ResponseWriter, r *http.Request) bool {
	if err := c.Guard.CheckHost(r); err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return false
	}
	cors, err := c.Guard.CheckOrigin(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return false
	}
	if cors != "" && r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
		webguard.Preflight(w, r, cors)
		return false
	}
	if cors != "" {
		webguard.AllowCORS(w, cors)
	}
	return true
}

// PrincipalOf reads the request's principal ("" without WithPrincipal);
// an empty principal from WithPrincipal's function is an error.
func (c *Config[S]) PrincipalOf(r *http.Request) (string, error) {
	if c.Principal == nil {
		return "", nil
	}
	p, err := c.Principal(r)
	if err == nil && p == "" {
		err = errors.New("the request has no principal")
	}
	return p, err
}

// ReadJSON reads the request's body, of at most MaxBody bytes, into v, or
// says what is wrong and the status to answer; what names v in the error
// ("a chat request").
func (c *Config[S]) ReadJSON(w http.ResponseWriter, r *http.Request, v any, what string) (int, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, c.MaxBody))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return http.StatusRequestEntityTooLarge, fmt.Errorf("%s: the request is larger than %d bytes", c.Guard.Name, c.MaxBody)
		}
		return http.StatusBadRequest, fmt.Errorf("%s: reading the request: %w", c.Guard.Name, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return http.StatusBadRequest, fmt.Errorf("%s: the request is not %s: %w", c.Guard.Name, what, err)
	}
	return 0, nil
}

// Busy is the conversations with a request in progress in this process:
// a handler serves one request of a conversation at a time. The zero
// Busy is empty and ready; it is safe for concurrent use.
type Busy struct {
	mu  sync.Mutex
	ids map[string]bool
}

// Claim marks the conversation id busy, and returns the function that
// marks it free (a handler calls it as soon as the run is over, and again
// on its way out: calls after the first do nothing); ok is false when the
// conversation was busy.
func (b *Busy) Claim(id string) (release func(), ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ids[id] {
		return nil, false
	}
	if b.ids == nil {
		b.ids = map[string]bool{}
	}
	b.ids[id] = true
	var once sync.Once
	return func() { once.Do(func() { b.release(id) }) }, true
}

func (b *Busy) release(id string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.ids, id)
}

// NewID is a random id (128 bits) with a prefix.
func NewID(prefix string) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return prefix + hex.EncodeToString(b[:])
}

// RequestError is an error about the request, which the handler tells the
// client as it is (other errors of a run go through ErrorText).
type RequestError struct{ Msg string }

func (e *RequestError) Error() string { return e.Msg }

// BadRequest is a RequestError saying format with args.
func BadRequest(format string, args ...any) error {
	return &RequestError{Msg: fmt.Sprintf(format, args...)}
}

// ErrNotFound is the answer to a request naming another principal's
// conversation: as if there were none (a 403 would tell that it exists).
var ErrNotFound = errors.New("not found")
