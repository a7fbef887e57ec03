//lint:file-ignore SA1019 the conformance suite tests sampling and elicitation, deprecated by protocol 2026-07-28 (SEP-2577).

package main

//go:generate go tool toolgen

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/backoff"
	"github.com/toolgen-dev/toolgen/mcp"
)

// The fixtures of the tasks extension's scenarios (protocol 2026-07-28,
// io.modelcontextprotocol/tasks): a plain tool and tools that run as tasks,
// some asking the client questions while they run (mcp.Elicit, or
// mcp.AskInput for several at once).

// Greet greets someone, at once: a tool that never runs as a task.
//
// Parameters:
//   - name: who to greet.
//
//toolgen:tool readonly idempotent
func Greet(name string) string {
	return "Hello, " + name + "!"
}

// SlowCompute works for the given number of seconds, then says so. It runs
// as a task, and stops when the task is cancelled.
//
// Parameters:
//   - seconds: how long to work.
//   - label: a name for the work, repeated in the result.
//
//toolgen:tool task readonly idempotent
func SlowCompute(ctx context.Context, seconds float64, label string) (string, error) {
	if err := backoff.Sleep(ctx, time.Duration(seconds*float64(time.Second))); err != nil {
		return "", err
	}
	return fmt.Sprintf("Computed %s after %g s", label, seconds), nil
}

// FailingJob fails after a second: its error is a result with isError
// set. It runs only as a task.
//
//toolgen:tool task=required readonly
func FailingJob(ctx context.Context) (string, error) {
	if err := backoff.Sleep(ctx, time.Second); err != nil {
		return "", err
	}
	return "", errors.New("the job failed, as it always does")
}

// ConfirmDelete asks the client to confirm that a file may be deleted,
// then says what it did. It runs as a task.
//
// Parameters:
//   - filename: the file to delete.
//
//toolgen:tool task
func ConfirmDelete(ctx context.Context, filename string) (string, error) {
	answer, err := mcp.Elicit[deleteConfirmation](ctx, "confirm", fmt.Sprintf("Delete %s?", filename))
	var declined *mcp.DeclinedError
	switch {
	case errors.As(err, &declined):
		return "Kept " + filename, nil
	case err != nil:
		return "", err
	case answer.Confirm:
		return "Deleted " + filename, nil
	}
	return "Kept " + filename, nil
}

// deleteConfirmation is ConfirmDelete's question.
type deleteConfirmation struct {
	Confirm bool `json:"confirm" description:"Delete the file?"`
}

// MultiInput asks the client two questions at once, then says it got both.
// It runs as a task.
//
//toolgen:tool task
func MultiInput(ctx context.Context) (string, error) {
	answers, err := mcp.AskInput(ctx, sdkmcp.InputRequestMap{
		"first_name":  elicitForm("Your first name?", "name", "string"),
		"confirm_all": elicitForm("Go on?", "confirm", "boolean"),
	})
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Got %d answers", len(answers)), nil
}

// userNameRequest is what TestToolWithTask asks before its task is made.
var userNameRequest = sdkmcp.InputRequestMap{userNameID: elicitForm("What is your name?", "name", "string")}

// userNameID is the id of TestToolWithTask's question.
const userNameID = "user_name"

// userName is TestToolWithTask's question.
type userName struct {
	Name string `json:"name" description:"Your name."`
}

// TestToolWithTask greets the user by the name it asked for before its
// task was made (mcp.WithUpfrontInput in newServer). It runs only as a task.
//
//toolgen:tool task=required
func TestToolWithTask(ctx context.Context) (string, error) {
	answer, err := mcp.Elicit[userName](ctx, userNameID, "What is your name?")
	if err != nil {
		return "", err
	}
	if err := backoff.Sleep(ctx, 500*time.Millisecond); err != nil {
		return "", err
	}
	return "Hello, " + answer.Name + "!", nil
}

// protocolErrorJob fails with a JSON-RPC error after half a second, not a
// result: written by hand, since a generated tool's errors are results.
func protocolErrorJob() toolgen.Tool {
	return toolgen.Tool{
		Name: "protocol_error_job", Description: "Fails with a protocol error (not a tool result) after half a second. It runs as a task.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{}}`), Task: toolgen.TaskOptional,
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			if err := backoff.Sleep(ctx, 500*time.Millisecond); err != nil {
				return toolgen.Result{}, err
			}
			return toolgen.Result{}, errors.New("internal failure of protocol_error_job")
		},
	}
}

// elicitForm is an elicitation of one required field.
func elicitForm(message, field, typ string) *sdkmcp.ElicitParams {
	return &sdkmcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: map[string]any{
		"type": "object", "properties": map[string]any{field: map[string]string{"type": typ}}, "required": []string{field},
	}}
}

// The fixtures of the other scenarios: tools that return each kind of
// content, log, report progress, fail, sample and elicit.

// The suite's sample media: a 1x1 PNG and a silent WAV.
const (
	pngBase64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
	wavBase64 = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA="
)

func mustBase64(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

var (
	pngData = mustBase64(pngBase64)
	wavData = mustBase64(wavBase64)
)

// TestSimpleText returns a simple text response.
//
//toolgen:tool readonly idempotent
func TestSimpleText() string {
	return "This is a simple text response for testing."
}

// TestImageContent returns an image.
//
//toolgen:tool readonly idempotent
func TestImageContent() toolgen.Result {
	return toolgen.Result{Content: []toolgen.Content{image()}}
}

// TestAudioContent returns audio.
//
//toolgen:tool readonly idempotent
func TestAudioContent() toolgen.Result {
	return toolgen.Result{Content: []toolgen.Content{{Type: toolgen.ContentAudio, Data: wavData, MIMEType: "audio/wav"}}}
}

// TestEmbeddedResource returns an embedded text resource.
//
//toolgen:tool readonly idempotent
func TestEmbeddedResource() toolgen.Result {
	return toolgen.Result{Content: []toolgen.Content{textResource("test://embedded-resource")}}
}

// TestMultipleContentTypes returns text, an image and an embedded resource.
//
//toolgen:tool readonly idempotent
func TestMultipleContentTypes() toolgen.Result {
	return toolgen.Result{Content: []toolgen.Content{
		{Type: toolgen.ContentText, Text: "This is text content"},
		image(),
		textResource("test://embedded-in-multiple"),
	}}
}

func image() toolgen.Content {
	return toolgen.Content{Type: toolgen.ContentImage, Data: pngData, MIMEType: "image/png"}
}

func textResource(uri string) toolgen.Content {
	return toolgen.Content{Type: toolgen.ContentResource, URI: uri, MIMEType: "text/plain", Text: "This is an embedded resource"}
}

// TestToolWithLogging sends three log messages while it runs.
//
//toolgen:tool readonly
func TestToolWithLogging(ctx context.Context) (string, error) {
	for i, msg := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
		if i > 0 {
			if err := backoff.Sleep(ctx, 50*time.Millisecond); err != nil {
				return "", err
			}
		}
		if err := mcp.Log(ctx, "info", msg); err != nil {
			return "", err
		}
	}
	return "Tool with logging executed successfully", nil
}

// TestToolWithProgress reports progress at 0, 50 and 100 out of 100.
//
//toolgen:tool readonly
func TestToolWithProgress(ctx context.Context) (string, error) {
	for _, p := range []float64{0, 50, 100} {
		if err := mcp.Progress(ctx, p, 100, fmt.Sprintf("Completed step %.0f of 100", p)); err != nil {
			return "", err
		}
		if err := backoff.Sleep(ctx, 50*time.Millisecond); err != nil {
			return "", err
		}
	}
	return "Progress reported", nil
}

// TestErrorHandling always fails: its error is a result with isError set.
//
//toolgen:tool readonly
func TestErrorHandling() error {
	return errors.New("this tool intentionally returns an error for testing")
}

// TestSampling asks the client's model to complete a prompt.
//
// Parameters:
//   - prompt: the prompt to send to the model.
//
//toolgen:tool readonly openworld
func TestSampling(ctx context.Context, prompt string) (string, error) {
	ss := mcp.Session(ctx)
	if ss == nil {
		return "", errors.New("sampling needs an MCP session")
	}
	res, err := ss.CreateMessage(ctx, &sdkmcp.CreateMessageParams{
		Messages:  []*sdkmcp.SamplingMessage{{Role: "user", Content: &sdkmcp.TextContent{Text: prompt}}},
		MaxTokens: 100,
	})
	if err != nil {
		return "", fmt.Errorf("sampling failed: %w", err)
	}
	text := "(non-text response)"
	if tc, ok := res.Content.(*sdkmcp.TextContent); ok {
		text = tc.Text
	}
	return "LLM response: " + text, nil
}

// TestElicitation asks the user for a username.
//
// Parameters:
//   - message: the message to show the user.
//
//toolgen:tool readonly
func TestElicitation(ctx context.Context, message string) (string, error) {
	return elicit(ctx, message, `{
		"type": "object",
		"properties": {"username": {"type": "string", "description": "Your preferred username"}},
		"required": ["username"]
	}`)
}

// TestElicitationSep1034Defaults asks for values that all have defaults
// (SEP-1034).
//
//toolgen:tool readonly
func TestElicitationSep1034Defaults(ctx context.Context) (string, error) {
	return elicit(ctx, "Test defaults for primitives", `{
		"type": "object",
		"properties": {
			"name": {"type": "string", "description": "User name", "default": "John Doe"},
			"age": {"type": "integer", "description": "User age", "default": 30},
			"score": {"type": "number", "description": "User score", "default": 95.5},
			"status": {"type": "string", "description": "User status", "enum": ["active", "inactive", "pending"], "default": "active"},
			"verified": {"type": "boolean", "description": "Verification status", "default": true}
		}
	}`)
}

// TestElicitationSep1330Enums asks for choices in each of the enum forms of
// SEP-1330.
//
//toolgen:tool readonly
func TestElicitationSep1330Enums(ctx context.Context) (string, error) {
	return elicit(ctx, "Test enum schemas", `{
		"type": "object",
		"properties": {
			"untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
			"titledSingle": {"type": "string", "oneOf": [
				{"const": "value1", "title": "First Option"},
				{"const": "value2", "title": "Second Option"},
				{"const": "value3", "title": "Third Option"}
			]},
			"legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"], "enumNames": ["Option One", "Option Two", "Option Three"]},
			"untitledMulti": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
			"titledMulti": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"anyOf": [
				{"const": "value1", "title": "First Option"},
				{"const": "value2", "title": "Second Option"},
				{"const": "value3", "title": "Third Option"}
			]}}
		}
	}`)
}

// elicit asks the client's user for input matching schema and describes
// the answer.
func elicit(ctx context.Context, message, schema string) (string, error) {
	ss := mcp.Session(ctx)
	if ss == nil {
		return "", errors.New("elicitation needs an MCP session")
	}
	res, err := ss.Elicit(ctx, &sdkmcp.ElicitParams{Message: message, RequestedSchema: json.RawMessage(schema)})
	if err != nil {
		return "", fmt.Errorf("elicitation failed: %w", err)
	}
	content, err := json.Marshal(res.Content)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Elicitation result: action=%s, content=%s", res.Action, content), nil
}
