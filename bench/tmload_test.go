package bench

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/bench/tmload"
	"github.com/toolgen-dev/toolgen/mcp"
)

// tmServers are the servers TestTMLoad compares: the same four tools
// (package tmload) served by toolgen's generated tools (stateful; stateful
// with the tools declared session-free, mcp.WithSessionFreeTools, so that
// calls take the fast path; and stateless with its fast path), go-sdk's
// mcp.AddTool and mcp-go's
// structured tools; and the control, a plain net/http handler answering
// every request with the same fixed response.
var tmServers = []string{
	"tm_toolgen_stateful",
	"tm_toolgen_stateful_fast",
	"tm_toolgen_stateless",
	"tm_go-sdk",
	"tm_mcp-go",
	"tm_control",
}

// cpuEnv, when set, pins a server process to that CPU with GOMAXPROCS 1.
const cpuEnv = "TOOLGEN_BENCH_CPU"

// pinChild pins this process to the CPU cpuEnv names, if it names one.
func pinChild() error {
	s := os.Getenv(cpuEnv)
	if s == "" {
		return nil
	}
	cpu, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%s=%q: %w", cpuEnv, s, err)
	}
	runtime.GOMAXPROCS(1)
	return pinProcess(cpu)
}

// fixedResponse is what the control and the mock API answer: a JSON-RPC
// result of about the size of a tool's.
const fixedResponse = `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"status\":\"ok\",\"items\":[1,2,3]}"}],"structuredContent":{"status":"ok","items":[1,2,3]}}}`

func fixedHandler(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(fixedResponse))
}

// tmServe returns how to serve server name of TestTMLoad on ln.
func tmServe(ctx context.Context, ln net.Listener, name string, plain func(http.Handler) func() error) (func() error, error) {
	switch name {
	case "tm_toolgen_stateful", "tm_toolgen_stateful_fast", "tm_toolgen_stateless", "tm_toolgen_stateless_sdk":
		var options []mcp.ServerOption
		if name == "tm_toolgen_stateful_fast" {
			options = append(options, mcp.WithSessionFreeTools())
		}
		srv, err := mcp.NewServer("tmload", "1", tmload.Tools(), options...)
		if err != nil {
			return nil, err
		}
		stateful := name == "tm_toolgen_stateful" || name == "tm_toolgen_stateful_fast"
		opts := mcp.HTTPOptions{Stateless: !stateful, DisableFastPath: name == "tm_toolgen_stateless_sdk"}
		return func() error { return srv.Serve(ctx, ln, opts) }, nil
	case "tm_go-sdk":
		s := sdk.NewServer(&sdk.Implementation{Name: "tmload", Version: "1"}, nil)
		sdk.AddTool(s, &sdk.Tool{Name: "calculate_fibonacci", Description: "Computes the n-th Fibonacci number recursively."},
			func(ctx context.Context, _ *sdk.CallToolRequest, in tmload.FibonacciArgs) (*sdk.CallToolResult, tmload.FibonacciResult, error) {
				out, err := tmload.CalculateFibonacci(ctx, in)
				return nil, out, err
			})
		sdk.AddTool(s, &sdk.Tool{Name: "fetch_external_data", Description: "Sends an HTTP GET to the endpoint."},
			func(ctx context.Context, _ *sdk.CallToolRequest, in tmload.FetchArgs) (*sdk.CallToolResult, tmload.FetchResult, error) {
				out, err := tmload.FetchExternalData(ctx, in)
				return nil, out, err
			})
		sdk.AddTool(s, &sdk.Tool{Name: "process_json_data", Description: "Upper-cases every string of a JSON object."},
			func(ctx context.Context, _ *sdk.CallToolRequest, in tmload.ProcessArgs) (*sdk.CallToolResult, tmload.ProcessResult, error) {
				out, err := tmload.ProcessJSONData(ctx, in)
				return nil, out, err
			})
		sdk.AddTool(s, &sdk.Tool{Name: "simulate_database_query", Description: "Waits delay_ms, as a query would."},
			func(ctx context.Context, _ *sdk.CallToolRequest, in tmload.QueryArgs) (*sdk.CallToolResult, tmload.QueryResult, error) {
				out, err := tmload.SimulateDatabaseQuery(ctx, in)
				return nil, out, err
			})
		mux := http.NewServeMux()
		mux.Handle("/mcp", sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil))
		return plain(mux), nil
	case "tm_mcp-go":
		s := mcpgoserver.NewMCPServer("tmload", "1")
		s.AddTool(mcpgo.NewTool("calculate_fibonacci", mcpgo.WithDescription("Computes the n-th Fibonacci number recursively."),
			mcpgo.WithInputSchema[tmload.FibonacciArgs](), mcpgo.WithOutputSchema[tmload.FibonacciResult]()),
			mcpgo.NewStructuredToolHandler(func(ctx context.Context, _ mcpgo.CallToolRequest, in tmload.FibonacciArgs) (tmload.FibonacciResult, error) {
				return tmload.CalculateFibonacci(ctx, in)
			}))
		s.AddTool(mcpgo.NewTool("fetch_external_data", mcpgo.WithDescription("Sends an HTTP GET to the endpoint."),
			mcpgo.WithInputSchema[tmload.FetchArgs](), mcpgo.WithOutputSchema[tmload.FetchResult]()),
			mcpgo.NewStructuredToolHandler(func(ctx context.Context, _ mcpgo.CallToolRequest, in tmload.FetchArgs) (tmload.FetchResult, error) {
				return tmload.FetchExternalData(ctx, in)
			}))
		s.AddTool(mcpgo.NewTool("process_json_data", mcpgo.WithDescription("Upper-cases every string of a JSON object."),
			mcpgo.WithInputSchema[tmload.ProcessArgs](), mcpgo.WithOutputSchema[tmload.ProcessResult]()),
			mcpgo.NewStructuredToolHandler(func(ctx context.Context, _ mcpgo.CallToolRequest, in tmload.ProcessArgs) (tmload.ProcessResult, error) {
				return tmload.ProcessJSONData(ctx, in)
			}))
		s.AddTool(mcpgo.NewTool("simulate_database_query", mcpgo.WithDescription("Waits delay_ms, as a query would."),
			mcpgo.WithInputSchema[tmload.QueryArgs](), mcpgo.WithOutputSchema[tmload.QueryResult]()),
			mcpgo.NewStructuredToolHandler(func(ctx context.Context, _ mcpgo.CallToolRequest, in tmload.QueryArgs) (tmload.QueryResult, error) {
				return tmload.SimulateDatabaseQuery(ctx, in)
			}))
		mux := http.NewServeMux()
		mux.Handle("/mcp", mcpgoserver.NewStreamableHTTPServer(s))
		return plain(mux), nil
	case "tm_control", "tm_mock":
		return plain(http.HandlerFunc(fixedHandler)), nil
	}
	return nil, fmt.Errorf("unknown server %q", name)
}

// tmCall is one of the four calls each virtual user makes in turn.
type tmCall struct {
	prefix, suffix string // the request around its id
	want           string // in the answer of every server but the control
}

func tmCalls(mockURL string) []tmCall {
	call := func(name, args, want string) tmCall {
		return tmCall{
			prefix: `{"jsonrpc":"2.0","id":`,
			suffix: `,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`,
			want:   want,
		}
	}
	return []tmCall{
		call("calculate_fibonacci", `{"n":10}`, `"result":55`),
		call("fetch_external_data", `{"endpoint":"`+mockURL+`"}`, `"status_code":200`),
		call("process_json_data", `{"data":{"name":"benchmark","count":42,"nested":{"key":"value"}}}`, `"BENCHMARK"`),
		call("simulate_database_query", `{"query":"SELECT * FROM benchmarks","delay_ms":10}`, `"delay_ms":10`),
	}
}

// tmRound is what one round of load on one server measured.
type tmRound struct {
	requests  int
	wall      time.Duration
	latencies []time.Duration // sorted
	serverCPU time.Duration
	genCPU    time.Duration // the load generator: this process
	mockCPU   time.Duration // the mock API fetch_external_data calls
	// What else ran on the two CPUs meanwhile (other processes of the
	// machine): each CPU's busy time (/proc/stat) less this test's processes.
	otherServerCPU, otherGenCPU time.Duration
}

// tmLoad runs the virtual users on sessions until d has passed: each calls
// the four tools in turn, one request at a time, and times each request.
func tmLoad(sessions []*mcpSession, calls []tmCall, d time.Duration, control bool) (requests int, latencies []time.Duration, err error) {
	var wg sync.WaitGroup
	lat := make([][]time.Duration, len(sessions))
	errs := make([]error, len(sessions))
	end := time.Now().Add(d)
	for v, s := range sessions {
		wg.Go(func() {
			rc, err := newRawConn(s)
			if err != nil {
				errs[v] = err
				return
			}
			defer rc.close()
			l := make([]time.Duration, 0, 1<<14)
			for i := 0; time.Now().Before(end); i++ {
				c := calls[(i+v)%len(calls)]
				body := c.prefix + strconv.Itoa(i+1) + c.suffix
				start := time.Now()
				b, err := rc.post(body)
				l = append(l, time.Since(start))
				if err == nil && !control && (!bytes.Contains(b, []byte(c.want)) || bytes.Contains(b, []byte(`"isError":true`))) {
					err = fmt.Errorf("%s answered %s", body, b)
				}
				if err != nil {
					errs[v] = err
					break
				}
			}
			lat[v] = l
		})
	}
	wg.Wait()
	for v := range sessions {
		if errs[v] != nil {
			return 0, nil, errs[v]
		}
		latencies = append(latencies, lat[v]...)
	}
	slices.Sort(latencies)
	return len(latencies), latencies, nil
}

// rawConn posts to one MCP session over a connection of its own, writing
// the request itself and reading the response with http.ReadResponse: no
// http.Transport, whose goroutines and channels would make the load
// generator spend on each request about as much CPU as a fast server.
type rawConn struct {
	addr   string
	header []byte // the request up to Content-Length
	conn   net.Conn
	br     *bufio.Reader
	req    []byte
	resp   bytes.Buffer
}

func newRawConn(s *mcpSession) (*rawConn, error) {
	u, err := url.Parse(s.url)
	if err != nil {
		return nil, err
	}
	h := "POST " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host +
		"\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Protocol-Version: " + protocolVersion + "\r\n"
	if s.id != "" {
		h += "Mcp-Session-Id: " + s.id + "\r\n"
	}
	return &rawConn{addr: u.Host, header: []byte(h)}, nil
}

// post sends body and returns the response's body, which is valid until the
// next call.
func (c *rawConn) post(body string) ([]byte, error) {
	if c.conn == nil {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			return nil, err
		}
		c.conn, c.br = conn, bufio.NewReaderSize(conn, 16<<10)
	}
	c.req = append(append(append(append(c.req[:0], c.header...), "Content-Length: "...), strconv.Itoa(len(body))...), "\r\n\r\n"...)
	c.req = append(c.req, body...)
	if _, err := c.conn.Write(c.req); err != nil {
		c.close()
		return nil, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		c.close()
		return nil, err
	}
	c.resp.Reset()
	_, err = c.resp.ReadFrom(resp.Body) // chunked or not
	_ = resp.Body.Close()
	if err != nil || resp.Close {
		c.close()
	}
	if err != nil {
		return nil, err
	}
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("%s: %s", resp.Status, c.resp.Bytes())
	}
	return c.resp.Bytes(), nil
}

func (c *rawConn) close() {
	if c.conn != nil {
		_ = c.conn.Close()
		c.conn = nil
	}
}

// cpuBusy returns the time CPU cpu has been busy (user, nice, system, irq,
// softirq and steal in /proc/stat) since boot.
func cpuBusy(t *testing.T, cpu int) time.Duration {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		t.Fatal(err)
	}
	prefix := "cpu" + strconv.Itoa(cpu) + " "
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			f := strings.Fields(rest)
			var ticks int64
			for _, i := range []int{0, 1, 2, 5, 6, 7} { // not idle (3), iowait (4)
				n, _ := strconv.ParseInt(f[i], 10, 64)
				ticks += n
			}
			const ticksPerSecond = 100 // USER_HZ on Linux
			return time.Duration(ticks) * time.Second / ticksPerSecond
		}
	}
	t.Fatalf("/proc/stat has no cpu%d", cpu)
	return 0
}

// procStatus returns a field of /proc/PID/status, such as VmHWM.
func procStatus(t *testing.T, pid int, field string) string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("/proc/%d/status has no %s", pid, field)
	return ""
}

// TestTMLoad is the public MCP server load test (TM Dev Lab, 2025; its
// shape is in package tmload's doc) run on toolgen and its Go peers, side by
// side in one run.
//
// Each server is this test binary run again, on 127.0.0.1, pinned to one
// CPU (sched_setaffinity on every thread, as taskset does, and
// GOMAXPROCS=1), as the original's container was limited to 1 CPU. The load
// generator is this process, pinned with GOMAXPROCS 1 to another CPU: 50
// virtual users, each a session of its own (initialize, then tools/call
// over the four tools in turn, each request sent as soon as the last is
// answered, with no pause). The mock API fetch_external_data calls is a
// process of its own on the load generator's CPU. Rounds are interleaved
// over the servers.
//
// Per server: requests per second, mean and p99 latency of tools/call, the
// server's CPU (user + system, /proc/PID/stat), as a share of its CPU and per
// request (which does not depend on how much of the CPU other processes left
// the server), and peak RSS (VmHWM, /proc/PID/status). To show that the load
// generator is not the limit, its CPU and the mock's are reported, and so is
// the control: a plain net/http handler answering a fixed response, served
// and loaded the same way, which must answer more requests per second than
// any MCP server (the test fails otherwise, or when the load generator used
// more than 80% of its CPU on an MCP server). Each virtual user writes its
// requests on a connection of its own (rawConn), which costs the generator a
// fraction of what http.Client would. What else ran on the two CPUs
// meanwhile is reported too, since on a shared machine other processes take
// CPU from the server, with a second table of each server's least disturbed
// round.
//
// Differences from the original: k6 there times every request, and the k6
// script in its repository opens a session for each tool call (initialize,
// notifications/initialized, tools/call, DELETE) and lists the tools each
// iteration, then pauses 0.1 s; here a session lives for the whole run, only
// tools/call is timed, and there is no pause, so the figures are what each
// server answers on one CPU under a load as heavy as 50 users can make,
// rather than under a paced one.
// fetch_external_data drains the mock's answer and keeps connections alive
// (tmload.Client), where the original's Go server closed it unread, which
// makes Go's HTTP client open a new connection for the next call.
//
// It runs only when asked:
//
//	cd bench && TOOLGEN_TMLOAD=1 go test -run '^TestTMLoad$' -v -timeout 10m
//
// TOOLGEN_TMLOAD_ROUNDS (default 3), TOOLGEN_TMLOAD_SECONDS (per server per
// round, default 8) and TOOLGEN_TMLOAD_VUS (default 50) change the run;
// TOOLGEN_TMLOAD_SERVERS (comma-separated) picks servers, among them
// tm_toolgen_stateless_sdk (stateless without the fast path).
func TestTMLoad(t *testing.T) {
	if os.Getenv("TOOLGEN_TMLOAD") == "" {
		t.Skip("slow (about 2 minutes): set TOOLGEN_TMLOAD=1 to run the 50-user MCP server load test")
	}
	rounds := envInt(t, "TOOLGEN_TMLOAD_ROUNDS", 3)
	seconds := envInt(t, "TOOLGEN_TMLOAD_SECONDS", 8)
	vus := envInt(t, "TOOLGEN_TMLOAD_VUS", 50)
	names := tmServers
	if s := os.Getenv("TOOLGEN_TMLOAD_SERVERS"); s != "" {
		names = strings.Split(s, ",")
	}
	cpus, err := cpusAllowed()
	if err != nil || len(cpus) < 2 {
		t.Skipf("needs two CPUs to pin the servers and the load generator apart: %v %v", cpus, err)
	}
	serverCPU, genCPU := cpus[0], cpus[1]

	// The load generator: this process, on a CPU of its own.
	prev := runtime.GOMAXPROCS(1)
	if err := pinProcess(genCPU); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = pinProcess(cpus...)
		runtime.GOMAXPROCS(prev)
	})

	pin := func(cpu int) []string { return []string{cpuEnv + "=" + strconv.Itoa(cpu), "GOMAXPROCS=1"} }
	mock := startChild(t, "tm_mock", pin(genCPU)...)
	calls := tmCalls(strings.TrimSuffix(mock.url, "/mcp") + "/api")

	children := map[string]*child{}
	sessions := map[string][]*mcpSession{}
	results := map[string][]tmRound{}
	for _, name := range names {
		c := startChild(t, name, pin(serverCPU)...)
		children[name] = c
		hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: vus, MaxConnsPerHost: vus}}
		t.Cleanup(hc.CloseIdleConnections)
		for range vus {
			s := &mcpSession{hc: hc, url: c.url}
			if err := s.initialize(); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sessions[name] = append(sessions[name], s)
		}
		if _, _, err := tmLoad(sessions[name], calls, time.Second, name == "tm_control"); err != nil { // warm up
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: pid %d, CPUs %s", name, c.cmd.Process.Pid, procStatus(t, c.cmd.Process.Pid, "Cpus_allowed_list"))
	}
	t.Logf("load generator: CPUs %s; mock API: CPUs %s", procStatus(t, os.Getpid(), "Cpus_allowed_list"),
		procStatus(t, mock.cmd.Process.Pid, "Cpus_allowed_list"))

	self := os.Getpid()
	for r := range rounds {
		order := slices.Clone(names)
		// Rotate and reverse, so that no server always follows the same one.
		order = append(order[r%len(order):], order[:r%len(order)]...)
		if r%2 == 1 {
			slices.Reverse(order)
		}
		for _, name := range order {
			c := children[name]
			runtime.GC()
			s0, g0, m0 := c.cpu(t), procCPU(t, self), mock.cpu(t)
			b0, b1 := cpuBusy(t, serverCPU), cpuBusy(t, genCPU)
			start := time.Now()
			n, lat, err := tmLoad(sessions[name], calls, time.Duration(seconds)*time.Second, name == "tm_control")
			wall := time.Since(start)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			res := tmRound{requests: n, wall: wall, latencies: lat,
				serverCPU: c.cpu(t) - s0, genCPU: procCPU(t, self) - g0, mockCPU: mock.cpu(t) - m0}
			res.otherServerCPU = max(0, cpuBusy(t, serverCPU)-b0-res.serverCPU)
			res.otherGenCPU = max(0, cpuBusy(t, genCPU)-b1-res.genCPU-res.mockCPU)
			results[name] = append(results[name], res)
			t.Logf("round %d: %-22s %7.0f req/s, mean %6.3f ms, p99 %6.3f ms; CPU: server %3.0f%% (%3.0f µs/req), generator %3.0f%%, mock %3.0f%%; others on CPU %d %3.0f%%, on CPU %d %3.0f%%",
				r, name, res.rps(), ms(res.mean()), ms(res.p(0.99)), pct(res.serverCPU, wall), perRequest(res.serverCPU, res.requests), pct(res.genCPU, wall), pct(res.mockCPU, wall),
				serverCPU, pct(res.otherServerCPU, wall), genCPU, pct(res.otherGenCPU, wall))
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "\n%d rounds x %d s per server, %d virtual users, server on CPU %d (GOMAXPROCS=1), load generator on CPU %d; median over rounds [min, max]:\n\n",
		rounds, seconds, vus, serverCPU, genCPU)
	fmt.Fprintf(&b, "| server | req/s | mean ms | p99 ms | server CPU | server CPU µs/req | peak RSS (VmHWM) | generator CPU | generator CPU µs/req | mock CPU | others on server's CPU | others on generator's CPU |\n")
	fmt.Fprintf(&b, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, name := range names {
		rs := results[name]
		of := func(f func(tmRound) float64) []float64 { return col(rs, f) }
		rps := of(tmRound.rps)
		fmt.Fprintf(&b, "| %s | %.0f [%.0f, %.0f] | %.3f | %.3f | %.0f%% | %.0f | %s | %.0f%% | %.0f | %.0f%% | %.0f%% | %.0f%% |\n", strings.TrimPrefix(name, "tm_"),
			medianF(rps), slices.Min(rps), slices.Max(rps),
			medianF(of(func(r tmRound) float64 { return ms(r.mean()) })),
			medianF(of(func(r tmRound) float64 { return ms(r.p(0.99)) })),
			medianF(of(func(r tmRound) float64 { return pct(r.serverCPU, r.wall) })),
			medianF(of(func(r tmRound) float64 { return perRequest(r.serverCPU, r.requests) })),
			procStatus(t, children[name].cmd.Process.Pid, "VmHWM"),
			medianF(of(func(r tmRound) float64 { return pct(r.genCPU, r.wall) })),
			medianF(of(func(r tmRound) float64 { return perRequest(r.genCPU, r.requests) })),
			medianF(of(func(r tmRound) float64 { return pct(r.mockCPU, r.wall) })),
			medianF(of(func(r tmRound) float64 { return pct(r.otherServerCPU, r.wall) })),
			medianF(of(func(r tmRound) float64 { return pct(r.otherGenCPU, r.wall) })))
	}
	// Other processes of a shared machine take CPU from the pinned server
	// in some rounds and not in others: the round where they took least is
	// the nearest to what the server does on a CPU of its own.
	fmt.Fprintf(&b, "\nEach server's least disturbed round (least CPU taken by other processes from the server's CPU):\n\n")
	fmt.Fprintf(&b, "| server | req/s | mean ms | p99 ms | server CPU | server CPU µs/req | generator CPU | others on server's CPU |\n")
	fmt.Fprintf(&b, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, name := range names {
		r := slices.MinFunc(results[name], func(a, b tmRound) int {
			return cmp.Compare(pct(a.otherServerCPU, a.wall), pct(b.otherServerCPU, b.wall))
		})
		fmt.Fprintf(&b, "| %s | %.0f | %.3f | %.3f | %.0f%% | %.0f | %.0f%% | %.0f%% |\n", strings.TrimPrefix(name, "tm_"),
			r.rps(), ms(r.mean()), ms(r.p(0.99)), pct(r.serverCPU, r.wall), perRequest(r.serverCPU, r.requests),
			pct(r.genCPU, r.wall), pct(r.otherServerCPU, r.wall))
	}
	t.Log(b.String())

	// The load generator must stay well under its CPU, and the control must
	// outrun every MCP server, or the load generator, not the server, would
	// be what the figures measure.
	for _, name := range names {
		if gen := medianF(col(results[name], func(r tmRound) float64 { return pct(r.genCPU, r.wall) })); name != "tm_control" && gen > 80 {
			t.Errorf("%s: the load generator used %.0f%% of its CPU: it may be the limit", name, gen)
		}
	}
	if slices.Contains(names, "tm_control") {
		control := medianF(col(results["tm_control"], tmRound.rps))
		for _, name := range names {
			if name != "tm_control" && medianF(col(results[name], tmRound.rps)) >= control {
				t.Errorf("%s answered at least as many requests per second as the control: the load generator is the limit", name)
			}
		}
	}
}

// col returns f of each round.
func col(rs []tmRound, f func(tmRound) float64) []float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	return v
}

func (r tmRound) rps() float64 { return float64(r.requests) / r.wall.Seconds() }

func (r tmRound) mean() time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	var sum time.Duration
	for _, l := range r.latencies {
		sum += l
	}
	return sum / time.Duration(len(r.latencies))
}

// p returns the q-quantile of the latencies (nearest rank).
func (r tmRound) p(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	i := int(q*float64(len(r.latencies))+0.5) - 1
	return r.latencies[max(0, min(i, len(r.latencies)-1))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// perRequest returns cpu per request in microseconds.
func perRequest(cpu time.Duration, requests int) float64 {
	return float64(cpu.Microseconds()) / float64(max(requests, 1))
}

func pct(cpu, wall time.Duration) float64 { return 100 * cpu.Seconds() / wall.Seconds() }
