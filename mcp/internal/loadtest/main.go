//go:build unix

// Command loadtest is the server of the MCP HTTP load test (load_test.go):
// internal/testtools' weather tools served by mcp.Serve on 127.0.0.1 with the
// limits from its flags (zero: mcp's defaults). It prints "listening on
// URL" on standard output, then, for each line read on standard input, a
// line of JSON with its live sessions and goroutines. It exits when its
// standard input ends.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"syscall"
	"time"

	"github.com/toolgen-dev/toolgen/internal/testtools"
	"github.com/toolgen-dev/toolgen/mcp"
)

func main() {
	nofile := flag.Uint64("nofile", 0, "set the open-file limit to `N` first (0: leave it)")
	var o mcp.HTTPOptions
	flag.IntVar(&o.MaxSessions, "max-sessions", 0, "HTTPOptions.MaxSessions")
	flag.IntVar(&o.MaxConns, "max-conns", 0, "HTTPOptions.MaxConns")
	flag.DurationVar(&o.SessionTimeout, "session-timeout", 0, "HTTPOptions.SessionTimeout")
	flag.DurationVar(&o.ReadHeaderTimeout, "header-timeout", 0, "HTTPOptions.ReadHeaderTimeout")
	flag.DurationVar(&o.BodyTimeout, "body-timeout", 0, "HTTPOptions.BodyTimeout")
	flag.DurationVar(&o.IdleTimeout, "idle-timeout", 0, "HTTPOptions.IdleTimeout")
	flag.Parse()
	if *nofile > 0 {
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: *nofile, Max: *nofile}); err != nil {
			log.Fatal(err)
		}
	}
	srv, err := mcp.NewServer("toolgen-weather", "1.0.0", testtools.Tools())
	if err != nil {
		log.Fatal(err)
	}
	ln, err := mcp.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, o) }()
	fmt.Printf("listening on http://%s%s\n", ln.Addr(), mcp.Path)

	in := bufio.NewScanner(os.Stdin)
	enc := json.NewEncoder(os.Stdout)
	for in.Scan() {
		n := 0
		for range srv.SDK().Sessions() {
			n++
		}
		_ = enc.Encode(map[string]int{"sessions": n, "goroutines": runtime.NumGoroutine()})
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			log.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		log.Fatal("Serve did not return")
	}
}
