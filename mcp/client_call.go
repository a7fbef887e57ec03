package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// RPCError is a JSON-RPC error the server answered a tools/call with: an
// unknown tool (-32602 or -32601), invalid arguments (-32602), or a
// failure of the server itself.
type RPCError struct {
	Tool    string
	Code    int64
	Message string
	Data    json.RawMessage
}

// Error says which tool the server refused and why.
func (e *RPCError) Error() string {
	return fmt.Sprintf("mcp: server refused tools/call %s: %s (code %d)", e.Tool, e.Message, e.Code)
}

// ToolError is a tool call the server ran and reported failed (isError);
// Result holds what the server said.
type ToolError struct {
	Tool   string
	Result toolgen.Result
}

// Error is the tool's name and its text.
func (e *ToolError) Error() string {
	text := e.Result.Text()
	if text == "" {
		text = "no detail given"
	}
	return fmt.Sprintf("mcp: tool %s failed: %s", e.Tool, text)
}

// ResultTypeError is a tools/call result of a type the client does not
// read (resultType other than "complete", such as a task the client did
// not ask for): it holds nothing the client can give as the call's result.
type ResultTypeError struct {
	Tool       string
	ResultType string
}

// Error names the tool and the type of its result.
func (e *ResultTypeError) Error() string {
	return fmt.Sprintf("mcp: tools/call %s: the server answered a result of type %q, which this client does not read", e.Tool, e.ResultType)
}

// CallTool calls the tool name with args, a JSON object (nil or empty for
// none), and returns its result. When the server reports the call failed,
// the result (IsError set) comes with a *ToolError; when it refuses the
// call with a JSON-RPC error, an IsError result describing it comes with a
// *RPCError; when it answers a result of a type the client does not read
// (see ResultTypeError), an IsError result saying so comes with a
// *ResultTypeError. Other errors mean ctx was done or the connection broke.
//
// Over a URL transport, a call whose transport failed is sent again (see
// WithRetry for how often and after which pauses) when that is safe:
//   - when nothing of it reached the server: the connection was refused,
//     or the session had already broken (a new one is made first);
//   - when the server answered 404 Not Found to the session: the server
//     lost the session (a restarted or replaced replica, an expired
//     session) and, as the protocol says, did not process the request, so
//     the client makes a new session (initialize without a session id) and
//     sends the call on it, whatever the tool;
//   - when the call may have reached the tool and its answer was lost (the
//     connection broke, a proxy answered 502, 503 or 504): only when the
//     server annotates the tool readOnlyHint or idempotentHint (a tool not
//     listed yet is listed first to learn it). Any other call gets the
//     error, wrapping ErrAnswerLost, so that it never runs twice.
//
// At most one new session is made per call, and one at a time: concurrent
// calls that met the same lost session wait for it and use it. A JSON-RPC
// error, a tool error and a done ctx are never retried.
//
// When ctx has a progress receiver (toolgen.ReportsProgress), the call
// asks the server for progress, and each notifications/progress the
// server sends for it is reported to ctx (toolgen.ReportProgress) before
// CallTool returns; none is after (see the package documentation).
//
// With pins (WithPins, PinFile, stubs), the tools are listed again, before
// the call is sent, when the server said they changed or the session is
// new, and a call of a tool that is not as pinned is not sent: an IsError
// result describing it comes with a *DriftError.
func (c *Client) CallTool(ctx context.Context, name string, args []byte) (toolgen.Result, error) {
	return c.callTool(ctx, name, args, "")
}

// callTool is CallTool, where approved is the digest of a changed
// definition a person approved calling (DriftAsk), or "".
func (c *Client) callTool(ctx context.Context, name string, args []byte, approved string) (toolgen.Result, error) {
	if len(args) == 0 {
		args = []byte("{}")
	}
	if !json.Valid(args) {
		return toolgen.ErrorResult("the arguments are not valid JSON"), &RPCError{Tool: name, Code: jsonrpc.CodeInvalidParams, Message: "arguments are not valid JSON"}
	}
	if c.pinning() {
		if err := c.freshPins(ctx); err != nil {
			return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: comparing the tools with their pins: %w", name, err)
		}
	}
	if c.callsAsTask(ctx, name) {
		return c.callTask(ctx, name, args, approved)
	}
	params := &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)}
	if toolgen.ReportsProgress(ctx) {
		token, remove := c.progress.add(ctx)
		defer remove() // no report after the call returns
		params.SetProgressToken(token)
	}
	var res *sdk.CallToolResult
	send := func() (err error) {
		res, err = c.callRounds(ctx, name, params, func(params *sdk.CallToolParams) (res *sdk.CallToolResult, err error) {
			err = c.withRetry(ctx, func(ctx context.Context) bool { return c.retrySafe(ctx, name) },
				func(ctx context.Context, session *sdk.ClientSession) (err error) {
					if err := c.checkCall(ctx, session, name, approved); err != nil {
						return err
					}
					res, err = session.CallTool(ctx, params)
					return err
				})
			return res, err
		})
		return err
	}
	err := send()
	if c.relistedForHeaders(ctx, err) { // headers_client.go
		err = send()
	}
	var de *DriftError
	if errors.As(err, &de) {
		return toolgen.ErrorResult(de.Error()), de
	}
	if err != nil {
		if we := serverError(err); we != nil && ctx.Err() == nil {
			re := &RPCError{Tool: name, Code: we.Code, Message: we.Message, Data: we.Data}
			return toolgen.ErrorResult(fmt.Sprintf("%s: %s", name, we.Message)), re
		}
		return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: %w", name, err)
	}
	if rt := unreadResultType(res); rt != "" {
		e := &ResultTypeError{Tool: name, ResultType: rt}
		return toolgen.ErrorResult(e.Error()), e
	}
	r, err := clientResult(res)
	if err != nil {
		return toolgen.Result{}, fmt.Errorf("mcp: tools/call %s: %w", name, err)
	}
	if r.IsError {
		return r, &ToolError{Tool: name, Result: r}
	}
	return r, nil
}

// unreadResultType is the resultType of res when the client cannot read
// it, else "". A missing resultType is "complete" (servers before
// 2026-07-28 send none), and go-sdk answers "input_required" itself. Only
// a result with nothing in it is looked at: go-sdk keeps the type
// unexported, and encoding a small result again is how to learn it.
func unreadResultType(res *sdk.CallToolResult) string {
	if len(res.Content) > 0 || res.StructuredContent != nil || res.IsError || res.NeedsInput() {
		return ""
	}
	b, err := json.Marshal(res)
	if err != nil {
		return ""
	}
	var v struct {
		ResultType string `json:"resultType"`
	}
	if json.Unmarshal(b, &v) != nil || v.ResultType == "complete" {
		return ""
	}
	return v.ResultType
}

// callForModel is a toolgen.Tool's Call: server-side failures, a tool
// not as pinned, a result the client cannot read and a lost answer
// (ErrAnswerLost) are results, only a done ctx or a broken connection is
// an error. What the tool answered is fenced (WithFencedResults); the
// client's own words are not.
func (c *Client) callForModel(ctx context.Context, name string, args []byte, approved string) (toolgen.Result, error) {
	r, err := c.callTool(ctx, name, args, approved)
	var re *RPCError
	var te *ToolError
	var de *DriftError
	var rte *ResultTypeError
	switch {
	case (err == nil || errors.As(err, &te)) && !c.opts.unfenced:
		return fenceResult(c.opts.prefix+name, r), nil
	case err == nil, errors.As(err, &te), errors.As(err, &re), errors.As(err, &de), errors.As(err, &rte):
		return r, nil
	case ctx.Err() != nil:
		return toolgen.Result{}, ctx.Err()
	case errors.Is(err, ErrAnswerLost):
		return toolgen.ErrorResult(fmt.Sprintf("%s: %s", name, ErrAnswerLost)), nil
	}
	return toolgen.Result{}, err
}

// clientResult maps a tools/call result: text content to text parts, images and
// audio to Data and MIMEType, embedded resources to resource parts (URI,
// MIMEType, Text or Data), resource links to a text line naming them,
// structuredContent to Structured and isError to IsError.
func clientResult(res *sdk.CallToolResult) (toolgen.Result, error) {
	var r toolgen.Result
	r.IsError = res.IsError
	for _, c := range res.Content {
		r.Content = append(r.Content, content(c))
	}
	if res.StructuredContent != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return toolgen.Result{}, fmt.Errorf("structuredContent: %w", err)
		}
		r.Structured = b
	}
	return r, nil
}

// content maps one content part.
func content(c sdk.Content) toolgen.Content {
	switch c := c.(type) {
	case *sdk.TextContent:
		return toolgen.Content{Type: toolgen.ContentText, Text: c.Text}
	case *sdk.ImageContent:
		return toolgen.Content{Type: toolgen.ContentImage, Data: c.Data, MIMEType: c.MIMEType}
	case *sdk.AudioContent:
		return toolgen.Content{Type: toolgen.ContentAudio, Data: c.Data, MIMEType: c.MIMEType}
	case *sdk.EmbeddedResource:
		return resource(c.Resource)
	case *sdk.ResourceLink:
		return toolgen.Content{Type: toolgen.ContentText, Text: linkText(c)}
	}
	return toolgen.Content{Type: toolgen.ContentText, Text: fmt.Sprintf("[unsupported content %T]", c)}
}

// resource maps an embedded resource: its URI, MIME type, and text or
// bytes.
func resource(rc *sdk.ResourceContents) toolgen.Content {
	if rc == nil {
		return toolgen.Content{Type: toolgen.ContentResource}
	}
	return toolgen.Content{Type: toolgen.ContentResource, URI: rc.URI, MIMEType: rc.MIMEType, Text: rc.Text, Data: rc.Blob}
}

// linkText names a resource link.
func linkText(l *sdk.ResourceLink) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[resource link %s", l.URI)
	if l.Name != "" {
		fmt.Fprintf(&b, " %q", l.Name)
	}
	if l.MIMEType != "" {
		fmt.Fprintf(&b, ", %s", l.MIMEType)
	}
	b.WriteString("]")
	return b.String()
}
