//go:build linux

package main

import "text/template"

// nginxConf is the load balancer's configuration. nginx rather than
// HAProxy: its streaming settings are documented one by one
// (proxy_buffering, proxy_read_timeout, proxy_next_upstream and when it
// passes a POST on), it routes on a header with a map, and Debian ships it.
//
//   - No response buffering: an SSE response reaches the client event by
//     event. Request bodies are buffered (small JSON-RPC messages), which
//     lets nginx pass a request to the next replica when a connection is
//     refused.
//   - Long read timeouts: a session's GET stream stays open while the
//     server has nothing to say.
//   - A request already sent to a replica is not passed on when the
//     replica fails mid-way (proxy_next_upstream without non_idempotent):
//     a tools/call may have run, and only the client knows whether the
//     tool can run twice. nginx answers 502.
//   - The client's Host is passed on (127.0.0.1:PORT): a replica on
//     loopback refuses another Host (its DNS rebinding check), and nginx
//     would send the upstream's name.
//   - Round robin (mcp_all): a replica that refused a connection is left
//     out for 1s (fail_timeout), so that a restarted one is back soon.
//   - A session's replica is always tried first (max_fails=0): while it
//     is down, each of its sessions' requests costs a refused connection
//     on 127.0.0.1 before another replica answers 404; once it is back,
//     the sessions it makes reach it at once (with a fail_timeout, nginx
//     could still send them to another replica, which answers 404 to a
//     session just made).
//   - Stateful: the session id names its replica ("r1.XXXX", mcpserver
//     -replica r1): a request carrying one goes to that replica, and, when
//     it is down, to another, which answers 404 (it does not know the
//     session), so that the client starts a new session at once. Hashing
//     the id instead (hash $http_mcp_session_id consistent) cannot work:
//     initialize carries no id and is routed before the id exists, so the
//     replica that made the session is, two times in three, not the one the
//     id hashes to.
var nginxConf = template.Must(template.New("nginx.conf").Parse(`# written by examples/mcpload
worker_processes 2;
pid {{.Dir}}/nginx.pid;
error_log {{.Dir}}/error.log warn;

events {
	worker_connections 4096;
}

http {
	client_body_temp_path {{.Dir}}/client_body;
	proxy_temp_path {{.Dir}}/proxy;
	fastcgi_temp_path {{.Dir}}/fastcgi;
	uwsgi_temp_path {{.Dir}}/uwsgi;
	scgi_temp_path {{.Dir}}/scgi;

	# One line a request: what the test checks routing and failures with.
	log_format mcp '$msec $request_method $status "$http_mcp_session_id" "$upstream_http_mcp_session_id" "$upstream_addr" "$upstream_status"';
	access_log {{.Dir}}/access.log mcp buffer=256k flush=1s;

	keepalive_requests 100000;
	client_body_buffer_size 64k;
{{if .Stateful}}
	map $http_mcp_session_id $mcp_upstream {
		default mcp_all;
{{- range .Replicas}}
		~^{{.Name}}\. mcp_{{.Name}};
{{- end}}
	}
{{- range $r := .Replicas}}

	upstream mcp_{{$r.Name}} {
		server {{$r.Addr}} max_fails=0;
{{- range $.Replicas}}{{if ne .Name $r.Name}}
		server {{.Addr}} backup;
{{- end}}{{end}}
		keepalive 32;
	}
{{- end}}
{{else}}
	map $http_mcp_session_id $mcp_upstream {
		default mcp_all;
	}
{{end}}
	upstream mcp_all {
{{- if .Hashed}}
		hash $http_mcp_session_id consistent;
{{- end}}
{{- range .Addrs}}
		server {{.}} max_fails=1 fail_timeout=1s;
{{- end}}
		keepalive 64;
	}

	server {
		listen {{.Listen}};

		location /mcp {
			proxy_pass http://$mcp_upstream;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host $http_host;
			proxy_buffering off;
			proxy_cache off;
			proxy_read_timeout 1h;
			proxy_send_timeout 1h;
			proxy_connect_timeout 2s;
			proxy_next_upstream error timeout;
			proxy_next_upstream_tries 3;
		}
	}
}
`))
