//lint:file-ignore SA1019 the suite tests sampling and roots, deprecated by protocol 2026-07-28 (SEP-2577).

package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/mcp"
)

// The suite's input-required scenarios (multi round-trip requests,
// SEP-2322): tools and a prompt that ask the client with mcp.Elicit,
// mcp.Sample and mcp.ListRoots, returning the error those give while an
// answer is missing, which makes the result an input-required one.

// The questions are //toolgen:question types: toolgen writes their forms
// (ElicitationSchema) into tools_gen.go.

// nameQuestion asks for a name.
//
//toolgen:question
type nameQuestion struct {
	Name string `json:"name"`
}

// confirmQuestion asks for a yes.
//
//toolgen:question
type confirmQuestion struct {
	OK bool `json:"ok"`
}

// colorQuestion asks for a favourite colour.
//
//toolgen:question
type colorQuestion struct {
	Color string `json:"color"`
}

// contextQuestion asks what a prompt is about.
//
//toolgen:question
type contextQuestion struct {
	Context string `json:"context"`
}

// TestInputRequiredResultElicitation greets the user by the name it asks
// for.
//
//toolgen:tool readonly
func TestInputRequiredResultElicitation(ctx context.Context) (string, error) {
	q, err := mcp.Elicit[nameQuestion](ctx, "user_name", "What is your name?")
	if err != nil {
		return "", err
	}
	return "Hello, " + q.Name + "!", nil
}

// TestInputRequiredResultSampling asks the client's model a question.
//
//toolgen:tool readonly openworld
func TestInputRequiredResultSampling(ctx context.Context) (string, error) {
	res, err := mcp.Sample(ctx, "capital_question", capitalQuestion("What is the capital of France?", 100))
	if err != nil {
		return "", err
	}
	return "The model said: " + sampledText(res), nil
}

// TestInputRequiredResultListRoots lists the client's roots.
//
//toolgen:tool readonly
func TestInputRequiredResultListRoots(ctx context.Context) (string, error) {
	res, err := mcp.ListRoots(ctx, "client_roots")
	if err != nil {
		return "", err
	}
	return "The client's roots: " + rootURIs(res), nil
}

// TestInputRequiredResultRequestState asks for a confirmation; the answer
// comes back with the signed request state, which the server checked.
//
//toolgen:tool readonly
func TestInputRequiredResultRequestState(ctx context.Context) (string, error) {
	q, err := mcp.Elicit[confirmQuestion](ctx, "confirm", "Please confirm")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("state-ok: confirmed=%t", q.OK), nil
}

// TestInputRequiredResultTamperedState asks for a confirmation: an answer
// with a request state the server did not sign is refused.
//
//toolgen:tool readonly
func TestInputRequiredResultTamperedState(ctx context.Context) (string, error) {
	q, err := mcp.Elicit[confirmQuestion](ctx, "confirm", "Please confirm")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("confirmed=%t", q.OK), nil
}

// TestInputRequiredResultMultipleInputs asks three things at once: a name,
// a greeting from the model and the roots.
//
//toolgen:tool readonly openworld
func TestInputRequiredResultMultipleInputs(ctx context.Context) (string, error) {
	name, errName := mcp.Elicit[nameQuestion](ctx, "user_name", "What is your name?")
	greeting, errGreeting := mcp.Sample(ctx, "greeting", capitalQuestion("Generate a greeting", 50))
	roots, errRoots := mcp.ListRoots(ctx, "client_roots")
	if err := errors.Join(errName, errGreeting, errRoots); err != nil {
		return "", err
	}
	return fmt.Sprintf("name=%s greeting=%s roots=%s", name.Name, sampledText(greeting), rootURIs(roots)), nil
}

// TestInputRequiredResultMultiRound asks two questions, the second once
// the first is answered.
//
//toolgen:tool readonly
func TestInputRequiredResultMultiRound(ctx context.Context) (string, error) {
	name, err := mcp.Elicit[nameQuestion](ctx, "step1", "Step 1: What is your name?")
	if err != nil {
		return "", err
	}
	color, err := mcp.Elicit[colorQuestion](ctx, "step2", "Step 2: What is your favorite color?")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s likes %s", name.Name, color.Color), nil
}

// TestInputRequiredResultCapabilities asks for a name and the model's
// greeting: a client gets only the questions its declared capabilities
// allow.
//
//toolgen:tool readonly openworld
func TestInputRequiredResultCapabilities(ctx context.Context) (string, error) {
	name, errName := mcp.Elicit[nameQuestion](ctx, "user_name", "What is your name?")
	greeting, errGreeting := mcp.Sample(ctx, "greeting", capitalQuestion("Generate a greeting", 50))
	switch {
	case errors.Is(errName, mcp.ErrInputRequired), errors.Is(errGreeting, mcp.ErrInputRequired):
		return "", errors.Join(errName, errGreeting)
	case errName == nil:
		return "Hello, " + name.Name + "!", nil
	case errGreeting == nil:
		return sampledText(greeting), nil
	}
	return "", errors.Join(errName, errGreeting)
}

// TestInputRequiredResultPrompt is a prompt about what the user says it
// should be about.
//
//toolgen:prompt title="Input-required prompt"
func TestInputRequiredResultPrompt(ctx context.Context) (string, error) {
	q, err := mcp.Elicit[contextQuestion](ctx, "user_context", "What context should the prompt use?")
	if err != nil {
		return "", err
	}
	return "Write about this: " + q.Context, nil
}

func capitalQuestion(text string, maxTokens int64) *sdkmcp.CreateMessageParams {
	return &sdkmcp.CreateMessageParams{
		Messages:  []*sdkmcp.SamplingMessage{{Role: "user", Content: &sdkmcp.TextContent{Text: text}}},
		MaxTokens: maxTokens,
	}
}

func sampledText(res *sdkmcp.CreateMessageResult) string {
	if tc, ok := res.Content.(*sdkmcp.TextContent); ok {
		return tc.Text
	}
	return "(not text)"
}

func rootURIs(res *sdkmcp.ListRootsResult) string {
	uris := make([]string, len(res.Roots))
	for i, r := range res.Roots {
		uris[i] = r.URI
	}
	return strings.Join(uris, ", ")
}
