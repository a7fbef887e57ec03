package pgtest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"text/template"
	"time"
)

// ClusterConfig says what StartCluster runs behind nginx.
type ClusterConfig struct {
	// Package is the replica's main package, built with go build
	// ("./internal/chatreplica"). The replica takes the flags -listen ADDR,
	// -name NAME and -runs FILE (see Cluster.Runs), then Args, and prints
	// "listening on http://ADDR[/PATH]" to standard error once it serves.
	Package string
	// Names are the replicas' names.
	Names []string
	// Location is the path prefix nginx and the replicas serve ("/mcp").
	Location string
	// Args are every replica's other flags (its database, its table).
	Args []string
}

// Cluster is nginx in front of replicas of a server, each a process on
// 127.0.0.1, which a test kills and starts again. The replicas' tools log
// their calls to the file Dir/runs, "REPLICA TOOL NAME" a line, and hold a
// call named NAME until the file Dir/release-NAME exists.
type Cluster struct {
	Dir      string     // the cluster's files: the binary, the logs, runs
	URL      string     // nginx's http://127.0.0.1:PORT + Location
	Replicas []*Replica // in the order of ClusterConfig.Names

	cfg ClusterConfig
	bin string
}

// Replica is one process of a Cluster.
type Replica struct {
	Name string
	Addr string // host:port
	URL  string // http://Addr + Location

	cmd    *exec.Cmd // nil while the replica is down
	exited chan struct{}
}

// StartCluster builds cfg.Package, starts its replicas and nginx (bin, from
// FindNginx) in front of them; the test's end stops them, and logs the
// replicas' logs if the test failed.
func StartCluster(t testing.TB, nginxBin string, cfg ClusterConfig) *Cluster {
	t.Helper()
	dir := t.TempDir()
	c := &Cluster{Dir: dir, cfg: cfg, bin: filepath.Join(dir, "replica")}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", c.bin, cfg.Package).CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v: %s", cfg.Package, err, out)
	}
	t.Cleanup(func() {
		for _, r := range c.Replicas {
			r.stop()
		}
		if t.Failed() {
			for _, r := range c.Replicas {
				log, _ := os.ReadFile(filepath.Join(dir, r.Name+".log"))
				t.Logf("%s's log:\n%s", r.Name, log)
			}
		}
	})
	var addrs []string
	for _, name := range cfg.Names {
		r := &Replica{Name: name, Addr: "127.0.0.1:0"}
		c.Replicas = append(c.Replicas, r)
		if err := c.start(r); err != nil {
			t.Fatal(err)
		}
		addrs = append(addrs, r.Addr)
	}
	c.URL = StartNginx(t, nginxBin, dir, cfg.Location, addrs) + cfg.Location
	return c
}

// start starts r's process on r.Addr and waits (at most 30 s) until it
// listens.
func (c *Cluster) start(r *Replica) error {
	args := append([]string{"-listen", r.Addr, "-name", r.Name, "-runs", filepath.Join(c.Dir, "runs")}, c.cfg.Args...)
	cmd := exec.Command(c.bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	logFile, err := os.OpenFile(filepath.Join(c.Dir, r.Name+".log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return err
	}
	addr := make(chan string, 1)
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		defer logFile.Close()
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(logFile, sc.Text())
			if u, ok := strings.CutPrefix(sc.Text(), "listening on http://"); ok {
				hostport, _, _ := strings.Cut(u, "/")
				addr <- hostport
			}
		}
		_ = cmd.Wait()
	}()
	select {
	case a := <-addr:
		r.Addr, r.URL, r.cmd, r.exited = a, "http://"+a+c.cfg.Location, cmd, exited
		return nil
	case <-exited:
		log, _ := os.ReadFile(logFile.Name())
		return fmt.Errorf("replica %s exited before listening: %s", r.Name, log)
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
		return fmt.Errorf("replica %s did not listen within 30 s", r.Name)
	}
}

func (r *Replica) stop() {
	if r.cmd != nil {
		_ = r.cmd.Process.Kill()
		<-r.exited
		r.cmd = nil
	}
}

// Replica is the replica named name.
func (c *Cluster) Replica(t testing.TB, name string) *Replica {
	t.Helper()
	for _, r := range c.Replicas {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no replica %s", name)
	return nil
}

// Kill ends replica name with SIGKILL, as a crash.
func (c *Cluster) Kill(t testing.TB, name string) {
	t.Helper()
	r := c.Replica(t, name)
	if err := r.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-r.exited
	r.cmd = nil
}

// Restart starts replica name again on its address (free again at once:
// Go listens with SO_REUSEADDR; tried 20 times, 50 ms apart).
func (c *Cluster) Restart(t testing.TB, name string) {
	t.Helper()
	var err error
	for range 20 {
		if err = c.start(c.Replica(t, name)); err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal(err)
}

// Release lets the held calls of name go on.
func (c *Cluster) Release(t testing.TB, name string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(c.Dir, "release-"+name), nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Runs are the tools' calls the replicas logged: "REPLICA TOOL NAME".
func (c *Cluster) Runs(t testing.TB) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(c.Dir, "runs"))
	if errors.Is(err, os.ErrNotExist) || err == nil && len(b) == 0 {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// CountRuns is how many times call ("TOOL NAME") ran, on any replica.
func (c *Cluster) CountRuns(t testing.TB, call string) int {
	t.Helper()
	n := 0
	for _, line := range c.Runs(t) {
		if _, rest, _ := strings.Cut(line, " "); rest == call {
			n++
		}
	}
	return n
}

// WaitRun waits (at most 20 s) until call ("TOOL NAME") runs, and returns
// the replica running it.
func (c *Cluster) WaitRun(t testing.TB, call string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		for _, line := range c.Runs(t) {
			if replica, rest, _ := strings.Cut(line, " "); rest == call {
				return replica
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not run within 20 s", call)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// FindNginx is the path of nginx (on PATH, else /usr/sbin/nginx); without it
// the test is skipped (fails with TOOLGEN_PG_REQUIRE=1).
func FindNginx(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("nginx"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
		return "/usr/sbin/nginx"
	}
	skipOrFail(t, "nginx not found (Debian: apt-get install nginx)")
	return ""
}

// nginxConf is a load balancer for replicas on 127.0.0.1: no response
// buffering and long read timeouts (streams), the client's Host passed on
// (for the replicas' DNS rebinding check), a request passed to the next
// replica only when the first refused the connection (it was not sent), round
// robin with no affinity, no keepalive to the replicas (a killed replica's
// connections are never reused), max_fails=0 (a replica that refused is
// tried again by the next request, so a replica started again is used at
// once), and X-Upstream: the replica's address that answered.
var nginxConf = template.Must(template.New("nginx.conf").Parse(`# written by a test (internal/pgtest)
worker_processes 1;
pid {{.Dir}}/nginx.pid;
error_log {{.Dir}}/nginx-error.log warn;

events {
	worker_connections 256;
}

http {
	client_body_temp_path {{.Dir}}/client_body;
	proxy_temp_path {{.Dir}}/proxy;
	fastcgi_temp_path {{.Dir}}/fastcgi;
	uwsgi_temp_path {{.Dir}}/uwsgi;
	scgi_temp_path {{.Dir}}/scgi;
	access_log {{.Dir}}/nginx-access.log;

	upstream replicas {
{{- range .Addrs}}
		server {{.}} max_fails=0;
{{- end}}
	}

	server {
		listen {{.Listen}};

		location {{.Location}} {
			proxy_pass http://replicas;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host $http_host;
			proxy_buffering off;
			proxy_read_timeout 1h;
			proxy_send_timeout 1h;
			proxy_connect_timeout 2s;
			proxy_next_upstream error timeout;
			proxy_next_upstream_tries {{len .Addrs}};
			add_header X-Upstream $upstream_addr always;
		}
	}
}
`))

// StartNginx starts nginx (bin, from FindNginx) on a free port of 127.0.0.1
// in front of the replicas at addrs (host:port), serving location (a path
// prefix), its files in dir; it returns nginx's http://127.0.0.1:PORT and
// stops nginx when the test ends, logging nginx's error log if the test
// failed.
func StartNginx(t testing.TB, bin, dir, location string, addrs []string) string {
	t.Helper()
	// nginx's workers may run as another user: let them through.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var err error
	for range 3 { // a free port can be taken before nginx binds it
		var url string
		if url, err = tryNginx(t, bin, dir, location, addrs); err == nil {
			return url
		}
	}
	t.Fatal(err)
	return ""
}

func tryNginx(t testing.TB, bin, dir, location string, addrs []string) (string, error) {
	port, err := FreePort()
	if err != nil {
		return "", err
	}
	var conf bytes.Buffer
	listen := fmt.Sprintf("127.0.0.1:%d", port)
	if err := nginxConf.Execute(&conf, map[string]any{"Dir": dir, "Listen": listen, "Addrs": addrs, "Location": location}); err != nil {
		return "", err
	}
	confFile := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confFile, conf.Bytes(), 0o644); err != nil {
		return "", err
	}
	errorLog := filepath.Join(dir, "nginx-error.log")
	cmd := exec.Command(bin, "-p", dir, "-c", confFile, "-e", errorLog, "-g", "daemon off;")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return "", err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	stop := func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // its own process group: master and worker
		<-exited
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		select {
		case <-exited:
			log, _ := os.ReadFile(errorLog)
			return "", fmt.Errorf("nginx exited: %s", log)
		default:
		}
		if conn, err := net.DialTimeout("tcp", listen, time.Second); err == nil {
			_ = conn.Close()
			t.Cleanup(func() {
				stop()
				if t.Failed() {
					log, _ := os.ReadFile(errorLog)
					t.Logf("nginx's error log:\n%s", log)
				}
			})
			return "http://" + listen, nil
		}
		if time.Now().After(deadline) {
			stop()
			return "", errors.New("nginx did not listen within 10 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
