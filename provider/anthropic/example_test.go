package anthropic_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
)

// A Model over Anthropic's Messages API: here a server on 127.0.0.1 that
// answers as Anthropic documents it; in a program,
// anthropic.New(anthropic.WithModel("claude-sonnet-4-5")) with
// ANTHROPIC_API_KEY set.
func ExampleNew() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		fmt.Println(r.Method, r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5",
			"content":[{"type":"text","text":"Sunny in Paris."}],"stop_reason":"end_turn","stop_sequence":null,
			"usage":{"input_tokens":12,"output_tokens":4}}`)
	}))
	defer srv.Close()

	model, err := anthropic.New(anthropic.WithBaseURL(srv.URL), anthropic.WithAPIKey("none"), anthropic.WithModel("claude-sonnet-4-5"))
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
	// POST /v1/messages
	// Sunny in Paris.
	// 12 4
}
