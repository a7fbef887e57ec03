// Command demo asks Gemini about the weather, with examples/weather's
// tools, streaming the answer. With GEMINI_API_KEY (or GOOGLE_API_KEY)
// set it asks the Gemini API (GEMINI_MODEL names the model, -search and
// -code enable the API's own tools); otherwise it runs offline, against a
// server on 127.0.0.1 that answers as the Gemini API would: a call of
// get_weather, then the answer.
//
//	go run ./demo                      # offline
//	GEMINI_API_KEY=... go run ./demo -q "Weather in Oslo?"
//
// (from provider/gemini, which is a module of its own).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/provider/gemini"
)

func main() {
	question := flag.String("q", "What is the weather in Paris?", "the question")
	search := flag.Bool("search", false, "let the model search with Google Search")
	code := flag.Bool("code", false, "let the model run code")
	flag.Parse()
	if err := run(os.Stdout, os.Getenv, *question, *search, *code); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run asks the question of the model the environment configures, or of
// the offline server.
func run(out io.Writer, getenv func(string) string, question string, search, code bool) error {
	var opts []gemini.Option
	if name := getenv("GEMINI_MODEL"); name != "" {
		opts = append(opts, gemini.WithModel(name))
	}
	if search {
		opts = append(opts, gemini.WithGoogleSearch())
	}
	if code {
		opts = append(opts, gemini.WithCodeExecution())
	}
	key := getenv("GEMINI_API_KEY")
	if key == "" {
		key = getenv("GOOGLE_API_KEY")
	}
	if key == "" {
		srv := httptest.NewServer(offline())
		defer srv.Close()
		fmt.Fprintln(out, "(offline: set GEMINI_API_KEY for the Gemini API)")
		key = "offline"
		opts = append(opts, gemini.WithBaseURL(srv.URL))
	}
	model, err := gemini.New(append(opts, gemini.WithAPIKey(key))...)
	if err != nil {
		return err
	}
	ag, err := agent.New(model, agent.WithTools(weather.Tools()))
	if err != nil {
		return err
	}
	st, err := ag.RunStream(context.Background(), question, nil, func(e agent.Event) error {
		switch {
		case e.Kind == agent.EventModelPart && e.Part.Kind == agent.PartText:
			fmt.Fprint(out, e.Part.Text)
		case e.Kind == agent.EventToolFinished:
			fmt.Fprintf(out, "[%s %s -> %s]\n", e.Call.Name, e.Call.Args, e.Result.Text())
		case e.Kind == agent.EventProviderCall:
			fmt.Fprintf(out, "[the API ran %s %s]\n", e.ProviderCall.Name, e.ProviderCall.Args)
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\n(%d turns, %d+%d tokens)\n", st.Turns, st.Usage.InputTokens, st.Usage.OutputTokens)
	return nil
}

// offline answers streamGenerateContent as the Gemini API would: first a
// call of get_weather, then the answer, as server-sent events.
func offline() http.Handler {
	answers := []string{
		`{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"get_weather","args":{"city":"Paris"}}}]},"finishReason":"STOP","index":0}],` +
			`"usageMetadata":{"promptTokenCount":180,"candidatesTokenCount":6}}`,
		`{"candidates":[{"content":{"role":"model","parts":[{"text":"It is 17°C "}]},"index":0}]}` + "\r\n\r\ndata: " +
			`{"candidates":[{"content":{"role":"model","parts":[{"text":"and sunny in Paris."}]},"finishReason":"STOP","index":0}],` +
			`"usageMetadata":{"promptTokenCount":210,"candidatesTokenCount":11}}`,
	}
	var n atomic.Int32
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		i := int(n.Add(1)) - 1
		if !strings.HasSuffix(r.URL.Path, ":streamGenerateContent") || i >= len(answers) {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"code":400,"message":"the offline server answers two streamed requests","status":"INVALID_ARGUMENT"}}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: "+answers[i]+"\r\n\r\n")
	})
}
