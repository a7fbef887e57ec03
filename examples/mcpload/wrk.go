//go:build linux

package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

//go:embed wrk.lua
var wrkScript []byte

// wrkRequests finds the request count in wrk's summary.
var wrkRequests = regexp.MustCompile(`(\d+) requests in`)

// runWrk drives stateless replicas behind nginx with wrk (the same
// tools/call, no client library), and writes wrk's report and the
// replicas' CPU per 1000 requests to w.
func runWrk(ctx context.Context, nginxBin, wrkBin, bin, dir string, conns int, d time.Duration, w io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	script := filepath.Join(dir, "wrk.lua")
	if err := os.WriteFile(script, wrkScript, 0o644); err != nil {
		return err
	}
	c, err := startCluster(ctx, nginxBin, bin, dir, Stateless, 3)
	if err != nil {
		return err
	}
	defer c.Close()
	cpu0, err := c.cpu()
	if err != nil {
		return err
	}
	ngx0, _ := c.nginxCPU()
	out, err := exec.CommandContext(ctx, wrkBin, "-t", "2", "-c", strconv.Itoa(conns), "-d", d.String(), "--latency", "-s", script, c.url).CombinedOutput()
	if err != nil {
		return fmt.Errorf("wrk: %v\n%s", err, out)
	}
	cpu1, err := c.cpu()
	if err != nil {
		return err
	}
	ngx1, _ := c.nginxCPU()
	m := wrkRequests.FindSubmatch(out)
	if m == nil {
		return fmt.Errorf("wrk: no request count in\n%s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	fmt.Fprintf(w, "%s\nCPU per 1000 requests: replicas %s, nginx %s\n", out,
		ms((cpu1-cpu0)*1000/time.Duration(max(n, 1))), ms((ngx1-ngx0)*1000/time.Duration(max(n, 1))))
	return nil
}
