package toolgen

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/panics"
)

// Toolbox holds tools from any number of packages, finds them by name,
// and searches them by what they do (Search).
type Toolbox struct {
	tools  []Tool
	byName map[ToolName]int
	index  searchIndex
}

// NewToolbox puts sets of tools (each from a generated Tools function)
// together. Two tools of one name are an error naming it: a model could not
// tell them apart. The toolbox keeps a lone set as it is, without copying
// (generated Tools functions return a new slice each call). A tool that
// toolgen did not index at build time (written by hand, or from an MCP
// server) is analyzed for Search here, once.
func NewToolbox(sets ...[]Tool) (*Toolbox, error) {
	var tools []Tool
	if len(sets) == 1 {
		tools = sets[0]
	} else {
		for _, set := range sets {
			tools = append(tools, set...)
		}
	}
	b := &Toolbox{tools: tools, byName: make(map[ToolName]int, len(tools))}
	for i, t := range tools {
		if err := b.check(t); err != nil {
			return nil, err
		}
		b.byName[t.Name] = i
	}
	b.index = newSearchIndex(tools)
	return b, nil
}

func (b *Toolbox) check(t Tool) error {
	if t.Name == "" || t.Call == nil {
		return fmt.Errorf("toolbox: a tool needs a name and a Call function (got name %q)", t.Name)
	}
	if _, dup := b.byName[t.Name]; dup {
		return fmt.Errorf("toolbox: two tools are named %q", t.Name)
	}
	return nil
}

// Tools returns the tools in the order they were added. The slice is the
// toolbox's own: do not modify it.
func (b *Toolbox) Tools() []Tool { return b.tools }

// Lookup finds a tool by name.
func (b *Toolbox) Lookup(name ToolName) (Tool, bool) {
	i, ok := b.byName[name]
	if !ok {
		return Tool{}, false
	}
	return b.tools[i], true
}

// Names returns the tools' names, sorted.
func (b *Toolbox) Names() []ToolName {
	names := make([]ToolName, len(b.tools))
	for i, t := range b.tools {
		names[i] = t.Name
	}
	slices.Sort(names)
	return names
}

// Call calls the named tool. An unknown name is a failed result that lists
// the tools there are, so that a model can correct itself, and a panic in
// the tool is a failed result that names it. The tool runs on
// the caller's goroutine, with no timeout but ctx's: a tool that calls
// runtime.Goexit ends the caller's goroutine, as any function would. The
// agent loop runs calls on goroutines of its own and bounds them (see
// agent.WithToolTimeout).
func (b *Toolbox) Call(ctx context.Context, name ToolName, args []byte) (Result, error) {
	t, ok := b.Lookup(name)
	if !ok {
		return ErrorResult(fmt.Sprintf("unknown tool %q; the tools are: %s", name, joinNames(b.Names()))), nil
	}
	return t.CallSafely(ctx, args)
}

// CallSafely calls the tool, turning a panic into a failed result naming
// it ("tool NAME failed: panic: ..."), as generated tools do on their own:
// a hand-written tool may not, and a panic in a call's goroutine would end
// the program. The Toolbox, the agent loop and the MCP server call every
// tool so.
func (t Tool) CallSafely(ctx context.Context, args []byte) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = ErrorResult(fmt.Sprintf("tool %s failed: panic: %s", t.Name, panics.Text(p))), nil
		}
	}()
	return t.Call(ctx, args)
}

func joinNames(names []ToolName) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}
