//go:build linux

package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// accessLog is what nginx logged of a run: one entry a request.
type accessLog struct {
	entries []logEntry
	addrs   map[string]string // replica name to address
}

// logEntry is one request through nginx.
type logEntry struct {
	at         time.Time // when the response was sent
	method     string
	status     int
	session    string   // the request's Mcp-Session-Id
	newSession string   // the response's, from the replica
	upstreams  []string // the replicas tried, in order
}

// readAccessLog parses c's access.log (the format of nginxConf).
func readAccessLog(c *cluster) (*accessLog, error) {
	f, err := os.Open(filepath.Join(c.dir, "access.log"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	a := &accessLog{addrs: map[string]string{}}
	for _, r := range c.replicas {
		a.addrs[r.name] = r.addr
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		// SECONDS.MILLIS METHOD STATUS "sid" "upstream sid" "addr, addr" "status, status"
		head, rest, _ := strings.Cut(line, ` "`)
		f := strings.Fields(head)
		quoted := strings.Split(strings.TrimSuffix(rest, `"`), `" "`)
		if len(f) != 3 || len(quoted) != 4 {
			return nil, fmt.Errorf("access.log: unexpected line %q", line)
		}
		at, err1 := strconv.ParseFloat(f[0], 64)
		code, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("access.log: unexpected line %q", line)
		}
		e := logEntry{at: time.UnixMilli(int64(at * 1000)), method: f[1], status: code, session: dash(quoted[0]), newSession: dash(quoted[1])}
		if up := dash(quoted[2]); up != "" {
			for _, u := range strings.Split(up, ",") {
				e.upstreams = append(e.upstreams, strings.TrimSpace(u))
			}
		}
		a.entries = append(a.entries, e)
	}
	return a, sc.Err()
}

// dash is s, or "" for nginx's "-" (no value).
func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// replicaOf is the name of the replica a session id names ("r1.XXXX").
func replicaOf(session string) string {
	name, _, _ := strings.Cut(session, ".")
	return name
}

// routing counts, among the requests that carried a session id, those
// whose first try went to the replica the id names (home) and the others
// (away); and, among the sessions made, those named after the replica
// that made them (own), and the others (foreign).
func (a *accessLog) routing() (home, away, own, foreign int) {
	for _, e := range a.entries {
		if e.session != "" && len(e.upstreams) > 0 {
			if e.upstreams[0] == a.addrs[replicaOf(e.session)] {
				home++
			} else {
				away++
			}
		}
		if e.newSession != "" && e.session == "" && len(e.upstreams) > 0 {
			if e.upstreams[len(e.upstreams)-1] == a.addrs[replicaOf(e.newSession)] {
				own++
			} else {
				foreign++
			}
		}
	}
	return home, away, own, foreign
}

// sessionsMade counts the sessions each replica made, by name.
func (a *accessLog) sessionsMade() map[string]int {
	n := map[string]int{}
	for _, e := range a.entries {
		if e.newSession != "" && e.session == "" {
			n[replicaOf(e.newSession)]++
		}
	}
	return n
}

// statuses counts the responses by status.
func (a *accessLog) statuses() map[int]int {
	n := map[int]int{}
	for _, e := range a.entries {
		n[e.status]++
	}
	return n
}

// served counts, by replica address, the requests it answered (the last
// upstream tried, when nginx answered with its status) after since.
func (a *accessLog) served(since time.Time) map[string]int {
	n := map[string]int{}
	for _, e := range a.entries {
		if len(e.upstreams) > 0 && e.status != 502 && e.at.After(since) {
			n[e.upstreams[len(e.upstreams)-1]]++
		}
	}
	return n
}
