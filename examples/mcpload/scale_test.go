//go:build linux

package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// requireEnv, set to 1, turns the skip for a missing nginx into a failure
// (.ci/run installs nginx and sets it).
const requireEnv = "TOOLGEN_SCALE_REQUIRE"

// TestScaleOut runs three replicas of examples/mcpserver behind nginx, in
// both modes, with both clients, with and without replica r1 killed
// mid-run and started again, and checks what each client saw:
//
//   - without the kill: no error, and (stateful) every request carrying a
//     session id reached the replica that made the session;
//   - stateless, killed: this project's client has no error but
//     record_reading calls cut in flight (ErrAnswerLost, each sent once);
//     go-sdk's has only 502s, at most one per session (its call in flight);
//   - stateful, killed: the sessions on r1 start a new session and the
//     others see nothing; go-sdk's sessions on r1 each get one 404 (and
//     502s for the calls in flight), this project's client only
//     ErrAnswerLost for record_reading calls in flight.
//
// With -v it prints the table of BENCHMARKS.md.
func TestScaleOut(t *testing.T) {
	nginxBin, bin, dir := setup(t)
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()

	var results []*Result
	for i, mode := range []Mode{Stateless, Stateful} {
		for j, client := range []Client{Toolgen, SDK} {
			for k, kill := range []bool{false, true} {
				cfg := defaults(Config{Mode: mode, Client: client, Kill: kill, Sessions: 12, Calls: 5000, Duration: 5 * time.Second})
				t.Run(strings.ReplaceAll(cfg.String(), " ", "_"), func(t *testing.T) {
					r, al, err := runOne(ctx, nginxBin, bin, fmt.Sprintf("%s/run%d%d%d", dir, i, j, k), cfg)
					require.NoError(t, err)
					results = append(results, r)
					check(t, r, al)
				})
			}
		}
	}
	var b strings.Builder
	printTable(&b, results)
	t.Logf("\n%s", b.String())
}

// setup finds nginx (or skips) and builds examples/mcpserver.
func setup(t *testing.T) (nginxBin, bin, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds examples/mcpserver and starts nginx")
	}
	nginxBin, err := findNginx("")
	if err != nil {
		if os.Getenv(requireEnv) == "1" {
			t.Fatalf("nginx not found and %s=1: %v", requireEnv, err)
		}
		t.Skipf("nginx not found (Debian: apt-get install nginx; %s=1 makes this a failure): %v", requireEnv, err)
	}
	dir = t.TempDir()
	bin, err = buildServer(t.Context(), dir)
	require.NoError(t, err)
	return nginxBin, bin, dir
}

// TestSessionAffinity: sessions made one after the other, each then used
// for a call. With session ids naming their replica, every session works;
// with nginx hashing the session id instead, some do not: initialize,
// which carries no id, is routed before the id exists, and the replica
// that made the session is not always the one its id hashes to, which
// answers 404.
func TestSessionAffinity(t *testing.T) {
	nginxBin, bin, dir := setup(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	const sessions = 12
	lost := map[Mode]int{}
	for _, mode := range []Mode{Stateful, hashed} {
		c, err := startCluster(ctx, nginxBin, bin, fmt.Sprintf("%s/%d", dir, len(lost)), mode, 3)
		require.NoError(t, err)
		lost[mode] = 0
		tr := &http.Transport{}
		for range sessions {
			cl := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "affinity", Version: "v0"}, nil)
			cs, err := cl.Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: c.url, HTTPClient: &http.Client{Transport: tr}, MaxRetries: -1}, sessionOptions)
			if err == nil {
				_, err = cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "Oslo"}})
				_ = cs.Close()
			}
			if err != nil {
				require.ErrorIs(t, err, sdkmcp.ErrSessionMissing, "%s: only 404s", mode)
				lost[mode]++
			}
		}
		tr.CloseIdleConnections()
		c.Close()
	}
	t.Logf("sessions of %d that met a 404: %v", sessions, lost)
	assert.Zero(t, lost[Stateful], "ids naming their replica: every session works")
	assert.Positive(t, lost[hashed], "hashing the id: some sessions are not routed to their replica")
}

// check asserts what a run's clients and nginx saw.
func check(t *testing.T, r *Result, al *accessLog) {
	t.Logf("%d calls, %.0f/s, errors %v, %d new sessions, nginx: %v", r.Calls, r.CallsPerSec(), r.Errors, r.Reinits, al.statuses())
	assert.Positive(t, r.Calls)
	assert.Zero(t, r.Resent, "a record_reading call was sent again after a send that may have run it")
	assert.Zero(t, r.Errors["other"]+r.Errors["timeout"]+r.Errors["JSON-RPC error"], "unexpected errors: %v", r.Samples)
	for k := range r.Errors {
		assert.NotContains(t, k, "tool error")
	}
	home, away, own, foreign := al.routing()
	if r.Mode == Stateful {
		made := al.sessionsMade()
		assert.Len(t, made, 3, "initialize goes round robin: every replica made sessions: %v", made)
		assert.Zero(t, foreign, "a replica named a session after another")
		assert.GreaterOrEqual(t, own, r.Sessions)
		assert.Positive(t, home)
		if !r.Kill {
			assert.Zero(t, away, "every request carrying a session id reached the replica holding it")
		}
	} else {
		assert.Zero(t, home+away+own+foreign, "stateless: no session ids")
	}

	if !r.Kill {
		assert.Zero(t, r.ErrorCount(), "no replica failed: %v", r.Samples)
		assert.Zero(t, r.Reinits, "no new session")
		assert.Zero(t, al.statuses()[502])
		return
	}
	// The killed replica was back on its address: stateless, it answered
	// requests after the restart; stateful, its sessions had moved to the
	// others, and it made new ones.
	assert.False(t, r.Restarted.IsZero())
	if r.Mode == Stateless {
		assert.Positive(t, al.served(r.Restarted)[al.addrs["r1"]], "the restarted replica served requests")
	} else {
		assert.Positive(t, r.ProbeSessions, "the restarted replica made new sessions")
	}
	bad := al.statuses()[502]
	switch r.Client {
	case Toolgen:
		// Read-only calls never fail; only record_reading calls in
		// flight on r1, never sent again.
		for k, n := range r.Errors {
			assert.Equal(t, "answer lost, not sent again: record_reading", k, "%d errors: %s", n, r.Samples[k])
		}
		assert.LessOrEqual(t, r.ErrorCount(), bad, "each lost answer is a 502 from nginx")
	case SDK:
		// Only the calls in flight on r1: nginx's 502s, at most one a
		// session; stateful, a 404 for each session on r1.
		assert.Equal(t, bad, r.Errors["HTTP 502"], "each 502 is one failed call")
		assert.LessOrEqual(t, r.Errors["HTTP 502"], r.Sessions, "at most one call in flight a session")
		// (A session whose GET stream's reconnection failed first is
		// closed by go-sdk before its next call: that call's error.)
		lost := r.Errors["HTTP 404"] + r.Errors["session closed"]
		if r.Mode == Stateful {
			assert.Equal(t, r.Affected, lost, "one 404 for each session on r1")
		} else {
			assert.Zero(t, lost)
		}
		assert.Equal(t, r.ErrorCount(), r.Errors["HTTP 502"]+lost, "only 502s and 404s: %v", r.Samples)
	}
	if r.Mode == Stateful {
		assert.Positive(t, r.Affected, "some sessions were on r1")
		assert.Equal(t, r.Affected, r.AffectedNewSession, "each session on r1 made a new one")
		assert.Equal(t, r.Affected, r.Reinits, "only those")
		assert.Zero(t, r.UnaffectedErrors, "the sessions on r0 and r2 saw no error")
		assert.Zero(t, r.UnaffectedNewSession, "the sessions on r0 and r2 kept theirs")
	} else {
		assert.Zero(t, r.Reinits, "stateless: no session to lose")
	}
}
