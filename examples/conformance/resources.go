package main

import (
	"fmt"

	"github.com/toolgen-dev/toolgen"
)

// The suite's prompts and resources are annotated functions too:
// //toolgen:prompt and //toolgen:resource generate Prompts() and
// Resources() into tools_gen.go, which newServer serves with
// mcp.WithPrompts and mcp.WithResources.

// TestSimplePrompt is a prompt without arguments.
//
//toolgen:prompt title="Simple Test Prompt"
func TestSimplePrompt() string { return "This is a simple prompt for testing." }

// TestPromptWithArguments is a prompt with required arguments.
//
// Parameters:
//   - arg1: First test argument
//   - arg2: Second test argument
//
//toolgen:prompt title="Prompt With Arguments"
func TestPromptWithArguments(arg1, arg2 string) string {
	return fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", arg1, arg2)
}

// TestPromptWithEmbeddedResource is a prompt that embeds a resource.
//
// Parameters:
//   - resourceUri: URI of the resource to embed
//
//toolgen:prompt title="Prompt With Embedded Resource"
//lint:ignore ST1003 the suite names the argument resourceUri
func TestPromptWithEmbeddedResource(resourceUri string) []toolgen.PromptMessage {
	return []toolgen.PromptMessage{
		{Role: "user", Content: toolgen.Content{Type: toolgen.ContentResource, URI: resourceUri, MIMEType: "text/plain", Text: "Embedded resource content for testing."}},
		{Role: "user", Content: toolgen.Content{Type: toolgen.ContentText, Text: "Please process the embedded resource above."}},
	}
}

// TestPromptWithImage is a prompt with an image.
//
//toolgen:prompt title="Prompt With Image"
func TestPromptWithImage() []toolgen.PromptMessage {
	return []toolgen.PromptMessage{
		{Role: "user", Content: toolgen.Content{Type: toolgen.ContentImage, Data: pngData, MIMEType: "image/png"}},
		{Role: "user", Content: toolgen.Content{Type: toolgen.ContentText, Text: "Please analyze the image above."}},
	}
}

// Language is a programming language.
type Language string

// The languages code_review knows: completion/complete offers them.
const (
	Go         Language = "go"
	Rust       Language = "rust"
	Python     Language = "python"
	TypeScript Language = "typescript"
)

// CodeReview asks for a review of a piece of code (not one of the suite's
// prompts: its language argument completes from Language's constants).
//
// Parameters:
//   - code: the code to review
//   - language: the code's language
//
//toolgen:prompt title="Code Review"
func CodeReview(code string, language Language) string {
	return fmt.Sprintf("Please review this %s code:\n\n%s", language, code)
}

// StaticText is a static text resource.
//
//toolgen:resource uri="test://static-text" name=static-text mime=text/plain
func StaticText() string { return "This is the content of the static text resource." }

// StaticBinary is a static binary resource (a PNG image).
//
//toolgen:resource uri="test://static-binary" name=static-binary mime=image/png
func StaticBinary() []byte { return pngData }

// TemplateData is a resource template with an id.
//
// Parameters:
//   - id: any identifier
//
//toolgen:resource uri="test://template/{id}/data" name=template mime=application/json
func TemplateData(id string) string {
	return fmt.Sprintf(`{"id":%q,"templateTest":true,"data":%q}`, id, "Data for ID: "+id)
}

// Example is a sample file in a language (not one of the suite's
// resources: its language variable completes from Language's constants).
//
// Parameters:
//   - language: the sample's language
//   - file: the file's name
//
//toolgen:resource uri="example://{language}/{file}" name=example mime=text/plain
func Example(language Language, file string) string {
	return fmt.Sprintf("// %s, in %s", file, language)
}
