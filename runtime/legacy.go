package runtime

// Generated files of version 3 and older checked their version against this
// package; files of version 4 and newer check it against package toolimpl.
// An old file now fails to compile on its first check, whose comment points
// here: regenerate it (go generate ./..., with go tool toolgen from this
// module version).
const (
	// Deprecated: MinVersion is for generated files of version 3 and older,
	// which must be regenerated: see EnforceVersion.
	MinVersion = 4
	// Deprecated: MaxVersion is for generated files of version 3 and older,
	// which must be regenerated: see EnforceVersion.
	MaxVersion = 3
)

// EnforceVersion is the type of the version checks of generated files of
// version 3 and older. A compile error on
//
//	_ = runtime.EnforceVersion(3 - runtime.MinVersion)
//
// means the file was written by an older toolgen, for a runtime package
// that has since been split: the tool API stayed here, generated code's
// support moved to package toolimpl and the agent loop to package agent.
// Run go generate again with the toolgen of this module version (go tool
// toolgen), and move code that used the agent loop to package agent.
//
// Deprecated: generated files of version 4 and newer use
// toolimpl.EnforceVersion.
type EnforceVersion uint
