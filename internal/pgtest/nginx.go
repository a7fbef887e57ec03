package pgtest

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"text/template"
	"time"
)

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
