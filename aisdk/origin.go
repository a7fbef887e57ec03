package aisdk

import "github.com/toolgen-dev/toolgen/internal/chatcore"

// A chat request runs an agent with the tools of the server's user, so a
// request a web page could send without the user meaning it is refused
// (as package mcp refuses it; internal/webguard has the checks, shared
// with package agui):
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
	return shared(chatcore.WithAllowedOrigins[Store](origins...))
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
	return shared(chatcore.WithAllowedHosts[Store](hosts...))
}
