package promptcache

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/bench/catalog/calendar"
	"github.com/toolgen-dev/toolgen/bench/catalog/chat"
	"github.com/toolgen-dev/toolgen/bench/catalog/cloud"
	"github.com/toolgen-dev/toolgen/bench/catalog/crm"
	"github.com/toolgen-dev/toolgen/bench/catalog/email"
	"github.com/toolgen-dev/toolgen/bench/catalog/files"
	"github.com/toolgen-dev/toolgen/bench/catalog/payments"
)

// The session: an agent with upFront tools sent up front and 200 deferred
// ones, over turns requests; every searchEvery turns from the second on
// the model searches, and calls the tool it searched for on the next turn.
const (
	upFront     = 12
	deferred    = 200
	turns       = 40
	searchEvery = 8
)

const system = "You are the office assistant of a small company. You work with the company's drive, calendar, " +
	"customer records, mail, chat and payments through tools. Before you act on a request, read what the tools " +
	"say about the current state; never guess an identifier. When a tool you need is not among yours, search " +
	"for it with search_tools, and call what the search finds. Answer briefly, with the figures the tools gave."

// sessionTools are the session's tools: upFront of the drive's sent up
// front, then deferred tools of six other domains (those every provider
// takes), deferred. Their
// calls answer a small record that names the tool and echoes the
// arguments, so that every result differs.
func sessionTools() []toolgen.Tool {
	var tools []toolgen.Tool
	for _, t := range files.Tools()[:upFront] {
		tools = append(tools, stub(t, false))
	}
	var rest []toolgen.Tool
	for _, set := range [][]toolgen.Tool{calendar.Tools(), crm.Tools(), email.Tools(), chat.Tools(), payments.Tools(), cloud.Tools()} {
		for _, t := range set {
			// Gemini takes neither a tool without a Gemini form (a
			// map) nor, through its SDK's Schema, one without
			// parameters (an empty "properties" is dropped).
			if t.GeminiSchema != nil && !strings.Contains(string(t.InputSchema), `"properties":{}`) {
				rest = append(rest, t)
			}
		}
	}
	if len(rest) < deferred {
		panic(fmt.Sprintf("the catalog's domains have %d tools with parameters, fewer than %d", len(rest), deferred))
	}
	for _, t := range rest[:deferred] {
		tools = append(tools, stub(t, true))
	}
	return tools
}

func stub(t toolgen.Tool, deferred bool) toolgen.Tool {
	t.Deferred = deferred
	name := t.Name
	t.Call = func(_ context.Context, args []byte) (toolgen.Result, error) {
		var items []string
		for i := range 4 {
			items = append(items, fmt.Sprintf(`{"id":"%s_%d","status":"active","owner":"ops@example.com","updated_at":"2026-03-0%dT10:00:00Z"}`, name, i+1, i+1))
		}
		return toolgen.TextResult(fmt.Sprintf(`{"tool":%q,"request":%s,"items":[%s]}`, name, args, strings.Join(items, ","))), nil
	}
	return t
}

// script is what the model answers, turn by turn: a search on each
// search turn (for one of the deferred tools, in the words of its query
// in the catalog's queries.json), the call of the tool searched for on the
// next turn, the call of a tool sent up front or loaded before on the
// others, and the answer on the last. With a native search, a search is
// the API's own (its result naming the tools search_tools would have
// found), and the model calls the tool it searched for in the same answer.
func script(t *testing.T, tools []toolgen.Tool, native nativeSearch) []agent.Message {
	queries := catalogQueries(t)
	box, err := toolgen.NewToolbox(tools)
	if err != nil {
		t.Fatal(err)
	}
	var loaded, sent []toolgen.ToolName
	for _, tool := range tools[:upFront] {
		sent = append(sent, tool.Name)
	}
	var answers []agent.Message
	call := func(turn int, name toolgen.ToolName, args string) agent.Message {
		id := fmt.Sprintf("call_%d", turn)
		return agent.Message{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: id, Name: name, Args: json.RawMessage(args)}}}
	}
	for turn := range turns - 1 {
		args := fmt.Sprintf(`{"turn":%d}`, turn)
		target := tools[upFront+(turn/searchEvery*37)%deferred]
		switch {
		case turn%searchEvery == 1 && native != nil:
			answer := call(turn, target.Name, args)
			answer.ProviderCalls = native(turn, box, queryFor(queries, target))
			answers = append(answers, answer)
		case turn%searchEvery == 1:
			q, _ := json.Marshal(map[string]string{"query": queryFor(queries, target)})
			answers = append(answers, call(turn, agent.ToolSearchTools, string(q)))
		case turn%searchEvery == 2:
			loaded = append(loaded, target.Name)
			answers = append(answers, call(turn, target.Name, args))
		case turn%2 == 1 && len(loaded) > 0:
			answers = append(answers, call(turn, loaded[turn%len(loaded)], args))
		default:
			answers = append(answers, call(turn, sent[turn%len(sent)], args))
		}
	}
	return append(answers, agent.Message{Role: agent.RoleAssistant, Text: "Done: the drive, the calendar and the payments are in order."})
}

// queryFor is the catalog's query for a tool, or its description.
func queryFor(queries map[toolgen.ToolName]string, tool toolgen.Tool) string {
	if q := queries[tool.Name]; q != "" {
		return q
	}
	return tool.Description
}

// A nativeSearch is the provider calls of an API's own tool search of
// query on a turn, finding the deferred tools among the best five of the
// tools' index, as search_tools would have found them.
type nativeSearch func(turn int, box *toolgen.Toolbox, query string) []agent.ProviderCall

// deferredHits are the deferred tools among the best five for query.
func deferredHits(box *toolgen.Toolbox, query string) []toolgen.Tool {
	var out []toolgen.Tool
	for _, hit := range box.Search(query, 5) {
		if hit.Tool.Deferred {
			out = append(out, hit.Tool)
		}
	}
	return out
}

// anthropicSearch is Anthropic's: a server_tool_use block and its result
// block, whose tool_reference blocks name the tools found.
func anthropicSearch(turn int, box *toolgen.Toolbox, query string) []agent.ProviderCall {
	id := fmt.Sprintf("srvtoolu_%d", turn)
	var refs []map[string]string
	for _, tool := range deferredHits(box, query) {
		refs = append(refs, map[string]string{"type": "tool_reference", "tool_name": string(tool.Name)})
	}
	args, _ := json.Marshal(map[string]string{"query": query})
	result, _ := json.Marshal(map[string]any{"type": "tool_search_tool_result", "tool_use_id": id,
		"content": map[string]any{"type": "tool_search_tool_search_result", "tool_references": refs}})
	return []agent.ProviderCall{{Provider: "anthropic", ID: id, Name: "tool_search_tool_bm25", Args: args, Result: result}}
}

// openAISearch is OpenAI's: a tool_search_call item and its
// tool_search_output item, which holds the functions found, each in its
// namespace, whole.
func openAISearch(turn int, box *toolgen.Toolbox, query string) []agent.ProviderCall {
	callID := fmt.Sprintf("call_ts%d", turn)
	var loaded []map[string]any
	for _, tool := range deferredHits(box, query) {
		fn := map[string]any{"type": "function", "name": tool.Name, "description": tool.Description,
			"parameters": json.RawMessage(tool.InputSchema), "strict": false, "defer_loading": true}
		loaded = append(loaded, map[string]any{"type": "namespace", "name": tool.Namespace, "description": "Tools of " + tool.Namespace + ".", "tools": []any{fn}})
	}
	args, _ := json.Marshal(map[string]any{"paths": []string{query}})
	item := func(typ, id string, member string, value any) json.RawMessage {
		raw, _ := json.Marshal(map[string]any{"type": typ, "id": id, "call_id": callID, "execution": "server", "status": "completed", member: value})
		return raw
	}
	return []agent.ProviderCall{
		{Provider: "openai", ID: fmt.Sprintf("tsc_%d", turn), Name: "tool_search", Args: args, Result: item("tool_search_call", fmt.Sprintf("tsc_%d", turn), "arguments", json.RawMessage(args))},
		{Provider: "openai", ID: fmt.Sprintf("tso_%d", turn), Name: "tool_search", Result: item("tool_search_output", fmt.Sprintf("tso_%d", turn), "tools", loaded)},
	}
}

// catalogQueries are the catalog's queries by the tool they are for, the
// first of each.
func catalogQueries(t *testing.T) map[toolgen.ToolName]string {
	raw, err := os.ReadFile("../catalog/queries.json")
	if err != nil {
		t.Fatal(err)
	}
	var qs []struct {
		Query string           `json:"query"`
		Tool  toolgen.ToolName `json:"tool"`
	}
	if err := json.Unmarshal(raw, &qs); err != nil {
		t.Fatal(err)
	}
	out := map[toolgen.ToolName]string{}
	for _, q := range slices.Backward(qs) {
		out[q.Tool] = q.Query
	}
	return out
}
