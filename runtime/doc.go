// Package runtime is the old import path of the tool API, which is now the
// module's root package, [github.com/toolgen-dev/toolgen]: runtime is also
// the name of a standard library package, so every file that used both had
// to rename one of them.
//
// Every identifier here is an alias of the same identifier there, marked
// //go:fix inline, so that go fix ./... rewrites a program's uses to the new
// import path. Besides those, only the version check of generated files of
// version 3 and older remains ([EnforceVersion]).
//
// Deprecated: import github.com/toolgen-dev/toolgen instead; go fix ./...
// does it. This package and those under it are removed in v0.3.0.
package runtime
