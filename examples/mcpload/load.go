//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/internal/backoff"
	"github.com/toolgen-dev/toolgen/mcp"
)

// Client is the MCP client the load is made with.
type Client string

const (
	// Toolgen is this project's client (mcp.Client): it sends a call
	// again when that cannot run a tool twice, and starts a new session
	// when the server lost one.
	Toolgen Client = "toolgen"
	// SDK is the official go-sdk client, used as is: a failed call is
	// the caller's error; the load starts a new session when the server
	// answered 404 for the session or the session broke.
	SDK Client = "go-sdk"
)

// Config is one run of load.
type Config struct {
	Mode     Mode
	Client   Client
	Sessions int           // sessions at once, each making one call at a time
	Calls    int           // calls per session at most
	Duration time.Duration // the run stops making calls after this
	// Kill: replica r1 is killed (SIGKILL) at KillAt and started again
	// on its port RestartAfter later.
	Kill                 bool
	KillAt, RestartAfter time.Duration
	// One call in RecordEvery is record_reading (neither read-only nor
	// idempotent); the others alternate get_weather (read-only,
	// idempotent) and forecast (read-only).
	RecordEvery int
	CallTimeout time.Duration // each call's bound
}

// killed is the replica a run with Kill kills.
const killed = 1

// Result is what a run measured.
type Result struct {
	Config
	Calls, OK int
	Errors    map[string]int    // failed calls by kind
	Samples   map[string]string // one error message of each kind
	Elapsed   time.Duration
	P50, P99  time.Duration // latency of all calls, failed ones too
	ServerCPU time.Duration // the replicas' CPU during the run
	NginxCPU  time.Duration

	Restarted time.Time // when the killed replica listened again
	// Stateful: after the run, new sessions were made until one was on
	// the restarted replica; this is how many (0: none was).
	ProbeSessions int

	Inits   int // connections made (initialize requests sent)
	Reinits int // beyond the first of each session: new sessions
	// record_reading calls sent more than once where they may have run
	// (sends refused, 404 included, do not count): must be 0.
	Resent int

	// Sessions whose replica was killed (stateful) and what they saw.
	Affected, AffectedNewSession int
	// Sessions on the other replicas: those that saw an error or changed
	// session (both must be 0).
	UnaffectedErrors, UnaffectedNewSession int
}

// CallsPerSec is the throughput of the run.
func (r *Result) CallsPerSec() float64 { return float64(r.Calls) / r.Elapsed.Seconds() }

// CPUPer1000 is the replicas' CPU time per 1000 calls.
func (r *Result) CPUPer1000() time.Duration {
	if r.Calls == 0 {
		return 0
	}
	return r.ServerCPU * 1000 / time.Duration(r.Calls)
}

// ErrorCount is the failed calls.
func (r *Result) ErrorCount() int { return r.Calls - r.OK }

// run drives cfg's load through c's nginx.
func run(ctx context.Context, c *cluster, cfg Config) (*Result, error) {
	w := &watch{base: &http.Transport{MaxIdleConnsPerHost: 2 * cfg.Sessions, IdleConnTimeout: 30 * time.Second}, sends: map[string]int{}}
	defer w.base.CloseIdleConnections()
	sessions, err := openSessions(ctx, c, cfg, w)
	if err != nil {
		return nil, err
	}
	defer func() {
		for _, s := range sessions {
			s.close()
		}
	}()
	first := make([]string, len(sessions))
	for i, s := range sessions {
		first[i] = s.id()
	}

	cpu0, err := c.cpu()
	if err != nil {
		return nil, err
	}
	ngx0, _ := c.nginxCPU()
	start := time.Now()
	deadline := start.Add(cfg.Duration)

	restarts := killAndRestart(ctx, c, cfg)

	outs := make([]outcome, len(sessions))
	var wg sync.WaitGroup
	for i := range sessions {
		wg.Go(func() { outs[i] = drive(ctx, cfg, i, &sessions[i], w, deadline) })
	}
	wg.Wait()
	elapsed := time.Since(start)
	kill := <-restarts
	if kill.err != nil {
		return nil, fmt.Errorf("killing and restarting replica %d: %w", killed, kill.err)
	}
	cpu1, err := c.cpu()
	if err != nil {
		return nil, err
	}
	ngx1, _ := c.nginxCPU()

	probes := 0
	if cfg.Kill && cfg.Mode == Stateful {
		// The sessions of the killed replica moved to the others while it
		// was down: it gets new sessions only.
		if probes, err = probe(ctx, c, c.replicas[killed].name); err != nil {
			return nil, err
		}
	}
	r := &Result{Config: cfg, ProbeSessions: probes, Elapsed: elapsed, ServerCPU: cpu1 - cpu0, NginxCPU: ngx1 - ngx0, Restarted: kill.at,
		Errors: map[string]int{}, Samples: map[string]string{}}
	r.tally(c, outs, sessions, first)
	w.mu.Lock()
	r.Inits = w.inits
	for _, n := range w.sends {
		if n > 1 {
			r.Resent++
		}
	}
	w.mu.Unlock()
	r.Reinits = r.Inits - cfg.Sessions
	return r, nil
}

// restart is when the killed replica listened again, or why it did not.
type restart struct {
	at  time.Time
	err error
}

// killAndRestart kills replica killed at cfg.KillAt and starts it again
// cfg.RestartAfter later, in the background, when cfg.Kill; the channel
// gets the outcome, once (at once without cfg.Kill).
func killAndRestart(ctx context.Context, c *cluster, cfg Config) <-chan restart {
	done := make(chan restart, 1)
	if !cfg.Kill {
		done <- restart{}
		return done
	}
	go func() {
		done <- func() restart {
			if err := backoff.Sleep(ctx, cfg.KillAt); err != nil {
				return restart{err: err}
			}
			if err := c.kill(killed); err != nil {
				return restart{err: err}
			}
			if err := backoff.Sleep(ctx, cfg.RestartAfter); err != nil {
				return restart{err: err}
			}
			if err := c.restart(ctx, killed); err != nil {
				return restart{err: err}
			}
			return restart{at: time.Now()}
		}()
	}()
	return done
}

// openSessions opens cfg.Sessions sessions through c's nginx, or none.
func openSessions(ctx context.Context, c *cluster, cfg Config, w *watch) ([]session, error) {
	sessions := make([]session, cfg.Sessions)
	for i := range sessions {
		s, err := dial(ctx, c.url, cfg.Client, w)
		if err != nil {
			for _, s := range sessions[:i] {
				s.close()
			}
			return nil, err
		}
		sessions[i] = s
	}
	return sessions, nil
}

// tally adds the sessions' outcomes to r: calls, errors, latencies, and
// with a replica killed under a stateful load, which sessions it affected
// (first holds each session's id before the load).
func (r *Result) tally(c *cluster, outs []outcome, sessions []session, first []string) {
	cfg := r.Config
	var lat []time.Duration
	for i, o := range outs {
		r.Calls += o.calls
		r.OK += o.ok
		lat = append(lat, o.latencies...)
		for k, n := range o.errors {
			r.Errors[k] += n
			r.Samples[k] = o.samples[k]
		}
		newSession := sessions[i].id() != first[i]
		if cfg.Kill && cfg.Mode == Stateful {
			if strings.HasPrefix(first[i], c.replicas[killed].name+".") {
				r.Affected++
				if newSession {
					r.AffectedNewSession++
				}
			} else {
				if o.calls != o.ok {
					r.UnaffectedErrors++
				}
				if newSession {
					r.UnaffectedNewSession++
				}
			}
		}
	}
	slices.Sort(lat)
	r.P50, r.P99 = quantile(lat, 0.50), quantile(lat, 0.99)
}

// probe makes sessions, each used for a call, until one is on replica
// name, and returns how many it made (0 if none was in 30).
func probe(ctx context.Context, c *cluster, name string) (int, error) {
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	for n := 1; n <= 30; n++ {
		cl := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "mcpload-probe", Version: "v0"}, nil)
		cs, err := cl.Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: c.url, HTTPClient: &http.Client{Transport: tr}}, sessionOptions)
		if err != nil {
			return 0, fmt.Errorf("a new session after the restart: %w", err)
		}
		_, err = cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: "get_weather", Arguments: map[string]any{"city": "Lima"}})
		id := cs.ID()
		_ = cs.Close()
		if err != nil {
			return 0, fmt.Errorf("a call on a new session after the restart: %w", err)
		}
		if strings.HasPrefix(id, name+".") {
			return n, nil
		}
	}
	return 0, nil
}

// outcome is what one session's calls gave.
type outcome struct {
	calls, ok int
	errors    map[string]int
	samples   map[string]string
	latencies []time.Duration
}

// drive makes session n's calls, one at a time, until cfg.Calls are made
// or the deadline passes.
func drive(ctx context.Context, cfg Config, n int, s *session, w *watch, deadline time.Time) outcome {
	o := outcome{errors: map[string]int{}, samples: map[string]string{}}
	cities := []string{"Paris", "Oslo", "Lima", "Kyoto", "Accra"}
	for i := 0; i < cfg.Calls && time.Now().Before(deadline) && ctx.Err() == nil; i++ {
		city := cities[(n+i)%len(cities)]
		var tool, args string
		switch {
		case i%cfg.RecordEvery == cfg.RecordEvery-1:
			tool = "record_reading"
			args = fmt.Sprintf(`{"city":%q,"celsius":%d.5,"note":"s%d-c%d"}`, city, i%30, n, i)
		case i%2 == 0:
			tool, args = "get_weather", fmt.Sprintf(`{"city":%q}`, city)
		default:
			tool, args = "forecast", fmt.Sprintf(`{"city":%q,"days":3}`, city)
		}
		cctx, cancel := context.WithTimeout(ctx, cfg.CallTimeout)
		rec := &callRecord{}
		t0 := time.Now()
		err := s.call(context.WithValue(cctx, callRecordKey{}, rec), tool, args)
		o.latencies = append(o.latencies, time.Since(t0))
		cancel()
		o.calls++
		if err == nil {
			o.ok++
			continue
		}
		kind := classify(err, rec.status.Load(), tool)
		o.errors[kind]++
		if _, ok := o.samples[kind]; !ok {
			o.samples[kind] = err.Error()
		}
		if cfg.Client == SDK && (errors.Is(err, sdkmcp.ErrSessionMissing) || errors.Is(err, sdkmcp.ErrConnectionClosed)) {
			// As an application using the SDK would: a new session.
			if err := s.redial(ctx); err != nil {
				o.errors["new session failed"]++
				o.samples["new session failed"] = err.Error()
				return o
			}
		}
	}
	return o
}

// classify names the kind of a failed call.
func classify(err error, status int32, tool string) string {
	var te *mcp.ToolError
	var re *mcp.RPCError
	switch {
	case errors.Is(err, mcp.ErrAnswerLost):
		return "answer lost, not sent again: " + tool
	case errors.As(err, &te):
		return "tool error: " + tool
	case errors.As(err, &re):
		return "JSON-RPC error"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case status != 0 && status != http.StatusOK:
		return fmt.Sprintf("HTTP %d", status)
	case errors.Is(err, sdkmcp.ErrConnectionClosed):
		return "session closed"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "connection cut"
	}
	return "other"
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// session is one MCP session of either client.
type session struct {
	kind Client
	url  string
	w    *watch
	tg   *mcp.Client
	sdk  *sdkmcp.ClientSession
}

// SessionVersion is the protocol version the load's clients speak: the
// newest with sessions, which are what a stateful cluster routes and
// loses (a client of 2026-07-28 has none: any replica serves each of its
// requests, as with a stateless cluster).
const SessionVersion = "2025-11-25"

var sessionOptions = &sdkmcp.ClientSessionOptions{ProtocolVersion: SessionVersion}

func dial(ctx context.Context, url string, kind Client, w *watch) (session, error) {
	s := session{kind: kind, url: url, w: w}
	err := s.connect(ctx)
	return s, err
}

func (s *session) connect(ctx context.Context) error {
	hc := &http.Client{Transport: s.w}
	var err error
	switch s.kind {
	case Toolgen:
		s.tg, err = mcp.Connect(ctx, mcp.URL(s.url, nil), mcp.WithHTTPTransport(s.w), mcp.WithClientInfo("mcpload", "v0"), mcp.WithProtocolVersion(SessionVersion))
	case SDK:
		cl := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "mcpload", Version: "v0"}, nil)
		s.sdk, err = cl.Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: s.url, HTTPClient: hc}, sessionOptions)
	default:
		err = fmt.Errorf("unknown client %q", s.kind)
	}
	return err
}

// redial replaces the SDK session by a new one.
func (s *session) redial(ctx context.Context) error {
	if s.sdk != nil {
		go s.sdk.Close() // the old one may hang up on a dead replica
	}
	s.sdk = nil
	return s.connect(ctx)
}

func (s *session) id() string {
	switch {
	case s.tg != nil:
		if cs := s.tg.Session(); cs != nil {
			return cs.ID()
		}
	case s.sdk != nil:
		return s.sdk.ID()
	}
	return ""
}

func (s *session) call(ctx context.Context, tool, args string) error {
	if s.tg != nil {
		_, err := s.tg.CallTool(ctx, tool, []byte(args))
		return err
	}
	res, err := s.sdk.CallTool(ctx, &sdkmcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err == nil && res.IsError {
		return &mcp.ToolError{Tool: tool}
	}
	return err
}

func (s *session) close() {
	switch {
	case s.tg != nil:
		_ = s.tg.Close()
	case s.sdk != nil:
		_ = s.sdk.Close()
	}
}

// watch is the clients' HTTP transport: it counts connections and
// the sends of each record_reading call (by its note), and notes each
// call's last HTTP status in its callRecord.
type watch struct {
	base  *http.Transport
	mu    sync.Mutex
	inits int
	sends map[string]int
}

type callRecordKey struct{}

type callRecord struct{ status atomic.Int32 }

func (w *watch) RoundTrip(req *http.Request) (*http.Response, error) {
	var note string
	if req.Method == http.MethodPost && req.GetBody != nil {
		if body, err := req.GetBody(); err == nil {
			b, _ := io.ReadAll(body)
			_ = body.Close()
			note = w.read(b)
		}
	}
	resp, err := w.base.RoundTrip(req)
	if rec, ok := req.Context().Value(callRecordKey{}).(*callRecord); ok && err == nil && req.Method == http.MethodPost {
		rec.status.Store(int32(resp.StatusCode))
	}
	// A send that may have run the tool: not one refused before it was
	// written, nor one answered 404 (the protocol: the server did not
	// process it).
	var op *net.OpError
	refused := errors.As(err, &op) && op.Op == "dial" || err == nil && resp.StatusCode == http.StatusNotFound
	if note != "" && !refused {
		w.mu.Lock()
		w.sends[note]++
		w.mu.Unlock()
	}
	return resp, err
}

// read counts a connection's first request, and returns the note of a
// record_reading call.
func (w *watch) read(body []byte) string {
	// Both clients begin each connection with initialize at
	// SessionVersion.
	if bytes.Contains(body, []byte(`"method":"initialize"`)) {
		w.mu.Lock()
		w.inits++
		w.mu.Unlock()
	}
	if !bytes.Contains(body, []byte(`"name":"record_reading"`)) {
		return ""
	}
	var m struct {
		Params struct {
			Arguments struct {
				Note string `json:"note"`
			} `json:"arguments"`
		} `json:"params"`
	}
	_ = json.Unmarshal(body, &m)
	return m.Params.Arguments.Note
}

func (w *watch) CloseIdleConnections() { w.base.CloseIdleConnections() }
