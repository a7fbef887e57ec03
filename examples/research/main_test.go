package main

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/search"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestOfflineResearchCitesSearchAndNotes(t *testing.T) {
	c, stop, err := newClient(false, "")
	require.NoError(t, err)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var out strings.Builder
	state, err := run(ctx, &out, t.TempDir(), c, scriptedModel("What is MCP?"), "What is MCP?")
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, state.StopReason)
	assert.Equal(t, `From the web (3 sources):
  [1] What is the Model Context Protocol (MCP)? <https://modelcontextprotocol.io/docs/getting-started/intro>
  [2] Specification - Model Context Protocol <https://modelcontextprotocol.io/specification>
  [3] Introducing the Model Context Protocol <https://www.anthropic.com/news/model-context-protocol>
From your notes: 4 lines read.`, state.Output())
	assert.Contains(t, out.String(), `call web_search {"query":"What is MCP?"}`)
	assert.Contains(t, out.String(), `call read_file {"path":"notes.md"}`)

	// What the model read: the search results as text, and the notes.
	var results []agent.ToolResult
	for _, m := range state.Messages {
		results = append(results, m.Results...)
	}
	require.Len(t, results, 2)
	assert.Contains(t, results[0].Result.Text(), "1. What is the Model Context Protocol (MCP)? — https://modelcontextprotocol.io/docs/getting-started/intro\n   MCP is an open protocol")
	assert.Contains(t, results[1].Result.Text(), "MCP came up in the tools meeting")
}

func TestARefusedKeyIsWhatTheModelReads(t *testing.T) {
	srv := httptest.NewServer(fakeTavily(fakeKey))
	defer srv.Close()
	c, err := search.NewTavily(search.WithAPIKey("tvly-wrong"), search.WithBaseURL(srv.URL))
	require.NoError(t, err)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	state, err := run(ctx, &strings.Builder{}, t.TempDir(), c, scriptedModel("What is MCP?"), "What is MCP?")
	require.NoError(t, err)
	assert.Contains(t, state.Output(), "web_search failed: search: tavily answered HTTP 401 Unauthorized (1 attempt): "+
		`{"detail":{"error":"Unauthorized: missing or invalid API key."}}`)
	assert.Contains(t, state.Output(), "From your notes: 4 lines read.")
}
