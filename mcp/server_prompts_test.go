package mcp_test

import (
	"context"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

var languages = []string{"go", "gleam", "rust", "python"}

// reviewPrompt is a prompt as toolgen generates one for
// func Review(code string, language Language) (string, error).
var reviewPrompt = toolgen.Prompt{
	Name: "review", Title: "Review", Description: "Review asks for a review.",
	Arguments: []toolgen.PromptArgument{
		{Name: "code", Description: "the code", Required: true},
		{Name: "language", Required: true, Values: languages},
	},
	Get: func(_ context.Context, args map[string]string) ([]toolgen.PromptMessage, error) {
		if args["code"] == "fail" {
			return nil, errors.New("cannot review that")
		}
		if args["code"] == "panic" {
			panic("review panicked")
		}
		return toolgen.UserText("Review this " + args["language"] + ": " + args["code"]), nil
	},
}

var servedResources = []toolgen.Resource{{
	URI: "file:///readme", Name: "readme", Description: "The README.", MIMEType: "text/markdown",
	Read: func(context.Context, map[string]string) (toolgen.ResourceContents, error) {
		return toolgen.ResourceContents{Text: "# Hi"}, nil
	},
}, {
	URI: "example://{language}/{file}", Name: "example", Description: "A sample file.", MIMEType: "application/octet-stream",
	Variables: []toolgen.ResourceVariable{{Name: "language", Values: languages}, {Name: "file", Description: "the file's name"}},
	Read: func(_ context.Context, vars map[string]string) (toolgen.ResourceContents, error) {
		if vars["file"] == "missing" {
			return toolgen.ResourceContents{}, errors.New("no such sample")
		}
		return toolgen.ResourceContents{Blob: []byte(vars["language"] + "/" + vars["file"])}, nil
	},
}}

func promptServer(t *testing.T, opts ...mcp.ServerOption) *mcp.Server {
	t.Helper()
	opts = append([]mcp.ServerOption{mcp.WithPrompts(reviewPrompt), mcp.WithResources(servedResources...)}, opts...)
	srv, err := mcp.NewServer("test", "1.0.0", nil, opts...)
	require.NoError(t, err)
	return srv
}

func TestServerPrompts(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, promptServer(t))
	list, err := cs.ListPrompts(t.Context(), nil)
	require.NoError(t, err)
	require.Len(t, list.Prompts, 1)
	assert.Equal(t, &sdkmcp.Prompt{Name: "review", Title: "Review", Description: "Review asks for a review.", Arguments: []*sdkmcp.PromptArgument{
		{Name: "code", Description: "the code", Required: true},
		{Name: "language", Description: "One of: go, gleam, rust, python.", Required: true}, // for clients that do not complete
	}}, list.Prompts[0])

	res, err := cs.GetPrompt(t.Context(), &sdkmcp.GetPromptParams{Name: "review", Arguments: map[string]string{"code": "x := 1", "language": "go"}})
	require.NoError(t, err)
	assert.Equal(t, "Review asks for a review.", res.Description)
	assert.Equal(t, []*sdkmcp.PromptMessage{{Role: "user", Content: &sdkmcp.TextContent{Text: "Review this go: x := 1"}}}, res.Messages)

	for _, c := range []struct {
		args map[string]string
		code int64
		msg  string
	}{
		{map[string]string{"code": "x"}, jsonrpc.CodeInvalidParams, `argument "language" is required`},
		{map[string]string{"code": "x", "language": "cobol"}, jsonrpc.CodeInvalidParams, `argument "language" must be one of`},
		{map[string]string{"code": "x", "language": "go", "extra": "1"}, jsonrpc.CodeInvalidParams, `unknown argument "extra"`},
		{map[string]string{"code": "fail", "language": "go"}, 0, "cannot review that"},
		{map[string]string{"code": "panic", "language": "go"}, 0, "prompt review panicked: review panicked"},
	} {
		_, err := cs.GetPrompt(t.Context(), &sdkmcp.GetPromptParams{Name: "review", Arguments: c.args})
		require.Error(t, err, "%v", c.args)
		assert.ErrorContains(t, err, c.msg)
		var rpcErr *jsonrpc.Error
		if c.code != 0 && assert.ErrorAs(t, err, &rpcErr) {
			assert.Equal(t, c.code, rpcErr.Code)
		}
	}
}

func TestServerResources(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, promptServer(t))
	list, err := cs.ListResources(t.Context(), nil)
	require.NoError(t, err)
	assert.Equal(t, []*sdkmcp.Resource{{URI: "file:///readme", Name: "readme", Description: "The README.", MIMEType: "text/markdown"}}, list.Resources)
	templates, err := cs.ListResourceTemplates(t.Context(), nil)
	require.NoError(t, err)
	// The variables' descriptions join the template's, which is their only
	// place in MCP.
	assert.Equal(t, []*sdkmcp.ResourceTemplate{{
		URITemplate: "example://{language}/{file}", Name: "example", MIMEType: "application/octet-stream",
		Description: "A sample file.\n\nVariables:\n- language: One of: go, gleam, rust, python.\n- file: the file's name",
	}}, templates.ResourceTemplates)

	read, err := cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "file:///readme"})
	require.NoError(t, err)
	assert.Equal(t, []*sdkmcp.ResourceContents{{URI: "file:///readme", MIMEType: "text/markdown", Text: "# Hi"}}, read.Contents)
	read, err = cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "example://rust/main%20file.rs"})
	require.NoError(t, err)
	assert.Equal(t, []*sdkmcp.ResourceContents{{URI: "example://rust/main%20file.rs", MIMEType: "application/octet-stream", Blob: []byte("rust/main file.rs")}}, read.Contents)

	for uri, want := range map[string]string{
		"file:///other":        "Resource not found", // no resource
		"example://go/missing": "no such sample",
	} {
		_, err := cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: uri})
		assert.ErrorContains(t, err, want, uri)
	}
	// A URI of the template's form whose values the template does not
	// take is the client's mistake: invalid params that say which value
	// is wrong, not "Resource not found".
	for uri, want := range map[string]string{
		"example://cobol/a.cbl": `example://cobol/a.cbl: variable language is "cobol"; it must be one of ["go" "gleam" "rust" "python"]: invalid resource URI`,
		"example://go/a%zz.go":  `example://go/a%zz.go does not match example://{language}/{file}: variable file: "a%zz.go" is not percent-encoded right`,
		"example://go/src/a.go": `example://go/src/a.go does not match example://{language}/{file}: variable file: "src/a.go" holds '/', which a value of {file} percent-encodes`,
	} {
		_, err := cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: uri})
		var rpcErr *jsonrpc.Error
		if assert.ErrorAs(t, err, &rpcErr, uri) {
			assert.Equal(t, int64(jsonrpc.CodeInvalidParams), rpcErr.Code, uri)
			assert.Contains(t, rpcErr.Message, want, uri)
			assert.NotContains(t, rpcErr.Message, "not found", uri)
		}
	}
}

func TestServerCompletion(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, promptServer(t))
	complete := func(ref *sdkmcp.CompleteReference, arg, value string) sdkmcp.CompletionResultDetails {
		t.Helper()
		res, err := cs.Complete(t.Context(), &sdkmcp.CompleteParams{Ref: ref, Argument: sdkmcp.CompleteParamsArgument{Name: arg, Value: value}})
		require.NoError(t, err)
		return res.Completion
	}
	prompt := &sdkmcp.CompleteReference{Type: "ref/prompt", Name: "review"}
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{"go", "gleam"}, Total: 2}, complete(prompt, "language", "g"))
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{}}, complete(prompt, "language", "x"))
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{}}, complete(prompt, "code", "g")) // any string: nothing to offer
	tmpl := &sdkmcp.CompleteReference{Type: "ref/resource", URI: "example://{language}/{file}"}
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{"python"}, Total: 1}, complete(tmpl, "language", "py"))
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{}}, complete(&sdkmcp.CompleteReference{Type: "ref/prompt", Name: "nope"}, "language", ""))
}

func TestServerCompletionFallsBackToSDKHandler(t *testing.T) {
	noLeaks(t)
	srv := promptServer(t, mcp.WithSDKOptions(sdkmcp.ServerOptions{
		CompletionHandler: func(_ context.Context, req *sdkmcp.CompleteRequest) (*sdkmcp.CompleteResult, error) {
			return &sdkmcp.CompleteResult{Completion: sdkmcp.CompletionResultDetails{Values: []string{"own " + req.Params.Argument.Name}}}, nil
		},
	}))
	cs, _ := connect(t, srv)
	res, err := cs.Complete(t.Context(), &sdkmcp.CompleteParams{Ref: &sdkmcp.CompleteReference{Type: "ref/prompt", Name: "review"}, Argument: sdkmcp.CompleteParamsArgument{Name: "code"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"own code"}, res.Completion.Values)
	res, err = cs.Complete(t.Context(), &sdkmcp.CompleteParams{Ref: &sdkmcp.CompleteReference{Type: "ref/prompt", Name: "review"}, Argument: sdkmcp.CompleteParamsArgument{Name: "language", Value: "r"}})
	require.NoError(t, err)
	assert.Equal(t, []string{"rust"}, res.Completion.Values)
}

// Over stateless HTTP (where the fast path serves tools), prompts and
// resources are served by go-sdk.
func TestServerPromptsStatelessHTTP(t *testing.T) {
	noLeaks(t)
	cs := connectOver(t, contractTransport{http: &mcp.HTTPOptions{Stateless: true}}, promptServer(t), nil, nil)
	res, err := cs.GetPrompt(t.Context(), &sdkmcp.GetPromptParams{Name: "review", Arguments: map[string]string{"code": "c", "language": "rust"}})
	require.NoError(t, err)
	assert.Equal(t, &sdkmcp.TextContent{Text: "Review this rust: c"}, res.Messages[0].Content)
	read, err := cs.ReadResource(t.Context(), &sdkmcp.ReadResourceParams{URI: "example://go/x"})
	require.NoError(t, err)
	assert.Equal(t, []byte("go/x"), read.Contents[0].Blob)
}

func TestNewServerRefusesBadPromptsAndResources(t *testing.T) {
	read := servedResources[0].Read
	for name, c := range map[string]struct {
		opt  mcp.ServerOption
		want string
	}{
		"two prompts":   {mcp.WithPrompts(reviewPrompt, reviewPrompt), `mcp: two prompts named "review"`},
		"no Get":        {mcp.WithPrompts(toolgen.Prompt{Name: "p"}), `mcp: prompt "p" has no Get`},
		"two resources": {mcp.WithResources(servedResources[0], servedResources[0]), `mcp: two resources with the URI "file:///readme"`},
		"no Read":       {mcp.WithResources(toolgen.Resource{URI: "file:///x"}), `mcp: resource "file:///x" has no Read`},
		"bad template":  {mcp.WithResources(toolgen.Resource{URI: "x://{a", Variables: []toolgen.ResourceVariable{{Name: "a"}}, Read: read}), `mcp: resource "x://{a"`},
	} {
		_, err := mcp.NewServer("test", "1.0.0", nil, c.opt)
		assert.ErrorContains(t, err, c.want, name)
	}
}
