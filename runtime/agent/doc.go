// Package agent is the old import path of the agent loop, which is now
// [github.com/toolgen-dev/toolgen/agent].
//
// Every identifier here is an alias of the same identifier there, marked
// //go:fix inline, so that go fix ./... rewrites a program's uses to the new
// import path.
//
// Deprecated: import github.com/toolgen-dev/toolgen/agent instead; go fix
// ./... does it. Removed in v0.3.0.
package agent
