// Package toolgen is the tool API: what a tool is, what it returns, what it
// learns about the call, and how a program calls tools by name. It is for
// everyone who uses tools, whether toolgen generated them or not.
//
// What is here:
//   - [Tool] and [ToolName]: one callable tool, its schemas and
//     [Annotations]; generated Tools functions return them, and generated
//     ToolName constants name them.
//   - [Result] and [Content]: what a call returns to the model;
//     [TextResult] and [ErrorResult] build the common ones.
//   - [Ctx]: what a tool learns about the run that called it (its deps, the
//     tool's name, the call and run ids, the turn), through a toolgen.Ctx
//     parameter or [CtxFrom]; [DepsAs] gives the deps their type.
//   - [Progress]: what a running tool reports before it returns (what it
//     is doing, how far it is, what it has so far), with [ReportProgress],
//     [Ctx.Report] or a [Partial], to the receiver [WithProgress] installs
//     (the agent loop's, an MCP server's); [ReportsProgress] says whether
//     one listens. A generated tool sends typed partial results through a
//     toolgen.Partial[T] parameter, written by generated code, and its
//     [Tool.PartialSchema] describes them for a UI.
//   - [Sandbox]: where a tool reads, writes, lists and runs commands,
//     confined, found in [Ctx] (package builtin implements it; the agent
//     loop hands it on); [ErrNoSandbox] when a call has none.
//   - [Rule]: a permission rule as data, a tool name or glob and argument
//     globs. Generated XRule types build one; package agent decides with it.
//   - [Toolbox]: tools from any number of packages, looked up and called by
//     name; a panic in a tool is a failed result, not a crash.
//     [Tool.CallRepairing] asks a generated tool to repair malformed
//     arguments whose fix is certain from its parameters' Go types, and
//     tells the model what it changed (the agent loop calls tools so). Its
//     [Toolbox.Search] ranks the tools for a query in words (BM25 over
//     terms toolgen indexed at build time, [SearchHit]).
//   - [Prompt] and [Resource]: MCP prompts (messages made from string
//     arguments) and resources or resource templates, which generated
//     Prompts and Resources functions return from //toolgen:prompt and
//     //toolgen:resource functions and package mcp serves;
//     [Prompt.Render] and [Resource.ReadURI] check the arguments (an
//     enum's Values).
//
// Where the rest is:
//   - The agent loop (the Agent, models, State, events, permissions and
//     their globs, presets, sub-agents) is package
//     [github.com/toolgen-dev/toolgen/agent], and its scripted model for
//     tests is package [github.com/toolgen-dev/toolgen/agent/agenttest].
//   - What only generated code calls (the version guard, the one-pass JSON
//     decoder and encoder, panic recovery) is package
//     [github.com/toolgen-dev/toolgen/toolimpl]; its compatibility promise
//     is to generated files.
//   - The generator, and the reference of the //toolgen: directives, is
//     command [github.com/toolgen-dev/toolgen/cmd/toolgen].
//
// # Where progress goes
//
// A report (a [Progress]: message, progress, total, partial) reaches each
// surface that runs the tool, and only while something listens there:
//
//   - An agent run (agent.EventToolProgress): Event.Progress as reported;
//     the partial is Event.Progress.Partial, the JSON as sent.
//   - The AI SDK stream (package aisdk): a tool-output-available chunk
//     with preliminary: true, whose output is {message, progress, total}
//     when the report has no partial, else the partial itself (the
//     message is not sent with it).
//   - AG-UI (package agui): an ACTIVITY_SNAPSHOT of type TOOL_PROGRESS,
//     content {toolCallId, toolName, message, progress, total}, the
//     partial as the content's partial.
//   - An MCP server to its client (package mcp, when the call sent a
//     progressToken): notifications/progress {progressToken, progress,
//     total, message}, progress made to grow as MCP requires; the partial
//     in the notification's _meta["dev.toolgen/partial"]
//     (mcp.PartialMetaKey), left out if it is not JSON.
//   - An MCP client (a remote tool in an agent): reported on the call's
//     context, so the agent emits it as a local tool's; the _meta partial
//     becomes Progress.Partial again.
//   - OpenTelemetry (module agentotel): a span event; the partial an
//     attribute, only with agentotel.WithContent.
//   - Temporal (module temporal): heartbeat details, the partial in them
//     up to 256 KiB.
//
// Until generated code version 5 this package was
// github.com/toolgen-dev/toolgen/runtime, a name it shared with the
// standard library's, and the agent loop was runtime/agent. The old import
// paths remain until v0.3.0, deprecated aliases marked //go:fix inline:
// go fix ./... rewrites a program's uses to the new paths.
//
// Nothing here uses reflection to read arguments or write results: generated
// tools do that work with code written at build time.
package toolgen
