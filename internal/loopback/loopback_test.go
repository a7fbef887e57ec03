package loopback

import (
	"net"
	"testing"
)

func TestHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST:8080": true, "127.0.0.1": true, "127.0.0.1:80": true,
		"[::1]": true, "[::1]:8080": true, "::1": true,
		"evil.example": false, "evil.example:80": false, "localhost.evil.example": false,
		"127.0.0.2": false, "0.0.0.0": false, "": false, "[::2]:80": false,
	} {
		if got := Host(host); got != want {
			t.Errorf("Host(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestAddr(t *testing.T) {
	for _, c := range []struct {
		addr net.Addr
		want bool
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}, true},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 80}, true},
		{&net.TCPAddr{IP: net.IPv4(10, 0, 0, 1), Port: 80}, false},
		{&net.UnixAddr{Name: "/run/x.sock", Net: "unix"}, true},
		{&net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 53}, true},
		{&net.UDPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 53}, false},
	} {
		if got := Addr(c.addr); got != c.want {
			t.Errorf("Addr(%v) = %v, want %v", c.addr, got, c.want)
		}
	}
}
