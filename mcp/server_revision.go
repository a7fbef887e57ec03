package mcp

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Protocol revisions on one endpoint. Revision 2026-07-28 (SEP-2575) has
// no sessions: every request carries its protocol version (the
// Mcp-Protocol-Version header and params._meta), the client's info and
// capabilities, and is answered on its own. Earlier revisions open a
// session with initialize. A stateful server serves both: go-sdk (1.8)
// answers the new revision only on a handler built with Stateless, so the
// server keeps two handlers over the one go-sdk server and sends each
// request to the one of its revision (see revisionRouter). A stateless
// server needs no router: its one handler speaks every revision.

// revision2026 is the first protocol revision without sessions.
const revision2026 = stateless2026

// metaProtocolVersion is the _meta key of a request's protocol version at
// revision 2026-07-28.
const metaProtocolVersion = "io.modelcontextprotocol/protocolVersion"

// revisionRouter sends a request of revision 2026-07-28 or later (see
// sessionless) to sessionless, every other request to sessions.
type revisionRouter struct {
	sessions    http.Handler // the stateful chain: session limits, go-sdk's stateful handler
	sessionless http.Handler // the stateless chain of the same server
}

func (rr revisionRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if sessionless(r) {
		rr.sessionless.ServeHTTP(w, r)
		return
	}
	rr.sessions.ServeHTTP(w, r)
}

// sessionless reports whether r is a request of a revision without
// sessions: it belongs to no session (no Mcp-Session-Id) and either its
// Mcp-Protocol-Version header names revision 2026-07-28 or a later one
// (which the stateless handler refuses with UnsupportedProtocolVersionError
// and the versions it supports), or it has no such header and its body
// carries params._meta's protocol version (which the stateless handler
// refuses, as the header is then required). A request naming an earlier
// revision in its header goes to the sessions, whatever its body says.
func sessionless(r *http.Request) bool {
	if r.Header.Get(sessionIDHeader) != "" {
		return false
	}
	if v := r.Header.Get("Mcp-Protocol-Version"); v != "" {
		return v >= revision2026
	}
	body, ok := r.Body.(*memBody)
	return ok && r.Method == http.MethodPost && carriesMetaVersion(body.b)
}

// carriesMetaVersion reports whether body, a JSON-RPC message or batch,
// has a message whose params._meta holds a protocol version.
func carriesMetaVersion(body []byte) bool {
	if !bytes.Contains(body, []byte(metaProtocolVersion)) {
		return false // the common case, without decoding
	}
	type message struct {
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	var msgs []message
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		if json.Unmarshal(trimmed, &msgs) != nil {
			return false
		}
	} else {
		var m message
		if json.Unmarshal(trimmed, &m) != nil {
			return false
		}
		msgs = []message{m}
	}
	for _, m := range msgs {
		if _, ok := m.Params.Meta[metaProtocolVersion]; ok {
			return true
		}
	}
	return false
}

// sdkHandler is go-sdk's streamable HTTP handler of the server, stateless
// or not, with WithDeps' wrapper.
func (s *Server) sdkHandler(opts HTTPOptions, maxBody int64, stateless bool) http.Handler {
	sdkMaxBody := maxBody
	if sdkMaxBody == 0 {
		sdkMaxBody = -1 // no limit
	}
	var h http.Handler = sdkmcp.NewStreamableHTTPHandler(func(*http.Request) *sdkmcp.Server { return s.sdk }, &sdkmcp.StreamableHTTPOptions{
		Stateless:           stateless,
		JSONResponse:        opts.JSONResponse,
		MaxRequestBodyBytes: sdkMaxBody,
		// localOnly does it, with the Origin too.
		DisableLocalhostProtection: true,
	})
	if s.deps != nil {
		h = s.requests.wrap(h) // WithDeps needs each call's request
	}
	return h
}

// statelessChain serves requests without sessions: the fast path, go-sdk's
// stateless handler, and the tasks layer in front.
func (s *Server) statelessChain(opts HTTPOptions, maxBody int64) http.Handler {
	h := s.sdkHandler(opts, maxBody, true)
	if !opts.DisableFastPath {
		h = &fastPath{s: s, sdk: h, json: opts.JSONResponse}
	}
	if s.tasks != nil {
		h = s.tasks.wrapHTTP(h, nil)
	}
	return h
}

// statefulChain serves the sessions of revisions before 2026-07-28: the
// session limits, the stateful fast path (for WithSessionFreeTools),
// go-sdk's stateful handler, and the tasks layer in front.
func (s *Server) statefulChain(opts HTTPOptions, maxBody int64, sessions *sessionLimiter) http.Handler {
	h := s.sdkHandler(opts, maxBody, false)
	if !opts.DisableFastPath && s.sessionFree != nil {
		// Inside the limiter: a fast call is a request in flight of its
		// session, which the idle timeout leaves open.
		h = &fastPath{s: s, sdk: h, json: opts.JSONResponse, sessions: sessions}
	}
	h = sessions.wrap(h)
	if s.tasks != nil {
		h = s.tasks.wrapHTTP(h, sessions)
	}
	return h
}

// negotiatedVersion is the protocol version go-sdk (1.8) answers an
// initialize that asks for asked with: asked when the server supports it
// (and it is before 2026-07-28, which has no initialize), else the newest
// earlier revision the server supports.
func (s *Server) negotiatedVersion(asked string) string {
	supported := s.versions
	if len(supported) == 0 {
		supported = sdkmcp.SupportedProtocolVersions()
	}
	if asked < revision2026 && slices.Contains(supported, asked) {
		return asked
	}
	for _, v := range supported {
		if v < revision2026 {
			return v
		}
	}
	return "2025-11-25"
}
