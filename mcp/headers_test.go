package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// Every way a declaration can break MCP's rules makes the schema invalid;
// valid ones are read with their paths, in the order of their names.
func TestParamHeadersDeclarations(t *testing.T) {
	prop := func(decl string) string {
		return `{"type":"object","properties":{"p":` + decl + `}}`
	}
	invalid := map[string]string{
		"empty":                   prop(`{"type":"string","x-mcp-header":""}`),
		"space":                   prop(`{"type":"string","x-mcp-header":"My Region"}`),
		"colon":                   prop(`{"type":"string","x-mcp-header":"Region:Primary"}`),
		"non-ASCII":               prop(`{"type":"string","x-mcp-header":"Région"}`),
		"tab":                     prop(`{"type":"string","x-mcp-header":"Region\t1"}`),
		"CR LF":                   prop(`{"type":"string","x-mcp-header":"A\r\nB"}`),
		"not a string":            prop(`{"type":"string","x-mcp-header":7}`),
		"number":                  prop(`{"type":"number","x-mcp-header":"Score"}`),
		"object":                  prop(`{"type":"object","x-mcp-header":"Data"}`),
		"array":                   prop(`{"type":"array","items":{"type":"string"},"x-mcp-header":"Items"}`),
		"null":                    prop(`{"type":"null","x-mcp-header":"Nil"}`),
		"nullable":                prop(`{"type":["string","null"],"x-mcp-header":"Region"}`),
		"no type":                 prop(`{"enum":["a"],"x-mcp-header":"Region"}`),
		"same case twice":         `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"Region"},"b":{"type":"string","x-mcp-header":"Region"}}}`,
		"other case twice":        `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"MyField"},"b":{"type":"string","x-mcp-header":"myfield"}}}`,
		"nested twice":            `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"R"},"o":{"type":"object","properties":{"b":{"type":"boolean","x-mcp-header":"r"}}}}}`,
		"at the root":             `{"type":"string","x-mcp-header":"Root"}`,
		"in items":                prop(`{"type":"array","items":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"R"}}}}`),
		"in anyOf":                prop(`{"anyOf":[{"type":"string","x-mcp-header":"R"}]}`),
		"in oneOf":                prop(`{"oneOf":[{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"R"}}}]}`),
		"in $defs":                `{"type":"object","$defs":{"d":{"type":"string","x-mcp-header":"R"}},"properties":{"p":{"$ref":"#/$defs/d"}}}`,
		"in additionalProperties": prop(`{"type":"object","additionalProperties":{"type":"string","x-mcp-header":"R"}}`),
		"in if":                   prop(`{"type":"string","if":{"x-mcp-header":"R","type":"string"}}`),
		"not JSON":                `{"type":`,
	}
	for name, schema := range invalid {
		_, err := mcp.ParamHeaders([]byte(schema))
		assert.ErrorIs(t, err, mcp.ErrInvalidParamHeader, name)
	}

	decls, err := mcp.ParamHeaders([]byte(`{"type":"object","properties":{
		"region":{"type":"string","x-mcp-header":"Region"},
		"count":{"type":"integer","x-mcp-header":"Count"},
		"flag":{"type":"boolean","x-mcp-header":"Method"},
		"plain":{"type":"string","default":{"x-mcp-header":"data, not a declaration"},"enum":[{"x-mcp-header":1}]},
		"target":{"type":"object","properties":{"zone":{"type":"string","x-mcp-header":"!#$%&'*+-.^_` + "`" + `|~09az"}}}}}`))
	require.NoError(t, err)
	assert.Equal(t, []mcp.ParamHeader{
		{Name: "Count", Path: []string{"count"}, Type: "integer"},
		{Name: "Method", Path: []string{"flag"}, Type: "boolean"},
		{Name: "Region", Path: []string{"region"}, Type: "string"},
		{Name: "!#$%&'*+-.^_`|~09az", Path: []string{"target", "zone"}, Type: "string"},
	}, decls)
	assert.Equal(t, "Mcp-Param-Region", decls[2].Header())

	none, err := mcp.ParamHeaders([]byte(`{"type":"object"}`))
	require.NoError(t, err)
	assert.Empty(t, none)
}

// headerSchema declares one header of each type, one nested.
const headerSchema = `{"type":"object","properties":{
	"text":{"type":"string","x-mcp-header":"Text"},
	"count":{"type":"integer","x-mcp-header":"Count"},
	"flag":{"type":"boolean","x-mcp-header":"Flag"},
	"query":{"type":"string"},
	"target":{"type":"object","properties":{"zone":{"type":"string","x-mcp-header":"Zone"}}}}}`

// The values of MCP's encoding table, and the rest of the class: numbers
// in any JSON form, very long values, values that look like the Base64
// form, absent and null arguments.
func TestCallParamHeadersEncoding(t *testing.T) {
	long := strings.Repeat("a", 64<<10)
	cases := []struct {
		name, args string
		want       map[string]string // by header; absent: not sent
	}{
		{"plain ASCII", `{"text":"us-west1"}`, map[string]string{"Text": "us-west1"}},
		{"internal spaces", `{"text":"us west 1"}`, map[string]string{"Text": "us west 1"}},
		{"leading space", `{"text":" us-west1"}`, map[string]string{"Text": "=?base64?IHVzLXdlc3Qx?="}},
		{"trailing space", `{"text":"us-west1 "}`, map[string]string{"Text": "=?base64?dXMtd2VzdDEg?="}},
		{"both spaces", `{"text":" us-west1 "}`, map[string]string{"Text": "=?base64?IHVzLXdlc3QxIA==?="}},
		{"leading tab", `{"text":"\tindented"}`, map[string]string{"Text": "=?base64?CWluZGVudGVk?="}},
		{"newline", `{"text":"line1\nline2"}`, map[string]string{"Text": "=?base64?bGluZTEKbGluZTI=?="}},
		{"CR LF", `{"text":"line1\r\nline2"}`, map[string]string{"Text": "=?base64?bGluZTENCmxpbmUy?="}},
		{"DEL", `{"text":"a\u007fb"}`, map[string]string{"Text": "=?base64?YX9i?="}},
		{"non-ASCII", `{"text":"日本語"}`, map[string]string{"Text": "=?base64?5pel5pys6Kqe?="}},
		{"mixed", `{"text":"Hello, 世界"}`, map[string]string{"Text": "=?base64?SGVsbG8sIOS4lueVjA==?="}},
		{"looks like Base64", `{"text":"=?base64?literal?="}`, map[string]string{"Text": "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="}},
		{"markers overlap", `{"text":"=?base64?="}`, map[string]string{"Text": "=?base64?="}},
		{"upper-case markers", `{"text":"=?BASE64?SGk=?="}`, map[string]string{"Text": "=?BASE64?SGk=?="}},
		{"empty", `{"text":""}`, map[string]string{"Text": ""}},
		{"escapes", `{"text":"a\"b\u00e9"}`, map[string]string{"Text": "=?base64?YSJiw6k=?="}},
		{"escaped quote only", `{"text":"a\"b"}`, map[string]string{"Text": "a\"b"}},
		{"escaped key", `{"te\u0078t":"v"}`, map[string]string{"Text": "v"}},
		{"white space around", ` { "text" : "v" , "count" : 1 } `, map[string]string{"Text": "v", "Count": "1"}},
		{"very long", `{"text":"` + long + `"}`, map[string]string{"Text": long}},
		{"integer", `{"count":42}`, map[string]string{"Count": "42"}},
		{"negative", `{"count":-7}`, map[string]string{"Count": "-7"}},
		{"integer as 42.0", `{"count":42.0}`, map[string]string{"Count": "42"}},
		{"integer as 4.2e1", `{"count":4.2e1}`, map[string]string{"Count": "42"}},
		{"largest safe", `{"count":9007199254740991}`, map[string]string{"Count": "9007199254740991"}},
		{"true", `{"flag":true}`, map[string]string{"Flag": "true"}},
		{"false", `{"flag":false}`, map[string]string{"Flag": "false"}},
		{"nested", `{"target":{"zone":"b"}}`, map[string]string{"Zone": "b"}},
		{"null", `{"text":null,"target":null}`, map[string]string{}},
		{"absent", `{"query":"SELECT 1"}`, map[string]string{}},
		{"all", `{"text":"a","count":1,"flag":true,"query":"q","target":{"zone":"z"}}`, map[string]string{"Text": "a", "Count": "1", "Flag": "true", "Zone": "z"}},
	}
	for _, c := range cases {
		h, err := mcp.CallParamHeaders([]byte(headerSchema), []byte(c.args))
		require.NoError(t, err, c.name)
		got := map[string]string{}
		for k, vs := range h {
			require.Len(t, vs, 1, c.name)
			got[strings.TrimPrefix(k, mcp.ParamHeaderPrefix)] = vs[0]
		}
		assert.Equal(t, c.want, got, c.name)
	}

	// Values no header can carry are errors; the other headers are given.
	for name, args := range map[string]string{
		"fraction":        `{"count":3.5,"text":"a"}`,
		"beyond safe":     `{"count":9007199254740992,"text":"a"}`,
		"object":          `{"flag":{},"text":"a"}`,
		"array":           `{"target":{"zone":[1]},"text":"a"}`,
		"exponent beyond": `{"count":1e300,"text":"a"}`,
	} {
		h, err := mcp.CallParamHeaders([]byte(headerSchema), []byte(args))
		assert.ErrorIs(t, err, mcp.ErrInvalidParamHeader, name)
		assert.Equal(t, "a", h.Get("Mcp-Param-Text"), name)
	}

	h, err := mcp.CallParamHeaders([]byte(`{"type":"object"}`), []byte(`{"text":"a"}`))
	assert.NoError(t, err)
	assert.Empty(t, h)
	_, err = mcp.CallParamHeaders([]byte(`{"type":"object","properties":{"a":{"type":"number","x-mcp-header":"A"}}}`), []byte(`{"a":1}`))
	assert.ErrorIs(t, err, mcp.ErrInvalidParamHeader)
}

// headerTools are a tool with declarations, one without, and one whose
// arguments are mirrored under the same header name as the first's.
func headerTools() []toolgen.Tool {
	echo := func(_ context.Context, args []byte) (toolgen.Result, error) {
		return toolgen.TextResult(string(args)), nil
	}
	return []toolgen.Tool{
		{Name: "headed", Description: "has headers", InputSchema: []byte(headerSchema), Call: echo},
		{Name: "plain", Description: "has none", InputSchema: []byte(`{"type":"object","properties":{"text":{"type":"string"}}}`), Call: echo},
		{Name: "other", Description: "has Text too", InputSchema: []byte(`{"type":"object","properties":{"t":{"type":"string","x-mcp-header":"Text"}}}`), Call: echo},
	}
}

// postCall sends a tools/call at version with raw header lines (so that
// values are sent exactly, empty ones and repeated ones too) and returns
// the status and the JSON-RPC error code (0 for none).
func postCall(t *testing.T, url, version, tool, args string, header [][2]string) (int, int) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args +
		`,"_meta":{"io.modelcontextprotocol/protocolVersion":"` + version + `","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
	if version != "2026-07-28" {
		body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
	}
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", version)
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", tool)
	for _, kv := range header {
		req.Header[kv[0]] = append(req.Header[kv[0]], kv[1]) // as written: not canonicalized
	}
	resp, err := exchangeClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	text := string(b)
	if i := strings.Index(text, "data: "); i >= 0 {
		text = strings.TrimSpace(text[i+len("data: "):])
	}
	var msg struct {
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
		Result *struct {
			IsError bool `json:"isError"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal([]byte(text), &msg), "%s", b)
	if msg.Error != nil {
		if msg.Error.Code == mcp.CodeHeaderMismatch {
			assert.True(t, strings.HasPrefix(msg.Error.Message, "Header mismatch: "), msg.Error.Message)
		}
		return resp.StatusCode, msg.Error.Code
	}
	require.NotNil(t, msg.Result, "%s", b)
	return resp.StatusCode, 0
}

// The server takes a call whose Mcp-Param-* headers say what its body
// says, and refuses, with 400 and HeaderMismatch, every other: on the
// fast path and through go-sdk alike. Before 2026-07-28 the headers are
// not looked at.
func TestServerChecksParamHeaders(t *testing.T) {
	accepted := []struct {
		name, tool, args string
		header           [][2]string
	}{
		{"plain", "headed", `{"text":"us-west1"}`, [][2]string{{"Mcp-Param-Text", "us-west1"}}},
		{"header name in lower case", "headed", `{"text":"a"}`, [][2]string{{"mcp-param-text", "a"}}},
		{"header name in upper case", "headed", `{"text":"a"}`, [][2]string{{"MCP-PARAM-TEXT", "a"}}},
		{"Base64", "headed", `{"text":"Hello"}`, [][2]string{{"Mcp-Param-Text", "=?base64?SGVsbG8=?="}}},
		{"Base64 of non-ASCII", "headed", `{"text":"日本語"}`, [][2]string{{"Mcp-Param-Text", "=?base64?5pel5pys6Kqe?="}}},
		{"Base64 of spaces", "headed", `{"text":" padded "}`, [][2]string{{"Mcp-Param-Text", "=?base64?IHBhZGRlZCA=?="}}},
		{"no prefix: literal", "headed", `{"text":"SGVsbG8="}`, [][2]string{{"Mcp-Param-Text", "SGVsbG8="}}},
		{"no suffix: literal", "headed", `{"text":"=?base64?SGVsbG8="}`, [][2]string{{"Mcp-Param-Text", "=?base64?SGVsbG8="}}},
		{"upper-case markers: literal", "headed", `{"text":"=?BASE64?SGVsbG8=?="}`, [][2]string{{"Mcp-Param-Text", "=?BASE64?SGVsbG8=?="}}},
		{"empty string", "headed", `{"text":""}`, [][2]string{{"Mcp-Param-Text", ""}}},
		{"outer white space trimmed", "headed", `{"text":"a b"}`, [][2]string{{"Mcp-Param-Text", "  a b  "}}},
		{"very long", "headed", `{"text":"` + strings.Repeat("x", 16<<10) + `"}`, [][2]string{{"Mcp-Param-Text", strings.Repeat("x", 16<<10)}}},
		{"integer", "headed", `{"count":42}`, [][2]string{{"Mcp-Param-Count", "42"}}},
		{"integer as 42.0", "headed", `{"count":42}`, [][2]string{{"Mcp-Param-Count", "42.0"}}},
		{"body integer as 42.0", "headed", `{"count":42.0}`, [][2]string{{"Mcp-Param-Count", "42"}}},
		{"boolean", "headed", `{"flag":false}`, [][2]string{{"Mcp-Param-Flag", "false"}}},
		{"nested", "headed", `{"target":{"zone":"z"}}`, [][2]string{{"Mcp-Param-Zone", "z"}}},
		{"escaped key and value", "headed", `{"te\u0078t":"a\"b"}`, [][2]string{{"Mcp-Param-Text", `a"b`}}},
		{"all", "headed", `{"text":"a","count":-7,"flag":true,"target":{"zone":"z"}}`, [][2]string{{"Mcp-Param-Text", "a"}, {"Mcp-Param-Count", "-7"}, {"Mcp-Param-Flag", "true"}, {"Mcp-Param-Zone", "z"}}},
		{"null argument, no header", "headed", `{"text":null}`, nil},
		{"absent argument, no header", "headed", `{"query":"q"}`, nil},
		{"undeclared header ignored", "headed", `{}`, [][2]string{{"Mcp-Param-Query", "q"}}},
		{"tool without declarations", "plain", `{"text":"a"}`, [][2]string{{"Mcp-Param-Text", "b"}}},
		{"another tool's header", "other", `{"t":"a"}`, [][2]string{{"Mcp-Param-Text", "a"}, {"Mcp-Param-Zone", "z"}}},
	}
	refused := []struct {
		name, tool, args string
		header           [][2]string
	}{
		{"missing", "headed", `{"text":"us-west1"}`, nil},
		{"missing nested", "headed", `{"target":{"zone":"z"}}`, nil},
		{"missing for an empty string", "headed", `{"text":""}`, nil},
		{"mismatch", "headed", `{"text":"us-west1"}`, [][2]string{{"Mcp-Param-Text", "eu-west1"}}},
		{"values are case-sensitive", "headed", `{"text":"abc"}`, [][2]string{{"Mcp-Param-Text", "ABC"}}},
		{"boolean in upper case", "headed", `{"flag":true}`, [][2]string{{"Mcp-Param-Flag", "TRUE"}}},
		{"integer mismatch", "headed", `{"count":42}`, [][2]string{{"Mcp-Param-Count", "43"}}},
		{"integer not a number", "headed", `{"count":42}`, [][2]string{{"Mcp-Param-Count", "forty-two"}}},
		{"string compared as text", "headed", `{"text":"42"}`, [][2]string{{"Mcp-Param-Text", "42.0"}}},
		{"header without argument", "headed", `{}`, [][2]string{{"Mcp-Param-Text", "a"}}},
		{"header for null", "headed", `{"text":null}`, [][2]string{{"Mcp-Param-Text", "null"}}},
		{"given twice", "headed", `{"text":"a"}`, [][2]string{{"Mcp-Param-Text", "a"}, {"Mcp-Param-Text", "a"}}},
		{"bad padding", "headed", `{"text":"Hello"}`, [][2]string{{"Mcp-Param-Text", "=?base64?SGVsbG8?="}}},
		{"bad characters", "headed", `{"text":"Hello"}`, [][2]string{{"Mcp-Param-Text", "=?base64?SGVs!!!bG8=?="}}},
		{"raw non-ASCII", "headed", `{"text":"é"}`, [][2]string{{"Mcp-Param-Text", "é"}}},
		{"Base64 of something else", "headed", `{"text":"Hello"}`, [][2]string{{"Mcp-Param-Text", "=?base64?SGk=?="}}},
		{"unsafe integer", "headed", `{"count":9007199254740993}`, [][2]string{{"Mcp-Param-Count", "9007199254740993"}}},
		{"fraction", "headed", `{"count":1.5}`, [][2]string{{"Mcp-Param-Count", "1.5"}}},
		{"object argument", "headed", `{"text":{}}`, nil},
		{"other tool's own header missing", "other", `{"t":"a"}`, nil},
	}
	for _, disable := range []bool{false, true} {
		srv := newServer(t, headerTools()...)
		url := "http://" + serve(t, srv, mcp.HTTPOptions{Stateless: true, DisableFastPath: disable}) + mcp.Path
		for _, c := range accepted {
			before := mcp.FastServed(srv)
			status, code := postCall(t, url, "2026-07-28", c.tool, c.args, c.header)
			assert.Equal(t, http.StatusOK, status, "%s (fast path disabled: %v)", c.name, disable)
			assert.Zero(t, code, "%s (fast path disabled: %v)", c.name, disable)
			assert.Equal(t, !disable, mcp.FastServed(srv) > before, "%s: answered on the fast path (disabled: %v)", c.name, disable)
		}
		for _, c := range refused {
			status, code := postCall(t, url, "2026-07-28", c.tool, c.args, c.header)
			assert.Equal(t, http.StatusBadRequest, status, c.name)
			assert.Equal(t, mcp.CodeHeaderMismatch, code, c.name)
		}
		for _, c := range refused { // not checked before 2026-07-28
			status, code := postCall(t, url, "2025-11-25", c.tool, c.args, c.header)
			if strings.HasPrefix(c.name, "raw") {
				continue // some go-sdk versions refuse such bytes in a header of theirs
			}
			assert.Equal(t, http.StatusOK, status, "2025-11-25 %s", c.name)
			assert.Zero(t, code, "2025-11-25 %s", c.name)
		}
	}
}

// A server refuses to serve a tool whose declarations a client would
// refuse.
func TestServerRefusesInvalidDeclarations(t *testing.T) {
	bad := toolgen.Tool{Name: "bad", Description: "d", InputSchema: []byte(`{"type":"object","properties":{"n":{"type":"number","x-mcp-header":"N"}}}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult(""), nil }}
	_, err := mcp.NewServer("s", "1", []toolgen.Tool{bad})
	assert.ErrorIs(t, err, mcp.ErrInvalidParamHeader)
	assert.ErrorContains(t, err, `tool "bad"`)
}

// The client mirrors the arguments of every call into the headers the
// listed schema declares, and the server takes them: the headers seen on
// the wire are MCP's encoding of the arguments.
func TestClientMirrorsParamHeaders(t *testing.T) {
	srv := newServer(t, headerTools()...)
	h, err := srv.Handler(mcp.HTTPOptions{Stateless: true})
	require.NoError(t, err)
	var mu sync.Mutex
	var seen []http.Header
	record := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Method") == "tools/call" {
			params := http.Header{}
			for k, v := range r.Header {
				if strings.HasPrefix(k, mcp.ParamHeaderPrefix) {
					params[k] = v
				}
			}
			mu.Lock()
			seen = append(seen, params)
			mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
	url := "http://" + serveRaw(t, record) + mcp.Path
	c, err := mcp.Connect(t.Context(), mcp.URL(url, nil))
	require.NoError(t, err)
	defer c.Close()
	tools, err := c.Tools(t.Context())
	require.NoError(t, err)
	require.Len(t, tools, 3)

	calls := []struct {
		tool, args string
		want       http.Header
	}{
		{"headed", `{"text":" padded ","count":42,"flag":false,"target":{"zone":"日本"}}`, http.Header{
			"Mcp-Param-Text": {"=?base64?IHBhZGRlZCA=?="}, "Mcp-Param-Count": {"42"}, "Mcp-Param-Flag": {"false"}, "Mcp-Param-Zone": {"=?base64?5pel5pys?="}}},
		{"headed", `{"text":"","count":null}`, http.Header{"Mcp-Param-Text": {""}}},
		{"headed", `{"query":"q"}`, http.Header{}},
		{"plain", `{"text":"a"}`, http.Header{}},
		{"other", `{"t":"line1\nline2"}`, http.Header{"Mcp-Param-Text": {"=?base64?bGluZTEKbGluZTI=?="}}},
	}
	for _, call := range calls {
		r, err := c.CallTool(t.Context(), call.tool, []byte(call.args))
		require.NoError(t, err, call.args)
		assert.JSONEq(t, call.args, r.Text())
	}
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, seen, len(calls))
	for i, call := range calls {
		assert.Equal(t, call.want, seen[i], call.args)
	}
}

// A listed tool whose declarations break MCP's rules is left out of
// Tools, with a warning naming it; the others stay. go-sdk's client
// leaves out some itself (an empty name, a number, a name twice): those
// that only this package's check finds (a declaration under items, anyOf
// or $defs) are warned about.
func TestClientLeavesOutInvalidDeclarations(t *testing.T) {
	valid := `{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}`
	invalid := map[string]string{
		"empty":     `{"type":"object","properties":{"v":{"type":"string","x-mcp-header":""}}}`,
		"number":    `{"type":"object","properties":{"v":{"type":"number","x-mcp-header":"V"}}}`,
		"twice":     `{"type":"object","properties":{"a":{"type":"string","x-mcp-header":"A"},"b":{"type":"string","x-mcp-header":"a"}}}`,
		"non-ASCII": `{"type":"object","properties":{"v":{"type":"string","x-mcp-header":"Région"}}}`,
	}
	unreachable := map[string]string{
		"in items": `{"type":"object","properties":{"v":{"type":"array","items":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"R"}}}}}}`,
		"in anyOf": `{"type":"object","properties":{"v":{"anyOf":[{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"R"}}}]}}}`,
		"in $defs": `{"type":"object","$defs":{"d":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"R"}}}},"properties":{"v":{"$ref":"#/$defs/d"}}}`,
	}
	var body strings.Builder
	body.WriteString(`{"tools":[{"name":"valid","inputSchema":` + valid + `}`)
	for _, m := range []map[string]string{invalid, unreachable} {
		for name, schema := range m {
			body.WriteString(`,{"name":"` + name + `","inputSchema":` + schema + `}`)
		}
	}
	body.WriteString(`]}`)
	var warnings strings.Builder
	url := "http://" + serveRaw(t, listOnlyServer(body.String())) + mcp.Path
	c, err := mcp.NewClient(mcp.URL(url, nil), mcp.WithStderr(&lockedWriter{w: &warnings}), mcp.WithProtocolVersion("2025-11-25"))
	require.NoError(t, err)
	defer c.Close()
	tools, err := c.Tools(t.Context())
	require.NoError(t, err)
	require.Len(t, tools, 1)
	assert.Equal(t, toolgen.ToolName("valid"), tools[0].Name)
	for name := range unreachable {
		assert.Contains(t, warnings.String(), `left out tool "`+name+`"`)
	}
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// listOnlyServer is a minimal MCP server of version 2025-11-25 over
// streamable HTTP (JSON responses, no session) whose tools/list result
// is list.
func listOnlyServer(list string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if err := json.NewDecoder(r.Body).Decode(&msg); err != nil || len(msg.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		result := `{}`
		switch msg.Method {
		case "initialize":
			result = `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}`
		case "tools/list":
			result = list
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(msg.ID)+`,"result":`+result+`}`)
	})
}

// serveRaw serves h on 127.0.0.1 for the test and returns its address.
func serveRaw(t *testing.T, h http.Handler) string {
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return strings.TrimPrefix(s.URL, "http://")
}

// A call of a tool the client has not listed goes without headers; the
// server refuses it (HeaderMismatch), and the client lists the tools
// again and sends the call once more, with them. A call the server
// refuses for its headers again comes back refused.
func TestClientRelistsOnHeaderMismatch(t *testing.T) {
	srv := newServer(t, headerTools()...)
	h, err := srv.Handler(mcp.HTTPOptions{Stateless: true})
	require.NoError(t, err)
	var mu sync.Mutex
	var methods []string
	record := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		methods = append(methods, r.Header.Get("Mcp-Method")+" "+r.Header.Get("Mcp-Param-Text"))
		mu.Unlock()
		h.ServeHTTP(w, r)
	})
	url := "http://" + serveRaw(t, record) + mcp.Path
	c, err := mcp.Connect(t.Context(), mcp.URL(url, nil))
	require.NoError(t, err)
	defer c.Close()
	mu.Lock()
	methods = nil
	mu.Unlock()

	r, err := c.CallTool(t.Context(), "headed", []byte(`{"text":"a"}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"text":"a"}`, r.Text())
	mu.Lock()
	assert.Equal(t, []string{"tools/call ", "tools/list ", "tools/call a"}, methods)
	mu.Unlock()

	// An argument no header can carry: refused again, not sent a third time.
	_, err = c.CallTool(t.Context(), "headed", []byte(`{"text":{}}`))
	var re *mcp.RPCError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, int64(mcp.CodeHeaderMismatch), re.Code)
}

// A re-list after HeaderMismatch reaches the server, though go-sdk keeps
// list results for their ttlMs (an hour here): a server that moved a
// tool's argument to another header refuses the call, and the client
// learns the new schema and calls again with it; a client with pins
// learns that the tool drifted, and does not call it.
func TestClientRelistSkipsListCache(t *testing.T) {
	for _, pinned := range []bool{false, true} {
		t.Run(map[bool]string{false: "unpinned", true: "pinned"}[pinned], func(t *testing.T) {
			noLeaks(t)
			before, after := cachedHeaderServer(t, "Text", nil), cachedHeaderServer(t, "Label", nil)
			var changed atomic.Bool
			var mu sync.Mutex
			var methods []string
			url := "http://" + serveRaw(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				// The subscriptions/listen of each session, and its end, are not counted.
				if m := r.Header.Get("Mcp-Method"); strings.HasPrefix(m, "tools/") || m == "server/discover" {
					mu.Lock()
					methods = append(methods, m)
					mu.Unlock()
				}
				if changed.Load() {
					after.ServeHTTP(w, r)
				} else {
					before.ServeHTTP(w, r)
				}
			})) + mcp.Path
			var opts []mcp.ClientOption
			if pinned {
				c, err := mcp.Connect(t.Context(), mcp.URL(url, nil))
				require.NoError(t, err)
				pins, err := c.Pins(t.Context())
				require.NoError(t, err)
				require.NoError(t, c.Close())
				opts = append(opts, mcp.WithPins(pins...))
			}
			c, err := mcp.Connect(t.Context(), mcp.URL(url, nil), opts...)
			require.NoError(t, err)
			defer c.Close()
			_, err = c.Tools(t.Context())
			require.NoError(t, err)
			require.Equal(t, "2026-07-28", c.ProtocolVersion())
			changed.Store(true)
			mu.Lock()
			methods = nil
			mu.Unlock()

			r, err := c.CallTool(t.Context(), "headed", []byte(`{"text":"a"}`))
			mu.Lock()
			defer mu.Unlock()
			if pinned {
				var de *mcp.DriftError
				require.ErrorAs(t, err, &de)
				assert.Equal(t, "headed", de.Tool)
				assert.Contains(t, de.Fields, "inputSchema")
				assert.Equal(t, []string{"tools/call", "server/discover", "tools/list"}, methods)
				return
			}
			require.NoError(t, err)
			assert.JSONEq(t, `{"text":"a"}`, r.Text())
			assert.Equal(t, []string{"tools/call", "server/discover", "tools/list", "tools/call"}, methods)
			tools, err := c.Tools(t.Context())
			require.NoError(t, err)
			require.Len(t, tools, 1)
			assert.Contains(t, string(tools[0].InputSchema), `"Label"`)
		})
	}
}

// cachedHeaderServer serves, statelessly, a tool headed whose argument
// text goes in the header named header, and a tool slow that waits for
// release (nil: none), with lists cached for an hour.
func cachedHeaderServer(t *testing.T, header string, release chan struct{}) http.Handler {
	schema := `{"type":"object","properties":{"text":{"type":"string","x-mcp-header":"` + header + `"}}}`
	tools := []toolgen.Tool{{Name: "headed", Description: "has a header", InputSchema: []byte(schema),
		Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
			return toolgen.TextResult(string(args)), nil
		}}}
	if release != nil {
		tools = append(tools, toolgen.Tool{Name: "slow", Description: "waits", InputSchema: []byte(`{"type":"object"}`),
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				select {
				case <-release:
					return toolgen.TextResult("done"), nil
				case <-ctx.Done():
					return toolgen.Result{}, ctx.Err()
				}
			}})
	}
	srv, err := mcp.NewServer("test", "1.0.0", tools, mcp.WithCacheHints(toolgen.CacheHint{TTL: time.Hour}, toolgen.CacheHint{}))
	require.NoError(t, err)
	h, err := srv.Handler(mcp.HTTPOptions{Stateless: true})
	require.NoError(t, err)
	return h
}

// A call in flight on the session a re-list replaces gets its result.
func TestClientRelistKeepsCallsInFlight(t *testing.T) {
	noLeaks(t)
	release := make(chan struct{})
	before, after := cachedHeaderServer(t, "Text", release), cachedHeaderServer(t, "Label", release)
	var changed atomic.Bool
	slowStarted := make(chan struct{}, 1)
	url := "http://" + serveRaw(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Mcp-Name") == "slow" {
			slowStarted <- struct{}{}
		}
		if changed.Load() {
			after.ServeHTTP(w, r)
		} else {
			before.ServeHTTP(w, r)
		}
	})) + mcp.Path
	c, err := mcp.Connect(t.Context(), mcp.URL(url, nil))
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Tools(t.Context())
	require.NoError(t, err)
	old := c.Session()

	slow := make(chan error, 1)
	go func() {
		r, err := c.CallTool(t.Context(), "slow", nil)
		if err == nil && r.Text() != "done" {
			err = errors.New("slow answered " + r.Text())
		}
		slow <- err
	}()
	select {
	case <-slowStarted:
	case <-time.After(5 * time.Second):
		t.Fatal("the slow call never reached the server")
	}
	changed.Store(true)
	_, err = c.CallTool(t.Context(), "headed", []byte(`{"text":"a"}`))
	require.NoError(t, err)
	assert.NotSame(t, old, c.Session(), "the re-list made a new session")
	// Time for a replaced session to close, were it closed at once.
	time.Sleep(200 * time.Millisecond)
	close(release)
	select {
	case err := <-slow:
		assert.NoError(t, err, "the call in flight on the replaced session")
	case <-time.After(5 * time.Second):
		t.Fatal("the slow call never returned")
	}
}
