package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/internal/benchtools/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// httpServers are the servers TestHTTPCallCPU compares, each in a process
// of its own (this test binary run again with childEnv set to its name).
var httpServers = []string{
	"toolgen_stateful",      // stateful, every request through go-sdk
	"toolgen_stateful_fast", // stateful, mcp.WithSessionFreeTools: calls on the fast path
	"toolgen_stateless_sdk", // stateless, every request through go-sdk
	"toolgen_stateless",     // stateless with the fast path (the default)
	"go-sdk_typed",
	"mcp-go",
}

const childEnv = "TOOLGEN_BENCH_HTTP_SERVER"

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		if err := pinChild(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if err := runChild(name); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runChild serves MCP over streamable HTTP on 127.0.0.1 with server name,
// and a control endpoint beside it: /start and /stop bracket a measurement
// (allocations counted, and a CPU and an allocation profile written to
// TOOLGEN_BENCH_PROFILE_DIR when it is set). It prints the two addresses
// and serves until its standard input closes or it is killed.
func runChild(name string) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	ctl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer cancel()
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); cancel() }()

	var serve func() error
	plain := func(h http.Handler) func() error {
		srv := &http.Server{Handler: h}
		go func() { <-ctx.Done(); _ = srv.Close() }()
		return func() error { return srv.Serve(ln) }
	}
	switch name {
	case "toolgen_stateful", "toolgen_stateful_fast", "toolgen_stateless", "toolgen_stateless_sdk":
		var opts []mcp.ServerOption
		if name == "toolgen_stateful_fast" {
			opts = append(opts, mcp.WithSessionFreeTools())
		}
		srv, err := mcp.NewServer("bench", "1", weather.Tools(), opts...)
		if err != nil {
			return err
		}
		stateful := strings.HasPrefix(name, "toolgen_stateful")
		hopts := mcp.HTTPOptions{Stateless: !stateful, DisableFastPath: name == "toolgen_stateless_sdk"}
		serve = func() error { return srv.Serve(ctx, ln, hopts) }
	case "go-sdk_typed":
		s := sdk.NewServer(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
		sdk.AddTool(s, &sdk.Tool{Name: "get_weather", Description: description},
			func(ctx context.Context, _ *sdk.CallToolRequest, in weather.Args) (*sdk.CallToolResult, weather.Forecast, error) {
				out, err := weather.GetWeather(ctx, in)
				return nil, out, err
			})
		mux := http.NewServeMux()
		mux.Handle("/mcp", sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil))
		serve = plain(mux)
	case "mcp-go":
		s := mcpgoserver.NewMCPServer("bench", "1")
		tool := mcpgo.NewTool("get_weather", mcpgo.WithDescription(description),
			mcpgo.WithInputSchema[weather.Args](), mcpgo.WithOutputSchema[weather.Forecast]())
		s.AddTool(tool, mcpgo.NewStructuredToolHandler(func(ctx context.Context, _ mcpgo.CallToolRequest, in weather.Args) (weather.Forecast, error) {
			return weather.GetWeather(ctx, in)
		}))
		mux := http.NewServeMux()
		mux.Handle("/mcp", mcpgoserver.NewStreamableHTTPServer(s))
		serve = plain(mux)
	default:
		if serve, err = tmServe(ctx, ln, name, plain); err != nil {
			return err
		}
	}

	var mallocs uint64
	var profFile *os.File
	dir := os.Getenv("TOOLGEN_BENCH_PROFILE_DIR")
	cmux := http.NewServeMux()
	cmux.HandleFunc("/start", func(w http.ResponseWriter, _ *http.Request) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		mallocs = ms.Mallocs
		if dir != "" {
			runtime.MemProfileRate = 4096
			f, err := os.Create(filepath.Join(dir, name+".cpu.pprof"))
			if err == nil {
				profFile = f
				_ = pprof.StartCPUProfile(f)
			}
		}
	})
	cmux.HandleFunc("/stop", func(w http.ResponseWriter, _ *http.Request) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Fprintln(w, ms.Mallocs-mallocs)
		if profFile != nil {
			pprof.StopCPUProfile()
			_ = profFile.Close()
			profFile = nil
			if f, err := os.Create(filepath.Join(dir, name+".allocs.pprof")); err == nil {
				_ = pprof.Lookup("allocs").WriteTo(f, 0)
				_ = f.Close()
			}
		}
	})
	go func() { _ = http.Serve(ctl, cmux) }()
	fmt.Printf("http://%s/mcp http://%s\n", ln.Addr(), ctl.Addr())
	err = serve()
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// child is a running server process.
type child struct {
	name     string
	cmd      *exec.Cmd
	url, ctl string
	stdin    io.WriteCloser
}

// startChild starts server name in a process of its own, with env added
// to this process's environment.
func startChild(t *testing.T, name string, env ...string) *child {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), childEnv+"="+name), env...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{name: name, cmd: cmd, stdin: stdin}
	t.Cleanup(func() { _ = stdin.Close(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f := strings.Fields(line)
	if len(f) != 2 {
		t.Fatalf("%s printed %q", name, line)
	}
	c.url, c.ctl = f[0], f[1]
	return c
}

// cpu returns the user and system CPU the process has used so far.
func (c *child) cpu(t *testing.T) time.Duration {
	return procCPU(t, c.cmd.Process.Pid)
}

// procCPU returns the user and system CPU process pid has used so far.
func procCPU(t *testing.T, pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the command name, which is in parentheses: utime and
	// stime are fields 14 and 15 of the line, 12 and 13 after ")".
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	const ticksPerSecond = 100 // USER_HZ on Linux
	return time.Duration(ut+st) * time.Second / ticksPerSecond
}

func (c *child) control(t *testing.T, what string) string {
	resp, err := http.Get(c.ctl + "/" + what)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return strings.TrimSpace(string(b))
}

// mcpSession is one client session over raw HTTP.
type mcpSession struct {
	hc  *http.Client
	url string
	id  string // Mcp-Session-Id, if the server gave one
}

const protocolVersion = "2025-06-18"

func (s *mcpSession) post(body string) ([]byte, http.Header, error) {
	req, err := http.NewRequest(http.MethodPost, s.url, strings.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", protocolVersion)
	if s.id != "" {
		req.Header.Set("Mcp-Session-Id", s.id)
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, nil, fmt.Errorf("%s: %s", resp.Status, b)
	}
	return b, resp.Header, nil
}

func (s *mcpSession) initialize() error {
	_, h, err := s.post(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + protocolVersion +
		`","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
	if err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	s.id = h.Get("Mcp-Session-Id")
	_, _, err = s.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return err
}

func (s *mcpSession) call(id int) error {
	b, _, err := s.post(`{"jsonrpc":"2.0","id":` + strconv.Itoa(id) +
		`,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}}}`)
	if err != nil {
		return err
	}
	if !bytes.Contains(b, []byte(`"structuredContent"`)) || bytes.Contains(b, []byte(`"isError":true`)) {
		return fmt.Errorf("tools/call answered %s", b)
	}
	return nil
}

// load runs calls tools/call on each of sessions concurrently.
func load(sessions []*mcpSession, calls int) error {
	var wg sync.WaitGroup
	errs := make([]error, len(sessions))
	for i, s := range sessions {
		wg.Go(func() {
			for j := range calls {
				if err := s.call(j + 1); err != nil {
					errs[i] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// TestHTTPCallCPU measures the server's CPU per 1000 tools/call over
// streamable HTTP on 127.0.0.1: each server in a process of its own, loaded
// by 16 concurrent client sessions of raw HTTP (initialized, then calling
// get_weather), rounds interleaved over the servers. The server's CPU is its
// process's user and system time (/proc/PID/stat) over the calls, so the
// client's own work is not counted; allocations are the server's
// runtime.MemStats.Mallocs. It runs only when asked:
//
//	cd bench && TOOLGEN_HTTP_CPU=1 go test -run '^TestHTTPCallCPU$' -v -timeout 30m
//
// TOOLGEN_HTTP_CPU_ROUNDS (default 7) and TOOLGEN_HTTP_CPU_CALLS (calls per
// session per round, default 1000) change the run; TOOLGEN_HTTP_CPU_SERVERS
// (comma-separated) picks servers; TOOLGEN_BENCH_PROFILE_DIR, when set,
// receives each server's CPU and allocation profiles of its last round.
func TestHTTPCallCPU(t *testing.T) {
	if os.Getenv("TOOLGEN_HTTP_CPU") == "" {
		t.Skip("slow (a minute or more): set TOOLGEN_HTTP_CPU=1 to measure servers' CPU per tools/call over HTTP")
	}
	rounds := envInt(t, "TOOLGEN_HTTP_CPU_ROUNDS", 7)
	calls := envInt(t, "TOOLGEN_HTTP_CPU_CALLS", 1000)
	names := httpServers
	if s := os.Getenv("TOOLGEN_HTTP_CPU_SERVERS"); s != "" {
		names = strings.Split(s, ",")
	}
	const nSessions = 16

	type result struct {
		cpuPer1000 []float64 // seconds
		allocs     []float64 // per call
		rate       []float64 // calls per second
	}
	children := map[string]*child{}
	sessions := map[string][]*mcpSession{}
	results := map[string]*result{}
	for _, name := range names {
		c := startChild(t, name)
		children[name] = c
		hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: nSessions, MaxConnsPerHost: nSessions}}
		for range nSessions {
			s := &mcpSession{hc: hc, url: c.url}
			if err := s.initialize(); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sessions[name] = append(sessions[name], s)
		}
		if err := load(sessions[name], 200); err != nil { // warm up
			t.Fatalf("%s: %v", name, err)
		}
		results[name] = &result{}
	}
	for r := range rounds {
		order := slices.Clone(names)
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, name := range order {
			c := children[name]
			runtime.GC()
			c.control(t, "start")
			cpu0 := c.cpu(t)
			start := time.Now()
			if err := load(sessions[name], calls); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			wall := time.Since(start)
			cpu := c.cpu(t) - cpu0
			mallocs, _ := strconv.ParseFloat(c.control(t, "stop"), 64)
			n := float64(nSessions * calls)
			res := results[name]
			res.cpuPer1000 = append(res.cpuPer1000, cpu.Seconds()/n*1000)
			res.allocs = append(res.allocs, mallocs/n)
			res.rate = append(res.rate, n/wall.Seconds())
			t.Logf("round %d: %-22s %.3f s CPU per 1000 calls, %5.0f allocs/call, %6.0f calls/s", r, name,
				cpu.Seconds()/n*1000, mallocs/n, n/wall.Seconds())
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%d rounds of %d sessions x %d tools/call, interleaved; median [min, max]:\n\n", rounds, nSessions, calls)
	fmt.Fprintf(&b, "| server | CPU s / 1000 calls | allocs / call | calls/s |\n| --- | ---: | ---: | ---: |\n")
	for _, name := range names {
		res := results[name]
		fmt.Fprintf(&b, "| %s | %.3f [%.3f, %.3f] | %.0f | %.0f |\n", name, medianF(res.cpuPer1000), slices.Min(res.cpuPer1000),
			slices.Max(res.cpuPer1000), medianF(res.allocs), medianF(res.rate))
	}
	t.Log(b.String())
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s: %q is not a positive number", name, s)
	}
	return n
}

func medianF(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
