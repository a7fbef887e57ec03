// Package prompts holds MCP prompts and resources whose generated code the
// tests call: arguments converted to their types, errors and enums.
package prompts

//go:generate go tool toolgen

import (
	"context"
	"errors"

	"github.com/toolgen-dev/toolgen"
)

// Tone is how a reply sounds.
type Tone string

// The tones.
const (
	Calm     Tone = "calm"
	Cheerful Tone = "cheerful"
	Curt     Tone = "curt"
)

// Path is a named string type without constants.
type Path string

// Reply drafts a reply to a message in a tone.
//
// Parameters:
//   - message: the message to answer
//   - tone: how the reply sounds
//
//toolgen:prompt
func Reply(ctx context.Context, message string, tone Tone) (string, error) {
	if message == "" {
		return "", errors.New("nothing to reply to")
	}
	return "Reply " + string(tone) + "ly to: " + message, ctx.Err()
}

// Dialogue is two messages.
//
//toolgen:prompt name=dialogue_of_two
func Dialogue(first, second string) []toolgen.PromptMessage {
	return []toolgen.PromptMessage{
		{Role: "user", Content: toolgen.Content{Type: toolgen.ContentText, Text: first}},
		{Role: "assistant", Content: toolgen.Content{Type: toolgen.ContentText, Text: second}},
	}
}

// File is a file by its path, in a tone.
//
//toolgen:resource uri="mem://{tone}/files/{path}" mime=text/plain
func File(tone Tone, path Path) (string, error) {
	if path == "missing" {
		return "", errors.New("no such file")
	}
	return string(tone) + ":" + string(path), nil
}

// Raw is bytes.
//
//toolgen:resource uri="mem://raw" mime=application/octet-stream
func Raw() []byte { return []byte{0, 1, 2} }

// Greet greets, in a tone if given one.
//
//toolgen:prompt
func Greet(name string, tone *Tone, title *string) string {
	greeting := "Hello, "
	if title != nil {
		greeting += *title + " "
	}
	greeting += name
	if tone != nil {
		greeting += " (" + string(*tone) + ")"
	}
	return greeting
}
