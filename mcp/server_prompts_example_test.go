package mcp_test

import (
	"context"
	"fmt"
	"log"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// Prompts and resources are served beside the tools. toolgen generates them
// from annotated functions, as
//
//	// CodeReview asks for a review of a piece of code.
//	//
//	//toolgen:prompt
//	func CodeReview(code string, language Language) string
//
// into the value written out here (Language is a string enum: its
// constants are the argument's Values, which completion offers).
func ExampleWithPrompts() {
	review := toolgen.Prompt{
		Name:        "code_review",
		Description: "CodeReview asks for a review of a piece of code.",
		Arguments: []toolgen.PromptArgument{
			{Name: "code", Required: true},
			{Name: "language", Required: true, Values: []string{"go", "python", "rust"}},
		},
		Get: func(_ context.Context, args map[string]string) ([]toolgen.PromptMessage, error) {
			return toolgen.UserText("Review this " + args["language"] + " code: " + args["code"]), nil
		},
	}
	readme := toolgen.Resource{
		URI: "file:///project/README.md", Name: "readme", Description: "The README.", MIMEType: "text/markdown",
		Read: func(context.Context, map[string]string) (toolgen.ResourceContents, error) {
			return toolgen.ResourceContents{Text: "# Project"}, nil
		},
	}
	srv, err := mcp.NewServer("review", "1.0.0", nil, mcp.WithPrompts(review), mcp.WithResources(readme))
	if err != nil {
		log.Fatal(err)
	}

	ctx := context.Background()
	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := srv.SDK().Connect(ctx, st, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer ss.Wait()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer cs.Close()

	got, err := cs.GetPrompt(ctx, &sdkmcp.GetPromptParams{Name: "code_review", Arguments: map[string]string{"code": "x := 1", "language": "go"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got.Messages[0].Role, got.Messages[0].Content.(*sdkmcp.TextContent).Text)

	_, err = cs.GetPrompt(ctx, &sdkmcp.GetPromptParams{Name: "code_review", Arguments: map[string]string{"code": "x", "language": "cobol"}})
	fmt.Println(err)

	completed, err := cs.Complete(ctx, &sdkmcp.CompleteParams{
		Ref:      &sdkmcp.CompleteReference{Type: "ref/prompt", Name: "code_review"},
		Argument: sdkmcp.CompleteParamsArgument{Name: "language", Value: "py"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(completed.Completion.Values)

	read, err := cs.ReadResource(ctx, &sdkmcp.ReadResourceParams{URI: "file:///project/README.md"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(read.Contents[0].MIMEType, read.Contents[0].Text)
	// Output:
	// user Review this go code: x := 1
	// calling "prompts/get": prompt code_review: argument "language" must be one of ["go" "python" "rust"], not "cobol": bad arguments
	// [python]
	// text/markdown # Project
}
