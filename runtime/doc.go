// Package runtime is what toolgen's generated code runs on, and the agent loop
// that puts generated tools in front of a model.
//
// The package has two audiences, kept in separate files:
//
//   - Generated code (files named gen_*.go): [Tool], [ToolName], [Result],
//     [Content], [Annotations], [Ctx], the version handshake
//     ([EnforceVersion]), and the one-pass JSON [Decoder] and [Encoder] that
//     generated dispatch calls; generated rule types also build a [Rule].
//     The version guard in every generated file covers exactly this surface.
//     Users rarely call the Decoder or Encoder directly; their compatibility
//     promise is to generated code of a supported version.
//   - Programs that use tools: [Toolbox] (lookup and dispatch by name), the
//     agent loop ([NewAgent], [Agent], [State], [Model]; agent.go, run.go,
//     step.go for its pure decisions, state.go), permissions ([Permissions],
//     [Rule], [Match]; permissions.go, glob.go, preset.go) and events
//     (event.go). Package runtime/runtimetest scripts a [Model] for tests.
//
// Permission rules match tool names and argument values with globs: whole
// string, case-sensitive, `*` matches any run of characters including `/`,
// `?` one character, `[a-z]`/`[!a-z]` sets, `\` escapes. Deny rules are
// checked first, then allow, then ask; see [Permissions].
//
// Nothing in this package uses reflection to read arguments or write results
// (the one exception: a tool result containing an `any` value whose dynamic
// type is not a plain JSON type is written with encoding/json).
package runtime
