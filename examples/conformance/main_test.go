//lint:file-ignore SA1019 sampling and elicitation are deprecated by protocol 2026-07-28 (SEP-2577); the suite still tests them.

package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/mcp"
)

// connect serves the fixture on in-memory transports to a client that
// answers sampling and elicitation requests.
func connect(t *testing.T) *sdkmcp.ClientSession {
	t.Helper()
	t.Cleanup(func() { goleak.VerifyNone(t) })
	srv, err := newServer()
	require.NoError(t, err)
	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := srv.SDK().Connect(t.Context(), st, nil)
	require.NoError(t, err)
	client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "test", Version: "1"}, &sdkmcp.ClientOptions{
		CreateMessageHandler: func(_ context.Context, req *sdkmcp.CreateMessageRequest) (*sdkmcp.CreateMessageResult, error) {
			return &sdkmcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &sdkmcp.TextContent{Text: "echo " + req.Params.Messages[0].Content.(*sdkmcp.TextContent).Text}}, nil
		},
		ElicitationHandler: func(context.Context, *sdkmcp.ElicitRequest) (*sdkmcp.ElicitResult, error) {
			return &sdkmcp.ElicitResult{Action: "accept", Content: map[string]any{"username": "ada"}}, nil
		},
	})
	cs, err := client.Connect(t.Context(), ct, &sdkmcp.ClientSessionOptions{ProtocolVersion: "2025-06-18"})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

func call(t *testing.T, cs *sdkmcp.ClientSession, name, args string) *sdkmcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	require.NoError(t, err)
	return res
}

func TestFixtureTools(t *testing.T) {
	cs := connect(t)
	res := call(t, cs, "test_multiple_content_types", `{}`)
	require.Len(t, res.Content, 3)
	assert.Equal(t, &sdkmcp.TextContent{Text: "This is text content"}, res.Content[0])
	assert.Equal(t, &sdkmcp.ImageContent{Data: pngData, MIMEType: "image/png"}, res.Content[1])
	assert.Equal(t, "test://embedded-in-multiple", res.Content[2].(*sdkmcp.EmbeddedResource).Resource.URI)

	res = call(t, cs, "test_error_handling", `{}`)
	assert.True(t, res.IsError)
	assert.Equal(t, &sdkmcp.TextContent{Text: "this tool intentionally returns an error for testing"}, res.Content[0])

	res = call(t, cs, "test_sampling", `{"prompt":"hi"}`)
	assert.Equal(t, &sdkmcp.TextContent{Text: "LLM response: echo hi"}, res.Content[0])

	res = call(t, cs, "test_elicitation", `{"message":"name?"}`)
	assert.Equal(t, &sdkmcp.TextContent{Text: `Elicitation result: action=accept, content={"username":"ada"}`}, res.Content[0])
}

func TestFixtureResourcesAndPrompts(t *testing.T) {
	cs := connect(t)
	rr, err := cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "test://template/42/data"})
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":"42","templateTest":true,"data":"Data for ID: 42"}`, rr.Contents[0].Text)

	pr, err := cs.GetPrompt(t.Context(), &sdkmcp.GetPromptParams{Name: "test_prompt_with_arguments", Arguments: map[string]string{"arg1": "a", "arg2": "b"}})
	require.NoError(t, err)
	assert.Equal(t, &sdkmcp.TextContent{Text: "Prompt with arguments: arg1='a', arg2='b'"}, pr.Messages[0].Content)
}

// The generated prompts and resources: listed with their doc comments,
// enum arguments and variables completed from Language's constants.
func TestFixtureGeneratedPromptsComplete(t *testing.T) {
	cs := connect(t)
	list, err := cs.ListPrompts(t.Context(), nil)
	require.NoError(t, err)
	byName := map[string]*sdkmcp.Prompt{}
	for _, p := range list.Prompts {
		byName[p.Name] = p
	}
	require.Contains(t, byName, "test_prompt_with_embedded_resource")
	assert.Equal(t, []*sdkmcp.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}}, byName["test_prompt_with_embedded_resource"].Arguments)
	assert.Equal(t, "Code Review", byName["code_review"].Title)
	assert.Equal(t, "the code's language. One of: go, rust, python, typescript.", byName["code_review"].Arguments[1].Description)

	res, err := cs.Complete(t.Context(), &sdkmcp.CompleteParams{
		Ref:      &sdkmcp.CompleteReference{Type: "ref/prompt", Name: "code_review"},
		Argument: sdkmcp.CompleteParamsArgument{Name: "language", Value: "py"},
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"python"}, res.Completion.Values)
	res, err = cs.Complete(t.Context(), &sdkmcp.CompleteParams{
		Ref:      &sdkmcp.CompleteReference{Type: "ref/resource", URI: "example://{language}/{file}"},
		Argument: sdkmcp.CompleteParamsArgument{Name: "language", Value: ""},
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"go", "rust", "python", "typescript"}, res.Completion.Values)

	rr, err := cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "example://go/main.go"})
	require.NoError(t, err)
	assert.Equal(t, "// main.go, in go", rr.Contents[0].Text)
	_, err = cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "example://cobol/main.cbl"})
	assert.ErrorContains(t, err, `variable language is "cobol"; it must be one of`, "invalid params that say what is wrong")

	rr, err = cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "test://static-binary"})
	require.NoError(t, err)
	assert.Equal(t, &sdkmcp.ResourceContents{URI: "test://static-binary", MIMEType: "image/png", Blob: pngData}, rr.Contents[0])
}

// test_x_mcp_header's region is mirrored into Mcp-Param-Region, which the
// server checks at 2026-07-28: a call with the header is taken, one
// without it refused with 400.
func TestFixtureHeaderTool(t *testing.T) {
	srv, err := newServer()
	require.NoError(t, err)
	h, err := srv.Handler(mcp.HTTPOptions{Stateless: true, JSONResponse: true})
	require.NoError(t, err)
	s := httptest.NewServer(h)
	defer s.Close()
	post := func(header string) (int, string) {
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"test_x_mcp_header","arguments":{"region":"us-west1"},` +
			`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
		req, err := http.NewRequest(http.MethodPost, s.URL+mcp.Path, strings.NewReader(body))
		require.NoError(t, err)
		for k, v := range map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
			"Mcp-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "test_x_mcp_header"} {
			req.Header.Set(k, v)
		}
		if header != "" {
			req.Header.Set("Mcp-Param-Region", header)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	status, body := post("us-west1")
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, "region us-west1")
	status, body = post("")
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, `"code":-32020`)
}
