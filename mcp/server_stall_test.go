package mcp_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// bigResult is larger than what the kernel buffers of a loopback
// connection hold (tcp_wmem's maximum is 4 MiB by default), so that a
// client that does not read makes the server's writes block.
const bigResult = 8 << 20

func bigTool() toolgen.Tool {
	return toolgen.Tool{Name: "big", Description: "a large result", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.TextResult(strings.Repeat("x", bigResult)), nil
		}}
}

// dialSmall opens a raw connection to addr with a small receive buffer.
func dialSmall(t *testing.T, addr string, rcvbuf int) net.Conn {
	t.Helper()
	c := dial(t, addr)
	require.NoError(t, c.(*net.TCPConn).SetReadBuffer(rcvbuf))
	return c
}

// sendRequest writes an HTTP/1.1 request of session id on c.
func sendRequest(t *testing.T, c net.Conn, method, id, body string) {
	t.Helper()
	req := method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
		"Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + id + "\r\nMcp-Protocol-Version: 2025-06-18\r\n"
	if body != "" {
		req += fmt.Sprintf("Content-Length: %d\r\n", len(body))
	}
	_, err := io.WriteString(c, req+"\r\n"+body)
	require.NoError(t, err)
}

// drained reads c until the server ends it or d passes, and returns how
// many bytes came and whether the server ended it.
func drained(c net.Conn, d time.Duration) (int64, bool) {
	_ = c.SetReadDeadline(time.Now().Add(d))
	n, err := io.Copy(io.Discard, c)
	if err == nil {
		return n, true // EOF
	}
	var ne net.Error
	return n, !(errorsAs(err, &ne) && ne.Timeout())
}

// TestSlowReaderIsCut: a client that calls a tool and never reads its
// large result held its connection and the goroutines answering it for
// as long as it liked; the write now fails WriteStallTimeout after the
// buffers fill, and the server closes the connection without sending the
// rest.
func TestSlowReaderIsCut(t *testing.T) {
	noLeaks(t)
	const stall = 200 * time.Millisecond
	addr := serve(t, newServer(t, bigTool()), mcp.HTTPOptions{WriteStallTimeout: stall})
	id := initialized(t, "http://"+addr+mcp.Path)

	c := dialSmall(t, addr, 4<<10)
	sendRequest(t, c, http.MethodPost, id, toolsCall(2, "big"))
	time.Sleep(15 * stall) // the buffers fill in milliseconds; the write then has stall to finish
	n, closed := drained(c, 10*time.Second)
	assert.True(t, closed, "the server closed the connection (got %d bytes)", n)
	assert.Less(t, n, int64(bigResult), "the server gave up on the result")
}

// TestSlowGETStreamIsCut: the same for a GET stream whose client does not
// read while the server sends it notifications: delivery fails instead of
// blocking the sender, and the stream's connection is closed.
func TestSlowGETStreamIsCut(t *testing.T) {
	noLeaks(t)
	const stall = 200 * time.Millisecond
	srv := newServer(t)
	addr := serve(t, srv, mcp.HTTPOptions{WriteStallTimeout: stall})
	id := initialized(t, "http://"+addr+mcp.Path)

	c := dialSmall(t, addr, 4<<10)
	sendRequest(t, c, http.MethodGet, id, "")
	require.NoError(t, c.SetReadDeadline(time.Now().Add(10*time.Second)))
	resp, err := http.ReadResponse(bufio.NewReaderSize(c, 16), nil) // the headers, and no more
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var ss *sdkmcp.ServerSession
	for s := range srv.SDK().Sessions() {
		ss = s
	}
	require.NotNil(t, ss)
	note := strings.Repeat("n", 64<<10)
	failed := make(chan error, 1)
	go func() {
		var err error
		for i := range 192 { // 12 MiB: more than the buffers hold
			err = ss.NotifyProgress(context.Background(), &sdkmcp.ProgressNotificationParams{ProgressToken: "t", Progress: float64(i), Message: note})
			if err != nil {
				break
			}
		}
		failed <- err
	}()
	err, sent := waitFor(t, failed, 20*time.Second, func() { _ = c.Close() }, "sending notifications to a stream that is not read blocked")
	if !sent {
		t.FailNow()
	}
	assert.Error(t, err, "notifications to a stream that is not read stop being delivered")
	n, closed := drained(c, 10*time.Second)
	assert.True(t, closed, "the server closed the stream's connection (got %d bytes)", n)
	_ = ss.Close()
}

// slowReader reads at most 32 KiB every 25 ms: about 1.3 MB/s, steady.
type slowReader struct{ r io.Reader }

func (s slowReader) Read(p []byte) (int, error) {
	time.Sleep(25 * time.Millisecond)
	return s.r.Read(p[:min(len(p), 32<<10)])
}

// TestSteadySlowReaderGetsItAll: the stall timeout bounds each piece of a
// write, not the whole: a client reading steadily, taking several times
// WriteStallTimeout over a result, gets all of it.
//
// The stall timeout is long next to the reader's pace (2 s against a read
// every 25 ms), so that a reader the scheduler starves for a while on a
// busy machine is still steady.
func TestSteadySlowReaderGetsItAll(t *testing.T) {
	noLeaks(t)
	const stall = 2 * time.Second
	addr := serve(t, newServer(t, bigTool()), mcp.HTTPOptions{WriteStallTimeout: stall})
	id := initialized(t, "http://"+addr+mcp.Path)

	c := dialSmall(t, addr, 32<<10)
	sendRequest(t, c, http.MethodPost, id, toolsCall(2, "big"))
	require.NoError(t, c.SetReadDeadline(time.Now().Add(2*time.Minute)))
	start := time.Now()
	resp, err := http.ReadResponse(bufio.NewReaderSize(slowReader{c}, 32<<10), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(body), `"text":"`+strings.Repeat("x", bigResult)+`"`)
	assert.Greater(t, time.Since(start), 2*stall, "the reading took several stall timeouts")
}

// TestIdleStreamOutlivesStallTimeout: a GET stream with nothing to send
// for many stall timeouts stays open, and delivers what comes next.
func TestIdleStreamOutlivesStallTimeout(t *testing.T) {
	noLeaks(t)
	const stall = 100 * time.Millisecond
	srv := newServer(t)
	addr := serve(t, srv, mcp.HTTPOptions{WriteStallTimeout: stall})
	url := "http://" + addr + mcp.Path
	id := initialized(t, url)
	stream := openStream(t, url, id)
	time.Sleep(10 * stall)
	for ss := range srv.SDK().Sessions() {
		require.NoError(t, ss.NotifyProgress(t.Context(), &sdkmcp.ProgressNotificationParams{ProgressToken: "t", Message: "still here"}))
	}
	got := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stream)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "still here") {
				got <- true
				return
			}
		}
		got <- false
	}()
	if ok, read := waitFor(t, got, 10*time.Second, func() { stream.Close() }, "no notification on the stream"); read {
		assert.True(t, ok, "the stream ended before the notification")
	}
	stream.Close()
	for ss := range srv.SDK().Sessions() {
		_ = ss.Close()
	}
}

// waitFor waits up to d for what a goroutine sends on ch. Past d it fails
// the test with msg, calls unblock to let the goroutine end and waits for
// it; ok is false then.
func waitFor[T any](t *testing.T, ch <-chan T, d time.Duration, unblock func(), msg string) (v T, ok bool) {
	t.Helper()
	select {
	case v = <-ch:
		return v, true
	case <-time.After(d):
		t.Error(msg)
		unblock()
		<-ch
		return v, false
	}
}
