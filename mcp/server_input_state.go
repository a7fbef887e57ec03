package mcp

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// requestStateTTL is how long the request state of an input-required
// result is good for: the time a person has to answer.
const requestStateTTL = 15 * time.Minute

// maxSpentStates bounds the request states redeemed within requestStateTTL
// that the server remembers, so that none is redeemed twice.
const maxSpentStates = 100_000

// maxStateLen bounds a request state, issued or received: the answers it
// carries from earlier rounds are what make it grow.
const maxStateLen = 64 << 10

// minStateKeyLen is the shortest key WithRequestStateKey takes.
const minStateKeyLen = 32

// WithRequestStateKey sets the key that signs and checks the request state
// of input-required results (multi round-trip requests at protocol
// 2026-07-28: the questions a tool asks with Elicit, Sample and ListRoots,
// and approvals). Without it the key is random, made when the server is:
// a state is then good only on the process that issued it, so stateless
// replicas behind a load balancer, or a server restarted between two
// rounds, need this option with one secret key of at least 32 bytes
// shared by them all. A shorter key is NewServer's error.
//
// A state is good for one request, within 15 minutes: it binds the
// request's method and tool (or prompt, or resource), its arguments in
// canonical form, the session and the user of the bearer token, the round
// number, the ids of the questions it answers and the answers of earlier
// rounds. Each state is redeemed once per process: replicas sharing a key
// do not share the record of spent states, so a state may be redeemed once
// on each.
func WithRequestStateKey(key []byte) ServerOption {
	return func(c *serverConfig) error {
		if len(key) < minStateKeyLen {
			return fmt.Errorf("mcp.WithRequestStateKey: the key has %d bytes; it needs at least %d", len(key), minStateKeyLen)
		}
		c.stateKey = bytes.Clone(key)
		return nil
	}
}

// requestStates issues and checks request states. A state is
// base64url(payload) "." base64url(HMAC-SHA256(key, binding, payload)):
// the payload (stateBody) says what the state carries, the binding
// (stateBinding) what request it is good for, which is not in the state
// but taken from the request that presents it. The client can read the
// payload (the answers it gave itself) but can neither change it nor
// present it with another request; a redeemed state is remembered until
// it expires so that it is redeemed once.
type requestStates struct {
	key []byte
	now func() time.Time // time.Now; tests move it

	mu    sync.Mutex
	spent map[string]time.Time // redeemed nonces, until their expiry
}

func newRequestStates(key []byte) *requestStates {
	if key == nil {
		key = make([]byte, 32)
		_, _ = rand.Read(key) // crypto/rand.Read never fails
	}
	return &requestStates{key: key, now: time.Now, spent: map[string]time.Time{}}
}

// stateBody is what a request state carries.
type stateBody struct {
	Nonce  string `json:"n"`
	Expiry int64  `json:"x"` // Unix seconds
	// Round is the number of the round the state was issued at: the
	// request that presents it is round Round+1.
	Round int `json:"r"`
	// Asked are the ids of the input requests of that round: the client's
	// inputResponses are read for them only.
	Asked []string `json:"q"`
	// Answers are the answers of earlier rounds, by input request id, as
	// the client sent them.
	Answers map[string]json.RawMessage `json:"a,omitempty"`
}

// stateBinding is the request a state is good for.
type stateBinding struct {
	method    string // "tools/call", "prompts/get", "resources/read"
	name      string // the tool's or prompt's name, the resource's URI
	args      []byte // the arguments, as sent
	sessionID string
	principal string // the bearer token's user, "" without one
}

// errBadState is wrapped by every error of redeem.
var errBadState = errors.New("invalid requestState")

// issue returns the state of the round round of a request bound by b,
// which asked asked and has had answers.
func (a *requestStates) issue(b stateBinding, round int, asked []string, answers map[string]json.RawMessage) (string, error) {
	nonce := make([]byte, 16)
	_, _ = rand.Read(nonce)
	body, err := json.Marshal(stateBody{
		Nonce:   base64.RawURLEncoding.EncodeToString(nonce),
		Expiry:  a.now().Add(requestStateTTL).Unix(),
		Round:   round,
		Asked:   asked,
		Answers: answers,
	})
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(body)
	state := payload + "." + base64.RawURLEncoding.EncodeToString(a.mac(b, payload))
	if len(state) > maxStateLen {
		return "", fmt.Errorf("the answers so far make a request state of %d bytes, more than the %d allowed", len(state), maxStateLen)
	}
	return state, nil
}

// redeem checks state against the request b and spends it: it returns
// what the state carries, or an error wrapping errBadState that says why
// the state is refused (not this server's, or for another request,
// expired, spent).
func (a *requestStates) redeem(state string, b stateBinding) (*stateBody, error) {
	bad := func(why string) error { return fmt.Errorf("%w: %s", errBadState, why) }
	payload, sig, ok := strings.Cut(state, ".")
	if !ok || len(state) > maxStateLen {
		return nil, bad("it is not a request state this server issued")
	}
	mac, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(mac, a.mac(b, payload)) {
		return nil, bad("it was not issued by this server for this request (this " + b.what() + ", these arguments, this session and user)")
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	var body stateBody
	if err != nil || json.Unmarshal(raw, &body) != nil || body.Nonce == "" || body.Round < 1 {
		return nil, bad("its content is malformed") // signed by this key, so not this server's format
	}
	now := a.now()
	expiry := time.Unix(body.Expiry, 0)
	if !now.Before(expiry) {
		return nil, bad("it expired; make the request again without it")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.spent[body.Nonce]; ok {
		return nil, bad("it was used already; make the request again without it")
	}
	if len(a.spent) >= maxSpentStates {
		for n, exp := range a.spent {
			if !now.Before(exp) {
				delete(a.spent, n)
			}
		}
		if len(a.spent) >= maxSpentStates {
			return nil, bad("the server holds too many recent request states; try again later")
		}
	}
	a.spent[body.Nonce] = expiry
	return &body, nil
}

// what names the bound request's subject, for errors.
func (b stateBinding) what() string {
	switch b.method {
	case "prompts/get":
		return "prompt"
	case "resources/read":
		return "resource"
	}
	return "tool"
}

func (a *requestStates) mac(b stateBinding, payload string) []byte {
	h := hmac.New(sha256.New, a.key)
	digest := sha256.Sum256(canonicalJSON(b.args))
	// Each variable-length part is followed by a NUL, which none of them
	// holds (names, URIs and ids are text; the digest is fixed-length).
	for _, part := range []string{"toolgen mcp request state v1", b.method, b.name, string(digest[:]), b.sessionID, b.principal, payload} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return h.Sum(nil)
}

// canonicalJSON is args with members sorted and no spaces, so that a client
// that encodes the arguments of its second call anew still matches; args
// as they are if they are not JSON.
func canonicalJSON(args []byte) []byte {
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil || d.More() {
		return args
	}
	b, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return b
}
