package shapes

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// handWritten is what a program does without toolgen: encoding/json in and
// out, no validation of enums, bounds, formats or unknown fields.
func handWritten[In, Out any](fn func(context.Context, In) (Out, error)) func(context.Context, []byte) (toolgen.Result, error) {
	return func(ctx context.Context, args []byte) (toolgen.Result, error) {
		var in In
		if err := json.Unmarshal(args, &in); err != nil {
			return toolgen.ErrorResult(err.Error()), nil
		}
		out, err := fn(ctx, in)
		if err != nil {
			return toolgen.ErrorResult(err.Error()), nil
		}
		data, err := json.Marshal(out)
		if err != nil {
			return toolgen.Result{}, err
		}
		return toolgen.Result{Structured: data}, nil
	}
}

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
		{"search", calls[ToolSearch], handWritten(Search),
			`{"pattern":"func \\w+\\(","path":"src/internal","max_results":50,"case_sensitive":true,"include":["*.go","*.s"],"context":2}`},
		{"calc", calls[ToolCalc], handWritten(Calc), `{"a":12.75,"b":-3.5,"op":"mul"}`},
		{"event", calls[ToolCreateEvent], handWritten(CreateEvent),
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
