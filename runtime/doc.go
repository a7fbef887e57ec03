// Package runtime is what toolgen's generated code runs on, and the agent loop
// that puts generated tools in front of a model.
//
// The package has two audiences, kept in separate files:
//
//   - Generated code (files named gen_*.go): [Tool], [ToolName], [Result],
//     [Content], [Annotations], [Ctx], the version handshake
//     ([EnforceVersion]), and the one-pass JSON [Decoder] and [Encoder] that
//     generated dispatch calls. The version guard in every generated file covers
//     exactly this surface. Users rarely call the Decoder or Encoder directly;
//     their compatibility promise is to generated code of a supported version.
//   - Programs that use tools: [Toolbox] (lookup and dispatch by name) and the
//     agent loop.
//
// Nothing in this package uses reflection to read arguments or write results
// (the one exception: a tool result containing an `any` value whose dynamic
// type is not a plain JSON type is written with encoding/json).
package runtime
