package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// orderedSchema has keys out of alphabetical order, which decoding into a
// map would lose.
const orderedSchema = `{"type":"object","properties":{"zeta":{"type":"string","description":"last in the alphabet, first here"},"alpha":{"type":"number"}},"required":["zeta"],"additionalProperties":false}`

const orderedOutput = `{"type":"object","properties":{"total":{"type":"number"},"count":{"type":"integer"}}}`

func orderedServer() *sdk.Server {
	s := newServer(nil)
	s.AddTool(&sdk.Tool{Name: "ordered", InputSchema: json.RawMessage(orderedSchema), OutputSchema: json.RawMessage(orderedOutput)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{StructuredContent: map[string]any{"total": 1, "count": 1}}, nil
		})
	return s
}

// checkVerbatim checks that the client's tool has the server's bytes.
func checkVerbatim(t *testing.T, c *Client) {
	t.Helper()
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 1 {
		t.Fatalf("%d tools", len(tools))
	}
	if got := string(tools[0].InputSchema); got != orderedSchema {
		t.Errorf("input schema\n%s\nwant the server's bytes\n%s", got, orderedSchema)
	}
	if got := string(tools[0].OutputSchema); got != orderedOutput {
		t.Errorf("output schema\n%s\nwant\n%s", got, orderedOutput)
	}
}

func TestSchemaBytesVerbatimInMemory(t *testing.T) {
	noLeaks(t)
	checkVerbatim(t, serve(t, orderedServer()))
}

func TestURLSendsHeadersAndKeepsSchemaBytes(t *testing.T) {
	for _, jsonResponse := range []bool{false, true} {
		t.Run(map[bool]string{false: "sse", true: "json"}[jsonResponse], func(t *testing.T) {
			server := orderedServer()
			handler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{JSONResponse: jsonResponse})
			var mu sync.Mutex
			var auth []string
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				auth = append(auth, r.Header.Get("Authorization"))
				mu.Unlock()
				handler.ServeHTTP(w, r)
			}))
			defer ts.Close()
			tr := &http.Transport{}
			defer tr.CloseIdleConnections()
			c, err := Connect(context.Background(), URL(ts.URL, http.Header{"Authorization": {"Bearer t0ken"}}), WithHTTPTransport(tr))
			if err != nil {
				t.Fatal(err)
			}
			checkVerbatim(t, c)
			r, err := c.CallTool(context.Background(), "ordered", []byte(`{"zeta":"z"}`))
			if err != nil || r.IsError {
				t.Fatalf("call: %+v %v", r, err)
			}
			if err := c.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(auth) < 3 {
				t.Fatalf("%d requests", len(auth))
			}
			for i, a := range auth {
				if a != "Bearer t0ken" {
					t.Errorf("request %d: Authorization %q", i, a)
				}
			}
		})
	}
}

// oneByte reads one byte at a time, splitting lines and events anywhere.
type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) { return o.r.Read(p[:min(1, len(p))]) }

func TestSSEWatcherObservesEvents(t *testing.T) {
	stream := "id: 1\r\nretry: 500\r\ndata:\r\n\r\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\n" +
		"data: \"result\":{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\",\"b\":1,\"a\":2}}]}}\n\n"
	store := newSchemaStore()
	w := &sseWatcher{body: io.NopCloser(oneByte{strings.NewReader(stream)}), watch: &wireWatch{schemas: store, progress: &progressRoutes{}}}
	got, err := io.ReadAll(w)
	if err != nil || string(got) != stream {
		t.Fatalf("the stream changed: %q, %v", got, err)
	}
	in, _ := store.schemas("t")
	if string(in) != `{"type":"object","b":1,"a":2}` {
		t.Errorf("observed %s", in)
	}
}

// A progress notification with the token of a call waiting for it is
// delivered as its event ends, before the bytes after it are read; one
// with another token, or after the call returned, is not.
func TestSSEWatcherDeliversProgress(t *testing.T) {
	routes := &progressRoutes{}
	var got []toolgen.Progress
	token, remove := routes.add(toolgen.WithProgress(context.Background(), func(p toolgen.Progress) { got = append(got, p) }))
	note := func(token string, progress float64) string {
		return `data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"` + token + `","progress":` + fmt.Sprint(progress) + `,"total":4,"message":"m"}}` + "\n\n"
	}
	first := note(token, 1) + note("other", 2)
	stream := first + note(token, 3) + `data: {"jsonrpc":"2.0","id":1,"result":{}}` + "\n\n"
	w := &sseWatcher{body: io.NopCloser(oneByte{strings.NewReader(stream)}), watch: &wireWatch{schemas: newSchemaStore(), progress: routes}}
	head := make([]byte, len(first))
	if _, err := io.ReadFull(w, head); err != nil {
		t.Fatal(err)
	}
	if want := []toolgen.Progress{{Message: "m", Progress: 1, Total: 4}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after the first events: %+v, want %+v", got, want)
	}
	if _, err := io.ReadAll(w); err != nil {
		t.Fatal(err)
	}
	remove()
	routes.deliver([]byte(`{"progressToken":"` + token + `","progress":5}`))
	if len(got) != 2 || got[1].Progress != 3 {
		t.Errorf("delivered %+v, want progress 1 and 3", got)
	}
}

func TestJSONWatcherPassesBodyThrough(t *testing.T) {
	body := `{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t","inputSchema":{"type":"object","y":0,"x":1}}]}}`
	store := newSchemaStore()
	w := &jsonWatcher{body: io.NopCloser(oneByte{strings.NewReader(body)}), watch: &wireWatch{schemas: store, progress: &progressRoutes{}}}
	got, err := io.ReadAll(w)
	if err != nil || !bytes.Equal(got, []byte(body)) {
		t.Fatalf("the body changed: %q, %v", got, err)
	}
	if in, _ := store.schemas("t"); string(in) != `{"type":"object","y":0,"x":1}` {
		t.Errorf("observed %s", in)
	}
}
