// Command research is a research agent: it searches the web (web_search,
// package search) and reads a folder of notes (the read-only file tools of
// package builtin), then answers citing its sources.
//
// By default it runs offline: the model is scripted (agent/agenttest)
// and the search engine is a fake Tavily, an httptest server on 127.0.0.1
// inside the program that speaks Tavily's wire format:
//
//	go run ./examples/research
//
// With -live it searches for real, through Tavily (TAVILY_API_KEY) or,
// with -searxng, a SearXNG instance (no key). The model is a real one when
// the environment configures one (OPENAI_API_KEY, OPENAI_BASE_URL or
// ANTHROPIC_API_KEY; see examples/internal/pick), else the scripted one:
//
//	TAVILY_API_KEY=tvly-... go run ./examples/research -live -q "Go 1.26 release notes"
//	go run ./examples/research -live -searxng http://127.0.0.1:8888 -q "Go 1.26 release notes"
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/search"
)

func main() {
	live := flag.Bool("live", false, "search for real: Tavily with TAVILY_API_KEY, or SearXNG with -searxng")
	searxng := flag.String("searxng", "", "with -live: the base URL of a SearXNG instance (its settings.yml must allow the json format)")
	question := flag.String("q", "What is the Model Context Protocol?", "the question to research")
	flag.Parse()

	client, stop, err := newClient(*live, *searxng)
	if err != nil {
		log.Fatal(err)
	}
	defer stop()
	dir, err := os.MkdirTemp("", "research")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	model, name, err := pick.Model(scriptedModel(*question))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("model:", name)
	if _, err := run(ctx, os.Stdout, dir, client, model, *question); err != nil {
		log.Fatal(err)
	}
}

// newClient is the search client of the run and how to release it: the
// fake Tavily offline, else Tavily or SearXNG.
func newClient(live bool, searxng string) (*search.Client, func(), error) {
	var c *search.Client
	var err error
	switch {
	case live && searxng != "":
		c, err = search.NewSearXNG(searxng, search.WithMaxResults(5))
	case live:
		c, err = search.NewTavily(search.WithMaxResults(5)) // TAVILY_API_KEY
	default:
		srv := httptest.NewServer(fakeTavily(fakeKey))
		c, err = search.NewTavily(search.WithAPIKey(fakeKey), search.WithBaseURL(srv.URL))
		if err != nil {
			srv.Close()
			return nil, nil, err
		}
		return c, func() { c.Close(); srv.Close() }, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return c, c.Close, nil
}

// notes is the folder the agent may read.
var notes = map[string]string{
	"notes.md": "# Notes\n\n- MCP came up in the tools meeting: we serve our tools over it (toolgen/mcp).\n- Open question: which clients support structured content?\n",
}

// run researches question with model, the search client c and the notes
// written into dir, printing each call and the answer.
func run(ctx context.Context, w io.Writer, dir string, c *search.Client, model agent.Model, question string) (*agent.State, error) {
	for name, text := range notes {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return nil, err
		}
	}
	files, err := builtin.FileTools(dir, builtin.ReadOnly())
	if err != nil {
		return nil, err
	}
	ag, err := agent.New(model,
		agent.WithTools(c.Tools(), files),
		agent.WithSystem("You are a careful researcher. Search the web, read the user's notes, and cite your sources."),
		agent.WithObserver(func(e agent.Event) {
			if e.Kind == agent.EventCallAllowed {
				fmt.Fprintf(w, "call %s %s\n", e.Call.Name, e.Call.Args)
			}
		}),
	)
	if err != nil {
		return nil, err
	}
	state, err := ag.Run(ctx, question, nil)
	if err != nil {
		return state, err
	}
	fmt.Fprintf(w, "answer:\n%s\n", state.Output())
	return state, nil
}

// scriptedModel stands in for a model: it searches and reads the notes in
// one turn, then writes an answer from what the tools returned (so it also
// works with live search results).
func scriptedModel(question string) *agenttest.Model {
	query, _ := json.Marshal(map[string]string{"query": question})
	return agenttest.NewModel(
		agenttest.Calls(
			agenttest.Call("c1", search.ToolWebSearch, string(query)),
			agenttest.Call("c2", builtin.ToolReadFile, `{"path":"notes.md"}`),
		),
		agenttest.Respond(func(req agent.Request) agent.Response {
			return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: answer(req)}}
		}),
	)
}

// answer cites the search results and the notes found in the last message.
func answer(req agent.Request) string {
	var b strings.Builder
	last := req.Messages[len(req.Messages)-1]
	for _, r := range last.Results {
		switch {
		case r.Result.IsError:
			fmt.Fprintf(&b, "%s failed: %s\n", r.Name, r.Result.Text())
		case r.Name == search.ToolWebSearch:
			var found search.Answer
			if err := json.Unmarshal(r.Result.Structured, &found); err != nil {
				fmt.Fprintf(&b, "unreadable search results: %v\n", err)
				continue
			}
			fmt.Fprintf(&b, "From the web (%d sources):\n", len(found.Results))
			for i, res := range found.Results {
				fmt.Fprintf(&b, "  [%d] %s <%s>\n", i+1, res.Title, res.URL)
			}
		case r.Name == builtin.ToolReadFile:
			fmt.Fprintf(&b, "From your notes: %d lines read.\n", strings.Count(r.Result.Text(), "\n")+1)
		}
	}
	return strings.TrimSpace(b.String())
}

// fakeKey is the offline run's API key.
const fakeKey = "tvly-offline"

// tavilyError answers with status and Tavily's form of an error.
func tavilyError(w http.ResponseWriter, status int, msg string) {
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"detail":{"error":%q}}`, msg)
}

// fakeTavily answers POST /search as Tavily does (written from Tavily's API
// documentation), with canned pages about the query.
func fakeTavily(key string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/search" {
			http.NotFound(w, r)
			return
		}
		if r.Header.Get("Authorization") != "Bearer "+key {
			tavilyError(w, http.StatusUnauthorized, "Unauthorized: missing or invalid API key.")
			return
		}
		var req struct {
			Query      string `json:"query"`
			MaxResults int    `json:"max_results"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Query == "" {
			tavilyError(w, http.StatusBadRequest, "Invalid request body.")
			return
		}
		type result struct {
			Title      string  `json:"title"`
			URL        string  `json:"url"`
			Content    string  `json:"content"`
			Score      float64 `json:"score"`
			RawContent *string `json:"raw_content"`
		}
		results := []result{
			{"What is the Model Context Protocol (MCP)?", "https://modelcontextprotocol.io/docs/getting-started/intro", "MCP is an open protocol that standardizes how applications provide context and tools to LLMs.", 0.92, nil},
			{"Specification - Model Context Protocol", "https://modelcontextprotocol.io/specification", "The specification defines the authoritative protocol requirements, based on a TypeScript schema.", 0.85, nil},
			{"Introducing the Model Context Protocol", "https://www.anthropic.com/news/model-context-protocol", "An open standard for connecting AI assistants to the systems where data lives.", 0.77, nil},
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{
			"query": req.Query, "follow_up_questions": nil, "answer": nil, "images": []any{},
			"results": results[:min(len(results), max(req.MaxResults, 1))], "response_time": 0.42,
			"request_id": "00000000-0000-0000-0000-000000000000",
		})
	})
}
