package mcp

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOriginOf: two URLs are of one origin exactly when their scheme, host
// and port are, with the scheme's default port and case folded.
func TestOriginOf(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"https://example.com/mcp", "https://example.com:443/other?q=1", true},
		{"http://example.com/mcp", "http://EXAMPLE.com:80/", true},
		{"HTTPS://example.com/", "https://example.com/", true},
		{"https://user:pw@example.com/", "https://example.com/", true},
		{"https://[::1]:8443/", "https://[::1]:8443/x", true},
		{"https://example.com/", "http://example.com/", false},
		{"https://example.com/", "http://example.com:443/", false},
		{"https://example.com/", "https://example.com:8443/", false},
		{"https://example.com/", "https://sub.example.com/", false},
		{"https://example.com/", "https://example.com./", false},
		{"http://127.0.0.1:8080/", "http://localhost:8080/", false},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8081/", false},
		{"http://[::1]:8080/", "http://127.0.0.1:8080/", false},
	} {
		assert.Equal(t, c.same, originOfURL(c.a) == originOfURL(c.b), "%s and %s", c.a, c.b)
	}
	assert.Equal(t, "https://example.com:443", originOfURL("https://Example.com/mcp").String())
	assert.Equal(t, "http://[::1]:80", originOfURL("http://[::1]/").String())
}

// TestHeaderRoundTripperCarriesOnlyTheOrigin: the URL transport's round
// tripper refuses a request for another origin before the base round
// tripper sees it, whoever made the request; for the origin it adds the
// headers.
func TestHeaderRoundTripperCarriesOnlyTheOrigin(t *testing.T) {
	var seen []http.Header
	base := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		seen = append(seen, r.Header.Clone())
		return &http.Response{StatusCode: http.StatusOK, Body: io.NopCloser(strings.NewReader("")), Request: r}, nil
	})
	rt := headerRoundTripper{base: base, origin: originOfURL("https://mcp.example.com/mcp"),
		headers: http.Header{"Authorization": {"Bearer secret"}}, watch: &wireWatch{}}
	for _, to := range []string{"http://mcp.example.com/mcp", "https://mcp.example.com:8443/mcp", "https://evil.example.com/mcp"} {
		body := &closeRecorder{Reader: strings.NewReader("{}")}
		req, err := http.NewRequest(http.MethodPost, to, body)
		require.NoError(t, err)
		_, err = rt.RoundTrip(req)
		assert.ErrorIs(t, err, ErrCrossOriginRedirect, to)
		assert.ErrorContains(t, err, "from https://mcp.example.com:443 to ")
		assert.True(t, body.closed.Load(), "the body is closed, as a RoundTripper must")
	}
	assert.Empty(t, seen, "nothing reached the base round tripper")

	req, err := http.NewRequest(http.MethodGet, "https://MCP.example.com:443/elsewhere", nil)
	require.NoError(t, err)
	resp, err := rt.RoundTrip(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Len(t, seen, 1)
	assert.Equal(t, "Bearer secret", seen[0].Get("Authorization"))
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

type closeRecorder struct {
	io.Reader
	closed atomic.Bool
}

func (c *closeRecorder) Close() error { c.closed.Store(true); return nil }

// TestSameOriginRedirectsAsksTheUserAfter: the user's CheckRedirect is
// asked about a redirect within the origin (and can stop it), never about
// one elsewhere, which is refused first; without one, a loop stops after
// maxRedirects.
func TestSameOriginRedirectsAsksTheUserAfter(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/away":
			_, port, _ := net.SplitHostPort(r.Host)
			http.Redirect(w, r, "http://localhost:"+port+"/", http.StatusFound)
		default:
			http.Redirect(w, r, "/loop", http.StatusFound)
		}
	}))
	defer ts.Close()
	var asked atomic.Int32
	userStops := errors.New("the user's CheckRedirect said no")
	own := sameOriginClient(&http.Client{Transport: ts.Client().Transport, CheckRedirect: func(*http.Request, []*http.Request) error {
		asked.Add(1)
		return userStops
	}})
	_, err := own.Get(ts.URL + "/start")
	assert.ErrorIs(t, err, userStops)
	assert.Equal(t, int32(1), asked.Load())

	_, err = own.Get(ts.URL + "/away")
	assert.ErrorIs(t, err, ErrCrossOriginRedirect)
	assert.Equal(t, int32(1), asked.Load(), "not asked about a redirect elsewhere")

	_, err = sameOriginClient(ts.Client()).Get(ts.URL + "/loop")
	assert.ErrorContains(t, err, "stopped after 10 redirects")
}
