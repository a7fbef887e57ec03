package mcp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// WithPrompts serves prompts (a package's generated Prompts(), or prompts
// written by hand) beside the tools: prompts/list, and prompts/get, which
// checks the arguments (toolgen.Prompt.Render) before calling Get. The
// option may be given several times; two prompts with one name, or one
// without Get, are NewServer's error.
func WithPrompts(prompts ...toolgen.Prompt) ServerOption {
	return func(dst *serverConfig) error {
		dst.prompts = append(dst.prompts, prompts...)
		return nil
	}
}

// WithResources serves resources and resource templates (a package's
// generated Resources(), or resources written by hand) beside the tools:
// resources/list, resources/templates/list and resources/read. The option
// may be given several times; two resources with one URI, one without
// Read, or a URI go-sdk refuses are NewServer's error.
func WithResources(resources ...toolgen.Resource) ServerOption {
	return func(dst *serverConfig) error {
		dst.resources = append(dst.resources, resources...)
		return nil
	}
}

// maxCompletions is the most values a completion/complete result holds,
// as the specification says.
const maxCompletions = 100

// addPrompts registers the prompts with go-sdk.
func (s *Server) addPrompts(prompts []toolgen.Prompt) error {
	seen := map[string]bool{}
	for _, p := range prompts {
		switch {
		case seen[p.Name]:
			return fmt.Errorf("mcp: two prompts named %q", p.Name)
		case p.Get == nil:
			return fmt.Errorf("mcp: prompt %q has no Get", p.Name)
		}
		seen[p.Name] = true
		sp := &sdkmcp.Prompt{Name: p.Name, Title: p.Title, Description: p.Description}
		for _, a := range p.Arguments {
			sp.Arguments = append(sp.Arguments, &sdkmcp.PromptArgument{Name: a.Name, Description: withValues(a.Description, a.Values), Required: a.Required})
		}
		s.sdk.AddPrompt(sp, s.promptHandler(p))
	}
	return nil
}

// promptHandler renders p. Bad arguments are invalid params; a panic of
// Get is an error of the request rather than the end of the server. Get
// may ask the client (Elicit...): its error then makes an input-required
// result, as a tool's does.
func (s *Server) promptHandler(p toolgen.Prompt) sdkmcp.PromptHandler {
	return func(ctx context.Context, req *sdkmcp.GetPromptRequest) (res *sdkmcp.GetPromptResult, err error) {
		defer recoverRequest("prompt "+p.Name, &err)
		round, err := s.openPromptRound(p.Name, req)
		if err != nil {
			return nil, err
		}
		msgs, err := p.Render(withRound(ctx, round), req.Params.Arguments)
		if asks, state, rerr := round.inputRequired(err != nil); rerr != nil || asks != nil {
			if rerr != nil {
				return nil, rerr
			}
			return &sdkmcp.GetPromptResult{InputRequests: asks, RequestState: state}, nil
		}
		if errors.Is(err, toolgen.ErrBadArguments) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		if err != nil {
			return nil, err
		}
		res = &sdkmcp.GetPromptResult{Description: p.Description, Messages: make([]*sdkmcp.PromptMessage, len(msgs))}
		for i, m := range msgs {
			res.Messages[i] = &sdkmcp.PromptMessage{Role: sdkmcp.Role(m.Role), Content: toSDKContent(m.Content)}
		}
		return res, nil
	}
}

// recoverRequest turns a panic of a prompt's or a resource's function
// into the request's error.
func recoverRequest(what string, err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("%s panicked: %v", what, p)
	}
}

// addResources registers the resources and templates with go-sdk, which
// panics on a URI or template it refuses: that becomes an error here.
func (s *Server) addResources(resources []toolgen.Resource) (err error) {
	seen := map[string]bool{}
	for _, r := range resources {
		switch {
		case seen[r.URI]:
			return fmt.Errorf("mcp: two resources with the URI %q", r.URI)
		case r.Read == nil:
			return fmt.Errorf("mcp: resource %q has no Read", r.URI)
		case r.Cache != nil && checkCacheHint(*r.Cache) != nil:
			return fmt.Errorf("mcp: resource %q: Cache: %w", r.URI, checkCacheHint(*r.Cache))
		}
		seen[r.URI] = true
		if err := s.addResource(r); err != nil {
			return err
		}
	}
	if templates := slices.DeleteFunc(slices.Clone(resources), func(r toolgen.Resource) bool { return !r.IsTemplate() }); len(templates) > 0 {
		s.sdk.AddReceivingMiddleware(explainUnmatchedURIs(templates))
	}
	return nil
}

// reachedHandler is the context key under which explainUnmatchedURIs
// learns whether a resources/read reached one of the resources' handlers.
type reachedHandler struct{}

// explainUnmatchedURIs turns go-sdk's "resource not found", for a URI that
// no handler was given, into invalid params that say what is wrong when the
// URI has the fixed parts of one of the templates: a value holding a '/'
// or a bad percent-encoding, which a client made by hand and which go-sdk's
// matcher (like toolgen's) does not take.
func explainUnmatchedURIs(templates []toolgen.Resource) sdkmcp.Middleware {
	return func(next sdkmcp.MethodHandler) sdkmcp.MethodHandler {
		return func(ctx context.Context, method string, req sdkmcp.Request) (sdkmcp.Result, error) {
			params, ok := req.GetParams().(*sdkmcp.ReadResourceParams)
			if method != "resources/read" || !ok || params == nil {
				return next(ctx, method, req)
			}
			reached := new(bool)
			res, err := next(context.WithValue(ctx, reachedHandler{}, reached), method, req)
			// go-sdk answers a URI no handler matches with invalid params
			// ("Resource not found", SEP-2164's code).
			var rpcErr *jsonrpc.Error
			if *reached || !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc.CodeInvalidParams {
				return res, err
			}
			for _, r := range templates {
				// The URI is checked against the template's form alone: a
				// URI that matches it (go-sdk's matcher refused it, ReadURI
				// would read it) is left to go-sdk's answer.
				r.Variables, r.Read = nil, func(context.Context, map[string]string) (toolgen.ResourceContents, error) {
					return toolgen.ResourceContents{}, nil
				}
				if _, err := r.ReadURI(ctx, params.URI); errors.Is(err, toolgen.ErrInvalidResourceURI) {
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
				}
			}
			return res, err
		}
	}
}

func (s *Server) addResource(r toolgen.Resource) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("mcp: resource %q: %v", r.URI, p)
		}
	}()
	if r.IsTemplate() {
		s.sdk.AddResourceTemplate(&sdkmcp.ResourceTemplate{
			URITemplate: r.URI, Name: r.Name, Title: r.Title, Description: templateDescription(r), MIMEType: r.MIMEType,
		}, s.resourceHandler(r))
		return nil
	}
	s.sdk.AddResource(&sdkmcp.Resource{
		URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description, MIMEType: r.MIMEType,
	}, s.resourceHandler(r))
	return nil
}

// withValues is an argument's description followed by the values it
// takes, if it takes only some: MCP's prompt arguments have no enum, and a
// client that does not ask for completions shows the description.
func withValues(desc string, values []string) string {
	if values == nil {
		return desc
	}
	one := "One of: " + strings.Join(values, ", ") + "."
	desc = strings.TrimSpace(desc)
	if desc == "" {
		return one
	}
	if !strings.ContainsAny(desc[len(desc)-1:], ".!?:") {
		desc += "."
	}
	return desc + " " + one
}

// templateDescription is a template's description, followed by its
// variables' descriptions (MCP's resource templates have no place for
// them of their own):
//
//	Note is a note by its name.
//
//	Variables:
//	- name: the note's file name.
//	- language: One of: go, rust.
func templateDescription(r toolgen.Resource) string {
	var b strings.Builder
	for _, v := range r.Variables {
		if desc := withValues(v.Description, v.Values); desc != "" {
			fmt.Fprintf(&b, "\n- %s: %s", v.Name, desc)
		}
	}
	if b.Len() == 0 {
		return r.Description
	}
	return strings.TrimRight(r.Description, "\n") + "\n\nVariables:" + b.String()
}

// resourceHandler reads r at the request's URI. go-sdk hands it the URIs
// that its own matcher finds of r's form: one that toolgen's matcher does
// not take (a value holding '/', a bad percent-encoding), or a variable
// outside its Values, is invalid params that say what is wrong; MCP's
// resource not found is for a Read that finds nothing
// (toolgen.ErrResourceNotFound).
//
// Read may ask the client (Elicit...): its error then makes an
// input-required result, as a tool's does.
func (s *Server) resourceHandler(r toolgen.Resource) sdkmcp.ResourceHandler {
	return func(ctx context.Context, req *sdkmcp.ReadResourceRequest) (res *sdkmcp.ReadResourceResult, err error) {
		defer recoverRequest("resource "+r.URI, &err)
		if reached, ok := ctx.Value(reachedHandler{}).(*bool); ok {
			*reached = true
		}
		uri := req.Params.URI
		round, err := s.openRound(requestRound(req, stateBinding{method: "resources/read", name: uri}, req.Params.InputResponses, req.Params.RequestState))
		if err != nil {
			return nil, err
		}
		c, err := r.ReadURI(withRound(ctx, round), uri)
		if asks, state, rerr := round.inputRequired(err != nil); rerr != nil || asks != nil {
			if rerr != nil {
				return nil, rerr
			}
			return &sdkmcp.ReadResourceResult{InputRequests: asks, RequestState: state}, nil
		}
		if errors.Is(err, toolgen.ErrInvalidResourceURI) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
		}
		if errors.Is(err, toolgen.ErrResourceNotFound) {
			return nil, sdkmcp.ResourceNotFoundError(uri)
		}
		if err != nil {
			return nil, err
		}
		rc := &sdkmcp.ResourceContents{URI: uri, MIMEType: cmp.Or(c.MIMEType, r.MIMEType)}
		if c.Blob != nil {
			rc.Blob = c.Blob
		} else {
			rc.Text = c.Text
		}
		res = &sdkmcp.ReadResourceResult{Contents: []*sdkmcp.ResourceContents{rc}}
		if r.Cache != nil {
			res.Cacheable = cacheable(*r.Cache)
		}
		return res, nil
	}
}

// completer answers completion/complete for the served prompts' arguments
// and templates' variables that have Values (prefix matches, at most
// maxCompletions); for anything else it asks next, the handler of
// WithSDKOptions, or answers no values.
type completer struct {
	prompts   map[string]toolgen.Prompt
	templates map[string]toolgen.Resource
	next      func(context.Context, *sdkmcp.CompleteRequest) (*sdkmcp.CompleteResult, error)
}

func newCompleter(prompts []toolgen.Prompt, resources []toolgen.Resource, next func(context.Context, *sdkmcp.CompleteRequest) (*sdkmcp.CompleteResult, error)) *completer {
	c := &completer{prompts: map[string]toolgen.Prompt{}, templates: map[string]toolgen.Resource{}, next: next}
	for _, p := range prompts {
		c.prompts[p.Name] = p
	}
	for _, r := range resources {
		if r.IsTemplate() {
			c.templates[r.URI] = r
		}
	}
	return c
}

func (c *completer) complete(ctx context.Context, req *sdkmcp.CompleteRequest) (*sdkmcp.CompleteResult, error) {
	values, ok := c.values(req.Params)
	if !ok {
		if c.next != nil {
			return c.next(ctx, req)
		}
		values = []string{}
	}
	return &sdkmcp.CompleteResult{Completion: completions(values, req.Params.Argument.Value, maxCompletions)}, nil
}

// completions is what completion/complete answers for an argument or
// variable with Values: those that start with prefix, at most max of
// them, and how many there are in all.
func completions(values []string, prefix string, max int) sdkmcp.CompletionResultDetails {
	c := sdkmcp.CompletionResultDetails{Values: []string{}}
	for _, v := range values {
		if strings.HasPrefix(v, prefix) {
			c.Total++
			if len(c.Values) < max {
				c.Values = append(c.Values, v)
			}
		}
	}
	c.HasMore = c.Total > len(c.Values)
	return c
}

// values are the values of the argument or variable req names; false when
// it names none of the served ones, or one without Values.
func (c *completer) values(req *sdkmcp.CompleteParams) ([]string, bool) {
	if req == nil || req.Ref == nil {
		return nil, false
	}
	name := req.Argument.Name
	switch req.Ref.Type {
	case "ref/prompt":
		for _, a := range c.prompts[req.Ref.Name].Arguments {
			if a.Name == name && a.Values != nil {
				return a.Values, true
			}
		}
	case "ref/resource":
		for _, v := range c.templates[req.Ref.URI].Variables {
			if v.Name == name && v.Values != nil {
				return v.Values, true
			}
		}
	}
	return nil, false
}
