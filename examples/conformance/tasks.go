package main

// The fixtures of the tasks extension's scenarios (protocol 2026-07-28,
// io.modelcontextprotocol/tasks): a plain tool and tools that run as tasks,
// some asking the client questions while they run (mcp.Elicit, or
// mcp.AskInput for several at once).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/backoff"
	"github.com/toolgen-dev/toolgen/mcp"
)

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
