package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/internal/npmtest"
)

// tsClientVersions are the protocol revisions the TypeScript SDK's client
// (1.32) speaks that the server does too: it offers its newest and takes
// the server's answer when it knows it.
var tsClientVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// TestTypeScriptClientInterop: the official TypeScript SDK's client lists
// and calls the weather tools of a server restricted to each revision the
// client speaks, stateful (a session) and stateless (none), with and
// without the fast path.
func TestTypeScriptClientInterop(t *testing.T) {
	modules := npmtest.Modules(t, filepath.Join("@modelcontextprotocol", "sdk", "dist", "esm", "client", "index.js"))
	nodeBin := npmtest.Node(t, modules)
	script, err := filepath.Abs(filepath.Join("testdata", "tsclient", "client.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range tsClientVersions {
		for _, opts := range []HTTPOptions{{}, {Stateless: true}, {DisableFastPath: true}, {Stateless: true, DisableFastPath: true}} {
			t.Run(fmt.Sprintf("%s/stateless=%v/fast=%v", version, opts.Stateless, !opts.DisableFastPath), func(t *testing.T) {
				srv, err := NewServer("weather", "1.0.0", weather.Tools(), WithSessionFreeTools(),
					WithSDKOptions(sdkmcp.ServerOptions{SupportedProtocolVersions: []string{version}}))
				if err != nil {
					t.Fatal(err)
				}
				url := serveUntilCleanup(t, srv, opts)
				got := runTSClient(t, nodeBin, modules, script, url, "get_weather", `{"city":"Paris"}`)
				if got.ProtocolVersion != version {
					t.Errorf("negotiated %q, want %q", got.ProtocolVersion, version)
				}
				if hasSession := got.SessionID != ""; hasSession == opts.Stateless {
					t.Errorf("session id %q with stateless %v", got.SessionID, opts.Stateless)
				}
				if want := []string{"forecast", "get_weather"}; !slices.Equal(got.Tools, want) {
					t.Errorf("tools %v, want %v", got.Tools, want)
				}
				if got.IsError || got.Text == "" {
					t.Errorf("call: %+v", got)
				}
				if served := srv.fast.Load(); fastServes(version, opts) != (served > 0) {
					t.Errorf("the fast path answered %d requests (stateless %v, fast path %v)", served, opts.Stateless, !opts.DisableFastPath)
				}
			})
		}
	}
}

// fastServes reports whether the fast path answers the client's calls:
// at every revision it knows (not 2024-11-05), on sessions too since the
// server declares its tools session-free.
func fastServes(version string, opts HTTPOptions) bool {
	return !opts.DisableFastPath && version != "2024-11-05"
}

// serveUntilCleanup serves srv on 127.0.0.1 until the test ends (Serve
// then closes its sessions) and returns the URL of its endpoint.
func serveUntilCleanup(t *testing.T, srv *Server, opts HTTPOptions) string {
	t.Helper()
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + Path
}

type tsClientReport struct {
	ProtocolVersion string   `json:"protocolVersion"`
	SessionID       string   `json:"sessionId"`
	Tools           []string `json:"tools"`
	Text            string   `json:"text"`
	IsError         bool     `json:"isError"`
}

func runTSClient(t *testing.T, nodeBin, modules, script string, args ...string) tsClientReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nodeBin, append([]string{script}, args...)...)
	cmd.Env = append(cmd.Environ(), "NPM_MODULES="+modules)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("the TypeScript client: %v\n%s%s", err, out, stderr)
	}
	var r tsClientReport
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("the TypeScript client printed %q: %v", out, err)
	}
	return r
}
