package webguard

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestAllowOriginTakesOnlyOrigins(t *testing.T) {
	for origin, want := range map[string]bool{
		"https://app.example": true, "http://localhost:5173": true, "HTTPS://App.Example:443": true, "http://[::1]:8080": true,
		"https://app.example/": false, "https://app.example/path": false, "https://u@app.example": false,
		"https://app.example?q": false, "*": false, "null": false, "": false, "app.example": false,
	} {
		var g Guard
		if got := g.AllowOrigin(origin); got != want {
			t.Errorf("AllowOrigin(%q) = %v, want %v", origin, got, want)
		}
	}
}

func TestCheckOrigin(t *testing.T) {
	g := Guard{Name: "test"}
	g.AllowOrigin("https://app.example") // the default port is left out: the browser's Origin has none
	for _, c := range []struct {
		origin, site, host string
		allowed            string
		refused            bool
	}{
		{origin: "", host: "127.0.0.1:8080"},                      // not a browser's cross-origin request
		{origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"}, // the page's own origin
		{origin: "http://127.0.0.1:9090", host: "127.0.0.1:8080", refused: true},
		{origin: "https://127.0.0.1:8080", host: "127.0.0.1:8080", refused: true}, // another scheme, as the browser did not say same-origin
		{origin: "https://evil.example", host: "127.0.0.1:8080", refused: true},
		{origin: "", site: "cross-site", host: "127.0.0.1:8080", refused: true},
		{origin: "", site: "same-site", host: "127.0.0.1:8080", refused: true},
		{origin: "https://app.example", site: "cross-site", host: "api.example", allowed: "https://app.example"},
		{origin: "https://app.example:443", host: "api.example", allowed: "https://app.example:443"},
	} {
		r := httptest.NewRequest(http.MethodPost, "/", nil)
		r.Host = c.host
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		if c.site != "" {
			r.Header.Set("Sec-Fetch-Site", c.site)
		}
		allowed, err := g.CheckOrigin(r)
		if (err != nil) != c.refused || allowed != c.allowed {
			t.Errorf("Origin %q, Sec-Fetch-Site %q, Host %q: allowed %q, error %v; want allowed %q, refused %v", c.origin, c.site, c.host, allowed, err, c.allowed, c.refused)
		}
	}
}

func TestCheckHost(t *testing.T) {
	at := func(addr string, host string) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/", nil)
		r.Host = host
		a, _ := net.ResolveTCPAddr("tcp", addr)
		return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, a))
	}
	var open Guard
	if err := open.CheckHost(at("127.0.0.1:80", "localhost:80")); err != nil {
		t.Error(err)
	}
	if err := open.CheckHost(at("127.0.0.1:80", "rebound.example")); err == nil {
		t.Error("a rebound name on loopback was served")
	}
	if err := open.CheckHost(at("192.0.2.1:80", "any.example")); err != nil {
		t.Errorf("a request from the network was refused: %v", err)
	}
	proxied := Guard{Name: "test"}
	if !proxied.AllowHost("chat.example:8443") || proxied.AllowHost("https://chat.example") {
		t.Fatal("AllowHost took a scheme, or refused name:port")
	}
	if err := proxied.CheckHost(at("192.0.2.1:80", "chat.example:8443")); err != nil {
		t.Error(err)
	}
	if err := proxied.CheckHost(at("192.0.2.1:80", "chat.example:9000")); err == nil {
		t.Error("another port of an allowed name:port was served")
	}
}

func TestCheckJSON(t *testing.T) {
	g := Guard{Name: "test"}
	for ct, ok := range map[string]bool{
		"application/json": true, "application/json; charset=utf-8": true, "Application/JSON": true,
		"": false, "text/plain": false, "application/x-www-form-urlencoded": false, "multipart/form-data; boundary=x": false,
		"application/json; charset=latin1": false,
	} {
		r := httptest.NewRequest(http.MethodPost, "/", nil)
		if ct != "" {
			r.Header.Set("Content-Type", ct)
		}
		if err := g.CheckJSON(r); (err == nil) != ok {
			t.Errorf("Content-Type %q: error %v, want accepted %v", ct, err, ok)
		}
	}
}
