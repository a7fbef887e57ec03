package toolgen

import (
	"context"
	"encoding/json"
	"strings"
)

// ToolName is the name a model uses to call a tool. Generated code declares
// one constant per tool (ToolGetWeather and so on), so that code naming a tool
// is checked by the compiler.
type ToolName string

// Tool is one callable tool: what a model is told about it, and how to call it.
// Tools are values; generated Tools() functions build them, and the schemas
// they hold are shared and must not be modified.
type Tool struct {
	Name        ToolName
	Description string
	// InputSchema is a JSON Schema (2020-12) of an object: the arguments.
	InputSchema []byte
	// StrictSchema is InputSchema in the dialect of OpenAI's strict mode
	// (every property required, optional ones nullable, additionalProperties
	// false everywhere), or nil when the tool's schema does not qualify.
	StrictSchema []byte
	// GeminiSchema is InputSchema in the subset Gemini accepts (no $schema,
	// no exclusive bounds, no type arrays, only the formats it supports), or
	// nil when the generator did not make one.
	GeminiSchema []byte
	// OutputSchema is a JSON Schema of the Structured result, or nil when the
	// tool returns text.
	OutputSchema []byte
	// PartialSchema is a JSON Schema of the partial results the tool
	// sends while it runs (Progress.Partial, through a toolgen.Partial[T]
	// parameter: T's schema), or nil when it sends none. It is for a UI
	// that shows them; models are not sent it.
	PartialSchema []byte
	Annotations   Annotations
	// RequiresApproval asks the agent loop to pause for a person's approval
	// before the tool runs. For a host tool (every tool but Builtin ones)
	// it holds under every agent preset: only a permission rule allowing
	// the tool by its name lifts it.
	RequiresApproval bool
	// Builtin marks the agent harness's own workspace tools (package
	// builtin's file tools and run_command): an agent preset decides their
	// calls from their annotations, over RequiresApproval (allow-edits lets
	// write_file run without asking). A host tool (generated from your
	// code, from an MCP server, a sub-agent) leaves it false.
	Builtin bool
	// Namespace groups tools in catalogs and search results: for a
	// generated tool, its directive's namespace=NAME option, or the name of
	// the Go package it was generated in.
	Namespace string
	// Deferred keeps the tool out of what a model is sent up front when the
	// agent searches its tools (agent.WithToolSearch): the model finds it
	// with the search_tools tool, and can call it from the next request on.
	// Without tool search, a deferred tool is sent like any other. Set by
	// the directive's defer option.
	Deferred bool
	// MaxFailures is the most failed calls of the tool in a row that an
	// agent run allows: past it, the agent refuses the tool's calls for the
	// rest of the run and tells the model to stop calling it (see
	// agent.WithMaxFailures, which overrides it). 0: no limit of its own.
	// Set by the directive's maxfailures=N option.
	MaxFailures int
	// MaxResultTokens bounds the size of one result of the tool that an
	// agent puts in the model's context, in estimated tokens (a quarter of
	// its bytes, as agent.EstimateTokens counts): a result over it is cut,
	// with a note, and the rest is kept for the model to page through
	// (agent.WithMaxResultTokens, which overrides it). 0: no limit of its
	// own. Set by the directive's maxresulttokens=N option.
	MaxResultTokens int
	// Task says whether an MCP server runs the tool's calls as tasks
	// (MCP's execution.taskSupport): "" (TaskForbidden) never, TaskOptional
	// when the client asks, TaskRequired always. A task runs in the server
	// on after the request that made it, and the client polls for its
	// result (package mcp, "Tasks"). Set by the directive's task option
	// (task or task=required); the agent loop ignores it.
	Task TaskSupport
	// Tokens is the size of the tool's definition as a model reads it, per
	// schema dialect, counted by toolgen at build time (see Tokens); zero
	// when nobody counted (a tool written by hand, or from an MCP server).
	Tokens Tokens
	// Call decodes args (a JSON object), validates them, runs the tool and
	// encodes its result. Bad arguments, an error returned by the tool and a
	// panic inside it all come back as a Result with IsError set, written for
	// the model; the error is for the caller's own failures only (ctx
	// cancelled while the tool ran).
	Call func(ctx context.Context, args []byte) (Result, error)
	// Validate decodes and validates args as Call does, without running
	// the tool: nil when Call would run it, else an error whose text is
	// what Call would tell the model ("invalid arguments: /to: ...").
	// ctx carries only what the decoder reads from a call's context (a
	// request for repairs: see Check, which most callers want). The agent
	// checks a call's arguments before asking a person about the call, and
	// checks a person's edit (agent.State.ApproveWith). nil for a tool that
	// cannot be checked without running it (written by hand, from an MCP
	// server): such calls are put to a person as they come. Generated
	// tools have it.
	Validate func(ctx context.Context, args []byte) error

	// searchTerms is the tool's entry in the search index toolgen writes
	// at build time, in a layout internal to this module (package
	// internal/textindex), which generated code hands over through
	// toolimpl.StaticTools; "" for any other tool, which a Toolbox indexes
	// from its name, namespace, description and input schema.
	searchTerms string
}

// TaskSupport is whether a tool runs as an MCP task: MCP's
// execution.taskSupport.
type TaskSupport string

// The values of TaskSupport.
const (
	TaskForbidden TaskSupport = ""         // never as a task (MCP's "forbidden")
	TaskOptional  TaskSupport = "optional" // as a task when the client asks
	TaskRequired  TaskSupport = "required" // only as a task
)

// Tokens is the size of a tool's definition, in tokens, per schema
// dialect, counted by toolgen at build time (go doc
// github.com/toolgen-dev/toolgen/cmd/toolgen, "Catalogs: token counts and
// budgets"; toolgen -catalog prints them).
//
// What is counted, for each dialect, is the tool definition a provider
// receives, as compact JSON without HTML escaping:
//
//	{"name":NAME,"description":DESCRIPTION,"parameters":SCHEMA}
//
// with SCHEMA the tool's schema in that dialect (InputSchema,
// StrictSchema, GeminiSchema), tokenised with the o200k_base encoding of
// OpenAI's GPT-4o and later models. A provider wraps each definition in a
// few tokens of its own framing ("type":"function" and the like, or its
// model's chat template), and other model families' tokenizers (Claude,
// Gemini, open models) count the same text some percent higher or lower:
// read the numbers as the size of the text, comparable between tools and
// between builds, not as a provider's bill.
//
// A dialect the schema has no form in counts 0 (StrictSchema or
// GeminiSchema nil); its provider is sent InputSchema instead, whose size
// is Default. All three are 0 for a tool toolgen did not generate.
type Tokens struct {
	Default int // with InputSchema
	Strict  int // with StrictSchema; 0 when it is nil
	Gemini  int // with GeminiSchema; 0 when it is nil
}

// Annotations are hints about a tool's behaviour, as in MCP's ToolAnnotations.
type Annotations struct {
	ReadOnly    bool // does not change its environment
	Destructive bool // may delete or overwrite (meaningful when not ReadOnly)
	Idempotent  bool // calling again with the same arguments changes nothing more
	OpenWorld   bool // reaches outside the local system (web, third parties)
}

// Result is what a tool call returns to the model.
type Result struct {
	// Content is what the model reads. A structured result may leave it empty:
	// its text form is then the Structured JSON itself (see Text).
	Content []Content `json:"content,omitempty"`
	// Structured is a JSON object matching the tool's OutputSchema, or nil.
	Structured json.RawMessage `json:"structured,omitempty"`
	// IsError tells the model that the call failed; Content says why.
	IsError bool `json:"is_error,omitempty"`
}

// ContentType names the kind of a Content part.
type ContentType string

// The kinds of content.
const (
	ContentText  ContentType = "text"
	ContentImage ContentType = "image"
	ContentAudio ContentType = "audio"
	// ContentResource is an embedded resource: URI, MIMEType, and Text or Data.
	ContentResource ContentType = "resource"
)

// Content is one part of a result.
type Content struct {
	Type     ContentType `json:"type"`
	Text     string      `json:"text,omitempty"`      // for ContentText (and text resources)
	Data     []byte      `json:"data,omitempty"`      // for images, audio and binary resources
	MIMEType string      `json:"mime_type,omitempty"` // for images, audio and resources
	URI      string      `json:"uri,omitempty"`       // for ContentResource
}

// Text returns the text parts of the result joined by newlines, or the
// Structured JSON when the result has no content parts.
func (r Result) Text() string {
	if len(r.Content) == 0 {
		return string(r.Structured)
	}
	if len(r.Content) == 1 {
		return r.Content[0].Text
	}
	var b strings.Builder
	for _, c := range r.Content {
		if c.Type != ContentText {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.Text)
	}
	return b.String()
}

// TextResult is a successful result holding one text part.
func TextResult(text string) Result {
	return Result{Content: []Content{{Type: ContentText, Text: text}}}
}

// ErrorResult is a failed result whose text is msg.
func ErrorResult(msg string) Result {
	return Result{Content: []Content{{Type: ContentText, Text: msg}}, IsError: true}
}
