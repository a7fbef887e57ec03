package mcpgen

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/mcp"
)

// typedTools are the tools of testdata/typed_tools.json: output schemas,
// enums of strings and integers, date-time and date, bounds, a pattern
// RE2 cannot check, and recursive $defs.
func typedTools(t *testing.T) []Tool {
	t.Helper()
	data, err := os.ReadFile("testdata/typed_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := ParseToolsList(data)
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// TestTypedGoldenFromAServer serves the typed tools from a go-sdk server
// on 127.0.0.1, lists them through mcp.Connect as toolgen mcp does, and
// compares the stubs with testdata/typed.go.golden.
func TestTypedGoldenFromAServer(t *testing.T) {
	s := sdk.NewServer(&sdk.Implementation{Name: "typed", Version: "v1"}, nil)
	for _, tool := range typedTools(t) {
		s.AddTool(&sdk.Tool{Name: tool.Name, Description: tool.Description, InputSchema: tool.InputSchema, OutputSchema: tool.OutputSchema},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
	}
	srv := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, mcp.URL(srv.URL, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	got, err := Generate(Config{Package: "remote", Source: `"typed" v1`, Tools: toolsOf(ctx, t, c)})
	if err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/typed.go.golden"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("generated stubs differ from %s (go test -update to accept):\n%s", golden, got)
	}
}

func TestTypedNames(t *testing.T) {
	for _, tt := range []struct{ typ, value, want string }{
		{"Mode", "fast", "ModeFast"}, {"Mode", "dry-run", "ModeDryRun"}, {"Level", "2", "Level2"},
		{"Level", "-1", "LevelMinus1"}, {"Mode", "", "ModeEmpty"}, {"Mode", "user_id", "ModeUserID"},
	} {
		if got := constName(tt.typ, tt.value); got != tt.want {
			t.Errorf("constName(%q, %q) = %q, want %q", tt.typ, tt.value, got, tt.want)
		}
	}
	for _, tt := range []struct {
		n        json.Number
		minimum  bool
		want     string
		wantNote string
	}{
		{"1.5", true, "2", ""}, {"1.5", false, "1", ""}, {"-1.5", true, "-1", ""}, {"-1.5", false, "-2", ""},
		{"1e3", true, "1000", ""}, {"1e30", true, "", ""}, {"", true, "", ""},
	} {
		if got := intBound(tt.n, tt.minimum); got != tt.want {
			t.Errorf("intBound(%s, %v) = %q, want %q", tt.n, tt.minimum, got, tt.want)
		}
	}
	if got := floatBound("1e400"); got != "" {
		t.Errorf("floatBound(1e400) = %q, want none", got)
	}
}

// A definition that is not an object and contains itself ends in
// json.RawMessage where it recurs: Go has no type for it.
func TestTypedRecursiveArray(t *testing.T) {
	schema := `{"type":"object","properties":{"nest":{"$ref":"#/$defs/Nest"}},"$defs":{"Nest":{"type":"array","items":{"$ref":"#/$defs/Nest"}}}}`
	src, err := Generate(Config{Package: "p", Tools: []Tool{{Name: "nest", InputSchema: []byte(schema)}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Nest []json.RawMessage `json:\"nest,omitempty\"`"; !strings.Contains(string(src), want) {
		t.Errorf("stubs lack %s:\n%s", want, src)
	}
}

// TestTypedStubsCall builds the typed stubs in a module of their own and
// runs typedStubsTest there: against a go-sdk server on 127.0.0.1, a call
// the stub refuses never reaches it, and one it answers comes back typed.
func TestTypedStubsCall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	stubs, err := Generate(Config{Package: "remote", Tools: typedTools(t)})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := os.ReadFile("testdata/typed_tools.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := stubsModuleWith(t, map[string][]byte{"stubs_gen.go": stubs, "stubs_test.go": []byte(typedStubsTest), "tools.json": tools})
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "./..."}} {
		if out, err := goIn(dir, args...); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// typedStubsTest calls the typed stubs against a go-sdk server on
// 127.0.0.1 serving the tools of tools.json; the server counts the
// tools/call requests it receives.
const typedStubsTest = `package remote

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

func ptr[T any](v T) *T { return &v }

// serve serves tools.json's tools on 127.0.0.1; schedule answers with a
// result built from its arguments (state "lost", outside the output
// schema's enum, for the title "Lost"). It returns the stubs and the count
// of tools/call requests the server received.
func serve(t *testing.T) (*Stubs, *atomic.Int64) {
	data, err := os.ReadFile("tools.json")
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Tools []struct {
			Name         string
			Description  string
			InputSchema  json.RawMessage
			OutputSchema json.RawMessage
		}
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatal(err)
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "typed", Version: "v1"}, nil)
	for _, tool := range list.Tools {
		s.AddTool(&sdk.Tool{Name: tool.Name, Description: tool.Description, InputSchema: tool.InputSchema, OutputSchema: tool.OutputSchema}, schedule)
	}
	var calls atomic.Int64
	handler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(` + "`" + `"tools/call"` + "`" + `)) {
			calls.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, mcp.URL(srv.URL, nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return NewStubs(c), &calls
}

func schedule(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	var in struct {
		Title string
		At    string
		Root  struct{ Name string }
	}
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, err
	}
	state := "queued"
	if in.Title == "Lost" {
		state = "lost"
	}
	out := map[string]any{"id": "s1", "at": in.At, "state": state, "tasks": 2, "extra": true,
		"tree": map[string]any{"name": in.Root.Name, "children": []any{map[string]any{"name": "leaf"}}}}
	return &sdk.CallToolResult{StructuredContent: out}, nil
}

func TestRefusedBeforeSending(t *testing.T) {
	stubs, calls := serve(t)
	bad := ScheduleArgs{
		Title:   "x",
		At:      time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC),
		Labels:  []string{"a", "b", "c", "much too long"},
		Retries: ptr[int64](9),
		Weight:  ptr(0.1),
		Quotas:  map[string]int64{"cpu": -1},
		Day:     ptr("2026-02-30"),
		Root:    Task{Name: "", State: ptr[TaskState]("later")},
	}
	_, err := stubs.Schedule(context.Background(), bad)
	var ae *toolimpl.ArgsError
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v, want a *toolimpl.ArgsError", err)
	}
	const want = ` + "`" + `invalid arguments: /day: "2026-02-30" is not a valid date; /labels/3: "much too long" is 13 characters long, longer than the maximum 8; /labels: has 4 items, more than the maximum 3; /quotas/cpu: -1 is less than the minimum 0; /retries: 9 is greater than the maximum 5; /root/name: "" is 0 characters long, shorter than the minimum 1; /root/state: "later" is not one of "todo", "done"; /title: "x" is 1 character long, shorter than the minimum 3; /title: "x" does not match the pattern ^[A-Z]; /weight: 0.1 is less than the minimum 0.5` + "`" + `
	if err.Error() != want {
		t.Errorf("err =\n%v\nwant\n%s", err, want)
	}
	if _, err := stubs.Schedule(context.Background(), ScheduleArgs{Title: "Plan", At: time.Now(), Labels: []string{"a"}, Root: Task{Name: "r"}, Priority: ptr[ScheduleArgsPriority](7)}); err == nil || err.Error() != "invalid arguments: /priority: 7 is not one of 1, 2, 3" {
		t.Errorf("a bad integer enum: err = %v", err)
	}
	if _, err := stubs.Schedule(context.Background(), ScheduleArgs{Title: "Plan", At: time.Now(), Root: Task{Name: "r"}}); err == nil || err.Error() != "invalid arguments: /labels: missing (required)" {
		t.Errorf("a nil required array: err = %v", err)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("the server saw %d tools/call requests, want none", n)
	}
}

func TestTypedResult(t *testing.T) {
	stubs, calls := serve(t)
	at := time.Date(2026, 1, 2, 15, 4, 5, 0, time.FixedZone("", 3600))
	args := ScheduleArgs{
		Title:    "Plan",
		At:       at,
		Labels:   []string{"a"},
		Priority: ptr(ScheduleArgsPriority2),
		Root:     Task{Name: "root", State: ptr(TaskStateTodo), Subtasks: []Task{{Name: "child", Blocker: &Task{Name: "other"}}}},
	}
	out, err := stubs.Schedule(context.Background(), args)
	if err != nil {
		t.Fatal(err)
	}
	if out.ID != "s1" || out.State != ScheduleResultStateQueued || out.Tasks != 2 || !out.At.Equal(at) {
		t.Errorf("result = %+v", out)
	}
	if out.Tree == nil || out.Tree.Name != "root" || len(out.Tree.Children) != 1 || out.Tree.Children[0].Name != "leaf" {
		t.Errorf("tree = %+v", out.Tree)
	}
	args.Title = "Lost"
	_, err = stubs.Schedule(context.Background(), args)
	if err == nil || err.Error() != ` + "`" + `mcp: tool schedule: the structured result does not match the output schema: invalid arguments: /state: "lost" is not one of "queued", "running"` + "`" + ` {
		t.Errorf("a result outside the output schema: err = %v", err)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("the server saw %d tools/call requests, want 2", n)
	}
}
`

// libraryTools are a server's tools whose names mix spellings of
// initialisms, whose result has an enum, and whose schemas repeat one
// object and one enum: the stubs spell the names as Go does, make the enum
// a type with constants, and declare each repeated schema once.
const libraryTools = `[
 {"name":"lend","inputSchema":{"type":"object","properties":{
   "memberId":{"type":"string"},"loan_ids":{"type":"array","items":{"type":"string"}},"isbn":{"type":"string"},
   "book":{"type":"object","description":"Book is a book.","properties":{"isbn":{"type":"string"},"title":{"type":"string"}},"required":["isbn","title"],"additionalProperties":false},
   "state":{"type":"string","description":"State is a loan's state.","enum":["open","closed"]}},
   "required":["memberId","book"]},
  "outputSchema":{"type":"object","properties":{
   "state":{"type":"string","description":"State is a loan's state.","enum":["open","closed"]},
   "homeURLs":{"type":"array","items":{"type":"string"}},
   "book":{"type":"object","description":"Book is a book.","properties":{"isbn":{"type":"string"},"title":{"type":"string"}},"required":["isbn","title"],"additionalProperties":false}},
   "required":["state","book"],"additionalProperties":false}},
 {"name":"find_book","inputSchema":{"type":"object","properties":{"isbn":{"type":"string"}},"required":["isbn"]},
  "outputSchema":{"type":"object","description":"Book is a book.","properties":{"isbn":{"type":"string"},"title":{"type":"string"}},"required":["isbn","title"],"additionalProperties":false}}
]`

func TestStubsReuseTypesAndSpellInitialisms(t *testing.T) {
	var tools []Tool
	if err := json.Unmarshal([]byte(libraryTools), &tools); err != nil {
		t.Fatal(err)
	}
	src, err := Generate(Config{Package: "library", Tools: tools})
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, want := range []string{
		"MemberID string `json:\"memberId\"`",
		"LoanIDs []string `json:\"loan_ids,omitempty\"`",
		"ISBN *string `json:\"isbn,omitempty\"`",
		"HomeURLs []string `json:\"homeURLs,omitempty\"`",
		// The result's enum is the arguments' type, named as its
		// description names it, with its constants.
		"State *State `json:\"state,omitempty\"`",
		"State State `json:\"state\"`",
		"StateOpen State = \"open\"",
		// The arguments' book and the result's are one type, and find_book
		// returns it.
		"Book Book `json:\"book\"`",
		"func (s *Stubs) FindBook(ctx context.Context, args FindBookArgs) (Book, error)",
	} {
		if !regexp.MustCompile(strings.ReplaceAll(regexp.QuoteMeta(want), " ", `\s+`)).MatchString(text) {
			t.Errorf("the stubs lack %q", want)
		}
	}
	for _, once := range []string{"type Book struct", "type State string"} {
		if n := strings.Count(text, once); n != 1 {
			t.Errorf("%q declared %d times, want once", once, n)
		}
	}
	for _, never := range []string{"LendResultState", "LendResultBook", "LendArgsBook", "FindBookResult", "Isbn", "Id ", "Ids ", "Urls"} {
		if strings.Contains(text, never) {
			t.Errorf("the stubs declare %q", never)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}
