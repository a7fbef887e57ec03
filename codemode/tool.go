package codemode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// ToolRunCode is the name of the tool a model runs a program with.
const ToolRunCode toolgen.ToolName = "run_code"

// InputSchema is run_code's input: the program.
const InputSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"program":{"type":"string","description":"TypeScript statements, run in an async function: await the tools, return the answer.","minLength":1}},"required":["program"],"additionalProperties":false}`

// Description is run_code's description: how a program is written, then
// the declarations of the tools it may call (a generated package's
// CodeModeDeclarations, or several packages' joined by newlines).
func Description(declarations string) string {
	var b strings.Builder
	b.WriteString(`Run a TypeScript program that calls the tools declared below as async functions, and get back only what it returns. Prefer it to calling the tools one by one when a task takes several calls, a call depends on another's result, or a result is large and you need a part of it.
- The program is the body of an async function: await each call, and return the answer (any JSON value). Keep it short.
- A call that fails, or that is denied, throws an Error whose message says why; catch it to go on.
- console.log lines come back with the result. There is no network, file system, clock or randomness but what the tools give.

` + "```ts\n")
	b.WriteString(declarations)
	b.WriteString("\n```")
	return b.String()
}

// ParseArgs reads run_code's arguments: the program's source.
func ParseArgs(args []byte) (string, error) {
	var in struct {
		Program *string `json:"program"`
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return "", fmt.Errorf("run_code takes {\"program\": string}: %v", err)
	}
	if in.Program == nil || strings.TrimSpace(*in.Program) == "" {
		return "", fmt.Errorf(`run_code takes {"program": string}: the program is missing or empty`)
	}
	return *in.Program, nil
}

// ProgramValue is the value a program receives from a tool's result: a
// failed result is a *CallError with its text; a structured result is its
// value (a generated tool's result that is not an object, which structured
// content holds as {"result": value}, unwrapped, as its declaration says);
// any other result is its text, as a string.
//
// A wrapped result is known by its output schema: an object with one
// required member, result, no other, and no description. A struct result
// of that very shape (one field, named result, its type without a doc
// comment) reads the same and is unwrapped too: give its type a doc
// comment.
func ProgramValue(t toolgen.Tool, r toolgen.Result) (json.RawMessage, error) {
	if r.IsError {
		return nil, &CallError{Message: r.Text()}
	}
	if r.Structured != nil {
		if wrapped(t.OutputSchema) {
			var w struct {
				Result json.RawMessage `json:"result"`
			}
			if err := json.Unmarshal(r.Structured, &w); err == nil && w.Result != nil {
				return w.Result, nil
			}
		}
		return r.Structured, nil
	}
	text, _ := json.Marshal(r.Text())
	return text, nil
}

// wrapped reports whether an output schema is the one toolgen writes for a
// result that is not an object: one required property, result, and
// nothing else.
func wrapped(schema []byte) bool {
	var s struct {
		Type                 string                     `json:"type"`
		Properties           map[string]json.RawMessage `json:"properties"`
		Required             []string                   `json:"required"`
		AdditionalProperties *bool                      `json:"additionalProperties"`
		Description          *string                    `json:"description"`
		Title                *string                    `json:"title"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return false
	}
	_, ok := s.Properties["result"]
	return ok && len(s.Properties) == 1 && len(s.Required) == 1 && s.Required[0] == "result" &&
		s.AdditionalProperties != nil && !*s.AdditionalProperties && s.Description == nil && s.Title == nil
}

// ToolResult is run_code's result for a program that came to out, or
// ended with err: the JSON of its value as text (a failed result saying
// why), then what it logged, if anything, as a second text part.
func ToolResult(out Result, err error) toolgen.Result {
	r := toolgen.TextResult(string(out.Value))
	if len(out.Value) == 0 {
		r = toolgen.TextResult("null")
	}
	if err != nil {
		r = toolgen.ErrorResult(err.Error())
	}
	if out.Log != "" {
		r.Content = append(r.Content, toolgen.Content{Type: toolgen.ContentText, Text: "console:\n" + out.Log})
	}
	return r
}
