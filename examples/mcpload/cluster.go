//go:build linux

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Mode is how the replicas keep sessions.
type Mode string

const (
	// Stateless replicas give no session id: nginx sends each request to
	// the next replica (round robin).
	Stateless Mode = "stateless"
	// Stateful replicas give session ids that begin with their name
	// (mcpserver -replica): nginx sends a request carrying one to the
	// replica named, and a request without one (initialize) round robin.
	Stateful Mode = "stateful"
	// hashed is Stateful with nginx hashing the session id instead
	// (hash $http_mcp_session_id consistent), to show that it misroutes:
	// a test's, not a mode to use.
	hashed Mode = "stateful, session id hashed"
)

// cluster is nginx in front of replicas of examples/mcpserver, all on
// 127.0.0.1, their files in dir.
type cluster struct {
	mode     Mode
	bin, dir string
	url      string // nginx's http://127.0.0.1:PORT/mcp
	replicas []*replica

	nginx       *os.Process // the master, leader of its process group
	nginxExited <-chan error

	mu      sync.Mutex
	deadCPU time.Duration // CPU of replica processes that were killed
}

// replica is one mcpserver process.
type replica struct {
	name string // r0, r1...: its session ids begin with name and a dot
	addr string // 127.0.0.1:PORT, kept across restarts
	cmd  *exec.Cmd
}

// buildServer compiles examples/mcpserver into dir.
func buildServer(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "mcpserver")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/toolgen-dev/toolgen/examples/mcpserver")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building examples/mcpserver: %v\n%s", err, out)
	}
	return bin, nil
}

// startCluster starts n replicas of bin in mode and nginx in front of them,
// their files in dir (made if needed). Close stops them all.
func startCluster(ctx context.Context, nginxBin, bin, dir string, mode Mode, n int) (_ *cluster, err error) {
	// nginx's workers may run as another user: they read nothing here,
	// but let them through.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	c := &cluster{mode: mode, bin: bin, dir: dir}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	for i := range n {
		r := &replica{name: fmt.Sprintf("r%d", i), addr: "127.0.0.1:0"}
		c.replicas = append(c.replicas, r)
		if err := c.start(ctx, r); err != nil {
			return nil, err
		}
	}
	// A free port can be taken between Close and nginx's bind: try again.
	for try := 0; ; try++ {
		err = c.startNginx(ctx, nginxBin)
		if err == nil || try == 2 {
			return c, err
		}
	}
}

// start starts r's process on r.addr and waits for it to listen.
func (c *cluster) start(ctx context.Context, r *replica) error {
	args := []string{"-http", r.addr}
	if c.mode == Stateless {
		args = append(args, "-stateless")
	} else {
		args = append(args, "-replica", r.name)
	}
	cmd := exec.Command(c.bin, args...)
	cmd.Env = append(os.Environ(), "MCPSERVER_TOKEN=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "listening on http://"); ok {
				addr <- strings.TrimSuffix(u, "/mcp")
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
		close(addr)
	}()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	select {
	case a, ok := <-addr:
		if !ok {
			_ = cmd.Wait()
			return fmt.Errorf("replica %s on %s exited before listening", r.name, r.addr)
		}
		r.addr, r.cmd = a, cmd
		return nil
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return fmt.Errorf("replica %s did not listen: %w", r.name, ctx.Err())
	}
}

// kill ends replica i's process with SIGKILL, as a crash, noting its CPU
// time first.
func (c *cluster) kill(i int) error {
	r := c.replicas[i]
	cpu, _ := processCPU(r.cmd.Process.Pid)
	if err := r.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		return err
	}
	_ = r.cmd.Wait()
	c.mu.Lock()
	c.deadCPU += cpu
	r.cmd = nil
	c.mu.Unlock()
	return nil
}

// restart starts replica i again, on its address (its port is free again
// at once: Go listens with SO_REUSEADDR).
func (c *cluster) restart(ctx context.Context, i int) error {
	r := c.replicas[i]
	var err error
	for range 20 {
		if err = c.start(ctx, r); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// cpu is the user and system CPU time of the replicas, the killed
// processes included.
func (c *cluster) cpu() (time.Duration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	total := c.deadCPU
	for _, r := range c.replicas {
		if r.cmd == nil {
			continue
		}
		t, err := processCPU(r.cmd.Process.Pid)
		if err != nil {
			return 0, err
		}
		total += t
	}
	return total, nil
}

// nginxCPU is the CPU time of nginx's worker processes.
func (c *cluster) nginxCPU() (time.Duration, error) {
	return childrenCPU(c.nginx.Pid)
}

// Close stops nginx (gracefully, then not) and the replicas.
func (c *cluster) Close() {
	if c.nginx != nil {
		_ = c.nginx.Signal(syscall.SIGQUIT)
		select {
		case <-c.nginxExited:
		case <-time.After(10 * time.Second):
			// Its own process group: the master and its workers.
			_ = syscall.Kill(-c.nginx.Pid, syscall.SIGKILL)
			<-c.nginxExited
		}
		c.nginx = nil
	}
	for _, r := range c.replicas {
		if r.cmd != nil {
			_ = r.cmd.Process.Kill()
			_ = r.cmd.Wait()
			r.cmd = nil
		}
	}
}

// startNginx writes nginx.conf into c.dir and starts nginx on a free port.
func (c *cluster) startNginx(ctx context.Context, nginxBin string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	type upstream struct{ Name, Addr string }
	var ups []upstream
	var addrs []string
	for _, r := range c.replicas {
		ups = append(ups, upstream{r.name, r.addr})
		addrs = append(addrs, r.addr)
	}
	conf := filepath.Join(c.dir, "nginx.conf")
	f, err := os.Create(conf)
	if err != nil {
		return err
	}
	err = nginxConf.Execute(f, map[string]any{
		"Dir": c.dir, "Listen": fmt.Sprintf("127.0.0.1:%d", port),
		"Stateful": c.mode == Stateful, "Hashed": c.mode == hashed, "Replicas": ups, "Addrs": addrs,
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	cmd := exec.Command(nginxBin, "-p", c.dir, "-c", conf, "-e", filepath.Join(c.dir, "error.log"), "-g", "daemon off;")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case err := <-exited:
			log, _ := os.ReadFile(filepath.Join(c.dir, "error.log"))
			return fmt.Errorf("nginx exited (%v): %s", err, log)
		default:
		}
		if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			_ = conn.Close()
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
			return errors.New("nginx did not listen within 10s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.nginx, c.nginxExited = cmd.Process, exited
	c.url = "http://" + addr + "/mcp"
	return nil
}

// freePort is a TCP port free on 127.0.0.1 a moment ago.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
