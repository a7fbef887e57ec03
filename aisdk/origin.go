package aisdk

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/loopback"
)

// A chat request runs an agent with the tools of the server's user, so a
// request a web page could send without the user meaning it is refused
// (as package mcp refuses it):
//
//   - a body that is not application/json: text/plain, forms and multipart
//     are what a page of any origin may POST without a CORS preflight;
//   - a foreign Origin, or Sec-Fetch-Site saying cross-site or same-site:
//     a page of another origin, unless WithAllowedOrigins names it;
//   - on a loopback address, a Host other than localhost, 127.0.0.1 or
//     [::1] (or a name WithAllowedHosts adds): a page on another domain
//     that rebinds its name to 127.0.0.1 (DNS rebinding) is same-origin to
//     itself, and only its Host gives it away.

// WithAllowedOrigins lets pages of these origins ("https://app.example",
// "http://localhost:5173": scheme, host and port as a browser sends them
// in Origin) use the chat from their own origin: their requests are
// served, with the CORS headers (credentials included) a browser needs to
// send them and read the answer. By default only the page's own origin is
// served. An origin with a path, a query, user info, "*" or "null" is an
// error.
func WithAllowedOrigins(origins ...string) Option {
	return func(c *config) error {
		for _, o := range origins {
			norm, ok := normalOrigin(o)
			if !ok {
				return fmt.Errorf("aisdk.WithAllowedOrigins(%q): not an origin (scheme://host[:port], as a browser sends it)", o)
			}
			if c.allowedOrigins == nil {
				c.allowedOrigins = map[string]bool{}
			}
			c.allowedOrigins[norm] = true
		}
		return nil
	}
}

// WithAllowedHosts adds Host names the handler serves on loopback, beyond
// localhost, 127.0.0.1 and [::1]: a name alone ("chat.example") on any
// port, or with a port ("chat.example:8443") on that port only; for a
// reverse proxy on the same machine that keeps the browser's Host. With
// it, the Host of every request is checked, on any address (on other
// addresses, without it, the Host is not checked: the server is reached by
// whatever names point to it). A name with a scheme, a path or a space is
// an error.
func WithAllowedHosts(hosts ...string) Option {
	return func(c *config) error {
		for _, h := range hosts {
			norm, ok := normalHost(h)
			if !ok {
				return fmt.Errorf("aisdk.WithAllowedHosts(%q): not a host name (name or name:port)", h)
			}
			if c.allowedHosts == nil {
				c.allowedHosts = map[string]bool{}
			}
			c.allowedHosts[norm] = true
		}
		return nil
	}
}

// checkHost refuses a Host that names another machine, on a request that
// arrived on a loopback address (or an unknown one), as mcp's Handler
// does; with WithAllowedHosts, on any address.
func (c *config) checkHost(r *http.Request) error {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && !loopback.Addr(a) && c.allowedHosts == nil {
		return nil // reached from the network, by whatever name points here
	}
	if loopback.Host(r.Host) || c.hostAllowed(r.Host) {
		return nil
	}
	return fmt.Errorf("aisdk: Host %q is not this server's (localhost, 127.0.0.1 or [::1]; WithAllowedHosts adds names)", r.Host)
}

func (c *config) hostAllowed(hostport string) bool {
	norm, ok := normalHost(hostport)
	if !ok {
		return false
	}
	if c.allowedHosts[norm] {
		return true
	}
	name, _, err := net.SplitHostPort(norm)
	return err == nil && c.allowedHosts[name]
}

// checkOrigin refuses a request a browser sent from a page of another
// origin, unless WithAllowedOrigins names it; it returns the origin to name
// in the CORS headers when it does. A request with no Origin and no
// Sec-Fetch-Site is not a browser's cross-origin request: it is served.
func (c *config) checkOrigin(r *http.Request) (allowed string, err error) {
	origin := r.Header.Get("Origin")
	if norm, ok := normalOrigin(origin); ok && c.allowedOrigins[norm] {
		return origin, nil
	}
	site := strings.ToLower(r.Header.Get("Sec-Fetch-Site"))
	switch site {
	case "", "same-origin", "none":
	default:
		return "", fmt.Errorf("aisdk: a %s request (Origin %q) is refused; WithAllowedOrigins lets an origin in", site, origin)
	}
	if origin == "" || sameOrigin(origin, r, site == "same-origin") {
		return "", nil
	}
	return "", fmt.Errorf("aisdk: Origin %q is not this server's; WithAllowedOrigins lets an origin in", origin)
}

// sameOrigin reports whether origin is the origin r was sent to: the same
// host and port as r's Host, and the same scheme, unless the browser said
// same-origin (a proxy in front may have ended TLS).
func sameOrigin(origin string, r *http.Request, browserSaysSame bool) bool {
	norm, ok := normalOrigin(origin)
	if !ok {
		return false
	}
	scheme, hostport, _ := strings.Cut(norm, "://")
	if !browserSaysSame {
		want := "http"
		if r.TLS != nil {
			want = "https"
		}
		if scheme != want {
			return false
		}
	}
	host, ok := normalHost(r.Host)
	return ok && withPort(host, scheme) == withPort(hostport, scheme)
}

// normalOrigin is an origin as scheme://host[:port], lower case, without
// the scheme's default port; ok is false for anything else ("null", a
// path, user info).
func normalOrigin(origin string) (string, bool) {
	u, err := url.Parse(origin)
	if err != nil || u.Scheme == "" || u.Host == "" || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" || strings.HasSuffix(origin, "?") {
		return "", false
	}
	host, ok := normalHost(u.Host)
	if !ok {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	if name, port, err := net.SplitHostPort(host); err == nil && port == defaultPort(scheme) {
		host = joinHost(name, "")
	}
	return scheme + "://" + host, true
}

// normalHost is a Host (name or IP, an optional port) in lower case, IPv6
// in brackets; ok is false for what cannot be a host.
func normalHost(hostport string) (string, bool) {
	if hostport == "" || strings.ContainsAny(hostport, "/?#@ \t\\") {
		return "", false
	}
	name, port, err := net.SplitHostPort(hostport)
	if err != nil {
		name, port = hostport, ""
		if strings.Count(hostport, ":") > 1 || strings.HasPrefix(hostport, "[") {
			name = strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]") // an IPv6 address without a port
		} else if strings.Contains(hostport, ":") {
			return "", false
		}
	}
	if name == "" || strings.ContainsAny(name, "[]") {
		return "", false
	}
	for _, r := range port {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return joinHost(strings.ToLower(name), port), true
}

func joinHost(name, port string) string {
	if port == "" {
		if strings.Contains(name, ":") {
			return "[" + name + "]"
		}
		return name
	}
	return net.JoinHostPort(name, port)
}

// withPort is a normal host with its port, the scheme's default if none.
func withPort(host, scheme string) string {
	if _, _, err := net.SplitHostPort(host); err == nil {
		return host
	}
	return net.JoinHostPort(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), defaultPort(scheme))
}

func defaultPort(scheme string) string {
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	}
	return ""
}

// checkJSON refuses a body that is not application/json (a charset other
// than UTF-8 included): a page of any origin can POST text/plain, a form
// or multipart without a preflight, but not JSON.
func checkJSON(r *http.Request) error {
	values := r.Header.Values("Content-Type")
	if len(values) != 1 {
		return fmt.Errorf("aisdk: the request's Content-Type must be application/json (it has %d)", len(values))
	}
	mt, params, err := mime.ParseMediaType(values[0])
	if err != nil || mt != "application/json" {
		return fmt.Errorf("aisdk: the request's Content-Type is %q; it must be application/json", values[0])
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return fmt.Errorf("aisdk: the request's Content-Type is %q; it must be application/json in UTF-8", values[0])
	}
	return nil
}

// preflight answers a CORS preflight of an allowed origin.
func preflight(w http.ResponseWriter, r *http.Request, origin string) {
	allowCORS(w, origin)
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, POST")
	if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
		h.Set("Access-Control-Allow-Headers", req) // the origin is trusted with its own headers
	}
	h.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
}

func allowCORS(w http.ResponseWriter, origin string) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Add("Vary", "Origin")
}
