// Package agenttest is the old import path of the scripted model for tests,
// which is now [github.com/toolgen-dev/toolgen/agent/agenttest].
//
// Every identifier here is an alias of the same identifier there, marked
// //go:fix inline, so that go fix ./... rewrites a program's uses to the new
// import path.
//
// Deprecated: import github.com/toolgen-dev/toolgen/agent/agenttest
// instead; go fix ./... does it. Removed in v0.3.0.
package agenttest
