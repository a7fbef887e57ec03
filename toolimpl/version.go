package toolimpl

// The version handshake between generated files and this package.
//
// Every generated file contains
//
//	const (
//		_ = toolimpl.EnforceVersion(N - toolimpl.MinVersion)
//		_ = toolimpl.EnforceVersion(toolimpl.MaxVersion - N)
//	)
//
// where N is the GenVersion of the toolgen that wrote it. A constant that does
// not fit in an unsigned integer is a compile error, so a file and a runtime
// that do not understand each other never build.
const (
	// GenVersion is the version of generated code that this toolgen writes.
	// Version 13 sets toolgen.Tool.MaxResultTokens (the directive's
	// maxresulttokens=N) and adds Encoder.Untrusted and Fence (untrusted
	// fields and results written fenced). Version 12 adds CodeMode and CodeModeTool (the tools' TypeScript
	// declarations for code mode). Version 11 hands each tool's search entry to Tools and StaticTools
	// instead of setting toolgen.Tool.SearchTerms, which is gone: every
	// file of version 6 to 10 set it, so 11 is also the oldest supported.
	// Version 10 added Caller and CallerOK, Tool.NilResult, Tool.Text and
	// NoArgs; 9, Struct.Size and Struct.ReadSlice; 8, the table-driven
	// reader and writer and StaticTools; 7, what the readers and writers of
	// unions call and Decoder.RepairIfAsked; 6, Tool.Validate and
	// toolgen.Partial.
	GenVersion = 13
	// MinVersion is the oldest generated code this runtime supports.
	MinVersion = 11
	// MaxVersion is the newest generated code this runtime supports.
	MaxVersion = GenVersion
)

// EnforceVersion is the type of the version checks in generated files. A
// compile error on one of those lines means the generated file and this
// package disagree:
//
//   - on "N - toolimpl.MinVersion": the file is older than this runtime
//     supports; run go generate again with the toolgen from the same module
//     version as this runtime (go tool toolgen).
//   - on "toolimpl.MaxVersion - N": the file is newer than this runtime;
//     upgrade github.com/toolgen-dev/toolgen to the version that generated
//     it.
type EnforceVersion uint

// ImportPath is the import path of this package, as generated code writes it.
const ImportPath = "github.com/toolgen-dev/toolgen/toolimpl"

// APIImportPath is the import path of the tool API, the module's root package toolgen.
const APIImportPath = "github.com/toolgen-dev/toolgen"
