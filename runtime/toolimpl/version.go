// Package toolimpl is the old import path of the package that generated code
// calls. Only generated files of version 4 import it, and only their version
// check is left here, made to fail: a version-4 file must be regenerated.
//
// Deprecated: generated files of version 5 and newer import
// github.com/toolgen-dev/toolgen/toolimpl. Removed in v0.3.0.
package toolimpl

// The version range of this path: empty, so that every file that checks it
// fails on its first check.
const (
	// Deprecated: MinVersion is for generated files of version 4, which must
	// be regenerated: see EnforceVersion.
	MinVersion = 5
	// Deprecated: MaxVersion is for generated files of version 4, which must
	// be regenerated: see EnforceVersion.
	MaxVersion = 4
)

// EnforceVersion is the type of the version checks of generated files of
// version 4. A compile error on
//
//	_ = toolimpl.EnforceVersion(4 - toolimpl.MinVersion)
//
// means the file was written by a toolgen from before the tool API moved
// from package runtime to the module's root package, toolgen, and this
// package to github.com/toolgen-dev/toolgen/toolimpl. Run go generate
// again with the toolgen of this module version (go tool toolgen); then
// go fix ./... moves the code written by hand to the new import paths.
//
// Deprecated: generated files of version 5 and newer use
// github.com/toolgen-dev/toolgen/toolimpl.EnforceVersion.
type EnforceVersion uint
