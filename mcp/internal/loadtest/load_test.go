//go:build linux

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// scale is the size of a run: a modest one in go test, the full one with
// TOOLGEN_MCP_LOAD=full (.ci/run).
type scale struct {
	name                          string
	nofile                        uint64 // the server's open-file limit: MaxConns defaults to half
	inits                         int    // initialize calls, never followed by another request
	slowBodies, slowHeads, idlers int    // slow connections
}

var (
	modest = scale{name: "modest", nofile: 256, inits: 3000, slowBodies: 100, slowHeads: 100, idlers: 100}
	full   = scale{name: "full", nofile: 1024, inits: 20000, slowBodies: 300, slowHeads: 300, idlers: 500}
)

const (
	workers = 8
	// freshDeadline bounds a new client's initialize and tools/call while
	// the slow connections are held: shorter than the 10-second header
	// timeout, so it is the connection cap that makes room, not timeouts.
	freshDeadline = 5 * time.Second
)

// TestLoad floods the server (a subprocess, on 127.0.0.1) with initialize
// calls and then with slow connections beyond its connection cap, and
// checks that its sessions, descriptors and memory stay bounded and a new
// client is served within freshDeadline.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server with the go tool")
	}
	sc := modest
	if os.Getenv("TOOLGEN_MCP_LOAD") == "full" {
		sc = full
	}
	deadline := time.Now().Add(3 * time.Minute)
	s := start(t, sc)
	maxConns := int(sc.nofile / 2)
	rss0, fds0 := s.rss(t), s.fds(t)
	t.Logf("%s: server pid %d, open-file limit %d, MaxConns %d (default), MaxSessions %d (default)", sc.name, s.cmd.Process.Pid, sc.nofile, maxConns, mcp.DefaultMaxSessions)
	t.Logf("start: RSS %.1f MiB, %d fds", mib(rss0), fds0)

	// Sessions.
	begin := time.Now()
	failed := flood(t, s.url, sc.inits, deadline)
	st := s.stats(t)
	rss1, fds1 := s.rss(t), s.fds(t)
	t.Logf("%d initialize calls in %v (%d failed): %d live sessions, %d goroutines; RSS %.1f MiB (peak %.1f), %d fds",
		sc.inits, time.Since(begin).Round(time.Millisecond), failed, st.Sessions, st.Goroutines, mib(rss1), mib(s.hwm(t)), fds1)
	assert.Zero(t, failed, "initialize calls failed")
	assert.LessOrEqual(t, st.Sessions, mcp.DefaultMaxSessions)
	assert.Less(t, rss1-rss0, int64(96<<20), "RSS grew by %.1f MiB", mib(rss1-rss0))

	// Slow connections.
	addr := strings.TrimPrefix(strings.TrimSuffix(s.url, mcp.Path), "http://")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var peakFDs atomic.Int64
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if n := int64(s.fds(t)); n > peakFDs.Load() {
				peakFDs.Store(n)
			}
		}
	})
	begin = time.Now()
	conns := slowConns(t, addr, sc, stop, &wg)
	opened := time.Since(begin)
	time.Sleep(1500 * time.Millisecond) // the held ones are past the grace of a second

	took, err := freshClient(s.url)
	require.NoError(t, err, "a new client while %d slow connections are held", conns)
	rss2 := s.rss(t)
	close(stop)
	wg.Wait()
	t.Logf("%d slow connections (%d bodies, %d headers, %d idle keep-alives) opened in %v: server peak %d fds (cap %d), RSS %.1f MiB; a new client's initialize + tools/call took %v",
		conns, sc.slowBodies, sc.slowHeads, sc.idlers, opened.Round(time.Millisecond), peakFDs.Load(), maxConns, mib(rss2), took.Round(time.Millisecond))
	assert.Less(t, took, freshDeadline)
	// The listener, the runtime's poller, standard streams and the
	// pending connection Accept holds: a few descriptors beyond the cap.
	assert.LessOrEqual(t, peakFDs.Load(), int64(maxConns+fds0+4))
	assert.Less(t, rss2-rss0, int64(128<<20), "RSS grew by %.1f MiB", mib(rss2-rss0))
}

type server struct {
	cmd   *exec.Cmd
	url   string
	in    io.Writer
	lines *bufio.Scanner
}

func start(t *testing.T, sc scale) *server {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "loadtest")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	cmd := exec.Command(bin, "-nofile", strconv.FormatUint(sc.nofile, 10))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-done
			t.Error("the server did not exit")
		}
	})
	s := &server{cmd: cmd, in: in, lines: bufio.NewScanner(stdout)}
	got := make(chan string, 1)
	go func() {
		if s.lines.Scan() {
			got <- s.lines.Text()
		}
		close(got)
	}()
	select {
	case line := <-got:
		url, ok := strings.CutPrefix(line, "listening on ")
		require.True(t, ok, line)
		s.url = url
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start")
	}
	return s
}

type stats struct{ Sessions, Goroutines int }

func (s *server) stats(t *testing.T) stats {
	t.Helper()
	_, err := io.WriteString(s.in, "\n")
	require.NoError(t, err)
	require.True(t, s.lines.Scan(), "stats")
	var st stats
	require.NoError(t, json.Unmarshal(s.lines.Bytes(), &st))
	return st
}

// status reads field (in kB) of /proc/PID/status, in bytes.
func (s *server) status(t *testing.T, field string) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	require.NoError(t, err)
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/PID/status", field)
	return 0
}

func (s *server) rss(t *testing.T) int64 { return s.status(t, "VmRSS") }
func (s *server) hwm(t *testing.T) int64 { return s.status(t, "VmHWM") }

func (s *server) fds(t *testing.T) int {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", s.cmd.Process.Pid))
	if err != nil {
		t.Errorf("reading the server's descriptors: %v", err)
		return 0
	}
	return len(entries)
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"flood","version":"1"}}}`

// flood sends n initialize calls from workers clients and never uses the
// sessions; it returns how many failed.
func flood(t *testing.T, url string, n int, deadline time.Time) int {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	var next, failed atomic.Int64
	var firstErr sync.Once
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for next.Add(1) <= int64(n) && time.Now().Before(deadline) {
				if err := post(client, url, initialize); err != nil {
					failed.Add(1)
					firstErr.Do(func() { t.Logf("first failure: %v", err) })
				}
			}
		})
	}
	wg.Wait()
	return int(failed.Load())
}

func post(client *http.Client, url, body string) error {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Mcp-Session-Id") == "" {
		return fmt.Errorf("%s: %s", resp.Status, b)
	}
	return nil
}

const slowHead = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"

// slowConns opens sc's slow connections: bodies that trickle in a byte
// every half second, headers that never end, and keep-alives idle after
// one request. They are held until stop; it returns how many it opened.
func slowConns(t *testing.T, addr string, sc scale, stop chan struct{}, wg *sync.WaitGroup) int {
	t.Helper()
	var conns []net.Conn
	t.Cleanup(func() {
		for _, c := range conns {
			_ = c.Close()
		}
	})
	dial := func() net.Conn {
		c, err := net.DialTimeout("tcp", addr, 10*time.Second)
		require.NoError(t, err)
		conns = append(conns, c)
		return c
	}
	for range sc.slowBodies {
		c := dial()
		_, _ = io.WriteString(c, slowHead+"Content-Length: 100000\r\n\r\n{")
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(500 * time.Millisecond):
				}
				if _, err := io.WriteString(c, " "); err != nil {
					return // cut by the server
				}
			}
		})
	}
	for range sc.slowHeads {
		c := dial()
		_, _ = io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
	}
	for range sc.idlers {
		c := dial()
		// One request, whose answer is left unread: the connection is then
		// idle on the server's side.
		_, _ = io.WriteString(c, "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	}
	return len(conns)
}

// freshClient connects as a new MCP client, calls a tool and closes; it
// returns how long that took.
func freshClient(url string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), freshDeadline)
	defer cancel()
	start := time.Now()
	httpClient := &http.Client{Transport: &http.Transport{}}
	defer httpClient.CloseIdleConnections()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "fresh", Version: "1"}, nil).
		Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: url, HTTPClient: httpClient}, nil)
	if err != nil {
		return time.Since(start), fmt.Errorf("initialize: %w", err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "Paris"}})
	if err != nil {
		return time.Since(start), fmt.Errorf("tools/call: %w", err)
	}
	if res.IsError {
		return time.Since(start), fmt.Errorf("tools/call: error result %v", res.Content)
	}
	return time.Since(start), nil
}
