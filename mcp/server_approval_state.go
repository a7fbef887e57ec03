package mcp

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// approvalTTL is how long the request state of an approval round trip is
// good for: the time a person has to answer.
const approvalTTL = 15 * time.Minute

// maxPendingApprovals bounds the approvals accepted within approvalTTL
// that the server remembers, so that none is accepted twice.
const maxPendingApprovals = 100_000

// approvalStates issues and checks the request states of approval round
// trips. A state is a nonce, an expiry and an HMAC (with a key of the
// process) over them, the tool's name, the arguments and the session's id:
// the client cannot make one, nor use one for another call, and an
// accepted one is remembered until it expires so that it runs one call.
// The key is the process's: a round trip answered to another replica (a
// stateless server behind a load balancer) is refused, and asked again.
type approvalStates struct {
	key [32]byte

	mu   sync.Mutex
	used map[[16]byte]time.Time // accepted nonces, until their expiry
}

func newApprovalStates() *approvalStates {
	a := &approvalStates{used: map[[16]byte]time.Time{}}
	_, _ = rand.Read(a.key[:]) // crypto/rand.Read never fails
	return a
}

const stateLen = 16 + 8 + sha256.Size

// issue returns the state of a round trip asking about a call of tool with
// args on session sessionID.
func (a *approvalStates) issue(tool toolgen.ToolName, args []byte, sessionID string) string {
	var b [stateLen]byte
	_, _ = rand.Read(b[:16])
	binary.BigEndian.PutUint64(b[16:24], uint64(time.Now().Add(approvalTTL).Unix()))
	copy(b[24:], a.mac(b[:24], tool, args, sessionID))
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// redeem checks state against a call of tool with args on sessionID, and
// spends it.
func (a *approvalStates) redeem(state string, tool toolgen.ToolName, args []byte, sessionID string) error {
	b, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(b) != stateLen || !hmac.Equal(b[24:], a.mac(b[:24], tool, args, sessionID)) {
		return errors.New("its request state was not issued by this server for this tool, these arguments and this session")
	}
	expiry := time.Unix(int64(binary.BigEndian.Uint64(b[16:24])), 0)
	now := time.Now()
	if !now.Before(expiry) {
		return errors.New("it expired")
	}
	nonce := [16]byte(b[:16])
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.used[nonce]; ok {
		return errors.New("it was used already")
	}
	if len(a.used) >= maxPendingApprovals {
		for n, exp := range a.used {
			if !now.Before(exp) {
				delete(a.used, n)
			}
		}
		if len(a.used) >= maxPendingApprovals {
			return errors.New("the server holds too many recent approvals; try again later")
		}
	}
	a.used[nonce] = expiry
	return nil
}

func (a *approvalStates) mac(head []byte, tool toolgen.ToolName, args []byte, sessionID string) []byte {
	h := hmac.New(sha256.New, a.key[:])
	digest := sha256.Sum256(canonicalJSON(args))
	h.Write([]byte("toolgen mcp approval\x00"))
	h.Write(head)
	h.Write([]byte(tool))
	h.Write([]byte{0})
	h.Write(digest[:])
	h.Write([]byte(sessionID))
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
