package toolgen_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func echoPrompt() toolgen.Prompt {
	return toolgen.Prompt{
		Name: "echo",
		Arguments: []toolgen.PromptArgument{
			{Name: "text", Required: true},
			{Name: "mood", Values: []string{"calm", "cheerful"}},
		},
		Get: func(_ context.Context, args map[string]string) ([]toolgen.PromptMessage, error) {
			return toolgen.UserText(args["text"] + "/" + args["mood"]), nil
		},
	}
}

func TestPromptRenderChecksArguments(t *testing.T) {
	p := echoPrompt()
	msgs, err := p.Render(t.Context(), map[string]string{"text": "hi", "mood": "calm"})
	require.NoError(t, err)
	assert.Equal(t, []toolgen.PromptMessage{{Role: "user", Content: toolgen.Content{Type: toolgen.ContentText, Text: "hi/calm"}}}, msgs)

	msgs, err = p.Render(t.Context(), map[string]string{"text": "hi"}) // mood is optional
	require.NoError(t, err)
	assert.Equal(t, "hi/", msgs[0].Content.Text)

	for args, want := range map[*map[string]string]string{
		{"mood": "calm"}:                "prompt echo: argument \"text\" is required",
		{"text": "a", "mood": "grumpy"}: `prompt echo: argument "mood" must be one of ["calm" "cheerful"], not "grumpy"`,
		{"text": "a", "other": "x"}:     `prompt echo: unknown argument "other"`,
	} {
		_, err := p.Render(t.Context(), *args)
		require.ErrorIs(t, err, toolgen.ErrBadArguments)
		assert.ErrorContains(t, err, want)
	}
}

// ReadURI matches a URI against a template of simple expressions and
// reads it with the variables' values, percent-decoded.
func TestResourceReadURIMatchesTemplates(t *testing.T) {
	var got map[string]string
	read := func(_ context.Context, vars map[string]string) (toolgen.ResourceContents, error) {
		got = vars
		return toolgen.ResourceContents{}, nil
	}
	for _, c := range []struct {
		template, uri string
		want          map[string]string
	}{
		{"test://static", "test://static", map[string]string{}},
		{"test://template/{id}/data", "test://template/123/data", map[string]string{"id": "123"}},
		{"file:///notes/{name}", "file:///notes/a%20b.md", map[string]string{"name": "a b.md"}},
		{"ex://{lang}/{file}", "ex://go/main.go", map[string]string{"lang": "go", "file": "main.go"}},
		{"ex://{a}-{b}", "ex://x-y", map[string]string{"a": "x", "b": "y"}},
		{"a.b://{x}", "a.b://1", map[string]string{"x": "1"}}, // dots are literal
	} {
		_, err := toolgen.Resource{URI: c.template, Read: read}.ReadURI(t.Context(), c.uri)
		require.NoError(t, err, "%s against %s", c.uri, c.template)
		assert.Equal(t, c.want, got, "%s against %s", c.uri, c.template)
	}
	for _, c := range [][2]string{
		{"test://static", "test://static/more"},
		{"test://template/{id}/data", "test://template/1/2/data"}, // a value holds no '/'
		{"file:///notes/{name}", "file:///notes/a%zz"},            // a bad escape
		{"aXb://{x}", "a.b://1"},
		{"a.b://{x}", "aXb://1"},
	} {
		_, err := toolgen.Resource{URI: c[0], Read: read}.ReadURI(t.Context(), c[1])
		assert.Error(t, err, "%s against %s", c[1], c[0])
	}
}

func TestResourceReadURI(t *testing.T) {
	r := toolgen.Resource{
		URI:       "ex://{lang}/{file}",
		Variables: []toolgen.ResourceVariable{{Name: "lang", Values: []string{"go", "rust"}}, {Name: "file"}},
		Read: func(_ context.Context, vars map[string]string) (toolgen.ResourceContents, error) {
			return toolgen.ResourceContents{Text: vars["lang"] + ":" + vars["file"]}, nil
		},
	}
	assert.True(t, r.IsTemplate())
	assert.True(t, toolgen.Resource{URI: "x://{id}"}.IsTemplate(), "without Variables")
	assert.False(t, toolgen.Resource{URI: "x://fixed", Variables: []toolgen.ResourceVariable{{Name: "id"}}}.IsTemplate())
	got, err := r.ReadURI(t.Context(), "ex://rust/lib.rs")
	require.NoError(t, err)
	assert.Equal(t, "rust:lib.rs", got.Text)
	// A URI of another form is not this resource; one of its form with a
	// value it does not take is invalid, and says which value.
	_, err = r.ReadURI(t.Context(), "other://go/a")
	assert.ErrorIs(t, err, toolgen.ErrResourceNotFound)
	assert.NotErrorIs(t, err, toolgen.ErrInvalidResourceURI)
	for uri, want := range map[string]string{
		"ex://cobol/a.cbl": `ex://cobol/a.cbl: variable lang is "cobol"; it must be one of ["go" "rust"]: invalid resource URI`,
		"ex://go/a%zz":     `ex://go/a%zz does not match ex://{lang}/{file}: variable file: "a%zz" is not percent-encoded right (invalid URL escape "%zz"): invalid resource URI`,
		"ex://go/src/a.go": `ex://go/src/a.go does not match ex://{lang}/{file}: variable file: "src/a.go" holds '/', which a value of {file} percent-encodes: invalid resource URI`,
		"ex://go/a?x=1":    `ex://go/a?x=1 does not match ex://{lang}/{file}: variable file: "a?x=1" holds '?', which a value of {file} percent-encodes: invalid resource URI`,
	} {
		_, err := r.ReadURI(t.Context(), uri)
		assert.ErrorIs(t, err, toolgen.ErrInvalidResourceURI, uri)
		assert.EqualError(t, err, want, uri)
	}
}
