package tmload

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// call calls the generated tool name with args and returns its structured
// result.
func call(t *testing.T, name toolgen.ToolName, args string) map[string]any {
	t.Helper()
	for _, tool := range Tools() {
		if tool.Name == name {
			res, err := tool.Call(context.Background(), []byte(args))
			require.NoError(t, err)
			require.False(t, res.IsError, "%+v", res)
			var out map[string]any
			require.NoError(t, json.Unmarshal(res.Structured, &out))
			return out
		}
	}
	t.Fatalf("no tool %s", name)
	return nil
}

func TestTools(t *testing.T) {
	t.Run("fibonacci", func(t *testing.T) {
		out := call(t, ToolCalculateFibonacci, `{"n":10}`)
		assert.Equal(t, map[string]any{"input": 10.0, "result": 55.0}, out)
		res, err := Tools()[0].Call(context.Background(), []byte(`{"n":41}`))
		require.NoError(t, err)
		assert.True(t, res.IsError, "n beyond 40 is refused: %+v", res)
	})
	t.Run("fetch", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusTeapot)
		}))
		defer srv.Close()
		out := call(t, ToolFetchExternalData, `{"endpoint":"`+srv.URL+`"}`)
		assert.Equal(t, 418.0, out["status_code"])
		assert.Equal(t, srv.URL, out["url"])
		assert.NotContains(t, out, "error")

		out = call(t, ToolFetchExternalData, `{"endpoint":"http://127.0.0.1:1/nothing"}`)
		assert.Equal(t, 0.0, out["status_code"])
		assert.NotEmpty(t, out["error"], "a failed request is reported in the result")
	})
	t.Run("process", func(t *testing.T) {
		out := call(t, ToolProcessJSONData, `{"data":{"name":"benchmark","count":42,"nested":{"key":"value","list":["a",1]}}}`)
		assert.Equal(t, map[string]any{"name": "BENCHMARK", "count": 42.0,
			"nested": map[string]any{"key": "VALUE", "list": []any{"A", 1.0}}}, out["transformed_data"])
		assert.ElementsMatch(t, []any{"name", "count", "nested"}, out["original_keys"])
	})
	t.Run("query", func(t *testing.T) {
		start := time.Now()
		out := call(t, ToolSimulateDatabaseQuery, `{"query":"SELECT 1","delay_ms":20}`)
		assert.GreaterOrEqual(t, time.Since(start), 20*time.Millisecond)
		assert.Equal(t, "SELECT 1", out["query"])
		assert.Equal(t, 20.0, out["delay_ms"])
		_, err := time.Parse(time.RFC3339, out["timestamp"].(string))
		assert.NoError(t, err)

		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = SimulateDatabaseQuery(ctx, QueryArgs{DelayMs: 5000})
		assert.ErrorIs(t, err, context.Canceled, "a cancelled call does not wait")
	})
}
