// Package prompts covers //toolgen:prompt and //toolgen:resource: MCP
// prompts, resources and resource templates, with enum arguments that
// complete.
package prompts

import (
	"context"
	"errors"

	"github.com/toolgen-dev/toolgen"
)

// Language is a programming language.
type Language string

// The languages a review knows.
const (
	Go         Language = "go"
	Rust       Language = "rust"
	Python     Language = "python"
	GoAlias    Language = "go" // the same value twice: listed once
	TypeScript Language = "typescript"
)

// Topic is a named string type without constants: any value.
type Topic string

// CodeReview asks for a review of a piece of code.
//
// Parameters:
//   - code: the code to review.
//
//toolgen:prompt title="Code review"
func CodeReview(code string, language Language) (string, error) {
	if code == "" {
		return "", errors.New("no code")
	}
	return "Review this " + string(language) + " code:\n" + code, nil
}

// Greeting greets somebody, or nobody in particular.
//
// Parameters:
//   - name: whom to greet
//
//toolgen:prompt name=hello
func Greeting(name *string, language *Language, topic *Topic) string {
	if name == nil {
		return "Hello."
	}
	return "Hello, " + *name + "."
}

// Explain explains a topic in two messages.
//
//toolgen:prompt
func Explain(ctx context.Context, topic Topic) []toolgen.PromptMessage {
	return []toolgen.PromptMessage{
		{Role: "user", Content: toolgen.Content{Type: toolgen.ContentText, Text: "Explain " + string(topic)}},
		{Role: "assistant", Content: toolgen.Content{Type: toolgen.ContentText, Text: "Gladly."}},
	}
}

// Pair returns messages or an error.
//
//toolgen:prompt description="Two messages, or an error."
func Pair(a, b string) ([]toolgen.PromptMessage, error) {
	return append(toolgen.UserText(a), toolgen.UserText(b)...), nil
}

// Readme is the project's README.
//
//toolgen:resource uri="file:///project/README.md" mime=text/markdown cache=public ttl=5m
func Readme() string { return "# Project" }

// Note is a note by its name.
//
// Parameters:
//   - name: the note's file name.
//
//toolgen:resource uri="file:///notes/{name}" mime=text/plain title="Notes" ttl=1500ms
func Note(ctx context.Context, name string) (string, error) {
	return "note " + name, ctx.Err()
}

// Source is a file of example code in a language.
//
//toolgen:resource uri="example://{language}/{file}" name=source
func Source(language Language, file string) ([]byte, error) {
	return []byte(string(language) + "/" + file), nil
}

// Logo is the project's logo.
//
//toolgen:resource uri="file:///project/logo.png" mime=image/png cache=private
func Logo() []byte { return []byte{0x89, 'P', 'N', 'G'} }
