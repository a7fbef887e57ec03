// Package providertest holds what the tests of agent.Model adapters share:
// a fake provider API on 127.0.0.1 that answers with a script (FakeAPI),
// and RunModelSuite, the behaviours every agent.Model adapter must have.
// An adapter's test runs the suite with an Adapter: its options, and a
// Wire that writes answers and reads requests in its provider's
// documented format, so that the suite speaks of answers, calls and
// transcripts, never of a provider's JSON. What only one adapter does
// stays in its own tests. provider's adapters run it (provider/gemini from
// its own module), agenttest's scripted model keeps its contract
// (TestScriptedModelContract), and an adapter of your own may run it.
package providertest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/testtools"
)

// Reply is one scripted HTTP answer of a FakeAPI.
type Reply struct {
	Status int
	Header map[string]string
	Body   string
	// Hold, when set, runs after the body is written (a stream that
	// stays open).
	Hold func(http.ResponseWriter, *http.Request)
}

// FakeAPI answers POST Path with its Script, in order, and keeps the
// request bodies (as they came, and decoded) and headers. A request that is not JSON to Path gets
// BadRequest, one past the script Exhausted (both with status 400, as the
// provider words its errors).
type FakeAPI struct {
	Path string
	// Serves, when set, says which paths are Path's (an API that says
	// part of a request in its URL).
	Serves     func(path string) bool
	BadRequest string
	Exhausted  string
	Script     []Reply

	mu      sync.Mutex
	raw     [][]byte
	bodies  []map[string]any
	headers []http.Header
	urls    []*url.URL
}

func (f *FakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	var decoded map[string]any
	if err := json.Unmarshal(body, &decoded); err != nil || !f.serves(r.URL.Path) {
		http.Error(w, f.BadRequest, http.StatusBadRequest)
		return
	}
	f.raw = append(f.raw, body)
	f.bodies = append(f.bodies, decoded)
	f.headers = append(f.headers, r.Header.Clone())
	u := *r.URL
	f.urls = append(f.urls, &u)
	if len(f.bodies) > len(f.Script) {
		http.Error(w, f.Exhausted, http.StatusBadRequest)
		return
	}
	rep := f.Script[len(f.bodies)-1]
	w.Header().Set("Content-Type", "application/json")
	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	w.WriteHeader(rep.Status)
	_, _ = io.WriteString(w, rep.Body)
	if rep.Hold != nil {
		rep.Hold(w, r)
	}
}

func (f *FakeAPI) serves(path string) bool {
	if f.Serves != nil {
		return f.Serves(path)
	}
	return path == f.Path
}

// URLs are the URLs of the requests that came.
func (f *FakeAPI) URLs() []*url.URL {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.urls
}

// Requests are the bodies of the requests that came, decoded.
func (f *FakeAPI) Requests() []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.bodies
}

// Bodies are the bodies of the requests that came, as they came.
func (f *FakeAPI) Bodies() [][]byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.raw
}

// Headers are the headers of the requests that came.
func (f *FakeAPI) Headers() []http.Header {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.headers
}

// Repeat is a script of n times the same answer.
func Repeat(r Reply, n int) []Reply {
	script := make([]Reply, n)
	for i := range script {
		script[i] = r
	}
	return script
}

// RequireStableRequests sends req n times with m, a model of f (whose
// script answers each), and requires the same body each time: a prompt
// cache serves only a prefix that comes back byte for byte.
func RequireStableRequests(t *testing.T, f *FakeAPI, m agent.Model, req agent.Request, n int) {
	t.Helper()
	for range n {
		_, err := m.Generate(context.Background(), req)
		require.NoError(t, err)
	}
	bodies := f.Bodies()
	require.Len(t, bodies, n)
	for i, b := range bodies[1:] {
		require.Equal(t, string(bodies[0]), string(b), "request %d", i+1)
	}
}

// Run runs an agent with internal/testtools' weather tools and a system prompt on m.
func Run(t *testing.T, m agent.Model, prompt string) (*agent.State, error) {
	t.Helper()
	ag, err := agent.New(m, agent.WithTools(testtools.Tools()), agent.WithSystem("You are a weather assistant."))
	require.NoError(t, err)
	return ag.Run(context.Background(), prompt, nil)
}

// requireOutput runs an agent on m with prompt, as Run does, and checks
// that it answered output; it returns the run's state.
func requireOutput(t *testing.T, m agent.Model, prompt, output string) *agent.State {
	t.Helper()
	st, err := Run(t, m, prompt)
	require.NoError(t, err)
	assert.Equal(t, output, st.Output())
	return st
}

// Parts collects a stream's parts, up to its first error.
func Parts(t *testing.T, seq func(func(agent.Part, error) bool)) ([]agent.Part, error) {
	t.Helper()
	var out []agent.Part
	for p, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, p)
		require.Less(t, len(out), 1000, "a bounded stream")
	}
	return out, nil
}
