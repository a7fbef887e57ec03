package mcp_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// taskClients runs f with a toolgen client of a server of tt's tools, on
// each transport.
func taskClients(t *testing.T, opts []mcp.ClientOption, f func(t *testing.T, c *mcp.Client, tt *taskTools)) {
	for _, name := range []string{"in-memory", "http-stateful", "http-stateless"} {
		t.Run(name, func(t *testing.T) {
			noLeaks(t)
			tt := newTaskTools()
			srv, err := mcp.NewServer("tasks", "1.0.0", tt.tools(), mcp.WithTasks(mcp.TaskOptions{PollInterval: 20 * time.Millisecond}))
			require.NoError(t, err)
			var tr mcp.Transport
			switch name {
			case "in-memory":
				st, ct := sdkmcp.NewInMemoryTransports()
				ss, err := srv.SDK().Connect(t.Context(), srv.Transport(st), nil)
				require.NoError(t, err)
				t.Cleanup(func() { _ = ss.Wait() })
				tr = mcp.SDKTransport(ct)
			default:
				tr = mcp.URL("http://"+serve(t, srv, mcp.HTTPOptions{Stateless: name == "http-stateless"})+mcp.Path, nil)
			}
			c, err := mcp.Connect(t.Context(), tr, opts...)
			require.NoError(t, err)
			t.Cleanup(func() { _ = c.Close() })
			f(t, c, tt)
		})
	}
}

func TestClientCallsRequiredToolAsTask(t *testing.T) {
	taskClients(t, nil, func(t *testing.T, c *mcp.Client, _ *taskTools) {
		res, err := c.CallTool(t.Context(), "research", []byte(`{"q":2}`))
		require.NoError(t, err)
		assert.Equal(t, `found {"q":2}`, res.Text())

		// Through the tools a model gets, too.
		tools, err := c.Tools(t.Context())
		require.NoError(t, err)
		for _, tl := range tools {
			if tl.Name == "research" {
				res, err := tl.Call(t.Context(), []byte(`{}`))
				require.NoError(t, err)
				assert.Equal(t, `found {}`, res.Text())
			}
		}

		// A failed task's isError result is a ToolError, as a plain call's.
		res, err = c.CallTool(t.Context(), "fails", nil)
		var te *mcp.ToolError
		require.ErrorAs(t, err, &te)
		assert.True(t, res.IsError)
	})
}

func TestClientPrefersTasksAndReportsStatus(t *testing.T) {
	taskClients(t, []mcp.ClientOption{mcp.WithPreferTasks()}, func(t *testing.T, c *mcp.Client, tt *taskTools) {
		var mu sync.Mutex
		var reports []toolgen.Progress
		ctx := toolgen.WithProgress(t.Context(), func(p toolgen.Progress) {
			mu.Lock()
			reports = append(reports, p)
			mu.Unlock()
		})
		done := make(chan toolgen.Result, 1)
		go func() {
			res, err := c.CallTool(ctx, "wait", nil)
			assert.NoError(t, err)
			done <- res
		}()
		<-tt.started
		// The tool's progress reaches the caller (as notifications/progress
		// on a stream, or as the task's status message) before it returns.
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			n := len(reports)
			mu.Unlock()
			if n > 0 {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		close(tt.release)
		res := <-done
		assert.Equal(t, "released", res.Text())
		mu.Lock()
		defer mu.Unlock()
		require.NotEmpty(t, reports)
		assert.Contains(t, reports[0].Message, "waiting")
	})
}

func TestClientCancelsTaskWhenContextEnds(t *testing.T) {
	taskClients(t, []mcp.ClientOption{mcp.WithPreferTasks()}, func(t *testing.T, c *mcp.Client, tt *taskTools) {
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() {
			_, err := c.CallTool(ctx, "wait", nil)
			done <- err
		}()
		<-tt.started
		cancel()
		err := <-done
		assert.True(t, errors.Is(err, context.Canceled), "%v", err)
		deadline := time.Now().Add(5 * time.Second)
		for tt.canceled.Load() == 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		assert.EqualValues(t, 1, tt.canceled.Load(), "the server cancelled the tool")
	})
}

// TestClientPlainCallOfOptionalTool: without WithPreferTasks an optional
// tool is called plainly (and the server answers it at once).
func TestClientPlainCallOfOptionalTool(t *testing.T) {
	taskClients(t, nil, func(t *testing.T, c *mcp.Client, tt *taskTools) {
		close(tt.release)
		res, err := c.CallTool(t.Context(), "wait", nil)
		require.NoError(t, err)
		assert.Equal(t, "released", res.Text())
	})
}
