// Package bench compares toolgen with its peers, side by side in one run:
// tools/call through an MCP server and building a server with 100 tools,
// with toolgen's generated tools, the official go-sdk's reflection-based
// mcp.AddTool, and mcp-go. It is its own module, so that the peers stay out
// of toolgen's dependencies.
//
//	cd bench && go test -run '^$' -bench . -benchmem -count 6
//
// TestGeneratedCodeCost (slow, so only with TOOLGEN_COST=1) compares what a
// tool costs in source, compile time and binary size, toolgen's generated
// code against go-sdk's mcp.AddTool. TestTMLoad (only with TOOLGEN_TMLOAD=1)
// runs the public 50-user MCP server load test on the three, each server
// pinned to one CPU (see package tmload for the test's shape).
//
// TestDefinitionTokens (fast) counts what the catalog's 567 tool definitions
// cost a model's context, per provider form, with toolgen's schemas and with
// the schemas go-sdk (jsonschema-go) and invopop/jsonschema infer from the
// same Go types, and which of those a provider's rules refuse:
//
//	cd bench && go test -run TestDefinitionTokens -v .
//
// Package promptcache measures the share of a long session's input that
// each provider's prompt cache serves, by the order of the tools sent;
// package wirefake is the provider APIs' fakes it and codemodetasks run
// the agent through.
package bench
