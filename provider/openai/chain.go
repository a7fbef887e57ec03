package openai

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"sync"

	"github.com/toolgen-dev/toolgen/agent"
)

// Chaining (WithStore): a stored response holds its input and its output,
// so the next request can name it (previous_response_id) and send only
// the items after it. The transcript does not say which response an
// answer came from, so the model remembers it: the digest of the input
// items of a transcript that ends with an answer -> the id of the response
// that gave that answer. A transcript that goes on from one of them, item
// for item, chains from it; one that was changed (compacted, repaired, or
// from another process) has no digest in memory and goes whole.

// digest is the SHA-256 of a transcript's items.
type digest [sha256.Size]byte

// chainSize bounds the responses a model remembers; the oldest goes first.
const chainSize = 1024

// chain is what a model remembers of its stored responses.
type chain struct {
	mu    sync.Mutex
	ids   map[digest]string
	order []digest
}

// digestOf is the digest of the items of messages.
func digestOf(items [][]json.RawMessage) digest {
	h := sha256.New()
	for _, msg := range items {
		writeItems(h, msg)
	}
	var d digest
	h.Sum(d[:0])
	return d
}

// writeItems writes items to h, each ended by a newline (compact JSON has
// none of its own).
func writeItems(h interface{ Write([]byte) (int, error) }, items []json.RawMessage) {
	for _, it := range items {
		_, _ = h.Write(it)
		_, _ = h.Write([]byte{'\n'})
	}
}

// find returns the response the latest answer of msgs (with items, their
// input items) came from, when c remembers it and messages follow it: how
// many messages it covers, its id and the digest it is remembered by.
func (c *chain) find(items [][]json.RawMessage, msgs []agent.Message) (link int, id string, key digest) {
	if c == nil {
		return 0, "", digest{}
	}
	h := sha256.New()
	for i, msg := range msgs[:max(len(msgs)-1, 0)] {
		writeItems(h, items[i])
		if msg.Role != agent.RoleAssistant {
			continue
		}
		var d digest
		h.Sum(d[:0])
		if found, ok := c.lookup(d); ok {
			link, id, key = i+1, found, d
		}
	}
	return link, id, key
}

func (c *chain) lookup(d digest) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	id, ok := c.ids[d]
	return id, ok
}

// record remembers that response id answered the transcript of digest d.
func (c *chain) record(d digest, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids = map[digest]string{}
	}
	if _, ok := c.ids[d]; !ok {
		c.order = append(c.order, d)
	}
	c.ids[d] = id
	for len(c.order) > chainSize {
		delete(c.ids, c.order[0])
		c.order = c.order[1:]
	}
}

// forget forgets the response of digest d, which the API no longer has.
func (c *chain) forget(d digest) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.ids, d)
}

// chainBroken reports whether err says the previous response is gone: a
// 404, or the API's previous_response_not_found.
func chainBroken(err error) bool {
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		return false
	}
	return apiErr.StatusCode == http.StatusNotFound || apiErr.Type == "previous_response_not_found"
}
