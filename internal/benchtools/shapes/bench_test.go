package shapes

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/benchtools"
)

type shapeCase struct {
	name    string
	toolgen func(context.Context, []byte) (toolgen.Result, error)
	json    func(context.Context, []byte) (toolgen.Result, error)
	args    string
}

func cases() []shapeCase {
	calls := map[toolgen.ToolName]func(context.Context, []byte) (toolgen.Result, error){}
	for _, t := range Tools() {
		calls[t.Name] = t.Call
	}
	return []shapeCase{
		{"search", calls[ToolSearch], benchtools.HandWritten(Search),
			`{"pattern":"func \\w+\\(","path":"src/internal","max_results":50,"case_sensitive":true,"include":["*.go","*.s"],"context":2}`},
		{"calc", calls[ToolCalc], benchtools.HandWritten(Calc), `{"a":12.75,"b":-3.5,"op":"mul"}`},
		{"event", calls[ToolCreateEvent], benchtools.HandWritten(CreateEvent),
			`{"title":"Quarterly planning","start":"2026-12-03T10:00:00Z","minutes":90,"attendees":[{"email":"ann@example.com"},{"email":"bob@example.com","optional":true}],"location":{"name":"Room 4","lat":48.85,"lon":2.35}}`},
	}
}

// The two paths the benchmark compares give the same result.
func TestBothPathsAgree(t *testing.T) {
	for _, c := range cases() {
		got, err := c.toolgen(context.Background(), []byte(c.args))
		require.NoError(t, err, c.name)
		require.False(t, got.IsError, "%s: %s", c.name, got.Text())
		want, err := c.json(context.Background(), []byte(c.args))
		require.NoError(t, err, c.name)
		require.JSONEq(t, string(want.Structured), string(got.Structured), c.name)
	}
}

func BenchmarkDispatch(b *testing.B) {
	ctx := context.Background()
	for _, c := range cases() {
		args := []byte(c.args)
		for _, impl := range []struct {
			name string
			call func(context.Context, []byte) (toolgen.Result, error)
		}{{"toolgen", c.toolgen}, {"encoding_json", c.json}} {
			b.Run(c.name+"/impl="+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if res, err := impl.call(ctx, args); err != nil || res.IsError {
						b.Fatal(res.Text(), err)
					}
				}
			})
		}
	}
}
