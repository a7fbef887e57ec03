package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// progressTool reports seven times, as a tool may: a number that does not
// grow, a message alone, a number that is not finite, a new phase; with
// partial results of every JSON kind, one alone, one that is not JSON. It
// returns whether anybody received its reports.
func progressTool() toolgen.Tool {
	return toolgen.Tool{Name: "progress", Description: "reports progress", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			reporting := toolgen.ReportsProgress(ctx)
			for _, p := range []toolgen.Progress{
				{Message: "page 1", Progress: 1, Total: 3},
				{Message: "page 2", Progress: 2, Total: 3, Partial: json.RawMessage(`{"rows": [1, 2]}`)},
				{Message: "page 2 again", Progress: 2, Total: 3, Partial: json.RawMessage(`"text so far"`)},
				{Message: "no number", Partial: json.RawMessage(`{rows: 3}`)},
				{Progress: math.NaN(), Total: math.Inf(1), Partial: json.RawMessage(`[3, true, null]`)},
				{Partial: json.RawMessage(`4.5`)},
				{Message: "phase 2", Progress: 10, Total: 12},
			} {
				toolgen.ReportProgress(ctx, p)
			}
			return toolgen.TextResult(fmt.Sprintf("reporting: %v", reporting)), nil
		}}
}

// progressReports is how many notifications progressTool's reports make.
const progressReports = 7

// wantProgress is what the client receives of progressTool's reports:
// progress always grows (the last sent plus 1, without a total, where the
// tool's did not), and each partial result that is JSON is in _meta under
// mcp.PartialMetaKey.
func wantProgress(token any) []map[string]any {
	partial := func(v any) map[string]any { return map[string]any{mcp.PartialMetaKey: v} }
	return []map[string]any{
		{"progressToken": token, "progress": 1.0, "total": 3.0, "message": "page 1"},
		{"progressToken": token, "progress": 2.0, "total": 3.0, "message": "page 2", "_meta": partial(map[string]any{"rows": []any{1.0, 2.0}})},
		{"progressToken": token, "progress": 3.0, "message": "page 2 again", "_meta": partial("text so far")},
		{"progressToken": token, "progress": 4.0, "message": "no number"},
		{"progressToken": token, "progress": 5.0, "_meta": partial([]any{3.0, true, nil})},
		{"progressToken": token, "progress": 6.0, "_meta": partial(4.5)},
		{"progressToken": token, "progress": 10.0, "total": 12.0, "message": "phase 2"},
	}
}

// rawSession initializes a session on a stateful server over plain HTTP
// and returns the headers its requests carry.
func rawSession(t *testing.T, url string) map[string]string {
	t.Helper()
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
	init := doExchange(t, url, "POST", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, h)
	require.Equal(t, http.StatusOK, init.status)
	h["Mcp-Session-Id"] = init.header["Mcp-Session-Id"]
	h["Mcp-Protocol-Version"] = "2025-06-18"
	require.NotEmpty(t, h["Mcp-Session-Id"])
	require.Equal(t, http.StatusAccepted, doExchange(t, url, "POST", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, h).status)
	return h
}

// The notifications of a call are events of its response's stream, each
// before the response, and the stream ends with the response: on go-sdk's
// path (stateful, and stateless without the fast path) and on the fast
// path. Without a progress token the tool has no receiver and the stream
// holds the response alone.
func TestProgressNotificationsPrecedeTheResponse(t *testing.T) {
	noLeaks(t)
	const call = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"progressToken":"tok"},"name":"progress","arguments":{}}}`
	const plain = `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"progress","arguments":{}}}`
	stateless := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}
	for _, c := range []struct {
		name string
		opts mcp.HTTPOptions
		fast bool
	}{
		{"stateful", mcp.HTTPOptions{}, false},
		{"stateless fast path", mcp.HTTPOptions{Stateless: true}, true},
		{"stateless go-sdk", mcp.HTTPOptions{Stateless: true, DisableFastPath: true}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := newServer(t, progressTool())
			url := serveOn(t, srv, c.opts)
			h := stateless
			if !c.opts.Stateless {
				h = rawSession(t, url)
			}
			ex := doExchange(t, url, "POST", call, h)
			require.Equal(t, http.StatusOK, ex.status)
			events := ex.body.([]any)
			require.Len(t, events, progressReports+1, "the notifications, then the response: %v", events)
			for i, want := range wantProgress("tok") {
				msg := events[i].([]any)[1].(map[string]any)
				assert.Equal(t, "notifications/progress", msg["method"], "event %d", i)
				assert.Equal(t, want, msg["params"], "event %d", i)
			}
			last := events[progressReports].([]any)[1].(map[string]any)
			assert.Equal(t, 7.0, last["id"], "the stream ends with the response")
			assert.Contains(t, string(toJSON(t, last["result"])), "reporting: true")

			ex = doExchange(t, url, "POST", plain, h)
			events = ex.body.([]any)
			require.Len(t, events, 1, "no token, no notification: %v", events)
			assert.Contains(t, string(toJSON(t, events[0])), "reporting: false")
			if c.fast {
				assert.Equal(t, int64(2), mcp.FastServed(srv))
			} else {
				assert.Zero(t, mcp.FastServed(srv))
			}
		})
	}
}

// lateTool reports once, returns, and hands the test a report to make
// after its call was answered.
func lateTool(late chan<- func()) toolgen.Tool {
	return toolgen.Tool{Name: "late", Description: "reports late", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: "in time", Progress: 1})
			late <- func() { toolgen.ReportProgress(ctx, toolgen.Progress{Message: "too late", Progress: 2}) }
			return toolgen.TextResult("done"), nil
		}}
}

// go-sdk's client receives a call's notifications with its token, over
// every transport that carries them; a report made after the call was
// answered is not sent (go-sdk would send it, after the response, over
// stdio and in memory).
func TestProgressReachesGoSDKClient(t *testing.T) {
	for _, tr := range contractTransports {
		switch {
		case tr.http != nil && tr.http.JSONResponse && !tr.http.Stateless:
			// A stateful session with JSON responses gets them on its GET
			// stream; a client of revision 2026-07-28 has no session, and
			// none (TestProgressWithJSONResponses).
			if tr.version != "2025-11-25" {
				continue
			}
		case tr.version != "" || (tr.http != nil && tr.http.JSONResponse):
			continue // stateless with JSON responses: none
		}
		t.Run(tr.name, func(t *testing.T) {
			noLeaks(t)
			late := make(chan func(), 1)
			var mu sync.Mutex
			got := map[any][]map[string]any{}
			srv := newServer(t, progressTool(), lateTool(late))
			cs := connectOver(t, tr, srv, &sdkmcp.ClientOptions{
				ProgressNotificationHandler: func(_ context.Context, r *sdkmcp.ProgressNotificationClientRequest) {
					var m map[string]any
					_ = json.Unmarshal(toJSON(t, r.Params), &m)
					mu.Lock()
					defer mu.Unlock()
					got[r.Params.ProgressToken] = append(got[r.Params.ProgressToken], m)
				},
			}, nil)
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()

			params := &sdkmcp.CallToolParams{Name: "late", Arguments: map[string]any{}}
			params.SetProgressToken("L")
			_, err := cs.CallTool(ctx, params)
			require.NoError(t, err)
			(<-late)()
			// The next call's notifications come after any the late report
			// would have sent, on the same connection.
			params = &sdkmcp.CallToolParams{Name: "progress", Arguments: map[string]any{}}
			params.SetProgressToken("P")
			res, err := cs.CallTool(ctx, params)
			require.NoError(t, err)
			assert.Equal(t, "reporting: true", resultText(res))
			require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(got["P"]) == progressReports }, 10*time.Second, 5*time.Millisecond)
			mu.Lock()
			defer mu.Unlock()
			assert.Equal(t, wantProgress("P"), got["P"])
			assert.Equal(t, []map[string]any{{"progressToken": "L", "progress": 1.0, "message": "in time"}}, got["L"])
		})
	}
}

// With application/json responses the stream is the response alone, so
// go-sdk sends no notification related to a stateless request, and the
// fast path neither; the tool still sees a receiver (the client asked),
// and its reports go nowhere.
func TestProgressWithJSONResponses(t *testing.T) {
	noLeaks(t)
	const call = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"progressToken":"tok"},"name":"progress","arguments":{}}}`
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Mcp-Protocol-Version": "2025-06-18"}
	for _, disable := range []bool{false, true} {
		srv := newServer(t, progressTool())
		ex := doExchange(t, serveOn(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true, DisableFastPath: disable}), "POST", call, h)
		require.Equal(t, http.StatusOK, ex.status)
		assert.True(t, strings.Contains(string(toJSON(t, ex.body)), "reporting: true"), "%v", ex.body)
	}
}

// rowsTool sends its rows so far through a toolgen.Partial[[]string], as
// a generated tool with such a parameter does, with a message and
// progress each time.
func rowsTool() toolgen.Tool {
	return toolgen.Tool{Name: "rows", Description: "reads rows", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			rows := toolgen.NewPartial(ctx, func(v []string) ([]byte, error) { return json.Marshal(v) })
			var got []string
			for i, row := range []string{"ana", "bo", "cy"} {
				got = append(got, row)
				if err := rows.SendWith(toolgen.Progress{Message: "row " + row, Progress: float64(i + 1), Total: 3}, got); err != nil {
					return toolgen.Result{}, err
				}
			}
			return toolgen.TextResult(fmt.Sprint(got)), nil
		}}
}

// A toolgen.Partial's values reach go-sdk's client in order, each in the
// _meta of the notification of its own progress, over every transport
// that carries notifications (in memory, stdio, streamable HTTP stateful,
// stateless on the fast path and on go-sdk's), in every protocol version.
func TestPartialReachesGoSDKClient(t *testing.T) {
	for _, tr := range contractTransports {
		if tr.http != nil && tr.http.JSONResponse {
			continue // JSON responses carry no notification ordered with the response
		}
		t.Run(tr.name, func(t *testing.T) {
			noLeaks(t)
			var mu sync.Mutex
			var got []string
			srv := newServer(t, rowsTool())
			cs := connectOver(t, tr, srv, &sdkmcp.ClientOptions{
				ProgressNotificationHandler: func(_ context.Context, r *sdkmcp.ProgressNotificationClientRequest) {
					partial, _ := json.Marshal(r.Params.GetMeta()[mcp.PartialMetaKey])
					mu.Lock()
					defer mu.Unlock()
					got = append(got, fmt.Sprintf("%v/%v %s %s", r.Params.Progress, r.Params.Total, r.Params.Message, partial))
				},
			}, nil)
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			params := &sdkmcp.CallToolParams{Name: "rows", Arguments: map[string]any{}}
			params.SetProgressToken("R")
			res, err := cs.CallTool(ctx, params)
			require.NoError(t, err)
			assert.Equal(t, "[ana bo cy]", resultText(res))
			require.Eventually(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(got) == 3 }, 10*time.Second, 5*time.Millisecond)
			mu.Lock()
			defer mu.Unlock()
			assert.Equal(t, []string{`1/3 row ana ["ana"]`, `2/3 row bo ["ana","bo"]`, `3/3 row cy ["ana","bo","cy"]`}, got)
		})
	}
}
