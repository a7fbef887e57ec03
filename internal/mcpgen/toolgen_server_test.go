package mcpgen

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// weatherStubs generates the stubs of examples/weather's tools, listed
// from a toolgen server on 127.0.0.1.
func weatherStubs(t *testing.T) []byte {
	t.Helper()
	srv, err := mcp.NewServer("weather", "1.0.0", weather.Tools())
	if err != nil {
		t.Fatal(err)
	}
	h, err := srv.Handler(mcp.HTTPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, mcp.URL(hs.URL+"/mcp", nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	src, err := Generate(Config{Package: "remote", Source: `"weather" 1.0.0`, Tools: toolsOf(ctx, t, c)})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// toolsOf are the server's tools as toolgen mcp reads them: from the
// definitions the client pins.
func toolsOf(ctx context.Context, t *testing.T, c *mcp.Client) []Tool {
	t.Helper()
	pins, err := c.Pins(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var tools []Tool
	for _, p := range pins {
		tool, err := ParseDefinition([]byte(p.Definition))
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tool)
	}
	return tools
}

// TestStubsOfAToolgenServer generates stubs from examples/weather's tools
// served by mcp.NewServer on 127.0.0.1 and calls them there: arguments the
// stub refuses never reach the server, and the server refuses the same
// arguments, sent as they are, in the very same words; a valid call
// returns the typed result.
func TestStubsOfAToolgenServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	dir := stubsModuleWith(t, map[string][]byte{"stubs_gen.go": weatherStubs(t), "stubs_test.go": []byte(weatherStubsTest)})
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "./..."}} {
		if out, err := goIn(dir, args...); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

const weatherStubsTest = `package remote

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

func ptr[T any](v T) *T { return &v }

func TestSameWordsAsTheServer(t *testing.T) {
	srv, err := mcp.NewServer("weather", "1.0.0", weather.Tools())
	if err != nil {
		t.Fatal(err)
	}
	h, err := srv.Handler(mcp.HTTPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(` + "`" + `"tools/call"` + "`" + `)) {
			calls.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, mcp.URL(hs.URL+"/mcp", nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	stubs := NewStubs(c)

	_, refused := stubs.Forecast(ctx, ForecastArgs{City: "", Days: ptr[int64](20), Unit: ptr[ForecastArgsUnit]("k")})
	const want = ` + "`" + `invalid arguments: /city: "" is 0 characters long, shorter than the minimum 1; /days: 20 is greater than the maximum 14; /unit: "k" is not one of "c", "f"` + "`" + `
	if refused == nil || refused.Error() != want {
		t.Fatalf("the stub's refusal: %v, want %s", refused, want)
	}
	if n := calls.Load(); n != 0 {
		t.Fatalf("the server saw %d tools/call requests, want none", n)
	}
	_, err = c.CallTool(ctx, "forecast", []byte(` + "`" + `{"city":"","days":20,"unit":"k"}` + "`" + `))
	var te *mcp.ToolError
	if !errors.As(err, &te) {
		t.Fatalf("the server's answer to the same arguments: %v, want a *mcp.ToolError", err)
	}
	if got := te.Result.Text(); got != refused.Error() {
		t.Errorf("the server refuses in other words:\n%s\nthe stub:\n%s", got, refused)
	}

	out, err := stubs.Forecast(ctx, ForecastArgs{City: "Paris", Days: ptr[int64](2)})
	if err != nil {
		t.Fatal(err)
	}
	if out.City != "Paris" || out.Unit != "c" || len(out.Days) != 2 || out.Days[0].Day != 1 || out.Days[0].Low != out.Days[0].High-8 {
		t.Errorf("forecast = %+v", out)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("the server saw %d tools/call requests, want 2", n)
	}
}
`

// A toolgen server's output schemas carry enums as enums, so the stubs'
// results have the enum's type, with its constants, named as the server's
// Go type is (its description says "Unit is ...").
func TestToolgenResultEnumsAreTypes(t *testing.T) {
	src := string(weatherStubs(t))
	for _, want := range []string{"type Report struct", "type Unit string", "UnitC Unit = \"c\"", "type Day struct"} {
		if !strings.Contains(src, want) {
			t.Errorf("the stubs lack %q", want)
		}
	}
	if !regexp.MustCompile("\\bUnit\\s+Unit\\s+`json:\"unit\"`").MatchString(src) {
		t.Errorf("the result's unit is not of type Unit:\n%s", src)
	}
}
