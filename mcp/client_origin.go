package mcp

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// A URL client's credentials belong to the origin (scheme, host and port)
// of the URL they were given for: the headers of URL, the access token of
// OAuth, and what an OAuth request carries (the code and its verifier,
// the refresh token, the client secret). No request the client sends
// follows a redirect to another origin, whatever its status, so that none
// of them can leave it: net/http's own rule keeps Authorization and Cookie
// for any port of the same host name and for a downgrade from https to
// http, sends every other header anywhere, and resends a POST's body on
// 307 and 308; and the transport below sets the URL's headers on every
// request it carries, redirects included.

// ErrCrossOriginRedirect is in the error of a request that a server
// redirected to another origin (another scheme, host or port: https to
// http, another name of the same address, another port). The client
// refuses such redirects rather than follow them, so that its credentials
// stay with the origin they were given for.
var ErrCrossOriginRedirect = errors.New("mcp: a redirect to another origin was refused")

// maxRedirects bounds the redirects one request follows, as net/http's
// default does.
const maxRedirects = 10

// origin is the scheme, host and port of a URL; the port is the scheme's
// default when the URL names none, and scheme and host are lower case.
type origin struct{ scheme, host, port string }

func originOf(u *url.URL) origin {
	o := origin{scheme: strings.ToLower(u.Scheme), host: strings.ToLower(u.Hostname()), port: u.Port()}
	if o.port == "" {
		switch o.scheme {
		case "http":
			o.port = "80"
		case "https":
			o.port = "443"
		}
	}
	return o
}

// originOfURL is the origin of rawURL; a URL that does not parse has the
// zero origin, which no request has (and such a URL makes no request).
func originOfURL(rawURL string) origin {
	u, err := url.Parse(rawURL)
	if err != nil {
		return origin{}
	}
	return originOf(u)
}

// String is the origin as a URL: scheme://host:port.
func (o origin) String() string { return o.scheme + "://" + net.JoinHostPort(o.host, o.port) }

// crossOriginError is the refusal of a request from one origin to another.
func crossOriginError(from, to origin) error {
	return fmt.Errorf("%w: from %s to %s (a client follows redirects only within the origin of the URL it requested: scheme, host and port)", ErrCrossOriginRedirect, from, to)
}

// sameOriginRedirects is a CheckRedirect that refuses a redirect to an
// origin other than that of the first request, then asks next (the
// user's own CheckRedirect), or, when next is nil, stops after
// maxRedirects as net/http does. Every hop is checked against the first,
// so a chain that left the origin never comes back to it.
func sameOriginRedirects(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if from, to := originOf(via[0].URL), originOf(req.URL); from != to {
			return crossOriginError(from, to)
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("mcp: stopped after %d redirects", maxRedirects)
		}
		return nil
	}
}

// endpointRedirects is the CheckRedirect of the client of an MCP
// endpoint: sameOriginRedirects, except that a GET (the session's stream)
// redirected to another origin gets the redirect itself as its response,
// unfollowed: go-sdk takes a GET stream that is answered with something
// other than an event stream as a server that offers none, and goes on;
// a GET that failed would be sent again and again for some 20 seconds,
// holding up the handshake, and then break the session.
func endpointRedirects(req *http.Request, via []*http.Request) error {
	err := sameOriginRedirects(nil)(req, via)
	if errors.Is(err, ErrCrossOriginRedirect) && via[0].Method == http.MethodGet {
		return http.ErrUseLastResponse
	}
	return err
}

// sameOriginClient is a copy of hc whose redirects stay within the origin
// of each request (see sameOriginRedirects); hc's own CheckRedirect, if
// any, is asked after.
func sameOriginClient(hc *http.Client) *http.Client {
	c := *hc
	c.CheckRedirect = sameOriginRedirects(hc.CheckRedirect)
	return &c
}
