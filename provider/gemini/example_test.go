package gemini_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/gemini"
)

// A Model over a server on 127.0.0.1 that answers as the Gemini API
// documents it; in a program, gemini.New(gemini.WithModel("gemini-2.5-flash"))
// with GEMINI_API_KEY set.
func ExampleNew() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		fmt.Println(r.Method, r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"Sunny in Paris."}]},
			"finishReason":"STOP","index":0}],
			"usageMetadata":{"promptTokenCount":12,"candidatesTokenCount":4,"totalTokenCount":16}}`)
	}))
	defer srv.Close()

	model, err := gemini.New(gemini.WithBaseURL(srv.URL), gemini.WithAPIKey("key"), gemini.WithModel("gemini-2.5-flash"))
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
	// POST /v1beta/models/gemini-2.5-flash:generateContent
	// Sunny in Paris.
	// 12 4
}
