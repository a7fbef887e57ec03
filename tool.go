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
	Annotations  Annotations
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
	// Call decodes args (a JSON object), validates them, runs the tool and
	// encodes its result. Bad arguments, an error returned by the tool and a
	// panic inside it all come back as a Result with IsError set, written for
	// the model; the error is for the caller's own failures only (ctx
	// cancelled while the tool ran).
	Call func(ctx context.Context, args []byte) (Result, error)
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
