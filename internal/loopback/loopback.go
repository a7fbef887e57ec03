// Package loopback answers, for the HTTP servers of package mcp and package
// aisdk, whether a request came to a loopback address under a loopback
// name: the two facts their DNS-rebinding protection is made of (a page
// whose domain an attacker rebound to 127.0.0.1 is same-origin to itself,
// and its Host header gives it away).
package loopback

import (
	"net"
	"strings"
)

// Host reports whether hostport (a Host header: name or IP, with an
// optional port) is a loopback name: localhost, 127.0.0.1 or ::1.
func Host(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	switch strings.ToLower(host) {
	case "localhost", "127.0.0.1", "::1":
		return true
	}
	return false
}

// Addr reports whether a is a loopback TCP address or a Unix socket.
func Addr(a net.Addr) bool {
	switch a := a.(type) {
	case *net.TCPAddr:
		return a.IP.IsLoopback()
	case *net.UnixAddr:
		return true
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
