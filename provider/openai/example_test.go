package openai_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

// A Model over any server that speaks Chat Completions: here one on
// 127.0.0.1 that answers as OpenAI documents it; in a program,
// openai.New(openai.WithModel("gpt-4.1-mini")) with OPENAI_API_KEY set, or
// WithBaseURL for Ollama, vLLM or llama.cpp.
func ExampleNew() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		fmt.Println(r.Method, r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"chatcmpl-1","object":"chat.completion","created":0,"model":"qwen3",
			"choices":[{"index":0,"message":{"role":"assistant","content":"Sunny in Paris."},"finish_reason":"stop"}],
			"usage":{"prompt_tokens":12,"completion_tokens":4,"total_tokens":16}}`)
	}))
	defer srv.Close()

	model, err := openai.New(openai.WithBaseURL(srv.URL), openai.WithAPIKey("none"), openai.WithModel("qwen3"))
	if err != nil {
		panic(err)
	}
	resp, err := model.Generate(context.Background(), agent.Request{
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "Weather in Paris?"}},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(resp.Message.Text)
	fmt.Println(resp.Usage.InputTokens, resp.Usage.OutputTokens)
	// Output:
	// POST /chat/completions
	// Sunny in Paris.
	// 12 4
}

// A ResponsesModel: here over a server on 127.0.0.1 that answers as the
// Responses API documents it; in a program,
// openai.NewResponses(openai.WithModel("gpt-5-mini"), openai.WithReasoning("low"))
// with OPENAI_API_KEY set. The web search ran at OpenAI: it is a provider
// call, which the agent reports and never runs.
func ExampleNewResponses() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		fmt.Println(r.Method, r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"resp_1","object":"response","status":"completed","output":[
			{"type":"web_search_call","id":"ws_1","status":"completed","action":{"type":"search","query":"weather Paris"}},
			{"type":"message","id":"msg_1","role":"assistant","status":"completed",
			 "content":[{"type":"output_text","text":"Sunny in Paris.","annotations":[]}]}],
			"usage":{"input_tokens":12,"input_tokens_details":{"cached_tokens":0},
			 "output_tokens":4,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":16}}`)
	}))
	defer srv.Close()

	model, err := openai.NewResponses(openai.WithBaseURL(srv.URL), openai.WithAPIKey("test"), openai.WithWebSearch())
	if err != nil {
		panic(err)
	}
	resp, err := model.Generate(context.Background(), agent.Request{
		Messages: []agent.Message{{Role: agent.RoleUser, Text: "Weather in Paris?"}},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(resp.Message.Text)
	for _, pc := range resp.Message.ProviderCalls {
		fmt.Println(pc.Name, string(pc.Args))
	}
	// Output:
	// POST /responses
	// Sunny in Paris.
	// web_search {"type":"search","query":"weather Paris"}
}
