package mcp_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// TestServerOptionErrors: a bad value is NewServer's error, naming the
// option and the value; nothing is clamped.
func TestServerOptionErrors(t *testing.T) {
	for want, opt := range map[string]mcp.ServerOption{
		"mcp.WithMaxCalls(0): must be at least 1 (or NoLimit)":  mcp.WithMaxCalls(0),
		"mcp.WithMaxCalls(-2): must be at least 1 (or NoLimit)": mcp.WithMaxCalls(-2),
		"mcp: nil ServerOption":                                 nil,
	} {
		_, err := mcp.NewServer("test", "1.0.0", nil, opt)
		assert.EqualError(t, err, want)
	}
	for _, n := range []int{1, 5, mcp.NoLimit} {
		_, err := mcp.NewServer("test", "1.0.0", nil, mcp.WithMaxCalls(n))
		assert.NoError(t, err, n)
	}
}

// TestClientOptionErrors: a bad value is NewClient's (and Connect's) error,
// naming the option and the value; nothing is clamped.
func TestClientOptionErrors(t *testing.T) {
	tr := mcp.URL("http://127.0.0.1:1/mcp", nil)
	for want, opt := range map[string]mcp.ClientOption{
		"mcp.WithMaxPages(0): must be at least 1":         mcp.WithMaxPages(0),
		"mcp.WithMaxPages(-1): must be at least 1":        mcp.WithMaxPages(-1),
		"mcp.WithTerminateTimeout(0s): must be positive":  mcp.WithTerminateTimeout(0),
		"mcp.WithTerminateTimeout(-1s): must be positive": mcp.WithTerminateTimeout(-time.Second),
		`mcp.WithClientInfo("", "v1"): empty name`:        mcp.WithClientInfo("", "v1"),
		"mcp.WithStderr(nil): nil writer":                 mcp.WithStderr(nil),
		"mcp.WithHTTPTransport(nil): nil round tripper":   mcp.WithHTTPTransport(nil),
		"mcp: nil ClientOption":                           nil,
	} {
		_, err := mcp.NewClient(tr, opt)
		assert.EqualError(t, err, want)
		_, err = mcp.Connect(t.Context(), tr, opt)
		assert.EqualError(t, err, want)
	}
}

// TestHTTPOptionsErrors: a negative limit other than NoLimit is an error
// of Handler, Serve and ListenAndServe naming the field and the value; zero
// is the default and NoLimit removes the limit.
func TestHTTPOptionsErrors(t *testing.T) {
	srv := newServer(t)
	cases := map[string]mcp.HTTPOptions{
		"mcp.HTTPOptions{SessionTimeout: -2ns}: must not be negative (0 is the default, NoLimit removes the limit)": {SessionTimeout: -2},
		"mcp.HTTPOptions{BodyTimeout: -1s}: must not be negative (0 is the default, NoLimit removes the limit)":     {BodyTimeout: -time.Second},
		"mcp.HTTPOptions{MaxSessions: -5}: must not be negative (0 is the default, NoLimit removes the limit)":      {MaxSessions: -5},
		"mcp.HTTPOptions{MaxConns: -2}: must not be negative (0 is the default, NoLimit removes the limit)":         {MaxConns: -2},
		"mcp.HTTPOptions{MaxBodyBytes: -10}: must not be negative (0 is the default, NoLimit removes the limit)":    {MaxBodyBytes: -10},
		"mcp.HTTPOptions{MaxHeaderBytes: -3}: must not be negative (0 is the default, NoLimit removes the limit)":   {MaxHeaderBytes: -3},
		"mcp.HTTPOptions{ReadHeaderTimeout: -1ms}: must not be negative (0 is the default, NoLimit removes the limit)\n" +
			"mcp.HTTPOptions{WriteStallTimeout: -3ns}: must not be negative (0 is the default, NoLimit removes the limit)\n" +
			"mcp.HTTPOptions{IdleTimeout: -1m0s}: must not be negative (0 is the default, NoLimit removes the limit)": {ReadHeaderTimeout: -time.Millisecond, IdleTimeout: -time.Minute, WriteStallTimeout: -3},
	}
	for want, opts := range cases {
		_, err := srv.Handler(opts)
		assert.EqualError(t, err, want)
		ln, err := mcp.Listen("127.0.0.1:0")
		require.NoError(t, err)
		assert.EqualError(t, srv.Serve(t.Context(), ln, opts), want)
		_, err = ln.Accept()
		assert.Error(t, err, "Serve closes the listener")
		assert.EqualError(t, srv.ListenAndServe(t.Context(), "127.0.0.1:0", opts), want)
	}
	_, err := srv.Handler(mcp.HTTPOptions{SessionTimeout: mcp.NoLimit, MaxSessions: mcp.NoLimit, MaxConns: mcp.NoLimit,
		MaxBodyBytes: mcp.NoLimit, MaxHeaderBytes: mcp.NoLimit, BodyTimeout: mcp.NoLimit, WriteStallTimeout: mcp.NoLimit,
		ReadHeaderTimeout: mcp.NoLimit, IdleTimeout: mcp.NoLimit})
	assert.NoError(t, err)
}

// TestNoLimitRemovesTheBodyLimit: NoLimit takes effect (a body far above
// the default 4 MiB is read), where a small limit refuses it.
func TestNoLimitRemovesTheBodyLimit(t *testing.T) {
	srv := newServer(t)
	big := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"` + strings.Repeat("x", mcp.DefaultMaxBodyBytes+1) + `"}}`
	post := func(opts mcp.HTTPOptions) int {
		h, err := srv.Handler(opts)
		require.NoError(t, err)
		req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, "http://127.0.0.1"+mcp.Path, bytes.NewBufferString(big))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	assert.Equal(t, http.StatusRequestEntityTooLarge, post(mcp.HTTPOptions{Stateless: true, JSONResponse: true}))
	assert.Equal(t, http.StatusOK, post(mcp.HTTPOptions{Stateless: true, JSONResponse: true, MaxBodyBytes: mcp.NoLimit}))
}
