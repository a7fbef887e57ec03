// Package webguard holds the checks the HTTP handlers of package aisdk and
// package agui make before they run an agent for a request: a request a
// web page could send without the user meaning it is refused, as package
// mcp refuses it.
//
//   - a body that is not application/json: text/plain, forms and multipart
//     are what a page of any origin may POST without a CORS preflight;
//   - a foreign Origin, or Sec-Fetch-Site saying cross-site or same-site:
//     a page of another origin, unless the handler allows that origin;
//   - on a loopback address, a Host other than localhost, 127.0.0.1 or
//     [::1] (or a name the handler allows): a page on another domain that
//     rebinds its name to 127.0.0.1 (DNS rebinding) is same-origin to
//     itself, and only its Host gives it away.
package webguard

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/loopback"
)

// Guard is one handler's origins and hosts. Its zero value, with Name
// set, serves only the page's own origin on loopback names.
type Guard struct {
	// Name is the package the errors name ("aisdk", "agui").
	Name    string
	origins map[string]bool // normal origins (normalOrigin)
	hosts   map[string]bool // normal hosts (normalHost), with or without a port
}

// AllowOrigin lets pages of origin (scheme://host[:port], as a browser
// sends it in Origin) use the handler from their own origin; ok is false
// for anything else (a path, a query, user info, "*", "null").
func (g *Guard) AllowOrigin(origin string) (ok bool) { return allow(&g.origins, origin, normalOrigin) }

// AllowHost adds a Host name the handler serves on loopback (a name alone
// on any port, or name:port on that port only), and makes every request's
// Host checked, on any address; ok is false for what is not a host name.
func (g *Guard) AllowHost(host string) (ok bool) { return allow(&g.hosts, host, normalHost) }

// allow adds s, in its normal form, to *set; false when normal refuses s.
func allow(set *map[string]bool, s string, normal func(string) (string, bool)) bool {
	norm, ok := normal(s)
	if !ok {
		return false
	}
	if *set == nil {
		*set = map[string]bool{}
	}
	(*set)[norm] = true
	return true
}

// CheckHost refuses a Host that names another machine, on a request that
// arrived on a loopback address (or an unknown one), as mcp's Handler
// does; with allowed hosts, on any address.
func (g *Guard) CheckHost(r *http.Request) error {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && !loopback.Addr(a) && g.hosts == nil {
		return nil // reached from the network, by whatever name points here
	}
	if loopback.Host(r.Host) || g.hostAllowed(r.Host) {
		return nil
	}
	return fmt.Errorf("%s: Host %q is not this server's (localhost, 127.0.0.1 or [::1]; WithAllowedHosts adds names)", g.Name, r.Host)
}

func (g *Guard) hostAllowed(hostport string) bool {
	norm, ok := normalHost(hostport)
	if !ok {
		return false
	}
	if g.hosts[norm] {
		return true
	}
	name, _, err := net.SplitHostPort(norm)
	return err == nil && g.hosts[name]
}

// CheckOrigin refuses a request a browser sent from a page of another
// origin, unless it is allowed; it returns the origin to name in the CORS
// headers when it is. A request with no Origin and no Sec-Fetch-Site is
// not a browser's cross-origin request: it is served.
func (g *Guard) CheckOrigin(r *http.Request) (allowed string, err error) {
	origin := r.Header.Get("Origin")
	if norm, ok := normalOrigin(origin); ok && g.origins[norm] {
		return origin, nil
	}
	site := strings.ToLower(r.Header.Get("Sec-Fetch-Site"))
	switch site {
	case "", "same-origin", "none":
	default:
		return "", fmt.Errorf("%s: a %s request (Origin %q) is refused; WithAllowedOrigins lets an origin in", g.Name, site, origin)
	}
	if origin == "" || sameOrigin(origin, r, site == "same-origin") {
		return "", nil
	}
	return "", fmt.Errorf("%s: Origin %q is not this server's; WithAllowedOrigins lets an origin in", g.Name, origin)
}

// CheckJSON refuses a body that is not application/json (a charset other
// than UTF-8 included): a page of any origin can POST text/plain, a form
// or multipart without a preflight, but not JSON.
func (g *Guard) CheckJSON(r *http.Request) error {
	values := r.Header.Values("Content-Type")
	if len(values) != 1 {
		return fmt.Errorf("%s: the request's Content-Type must be application/json (it has %d)", g.Name, len(values))
	}
	mt, params, err := mime.ParseMediaType(values[0])
	if err != nil || mt != "application/json" {
		return fmt.Errorf("%s: the request's Content-Type is %q; it must be application/json", g.Name, values[0])
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return fmt.Errorf("%s: the request's Content-Type is %q; it must be application/json in UTF-8", g.Name, values[0])
	}
	return nil
}

// Preflight answers a CORS preflight of an allowed origin.
func Preflight(w http.ResponseWriter, r *http.Request, origin string) {
	AllowCORS(w, origin)
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, POST")
	if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
		h.Set("Access-Control-Allow-Headers", req) // the origin is trusted with its own headers
	}
	h.Set("Access-Control-Max-Age", "600")
	w.WriteHeader(http.StatusNoContent)
}

// AllowCORS sets the CORS headers of an answer to an allowed origin.
func AllowCORS(w http.ResponseWriter, origin string) {
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Add("Vary", "Origin")
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
