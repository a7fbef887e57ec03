package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// The client's side of custom headers, over streamable HTTP: a tool whose
// x-mcp-header declarations are invalid is left out of Tools (with a
// warning on WithStderr's writer), and every tools/call at protocol
// version 2026-07-28 or later carries the Mcp-Param-* headers of its
// arguments, computed by CallParamHeaders from the input schema last
// listed for the tool (none for a tool never listed, as MCP says). The
// headers are set in the transport, on the request go-sdk sends, in place
// of any Mcp-Param-* header go-sdk set itself. A call the server refuses
// for its headers (a tool not listed yet, or whose schema changed) is
// sent again once, after listing the tools again.

// relistedForHeaders reports whether a call that err answered should be
// sent again because the server refused its Mcp-Param-* headers
// (HeaderMismatch): as MCP advises, the client lists the tools again, to
// learn their current input schemas, and resends the call once (the
// server refused it before running anything). The listing reaches the
// server, not go-sdk's cache of the list (client_relist.go). It reports
// false when the listing fails.
func (c *Client) relistedForHeaders(ctx context.Context, err error) bool {
	we := serverError(err)
	if we == nil || we.Code != CodeHeaderMismatch || !c.transport.http || ctx.Err() != nil {
		return false
	}
	c.relistUncached()
	_, lerr := c.ListTools(ctx)
	return lerr == nil
}

// paramHeadersValid reports whether a listed tool's declarations are
// valid, warning when they are not: over HTTP, MCP has clients leave such
// a tool out. Other transports ignore x-mcp-header.
func (c *Client) paramHeadersValid(t toolgen.Tool) bool {
	if !c.transport.http || !bytes.Contains(t.InputSchema, []byte(`"x-mcp-header"`)) {
		return true
	}
	if _, err := ParamHeaders(t.InputSchema); err != nil {
		fmt.Fprintf(c.opts.stderr, "mcp: warning: left out tool %q of %s: %v\n", t.Name, c.transport.desc, err)
		return false
	}
	return true
}

// withParamHeaders returns req, a request of the client's, with the
// Mcp-Param-* headers of the call it carries, when it carries a tools/call
// at version 2026-07-28 or later; else req itself.
func withParamHeaders(req *http.Request, schemas *schemaStore) *http.Request {
	if req.Method != http.MethodPost || req.GetBody == nil || req.Header.Get("Mcp-Protocol-Version") < minHeaderVersion {
		return req
	}
	name, args, ok := callOf(req)
	if !ok {
		return req
	}
	in, _ := schemas.schemas(name)
	// An argument that cannot be mirrored (an object where the schema
	// says a string) is left without its header: the server refuses the
	// call, and says why.
	headers, _ := CallParamHeaders(in, args)
	req = req.Clone(req.Context())
	for k := range req.Header {
		if strings.HasPrefix(k, ParamHeaderPrefix) {
			delete(req.Header, k)
		}
	}
	for k, v := range headers {
		req.Header[k] = v
	}
	return req
}

// callOf is the tool name and arguments of the tools/call req carries.
func callOf(req *http.Request) (name string, args json.RawMessage, ok bool) {
	body, err := req.GetBody()
	if err != nil {
		return "", nil, false
	}
	defer body.Close()
	b, _ := io.ReadAll(io.LimitReader(body, maxWatched))
	if !bytes.Contains(b, []byte(`"tools/call"`)) {
		return "", nil, false
	}
	var call struct {
		Method string `json:"method"`
		Params struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"params"`
	}
	if json.Unmarshal(b, &call) != nil || call.Method != "tools/call" {
		return "", nil, false
	}
	return call.Params.Name, call.Params.Arguments, true
}
