// Package codemode is what every part of code mode shares: the model writes
// one short TypeScript program against the TypeScript declarations toolgen
// generates for a package's tools (its CodeModeDeclarations), and a Runner
// runs it, each of its tool calls going back to a Host.
//
// This package holds the contract, with no interpreter and no dependency
// beyond the standard library and toolgen's tool API: the Runner and Host
// types, the bounds of one execution (Limits), the errors a run ends with,
// and the run_code tool's definition (its name, input schema and
// description) and the values a program receives from a tool
// (ProgramValue). The interpreter, QuickJS translated to Go with esbuild
// stripping the types, is in module codemode/quickjs, so that only a
// program that runs code pulls it in. The agent loop (agent.WithCodeMode)
// and the MCP server (mcp.WithCodeMode) host programs: there each call a
// program makes takes the path of a direct call.
package codemode
