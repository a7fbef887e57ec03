package mcp

import (
	"bytes"
	"encoding/json"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The revision of the protocol a client speaks is negotiated by go-sdk: it
// offers the newest it knows (or WithProtocolVersion's), from 2026-07-28
// on with server/discover and the version, client info and capabilities
// in every request's _meta and the Mcp-Protocol-Version, Mcp-Method and
// Mcp-Name headers; a server that answers -32022 with the versions it
// supports is asked again in one of them; a server that knows no
// server/discover gets initialize at 2025-11-25, and may answer an older
// version. What this file adds is reading the outcome.

// ProtocolVersions are the MCP protocol versions the client speaks,
// newest first.
func ProtocolVersions() []string { return sdk.SupportedProtocolVersions() }

// ProtocolVersion is the MCP protocol version the client and the server
// agreed on (such as "2026-07-28" or "2025-11-25"), or "" before the
// client has connected. A session replaced by a new one (see CallTool)
// negotiates again.
func (c *Client) ProtocolVersion() string {
	session := c.Session()
	if session == nil {
		return ""
	}
	if r := session.InitializeResult(); r != nil {
		return r.ProtocolVersion
	}
	return ""
}

// metaServerInfo is the key of the server's name and version in a
// result's _meta, from protocol 2026-07-28 on.
const metaServerInfo = "io.modelcontextprotocol/serverInfo"

// serverInfoWatch keeps the server's name and version from the latest
// result whose _meta carried them.
type serverInfoWatch struct {
	mu            sync.Mutex
	name, version string
}

// observe records the serverInfo of a result's _meta, if any.
func (w *serverInfoWatch) observe(result json.RawMessage) {
	if !bytes.Contains(result, []byte(metaServerInfo)) {
		return
	}
	var r struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(result, &r) != nil {
		return
	}
	var info struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	if json.Unmarshal(r.Meta[metaServerInfo], &info) != nil || info.Name == "" {
		return
	}
	w.mu.Lock()
	w.name, w.version = info.Name, info.Version
	w.mu.Unlock()
}

// latest is the name and version last recorded.
func (w *serverInfoWatch) latest() (name, version string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.name, w.version
}
