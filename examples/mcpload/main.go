//go:build linux

// Command mcpload is the scale-out test of an MCP server: three replicas of
// examples/mcpserver on 127.0.0.1 behind nginx, driven by a bounded load of
// tools/call from N sessions at once, in two modes:
//
//   - stateless: the replicas give no session id and nginx sends each
//     request to the next replica (round robin);
//   - stateful: each replica's session ids begin with its name
//     (mcpserver -replica r1 gives "r1.XXXX") and nginx sends a request
//     carrying one to that replica; initialize, which carries none, goes
//     round robin.
//
// Each run is made with this project's client (mcp.Client) or go-sdk's,
// and, with -kill yes, replica r1 is killed (SIGKILL) mid-run and started
// again on its port shortly after. Each session makes one call at a time:
// get_weather and forecast (read-only) in turn, and one call in ten
// record_reading (neither read-only nor idempotent). It prints, for each
// configuration, calls/s, latency percentiles, errors by kind, new
// sessions, and the replicas' and nginx's CPU time per 1000 calls (from
// /proc); with -count N, the medians and ranges of N rounds:
//
//	go run ./examples/mcpload                       # every mode and client, with and without the kill
//	go run ./examples/mcpload -mode stateful -client toolgen -kill yes -sessions 32 -duration 20s
//	go run ./examples/mcpload -count 3 -duration 8s # the figures of BENCHMARKS.md
//	go run ./examples/mcpload -wrk                  # wrk (Debian: apt-get install wrk) against stateless replicas
//
// It needs nginx (Debian: apt-get install nginx); nginx runs as a child
// process with a configuration of its own in a temporary directory (no
// system file is read or written) and is stopped at the end. Linux only.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

func main() {
	mode := flag.String("mode", "both", "stateless, stateful or both")
	client := flag.String("client", "both", "toolgen, go-sdk or both")
	kill := flag.String("kill", "both", "kill replica r1 mid-run: yes, no or both")
	sessions := flag.Int("sessions", 16, "sessions at once")
	calls := flag.Int("calls", 1_000_000, "calls per session at most")
	duration := flag.Duration("duration", 10*time.Second, "length of each run")
	nginx := flag.String("nginx", "", "the nginx `command` (default: nginx on $PATH, or /usr/sbin/nginx)")
	count := flag.Int("count", 1, "rounds: each runs every selected configuration once, and the table gives medians and ranges")
	wrk := flag.Bool("wrk", false, "instead: wrk (-sessions connections, -duration) sends one tools/call over and over to stateless replicas")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	nginxBin, err := findNginx(*nginx)
	if err != nil {
		log.Fatal(err)
	}
	if *wrk {
		if err := wrkRun(ctx, nginxBin, *sessions, *duration); err != nil {
			log.Fatal(err)
		}
		return
	}

	var cfgs []Config
	for _, m := range choose(*mode, "stateless", "stateful") {
		for _, c := range choose(*client, "toolgen", "go-sdk") {
			for _, k := range choose(*kill, "no", "yes") {
				cfgs = append(cfgs, defaults(Config{Mode: Mode(m), Client: Client(c), Kill: k == "yes",
					Sessions: *sessions, Calls: *calls, Duration: *duration}))
			}
		}
	}
	if len(cfgs) == 0 {
		log.Fatal("nothing to run: see -mode, -client and -kill")
	}
	var rounds []Config
	for range max(*count, 1) {
		rounds = append(rounds, cfgs...)
	}
	results, err := runAll(ctx, nginxBin, rounds, os.Stderr)
	if err != nil {
		log.Fatal(err)
	}
	printTable(os.Stdout, results)
}

// choose is the values a flag selects: one of all, or all for "both".
func choose(flag string, all ...string) []string {
	if flag == "both" {
		return all
	}
	if slices.Contains(all, flag) {
		return []string{flag}
	}
	return nil
}

// defaults fills cfg's unset fields.
func defaults(cfg Config) Config {
	if cfg.RecordEvery == 0 {
		cfg.RecordEvery = 10
	}
	if cfg.CallTimeout == 0 {
		cfg.CallTimeout = 10 * time.Second
	}
	if cfg.KillAt == 0 {
		cfg.KillAt = cfg.Duration * 2 / 5
	}
	if cfg.RestartAfter == 0 {
		cfg.RestartAfter = 500 * time.Millisecond
	}
	return cfg
}

// runAll builds the server once and makes each run on a cluster of its
// own, reporting progress on progress.
func runAll(ctx context.Context, nginxBin string, cfgs []Config, progress io.Writer) ([]*Result, error) {
	dir, err := os.MkdirTemp("", "mcpload-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin, err := buildServer(ctx, dir)
	if err != nil {
		return nil, err
	}
	var results []*Result
	for i, cfg := range cfgs {
		fmt.Fprintf(progress, "run %d/%d: %s\n", i+1, len(cfgs), cfg)
		r, al, err := runOne(ctx, nginxBin, bin, fmt.Sprintf("%s/run%d", dir, i), cfg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cfg, err)
		}
		fmt.Fprintf(progress, "  nginx: statuses %v, answered by replica %v sessions %v\n", al.statuses(), al.served(time.Time{}), al.sessionsMade())
		results = append(results, r)
	}
	return results, nil
}

// findNginx is the nginx command: name if given, else nginx on $PATH or
// Debian's /usr/sbin/nginx (not on a user's $PATH).
func findNginx(name string) (string, error) {
	if name != "" {
		return exec.LookPath(name)
	}
	if p, err := exec.LookPath("nginx"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
		return "/usr/sbin/nginx", nil
	}
	return "", errors.New("nginx is needed (Debian: apt-get install nginx)")
}

// wrkRun builds the server and runs wrk against stateless replicas.
func wrkRun(ctx context.Context, nginxBin string, conns int, d time.Duration) error {
	wrkBin, err := exec.LookPath("wrk")
	if err != nil {
		return errors.New("wrk is needed (Debian: apt-get install wrk)")
	}
	dir, err := os.MkdirTemp("", "mcpload-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin, err := buildServer(ctx, dir)
	if err != nil {
		return err
	}
	return runWrk(ctx, nginxBin, wrkBin, bin, dir+"/wrk", conns, d, os.Stdout)
}

// runOne starts a cluster in dir, runs cfg's load and stops the cluster,
// returning what nginx logged too.
func runOne(ctx context.Context, nginxBin, bin, dir string, cfg Config) (*Result, *accessLog, error) {
	c, err := startCluster(ctx, nginxBin, bin, dir, cfg.Mode, 3)
	if err != nil {
		return nil, nil, err
	}
	r, err := run(ctx, c, cfg)
	c.Close() // flushes the access log
	if err != nil {
		return nil, nil, err
	}
	al, err := readAccessLog(c)
	if err != nil {
		return nil, nil, err
	}
	return r, al, nil
}

func (cfg Config) String() string {
	kill := ""
	if cfg.Kill {
		kill = ", r1 killed"
	}
	return fmt.Sprintf("%s, %s client, %d sessions%s", cfg.Mode, cfg.Client, cfg.Sessions, kill)
}

// printTable writes the results as a Markdown table, one row a
// configuration: with several runs of one, the median and, in brackets,
// the range of each figure, and the errors and new sessions of all runs
// (a/b/c: run by run). Then the errors' messages.
func printTable(w io.Writer, results []*Result) {
	var order []Config
	runs := map[Config][]*Result{}
	for _, r := range results {
		if _, ok := runs[r.Config]; !ok {
			order = append(order, r.Config)
		}
		runs[r.Config] = append(runs[r.Config], r)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.Debug)
	fmt.Fprintln(tw, "| mode\t client\t kill\t runs\t calls/s\t p50\t p99\t errors by kind\t new sessions\t CPU/1000 calls: replicas\t nginx\t")
	fmt.Fprintln(tw, "|---\t---\t---\t---:\t---:\t---:\t---:\t---\t---:\t---:\t---:\t")
	for _, cfg := range order {
		rs := runs[cfg]
		kill := "no"
		if cfg.Kill {
			kill = "r1"
		}
		fmt.Fprintf(tw, "| %s\t %s\t %s\t %d\t %s\t %s\t %s\t %s\t %s\t %s\t %s\t\n",
			cfg.Mode, cfg.Client, kill, len(rs),
			spread(rs, func(r *Result) float64 { return r.CallsPerSec() }, "%.0f", ""),
			spread(rs, func(r *Result) float64 { return msOf(r.P50) }, "%.1f", " ms"),
			spread(rs, func(r *Result) float64 { return msOf(r.P99) }, "%.0f", " ms"),
			errorKinds(rs),
			perRun(rs, func(r *Result) int { return r.Reinits }),
			spread(rs, func(r *Result) float64 { return msOf(r.CPUPer1000()) }, "%.0f", " ms"),
			spread(rs, func(r *Result) float64 { return msOf(r.NginxCPU * 1000 / time.Duration(max(r.Calls, 1))) }, "%.0f", " ms"))
	}
	_ = tw.Flush()
	for _, r := range results {
		for _, k := range slices.Sorted(maps.Keys(r.Errors)) {
			fmt.Fprintf(w, "\n%s: %s: e.g. %s", r.Config, k, r.Samples[k])
		}
		if r.Resent > 0 {
			fmt.Fprintf(w, "\n%s: %d non-idempotent calls sent more than once where they may have run", r.Config, r.Resent)
		}
	}
	fmt.Fprintln(w)
}

// spread is the median of f over rs, and its range when there are several.
func spread(rs []*Result, f func(*Result) float64, format, unit string) string {
	var v []float64
	for _, r := range rs {
		v = append(v, f(r))
	}
	slices.Sort(v)
	med := v[len(v)/2]
	if len(v)%2 == 0 {
		med = (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	if len(v) == 1 {
		return fmt.Sprintf(format, med) + unit
	}
	return fmt.Sprintf(format+" ["+format+"–"+format+"]", med, v[0], v[len(v)-1]) + unit
}

// perRun is f of each run, "a/b/c".
func perRun(rs []*Result, f func(*Result) int) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprint(f(r)))
	}
	return strings.Join(parts, "/")
}

// errorKinds is the failed calls of rs by kind, run by run.
func errorKinds(rs []*Result) string {
	kinds := map[string]bool{}
	for _, r := range rs {
		for k := range r.Errors {
			kinds[k] = true
		}
	}
	if len(kinds) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		parts = append(parts, perRun(rs, func(r *Result) int { return r.Errors[k] })+" "+k)
	}
	return strings.Join(parts, "; ")
}

func msOf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}
