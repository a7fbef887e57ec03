package mcp_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/mcp"
)

// A served tool's progress reaches an agent that uses it through this
// package's client: the client asks for progress because the run has a
// listener (RunStream here), the server sends each report as a
// notifications/progress before the result, its partial result in _meta
// under mcp.PartialMetaKey, and the client reports them on the call, which
// the agent emits as tool_progress events, partial results and all.
func ExampleProgress_remoteTool() {
	ctx := context.Background()
	crawl := toolgen.Tool{Name: "crawl", Description: "Crawls three pages.", InputSchema: []byte(`{"type":"object"}`),
		Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			for page := 1; page <= 3; page++ {
				toolgen.ReportProgress(ctx, toolgen.Progress{Message: fmt.Sprintf("page %d", page), Progress: float64(page), Total: 3,
					Partial: fmt.Appendf(nil, `{"pages":%d}`, page)})
			}
			return toolgen.TextResult("3 pages"), nil
		}}
	srv, err := mcp.NewServer("crawler", "1.0.0", []toolgen.Tool{crawl})
	if err != nil {
		log.Fatal(err)
	}
	handler, err := srv.Handler(mcp.HTTPOptions{Stateless: true})
	if err != nil {
		log.Fatal(err)
	}
	hs := httptest.NewServer(handler)
	defer hs.Close()

	client, err := mcp.Connect(ctx, mcp.URL(hs.URL+mcp.Path, nil))
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	tools, err := client.Tools(ctx)
	if err != nil {
		log.Fatal(err)
	}
	ag, err := agent.New(agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", "crawl", `{}`)), agenttest.Text("done")), agent.WithTools(tools))
	if err != nil {
		log.Fatal(err)
	}
	_, err = ag.RunStream(ctx, "crawl", nil, func(e agent.Event) error {
		switch e.Kind {
		case agent.EventToolStarted, agent.EventToolFinished:
			fmt.Println(e.Kind, e.Call.Name)
		case agent.EventToolProgress:
			fmt.Printf("%s %s: %v of %v, partial %s\n", e.Kind, e.Progress.Message, e.Progress.Progress, e.Progress.Total, e.Progress.Partial)
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// tool_started crawl
	// tool_progress page 1: 1 of 3, partial {"pages":1}
	// tool_progress page 2: 2 of 3, partial {"pages":2}
	// tool_progress page 3: 3 of 3, partial {"pages":3}
	// tool_finished crawl
}
