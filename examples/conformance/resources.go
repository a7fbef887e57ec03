package main

import (
	"context"
	"fmt"
	"strings"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

func addResources(s *sdkmcp.Server) {
	s.AddResource(&sdkmcp.Resource{
		Name: "static-text", Description: "A static text resource", MIMEType: "text/plain", URI: "test://static-text",
	}, readStaticText)
	s.AddResource(&sdkmcp.Resource{
		Name: "static-binary", Description: "A static binary resource (a PNG image)", MIMEType: "image/png", URI: "test://static-binary",
	}, readStaticBinary)
	s.AddResourceTemplate(&sdkmcp.ResourceTemplate{
		Name: "template", Description: "A resource template with an id", MIMEType: "application/json", URITemplate: "test://template/{id}/data",
	}, readTemplate)
}

func readStaticText(_ context.Context, req *sdkmcp.ReadResourceRequest) (*sdkmcp.ReadResourceResult, error) {
	return &sdkmcp.ReadResourceResult{Contents: []*sdkmcp.ResourceContents{{
		URI: req.Params.URI, MIMEType: "text/plain", Text: "This is the content of the static text resource.",
	}}}, nil
}

func readStaticBinary(_ context.Context, req *sdkmcp.ReadResourceRequest) (*sdkmcp.ReadResourceResult, error) {
	return &sdkmcp.ReadResourceResult{Contents: []*sdkmcp.ResourceContents{{
		URI: req.Params.URI, MIMEType: "image/png", Blob: pngData,
	}}}, nil
}

func readTemplate(_ context.Context, req *sdkmcp.ReadResourceRequest) (*sdkmcp.ReadResourceResult, error) {
	uri := req.Params.URI
	id := strings.TrimSuffix(strings.TrimPrefix(uri, "test://template/"), "/data")
	return &sdkmcp.ReadResourceResult{Contents: []*sdkmcp.ResourceContents{{
		URI: uri, MIMEType: "application/json",
		Text: fmt.Sprintf(`{"id":%q,"templateTest":true,"data":%q}`, id, "Data for ID: "+id),
	}}}, nil
}

func addPrompts(s *sdkmcp.Server) {
	s.AddPrompt(&sdkmcp.Prompt{Name: "test_simple_prompt", Title: "Simple Test Prompt", Description: "A prompt without arguments"}, simplePrompt)
	s.AddPrompt(&sdkmcp.Prompt{
		Name: "test_prompt_with_arguments", Title: "Prompt With Arguments", Description: "A prompt with required arguments",
		Arguments: []*sdkmcp.PromptArgument{
			{Name: "arg1", Description: "First test argument", Required: true},
			{Name: "arg2", Description: "Second test argument", Required: true},
		},
	}, argumentsPrompt)
	s.AddPrompt(&sdkmcp.Prompt{
		Name: "test_prompt_with_embedded_resource", Title: "Prompt With Embedded Resource", Description: "A prompt that embeds a resource",
		Arguments: []*sdkmcp.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}},
	}, resourcePrompt)
	s.AddPrompt(&sdkmcp.Prompt{Name: "test_prompt_with_image", Title: "Prompt With Image", Description: "A prompt with an image"}, imagePrompt)
}

func userText(text string) *sdkmcp.PromptMessage {
	return &sdkmcp.PromptMessage{Role: "user", Content: &sdkmcp.TextContent{Text: text}}
}

func simplePrompt(context.Context, *sdkmcp.GetPromptRequest) (*sdkmcp.GetPromptResult, error) {
	return &sdkmcp.GetPromptResult{Description: "A simple test prompt", Messages: []*sdkmcp.PromptMessage{
		userText("This is a simple prompt for testing."),
	}}, nil
}

func argumentsPrompt(_ context.Context, req *sdkmcp.GetPromptRequest) (*sdkmcp.GetPromptResult, error) {
	args := req.Params.Arguments
	return &sdkmcp.GetPromptResult{Description: "A prompt with arguments", Messages: []*sdkmcp.PromptMessage{
		userText(fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", args["arg1"], args["arg2"])),
	}}, nil
}

func resourcePrompt(_ context.Context, req *sdkmcp.GetPromptRequest) (*sdkmcp.GetPromptResult, error) {
	embedded := &sdkmcp.EmbeddedResource{Resource: &sdkmcp.ResourceContents{
		URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing.",
	}}
	return &sdkmcp.GetPromptResult{Description: "A prompt with an embedded resource", Messages: []*sdkmcp.PromptMessage{
		{Role: "user", Content: embedded},
		userText("Please process the embedded resource above."),
	}}, nil
}

func imagePrompt(context.Context, *sdkmcp.GetPromptRequest) (*sdkmcp.GetPromptResult, error) {
	return &sdkmcp.GetPromptResult{Description: "A prompt with an image", Messages: []*sdkmcp.PromptMessage{
		{Role: "user", Content: &sdkmcp.ImageContent{Data: pngData, MIMEType: "image/png"}},
		userText("Please analyze the image above."),
	}}, nil
}

// complete offers no completions: the suite checks that completion/complete
// answers.
func complete(context.Context, *sdkmcp.CompleteRequest) (*sdkmcp.CompleteResult, error) {
	return &sdkmcp.CompleteResult{Completion: sdkmcp.CompletionResultDetails{Values: []string{}}}, nil
}
