package mcp_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// A tool that runs longer than a request should last is served as an MCP
// task: generated tools get that from the directive's task option
// (//toolgen:tool task=required); this hand-written one sets Task. The
// client calls it as any tool: it makes the task, polls it, reports its
// status messages as progress and returns the result.
func ExampleWithTasks() {
	ctx, cancel := context.WithCancel(context.Background())
	report := toolgen.Tool{
		Name: "report", Description: "Writes a report.", InputSchema: []byte(`{"type":"object"}`),
		Task: toolgen.TaskRequired,
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: "gathering sources"})
			time.Sleep(500 * time.Millisecond) // the work
			return toolgen.TextResult("the report"), nil
		},
	}
	srv, err := mcp.NewServer("reports", "1.0.0", []toolgen.Tool{report},
		mcp.WithTasks(mcp.TaskOptions{PollInterval: 100 * time.Millisecond, MaxTTL: time.Hour}))
	if err != nil {
		log.Fatal(err)
	}
	ln, err := mcp.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln, mcp.HTTPOptions{}) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			log.Fatal(err)
		}
	}()

	client, err := mcp.Connect(ctx, mcp.URL("http://"+ln.Addr().String()+mcp.Path, nil))
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	progress := toolgen.WithProgress(ctx, func(p toolgen.Progress) { fmt.Println("progress:", p.Message) })
	res, err := client.CallTool(progress, "report", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Text())
	// Output:
	// progress: gathering sources
	// the report
}
