package toolgen_test

import (
	"context"
	"fmt"
	"log"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/internal/benchtools/hundred"
	"github.com/toolgen-dev/toolgen/internal/textindex"
	"github.com/toolgen-dev/toolgen/search"
)

// Search finds tools by what they do, among every package's tools: here
// the two generated weather tools, whose terms toolgen found at build
// time, and a hand-written tool, which NewToolbox analyzed. Equal scores
// come in name order; a query none of whose words a tool has finds
// nothing (search is by words, not meaning).
func ExampleToolbox_Search() {
	sendEmail := toolgen.Tool{
		Name:        "send_email",
		Description: "Sends an email to one or more recipients.",
		InputSchema: []byte(`{"type":"object","properties":{"to":{"type":"array","items":{"type":"string"}},"body":{"type":"string"}}}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			return toolgen.TextResult("sent"), nil
		},
	}
	box, err := toolgen.NewToolbox(weather.Tools(), []toolgen.Tool{sendEmail})
	if err != nil {
		log.Fatal(err)
	}
	for _, query := range []string{"weather in Paris for the next days", "email the team", "fahrenheit", "get_weather", "book a flight"} {
		fmt.Printf("%s:", query)
		for _, hit := range box.Search(query, 2) {
			fmt.Printf(" %s (%.2f)", hit.Tool.Name, hit.Score)
		}
		fmt.Println()
	}
	// Output:
	// weather in Paris for the next days: forecast (2.64) get_weather (1.29)
	// email the team: send_email (1.79)
	// fahrenheit: forecast (0.43) get_weather (0.43)
	// get_weather: get_weather (3.23) forecast (1.04)
	// book a flight:
}

// TestGeneratedSearchTermsAreTheRunTimeAnalysis checks the search entries
// compiled into generated packages against the run-time analysis of the
// same tools' fields (internal/generate checks every golden case so).
func TestGeneratedSearchTermsAreTheRunTimeAnalysis(t *testing.T) {
	web, err := search.NewSearXNG("http://127.0.0.1:1") // tools of methods: toolimpl.Tools
	require.NoError(t, err)
	for _, tools := range [][]toolgen.Tool{weather.Tools(), hundred.Tools(), web.Tools()} {
		for _, tool := range tools {
			got := toolgen.SearchTermsOf(tool)
			assert.NotEmpty(t, got, tool.Name)
			want := textindex.Tool(string(tool.Name), tool.Namespace, tool.Description, tool.InputSchema)
			assert.Equal(t, want, got, tool.Name)
		}
	}
}
