package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The official SDK decodes a tool's schemas into Go maps, which loses the
// server's key order. To hand the model the server's schema bytes verbatim,
// the client watches tools/list results on the wire: a wrapped connection
// for stdio and in-memory transports, a wrapped HTTP body for streamable
// HTTP. schemaStore keeps the latest bytes seen for each tool. The same
// watching delivers the progress notifications of calls that asked for
// them (wireWatch, client_progress.go).

// maxWatched bounds how much of one HTTP response or SSE event is kept for
// watching; a larger one is passed through unwatched.
const maxWatched = 32 << 20

// schemaStore holds the raw schemas and annotations of the latest
// tools/list results.
type schemaStore struct {
	mu  sync.Mutex
	in  map[string]json.RawMessage
	out map[string]json.RawMessage
	ann map[string]json.RawMessage
	// task is each listed tool's execution.taskSupport ("" when absent);
	// tasks is whether the server declared tasks.requests.tools.call.
	task  map[string]string
	tasks bool
}

func newSchemaStore() *schemaStore {
	return &schemaStore{in: map[string]json.RawMessage{}, out: map[string]json.RawMessage{},
		ann: map[string]json.RawMessage{}, task: map[string]string{}}
}

// observe records the schemas of a JSON-RPC result when it is a tools/list
// result (a top-level "tools" array of named tools).
func (s *schemaStore) observe(result json.RawMessage) {
	if !bytes.Contains(result, []byte(`"tools"`)) {
		return
	}
	var list struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
			Annotations  json.RawMessage `json:"annotations"`
			Execution    struct {
				TaskSupport string `json:"taskSupport"`
			} `json:"execution"`
		} `json:"tools"`
		Capabilities *struct {
			Tasks struct {
				Requests struct {
					Tools struct {
						Call json.RawMessage `json:"call"`
					} `json:"tools"`
				} `json:"requests"`
			} `json:"tasks"`
			Extensions map[string]json.RawMessage `json:"extensions"`
		} `json:"capabilities"`
	}
	if json.Unmarshal(result, &list) != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if list.Capabilities != nil { // an initialize result
		// A server of the tasks extension (2026-07-28's server/discover)
		// also serves the 2025-11-25 form this client speaks.
		_, extension := list.Capabilities.Extensions[TasksExtension]
		s.tasks = len(list.Capabilities.Tasks.Requests.Tools.Call) > 0 || extension
	}
	for _, t := range list.Tools {
		if t.Name == "" || len(t.InputSchema) == 0 {
			continue
		}
		s.task[t.Name] = t.Execution.TaskSupport
		s.in[t.Name] = t.InputSchema
		if len(t.OutputSchema) > 0 && string(t.OutputSchema) != "null" {
			s.out[t.Name] = t.OutputSchema
		} else {
			delete(s.out, t.Name)
		}
		if len(t.Annotations) > 0 && string(t.Annotations) != "null" {
			s.ann[t.Name] = t.Annotations
		} else {
			delete(s.ann, t.Name)
		}
	}
}

// annotations are the raw annotations last seen for tool name, and
// whether the tool was seen.
func (s *schemaStore) annotations(name string) (json.RawMessage, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, seen := s.in[name]
	return s.ann[name], seen
}

// tasksCapable reports whether the server declared task-augmented
// tools/call.
func (s *schemaStore) tasksCapable() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tasks
}

// taskSupport is the tool's execution.taskSupport, and whether the tool
// was listed.
func (s *schemaStore) taskSupport(name string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.task[name]
	return v, ok
}

// schemas are the raw input and output schemas last seen for tool name.
func (s *schemaStore) schemas(name string) (in, out json.RawMessage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.in[name], s.out[name]
}

// wireWatch is what the client watches on the wire: the tools' schemas
// in tools/list results, the notifications/progress of the calls that
// asked for progress (see progressRoutes), and the server's name and
// version in results' _meta.
type wireWatch struct {
	schemas  *schemaStore
	progress *progressRoutes
	side     *sideChannel
	server   serverInfoWatch // the serverInfo of results' _meta
}

// observeMessage observes a JSON-RPC message: a result, or a progress
// notification. Messages that can be neither are not decoded.
func (w *wireWatch) observeMessage(data []byte) {
	if !bytes.Contains(data, []byte(`"tools"`)) && !bytes.Contains(data, []byte(`"notifications/progress"`)) &&
		!bytes.Contains(data, []byte(metaServerInfo)) {
		return
	}
	msg, err := jsonrpc.DecodeMessage(data)
	if err != nil {
		return
	}
	w.observe(msg)
}

// observe observes a decoded message.
func (w *wireWatch) observe(msg jsonrpc.Message) {
	switch m := msg.(type) {
	case *jsonrpc.Response:
		if m.Error == nil {
			w.schemas.observe(m.Result)
			w.server.observe(m.Result)
		}
	case *jsonrpc.Request:
		if m.Method == "notifications/progress" {
			w.progress.deliver(m.Params)
		}
	}
}

// watchTransport wraps a message transport (stdio, in-memory) so that its
// connection's messages are observed (see wireWatch).
type watchTransport struct {
	sdk.Transport
	watch           *wireWatch
	discoverTimeout time.Duration // see discoverProbe
}

// Connect connects the wrapped transport and watches the connection.
func (t watchTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.watch.side.setConn(conn)
	return watchConn{Connection: conn, watch: t.watch, probe: &discoverProbe{timeout: t.discoverTimeout}}, nil
}

// watchConn observes the messages it reads, as it reads them: a progress
// notification is delivered before the messages after it are read, so
// before the response of its call.
type watchConn struct {
	sdk.Connection
	watch *wireWatch
	probe *discoverProbe
}

// Write writes a message, noting a server/discover request first.
func (c watchConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	c.probe.sent(msg)
	err := c.Connection.Write(ctx, msg)
	if err != nil {
		c.probe.answered(msg) // nothing to wait for
	}
	return err
}

// Read reads the next message, observing it.
func (c watchConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.probe.read(ctx, c.Connection)
		if err != nil {
			return msg, err
		}
		if resp, ok := msg.(*jsonrpc.Response); ok && c.watch.side.take(resp) {
			continue // the answer to a request of the client's own, not go-sdk's
		}
		c.watch.observe(msg)
		return msg, nil
	}
}

// watchBody wraps the body of an HTTP response to a POST so that the
// JSON-RPC messages in it (plain JSON or an SSE stream) are observed.
func watchBody(resp *http.Response, watch *wireWatch) {
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch mt {
	case "application/json":
		resp.Body = &jsonWatcher{body: resp.Body, watch: watch}
	case "text/event-stream":
		resp.Body = &sseWatcher{body: resp.Body, watch: watch}
	}
}

// jsonWatcher observes a whole JSON body once it has been read.
type jsonWatcher struct {
	body  io.ReadCloser
	buf   bytes.Buffer
	watch *wireWatch
	done  bool
}

// Read passes the body through, observing it at EOF.
func (w *jsonWatcher) Read(p []byte) (int, error) {
	n, err := w.body.Read(p)
	if w.buf.Len()+n <= maxWatched {
		w.buf.Write(p[:n])
	}
	if err == io.EOF && !w.done && w.buf.Len() < maxWatched {
		w.done = true
		w.watch.observeMessage(w.buf.Bytes())
	}
	return n, err
}

// Close closes the body.
func (w *jsonWatcher) Close() error { return w.body.Close() }

// sseWatcher observes the data of each server-sent event as it passes.
type sseWatcher struct {
	body  io.ReadCloser
	line  []byte       // the current, unfinished line
	data  bytes.Buffer // the current event's data lines
	watch *wireWatch
}

// Read passes the stream through, observing each complete event.
func (w *sseWatcher) Read(p []byte) (int, error) {
	n, err := w.body.Read(p)
	w.feed(p[:n])
	return n, err
}

// feed splits bytes into lines and lines into events.
func (w *sseWatcher) feed(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			if len(w.line)+len(b) <= maxWatched {
				w.line = append(w.line, b...)
			}
			return
		}
		w.line = append(w.line, b[:i]...)
		w.handleLine(bytes.TrimSuffix(w.line, []byte("\r")))
		w.line = w.line[:0]
		b = b[i+1:]
	}
}

// handleLine collects data lines; a blank line ends the event.
func (w *sseWatcher) handleLine(line []byte) {
	if len(line) == 0 {
		if w.data.Len() > 0 {
			w.watch.observeMessage(w.data.Bytes())
		}
		w.data.Reset()
		return
	}
	if data, ok := bytes.CutPrefix(line, []byte("data:")); ok {
		if w.data.Len() > 0 {
			w.data.WriteByte('\n')
		}
		if w.data.Len()+len(data) <= maxWatched {
			w.data.Write(bytes.TrimPrefix(data, []byte(" ")))
		}
	}
}

// Close closes the body.
func (w *sseWatcher) Close() error { return w.body.Close() }

// isWatched reports whether a request body is a tools/list request or
// carries a progress token (a call that asked for progress), whose
// responses are watched, leaving the request's body readable again.
func isWatched(req *http.Request) bool {
	if req.Method != http.MethodPost || req.Body == nil || req.GetBody == nil {
		return false
	}
	body, err := req.GetBody()
	if err != nil {
		return false
	}
	defer body.Close()
	b, _ := io.ReadAll(io.LimitReader(body, maxWatched))
	return bytes.Contains(b, []byte(`"tools/list"`)) || bytes.Contains(b, []byte(`"progressToken"`)) ||
		bytes.Contains(b, []byte(`"initialize"`)) || bytes.Contains(b, []byte(`"server/discover"`))
}
