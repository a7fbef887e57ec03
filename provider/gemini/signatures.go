package gemini

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
)

// Thinking models sign their answers (thoughtSignature on a part), and
// want the signatures back with the history: Gemini 3 refuses a request
// whose current turn has a function call without its signature. The
// transcript (agent.Message) has no place for them, so the Model keeps
// the signatures of the answers it gave, by call id and by the hash of
// an answer's text, and puts them back on the parts it sends. It keeps
// the last keepSignatures; a call it does not know in the current turn
// (another provider's, or from before a restart) gets the signature the
// API documents for that case (skipSignature).

// keepSignatures bounds the signatures a Model keeps.
const keepSignatures = 4096

type signatures struct {
	mu    sync.Mutex
	byKey map[string][]byte
	ring  []string // the keys, oldest first from next
	next  int
}

func newSignatures() *signatures { return &signatures{byKey: map[string][]byte{}} }

func callKey(id string) string { return "call:" + id }

func textKey(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "text:" + hex.EncodeToString(sum[:])
}

// put keeps sig (even none: then the key is known to need none).
func (s *signatures) put(key string, sig []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.byKey[key]; ok {
		s.byKey[key] = sig
		return
	}
	if len(s.ring) < keepSignatures {
		s.ring = append(s.ring, key)
	} else {
		delete(s.byKey, s.ring[s.next])
		s.ring[s.next] = key
		s.next = (s.next + 1) % keepSignatures
	}
	s.byKey[key] = sig
}

// get returns the signature kept for key, and whether key is known.
func (s *signatures) get(key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sig, ok := s.byKey[key]
	return sig, ok
}
