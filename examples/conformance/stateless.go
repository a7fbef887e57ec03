package main

import (
	"context"

	"github.com/toolgen-dev/toolgen/mcp"
)

// The diagnostic tools of the suite's server-stateless scenario (protocol
// revision 2026-07-28, SEP-2575).

// TestMissingCapability needs the client's sampling capability: newServer
// declares it with mcp.WithRequiredClientCapabilities, so that a client
// that did not declare sampling gets MissingRequiredClientCapabilityError
// and the tool does not run.
//
//toolgen:tool readonly idempotent
func TestMissingCapability() string {
	return "Client declared the sampling capability; tool executed."
}

// TestStreamingElicitation answers with a plain result: the response
// stream carries no request of the server's own.
//
//toolgen:tool readonly idempotent
func TestStreamingElicitation() string {
	return "stream observed: result frames only, no top-level requests"
}

// TestLoggingTool logs a message, which reaches a client of revision
// 2026-07-28 only when its request's _meta asked for a log level.
//
//toolgen:tool readonly idempotent
func TestLoggingTool(ctx context.Context) (string, error) {
	if err := mcp.Log(ctx, "info", "test_logging_tool executed"); err != nil {
		return "", err
	}
	return "Log attempted; sent only when the request set a log level.", nil
}
