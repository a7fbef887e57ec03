package gemini_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// A tool made by hand (an MCP server's) has only its input schema: its
// Gemini form is derived and sent; one the dialect cannot say is refused
// before anything is sent, naming the tool, what and where.
func TestToolsWithoutGeminiSchema(t *testing.T) {
	f, m := adapter.Serve(t, []reply{geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})})
	search := agent.ToolSpec{Name: "search_docs", Description: "Searches the docs.",
		InputSchema: []byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"query":{"type":"string","default":"go"}},"required":["query"],"additionalProperties":false}`)}
	_, err := m.Generate(context.Background(), agent.Request{Messages: providertest.Hi.Messages, Tools: []agent.ToolSpec{search}})
	require.NoError(t, err)
	decls := f.Requests()[0]["tools"].([]any)[0].(map[string]any)["functionDeclarations"].([]any)
	assert.Equal(t, map[string]any{"type": "object", "properties": map[string]any{"query": map[string]any{"type": "string"}}, "required": []any{"query"}},
		decls[0].(map[string]any)["parameters"], "no $schema, default or additionalProperties")

	tree := agent.ToolSpec{Name: "walk", InputSchema: []byte(`{"type":"object","properties":{"node":{"$ref":"#/$defs/node"}},"$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}}}}}`)}
	anyValue := agent.ToolSpec{Name: "store", InputSchema: []byte(`{"type":"object","properties":{"value":{}}}`)}
	for _, c := range []struct {
		spec agent.ToolSpec
		want string
	}{
		{tree, "gemini: tool walk: input schema: Gemini's schema dialect cannot say "},
		{anyValue, "gemini: tool store: input schema: Gemini's schema dialect cannot say a value of any JSON type (a schema without type) at /properties/value"},
	} {
		_, err := m.Generate(context.Background(), agent.Request{Messages: providertest.Hi.Messages, Tools: []agent.ToolSpec{c.spec}})
		require.ErrorContains(t, err, c.want)
		_, err = agent.Collect(m.Stream(context.Background(), agent.Request{Messages: providertest.Hi.Messages, Tools: []agent.ToolSpec{c.spec}}))
		require.ErrorContains(t, err, c.want)
	}
	assert.Len(t, f.Requests(), 1, "nothing sent for the refused tools")
}
