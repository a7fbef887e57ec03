//lint:file-ignore SA1019 MCP logging is deprecated by protocol 2026-07-28 (SEP-2577) but still what clients of earlier versions read.

package mcp

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// callKey is the context key of the MCP request a tool runs for.
type callKey struct{}

// withCall puts the request on the tool's context, for Session, Progress and
// Log.
func withCall(ctx context.Context, req *sdkmcp.CallToolRequest) context.Context {
	return context.WithValue(ctx, callKey{}, req)
}

func callFrom(ctx context.Context) *sdkmcp.CallToolRequest {
	req, _ := ctx.Value(callKey{}).(*sdkmcp.CallToolRequest)
	return req
}

// Session returns the MCP session of the tools/call request a tool is running
// for, or nil outside an MCP call. To ask the client something, use Elicit,
// Sample and ListRoots, which work at every protocol version, stateless
// too; the session's own CreateMessage and Elicit do not at 2026-07-28.
func Session(ctx context.Context) *sdkmcp.ServerSession {
	if req := callFrom(ctx); req != nil {
		return req.Session
	}
	return nil
}

// Progress tells the client how far the current call has got: progress out
// of total (0 when unknown), with an optional message. It does nothing
// outside an MCP call or when the client did not ask for progress (no
// progress token). toolgen.ReportProgress does the same wherever the tool
// runs (an agent's run too); both go through the call's notifications,
// which keep progress increasing (see the package documentation).
func Progress(ctx context.Context, progress, total float64, message string) error {
	if n := notifierFrom(ctx); n != nil {
		return n.notify(toolgen.Progress{Progress: progress, Total: total, Message: message})
	}
	return nil
}

// Log sends a log message at level ("debug", "info", "notice", "warning",
// "error"...) to the client, which receives it if it set a level at or below
// that one (logging/setLevel). data is any JSON-encodable value, usually a
// string. It does nothing outside an MCP call.
func Log(ctx context.Context, level string, data any) error {
	if fc := fastFrom(ctx); fc != nil {
		return fc.log(level, data)
	}
	req := callFrom(ctx)
	if req == nil || req.Session == nil {
		return nil
	}
	return req.Session.Log(ctx, &sdkmcp.LoggingMessageParams{Level: sdkmcp.LoggingLevel(level), Data: data})
}

// TokenInfo returns what HTTPOptions.TokenVerifier said of the bearer token
// of the tools/call request a tool is running for (its user, scopes...), or
// nil outside an authenticated MCP call.
func TokenInfo(ctx context.Context) *auth.TokenInfo {
	if req := callFrom(ctx); req != nil && req.Extra != nil {
		return req.Extra.TokenInfo
	}
	return nil
}
