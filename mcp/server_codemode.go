package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"strings"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/codemode"
)

// CodeMode configures a server's run_code tool (WithCodeMode).
type CodeMode struct {
	// Declarations are the TypeScript declarations of the server's tools,
	// which run_code's description gives the model: a generated package's
	// CodeModeDeclarations(), or several packages' joined by newlines.
	Declarations string
	// Beside lists the server's tools beside run_code, for clients that
	// call tools one by one too. Without it, tools/list shows run_code
	// alone (and WithToolSearch's two tools): the declarations already
	// describe every tool, so listing them as well would send each
	// definition twice, and the catalog's tokens are what code mode saves.
	Beside bool
	// Limits bound each program; a zero field takes
	// codemode.DefaultLimits' value.
	Limits codemode.Limits
}

// WithCodeMode serves the server's tools through one tool, run_code
// (codemode.ToolRunCode), which runs a TypeScript program that calls them
// as async functions, with runner (module codemode/quickjs's, or one of
// your own), and returns what the program returns. Every call a program
// makes is served as a tools/call of that tool would be: the same decoding
// and validation, permissions and approval (WithPermissions, WithApprover,
// elicitation), deps, required client capabilities and call slots
// (WithMaxCalls: a program holds one, and its call in progress another).
// A failed or refused call throws an Error in the program, with the
// result's text; a call that needs input from the client by an
// input-required result (protocol 2026-07-28 and later) fails so too, as
// does a call of a tool that runs only as a task: a program cannot wait
// for either. Each call is reported as a notifications/progress of
// run_code when the client sent a progress token; the tools' own progress
// reports are not sent.
//
// run_code's result is the JSON of the program's value as text, then what
// it logged (console.log), if anything, as a second text part. A program
// that fails (its error, with its line and column) or reaches a bound is a
// failed result saying so; a cancelled call is answered as any other.
// Each program sees the time of its call as its clock and a random seed.
func WithCodeMode(runner codemode.Runner, o CodeMode) ServerOption {
	return func(c *serverConfig) error {
		switch {
		case runner == nil:
			return errors.New("mcp.WithCodeMode(nil, ...): nil runner")
		case strings.TrimSpace(o.Declarations) == "":
			return errors.New("mcp.WithCodeMode: no Declarations: give the generated CodeModeDeclarations() of the served tools")
		}
		c.codeMode = &codeMode{runner: runner, CodeMode: o}
		return nil
	}
}

// codeMode is a server's run_code.
type codeMode struct {
	CodeMode
	runner codemode.Runner
	tools  map[string]*toolgen.Tool // the tools a program may call
	names  []string                 // their names, for codemode.Program.Tools
}

// addCodeMode registers run_code over tools, every tool of the server.
func (s *Server) addCodeMode(cm *codeMode, tools []toolgen.Tool) error {
	if hasTool(tools, codemode.ToolRunCode) {
		return fmt.Errorf("mcp: a tool is named %q, which mcp.WithCodeMode adds", codemode.ToolRunCode)
	}
	cm.tools = make(map[string]*toolgen.Tool, len(tools))
	for _, t := range tools {
		cm.tools[string(t.Name)] = &t
		cm.names = append(cm.names, string(t.Name))
	}
	s.sdk.AddTool(sdkTool(toolgen.Tool{
		Name:        codemode.ToolRunCode,
		Description: codemode.Description(cm.Declarations),
		InputSchema: []byte(codemode.InputSchema),
		// The most cautious hints, since a program may call any tool.
		Annotations: toolgen.Annotations{Destructive: true, OpenWorld: true},
	}), s.runCodeHandler(cm))
	return nil
}

// runCodeHandler serves run_code: it reads the program and runs it, its
// calls served by codeHost.
func (s *Server) runCodeHandler(cm *codeMode) sdkmcp.ToolHandler {
	return func(ctx context.Context, req *sdkmcp.CallToolRequest) (*sdkmcp.CallToolResult, error) {
		source, err := codemode.ParseArgs(req.Params.Arguments)
		if err != nil {
			return toSDKResult(toolgen.ErrorResult(err.Error())), nil
		}
		if !s.slots.take() {
			return toSDKResult(toolgen.ErrorResult(busyMessage(s.slots))), nil
		}
		defer s.slots.give()
		notifier := sdkProgressNotifier(ctx, req)
		defer notifier.end() // no notification after the response
		p := codemode.Program{Source: source, Tools: cm.names, Clock: time.Now(), Seed: rand.Uint64(), Limits: cm.Limits}
		out, err := cm.runner.Run(ctx, p, s.codeHost(cm, req, notifier))
		if err != nil && ctx.Err() != nil {
			return nil, err
		}
		return toSDKResult(codemode.ToolResult(out, err)), nil
	}
}

// codeHost serves the calls of a program that run_code's request req runs:
// each as a tools/call of its tool (serveCall), made of req by nestedCall.
func (s *Server) codeHost(cm *codeMode, req *sdkmcp.CallToolRequest, notifier *progressNotifier) codemode.Host {
	calls := 0 // a program's calls come one at a time
	return func(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
		t := cm.tools[name]
		switch {
		case t == nil:
			return nil, &codemode.CallError{Message: fmt.Sprintf("no tool %q on this server", name)}
		case s.tasks != nil && s.tasks.support[name] == toolgen.TaskRequired:
			return nil, &codemode.CallError{Message: fmt.Sprintf("the tool %s runs only as a task, which a program cannot wait for; the tool did not run", name)}
		}
		calls++
		if notifier != nil {
			_ = notifier.notify(toolgen.Progress{Progress: float64(calls), Message: "calling " + name})
		}
		res, asks, err := s.serveCall(ctx, t, nestedCall(req, name, args))
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, err
		case err != nil:
			return nil, &codemode.CallError{Message: err.Error()}
		case asks != nil:
			return nil, &codemode.CallError{Message: fmt.Sprintf("this call of %s needs input from the client (an approval, or an answer to "+
				"the tool's question), which a call from a program cannot ask for; call %[1]s directly", name)}
		}
		return codemode.ProgramValue(*t, res)
	}
}

// nestedCall is the request a program's call of name with args is served
// as: run_code's (its session, HTTP request, token and client), without
// the input responses and request state of run_code's own round trips,
// nor its progress token (run_code reports the calls).
func nestedCall(req *sdkmcp.CallToolRequest, name string, args json.RawMessage) *sdkmcp.CallToolRequest {
	params := *req.Params
	params.Name, params.Arguments = name, args
	params.InputResponses, params.RequestState = nil, ""
	if params.Meta != nil {
		params.Meta = maps.Clone(params.Meta)
		delete(params.Meta, "progressToken")
	}
	inner := *req
	inner.Params = &params
	return &inner
}
