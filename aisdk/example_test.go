package aisdk_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

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
