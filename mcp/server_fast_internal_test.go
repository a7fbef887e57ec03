package mcp

import (
	"bytes"
	"log"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A panic while parsing (a bug: parse must refuse what it does not know)
// leaves the request to go-sdk instead of dropping the connection, and is
// logged once per handler, not once per request.
func TestFastPathParsePanicLeavesRequestToSDK(t *testing.T) {
	var logged bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&logged)
	t.Cleanup(func() { log.SetOutput(prev) })

	f := &fastPath{} // no server: parse panics looking the tool up
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}`)
	for range 3 {
		_, ok := f.parseOrRecover(body, fastRequest{header: "2025-06-18"})
		assert.False(t, ok, "a request parse panicked on is left to go-sdk")
	}
	assert.Equal(t, 1, strings.Count(logged.String(), "the fast path panicked"), logged.String())
	assert.Contains(t, logged.String(), "parseOrRecover", "the first panic is logged with its stack")
}
