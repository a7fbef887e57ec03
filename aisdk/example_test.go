package aisdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// An agent served to useChat: the request is what useChat's default
// transport POSTs, the answer the AI SDK's UI message stream, one chunk per
// SSE event, ended by [DONE].
func ExampleHandler() {
	model := agenttest.NewModel(agenttest.StreamText("Sunny ", "in ", "Paris."))
	a, err := agent.New(model)
	if err != nil {
		panic(err)
	}
	h, err := aisdk.Handler(a)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(h) // http.Handle("/api/chat", h) in a program
	defer srv.Close()

	req, _ := json.Marshal(aisdk.Request{ID: "chat-1", Trigger: "submit-message", Messages: []aisdk.UIMessage{
		{ID: "m1", Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: "Weather in Paris?"}}},
	}})
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader(string(req)))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	events := bufio.NewScanner(resp.Body)
	for events.Scan() {
		data, ok := strings.CutPrefix(events.Text(), "data: ")
		if !ok {
			continue
		}
		var chunk struct{ Type, Delta string }
		if json.Unmarshal([]byte(data), &chunk) != nil {
			fmt.Println(data) // [DONE]
			continue
		}
		if chunk.Delta != "" {
			fmt.Printf("%s %q\n", chunk.Type, chunk.Delta)
			continue
		}
		fmt.Println(chunk.Type)
	}
	// Output:
	// start
	// start-step
	// text-start
	// text-delta "Sunny "
	// text-delta "in "
	// text-delta "Paris."
	// text-end
	// finish-step
	// finish
	// [DONE]
}

// A tool's progress reaches useChat as preliminary outputs of its call
// (the partial result it reports, or the progress itself), which its
// result replaces.
func ExampleHandler_progress() {
	count := toolgen.Tool{Name: "count", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			for i := 1; i <= 2; i++ {
				partial, _ := json.Marshal(map[string]int{"counted": i})
				toolgen.ReportProgress(ctx, toolgen.Progress{Message: "counting", Progress: float64(i), Total: 2, Partial: partial})
			}
			return toolgen.TextResult("2"), nil
		}}
	model := agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", "count", `{}`)), agenttest.Text("Two."))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{count}))
	if err != nil {
		panic(err)
	}
	h, err := aisdk.Handler(a)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	req, _ := json.Marshal(aisdk.Request{ID: "chat-1", Messages: []aisdk.UIMessage{
		{ID: "m1", Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: "Count."}}},
	}})
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader(string(req)))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	events := bufio.NewScanner(resp.Body)
	for events.Scan() {
		var chunk aisdk.Chunk
		data, _ := strings.CutPrefix(events.Text(), "data: ")
		if json.Unmarshal([]byte(data), &chunk) == nil && chunk.Type == aisdk.ChunkToolOutputAvailable {
			fmt.Printf("%s preliminary=%t\n", chunk.Output, chunk.Preliminary)
		}
	}
	// Output:
	// {"counted":1} preliminary=true
	// {"counted":2} preliminary=true
	// "2" preliminary=false
}
