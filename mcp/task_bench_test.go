package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// BenchmarkTaskCall is one Client.CallTool of a tool that returns at once,
// over streamable HTTP on 127.0.0.1, called plainly and as an MCP task
// (tools/call with a task, tasks/get, tasks/result): the overhead of a
// task per call.
func BenchmarkTaskCall(b *testing.B) {
	tool := toolgen.Tool{Name: "quick", Description: "returns at once", InputSchema: []byte(`{"type":"object"}`),
		Annotations: toolgen.Annotations{ReadOnly: true}, Task: toolgen.TaskOptional,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	for _, mode := range []struct {
		name      string
		stateless bool
		opts      []mcp.ClientOption
	}{
		{"stateful/plain", false, nil},
		{"stateful/task", false, []mcp.ClientOption{mcp.WithPreferTasks()}},
		{"stateless/plain", true, nil},
		{"stateless/task", true, []mcp.ClientOption{mcp.WithPreferTasks()}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			srv, err := mcp.NewServer("bench", "1.0.0", []toolgen.Tool{tool})
			if err != nil {
				b.Fatal(err)
			}
			url := serveBench(b, srv, mcp.HTTPOptions{Stateless: mode.stateless})
			c, err := mcp.Connect(b.Context(), mcp.URL(url, nil), mode.opts...)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			if _, err := c.Tools(b.Context()); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.CallTool(b.Context(), "quick", []byte(`{}`)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTaskForms is one task of a tool that returns at once, on a
// stateless server over streamable HTTP on 127.0.0.1, driven in raw
// JSON-RPC the shortest way each form allows: 2025-11-25's (tools/call
// with "task", then tasks/result, which waits for the result) and the
// 2026-07-28 extension's (tools/call, then tasks/get until the task is
// terminal, its result inline); and the same call without a task at
// 2026-07-28, for scale.
func BenchmarkTaskForms(b *testing.B) {
	tool := toolgen.Tool{Name: "quick", Description: "returns at once", InputSchema: []byte(`{"type":"object"}`),
		Annotations: toolgen.Annotations{ReadOnly: true}, Task: toolgen.TaskOptional,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	meta := func(extension bool) string {
		caps := `{}`
		if extension {
			caps = `{"extensions":{"` + mcp.TasksExtension + `":{}}}`
		}
		return `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":` + caps + `}`
	}
	forms := []struct {
		name string
		run  func(b *testing.B, post func(version, method, name, body string) map[string]json.RawMessage)
	}{
		{"2025-11-25/task", func(b *testing.B, post func(string, string, string, string) map[string]json.RawMessage) {
			r := post("2025-11-25", "tools/call", "quick", `{"name":"quick","arguments":{},"task":{}}`)
			var created struct{ Task struct{ TaskID string } }
			if err := json.Unmarshal(r["result"], &created); err != nil || created.Task.TaskID == "" {
				b.Fatalf("no task: %s", r["result"])
			}
			id := created.Task.TaskID
			if r := post("2025-11-25", "tasks/result", id, `{"taskId":"`+id+`"}`); r["result"] == nil {
				b.Fatalf("tasks/result: %s", r["error"])
			}
		}},
		{"2026-07-28/task", func(b *testing.B, post func(string, string, string, string) map[string]json.RawMessage) {
			r := post("2026-07-28", "tools/call", "quick", `{"name":"quick","arguments":{},`+meta(true)+`}`)
			var created struct{ TaskID string }
			if err := json.Unmarshal(r["result"], &created); err != nil || created.TaskID == "" {
				b.Fatalf("no task: %s %s", r["result"], r["error"])
			}
			for range 1000 {
				var got struct{ Status string }
				r := post("2026-07-28", "tasks/get", created.TaskID, `{"taskId":"`+created.TaskID+`",`+meta(true)+`}`)
				if err := json.Unmarshal(r["result"], &got); err != nil {
					b.Fatalf("tasks/get: %s", r["error"])
				}
				if got.Status == "completed" {
					return
				}
			}
			b.Fatal("the task did not complete in 1000 polls")
		}},
		{"2026-07-28/plain", func(b *testing.B, post func(string, string, string, string) map[string]json.RawMessage) {
			if r := post("2026-07-28", "tools/call", "quick", `{"name":"quick","arguments":{},`+meta(false)+`}`); r["result"] == nil {
				b.Fatalf("tools/call: %s", r["error"])
			}
		}},
	}
	for _, form := range forms {
		b.Run(form.name, func(b *testing.B) {
			srv, err := mcp.NewServer("bench", "1.0.0", []toolgen.Tool{tool})
			if err != nil {
				b.Fatal(err)
			}
			url := serveBench(b, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true})
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
			defer client.CloseIdleConnections()
			requests := 0
			post := func(version, method, name, params string) map[string]json.RawMessage {
				requests++
				req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"`+method+`","params":`+params+`}`))
				if err != nil {
					b.Fatal(err)
				}
				req.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"},
					"Mcp-Protocol-Version": {version}, "Mcp-Method": {method}, "Mcp-Name": {name}}
				resp, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				defer resp.Body.Close()
				var m map[string]json.RawMessage
				if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
					b.Fatalf("%s: %v", method, err)
				}
				return m
			}
			b.ReportAllocs()
			for b.Loop() {
				form.run(b, post)
			}
			b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
		})
	}
}
