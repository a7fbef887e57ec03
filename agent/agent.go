package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/internal/option"
	"github.com/toolgen-dev/toolgen/permission"
)

// DefaultMaxTurns is how many model responses a run may take unless
// WithMaxTurns says otherwise.
const DefaultMaxTurns = 20

// DefaultParallelism is how many tool calls of one turn run at once unless
// WithParallelism says otherwise.
const DefaultParallelism = 8

// DefaultToolTimeout is how long the loop waits for one tool call unless
// WithToolTimeout says otherwise. It is long enough for any tool that is
// working (a build, a sub-agent's few turns) and short enough that a tool
// stuck on something that ignores its context does not hold a run for good.
const DefaultToolTimeout = 10 * time.Minute

// Agent puts tools in front of a model: it asks the model, runs the tool
// calls it makes (concurrently, within the permissions), gives it the
// results, and repeats until the model answers, a call needs a person's
// approval, or the turns run out. An Agent is safe for concurrent runs.
type Agent struct {
	model       Model
	name        string
	system      string
	tools       *toolgen.Toolbox
	specs       []ToolSpec                // the tools offered to the model, in order
	offered     map[toolgen.ToolName]bool // their names
	perms       permission.Permissions
	guards      []OutputGuard // WithOutputGuards
	preset      Preset
	maxTurns    int
	parallelism int
	limits      map[toolgen.ToolName]toolLimit       // every tool's timeout
	prints      map[toolgen.ToolName]ToolFingerprint // every tool's, computed once
	definitions map[toolgen.ToolName]int             // every tool's definition tokens (cost.go)
	events      *eventSink
	compaction  *compaction     // nil: none (WithCompaction)
	sandbox     toolgen.Sandbox // every call's toolgen.Ctx.Sandbox; nil: none
	search      *ToolSearch     // nil: every offered tool is sent (WithToolSearch)
	native      bool            // with search: the model's provider searches (NativeToolSearcher)
	// failureLimit is each tool's limit of failed calls in a row, if it
	// has one (WithMaxFailures, toolgen.Tool.MaxFailures).
	failureLimit map[toolgen.ToolName]int
	// resultLimit is each tool's result limit in tokens, if it has one
	// (WithMaxResultTokens, toolgen.Tool.MaxResultTokens; results.go).
	resultLimit  map[toolgen.ToolName]int
	resultBudget int  // WithResultBudget, or 0
	readsResults bool // read_result is the agent's (results.go)
	deferred     map[toolgen.ToolName]bool
	noRepair     bool // WithArgRepair(false)
	// disabledProvider are the provider tools the rules deny or ask about
	// (ProviderToolModel), sent as Request.DisabledProviderTools.
	disabledProvider []string
	stateKey         []byte    // nil: States are not sealed (WithStateKey)
	code             *CodeMode // nil: no code mode (WithCodeMode)
}

// Option configures an Agent. An option given a bad value makes New fail
// with an error naming the option and the value, as
// "agent.WithMaxTurns(0): must be at least 1"; no value is clamped or
// ignored.
type Option func(*config) error

type config struct {
	name             string
	system           string
	sets             [][]toolgen.Tool
	perms            permission.Permissions
	guards           []OutputGuard
	preset           Preset
	maxTurns         int
	parallelism      int
	timeout          time.Duration
	timeouts         map[toolgen.ToolName]time.Duration
	active, inactive []toolgen.ToolName
	observer         func(Event)
	logger           *slog.Logger
	activeSet, inSet bool
	compaction       *compaction
	sandbox          toolgen.Sandbox
	search           *ToolSearch
	maxFailures      int                      // WithMaxFailures for every tool, or 0
	toolFailures     map[toolgen.ToolName]int // WithMaxFailures for named tools
	maxResultTokens  int                      // WithMaxResultTokens for every tool, or 0
	toolResultTokens map[toolgen.ToolName]int // WithMaxResultTokens for named tools
	resultBudget     int                      // WithResultBudget, or 0
	noRepair         bool
	stateKey         []byte
	code             *CodeMode // nil: no code mode (WithCodeMode)
}

// WithTools adds tools (each set from a generated Tools function, a
// builtin, an MCP client...). Two tools of one name are an error.
func WithTools(sets ...[]toolgen.Tool) Option {
	return func(c *config) error { c.sets = append(c.sets, sets...); return nil }
}

// WithSystem sets the system prompt.
func WithSystem(prompt string) Option {
	return func(c *config) error { c.system = prompt; return nil }
}

// WithName names the agent in events, logs and messages.
func WithName(name string) Option {
	return func(c *config) error { c.name = name; return nil }
}

// WithPermissions sets the rules deciding which calls run, ask or are
// denied.
func WithPermissions(p permission.Permissions) Option {
	return func(c *config) error { c.perms = p; return nil }
}

// WithPreset sets a permission preset over the tools' annotations (see
// Preset), applied when no rule matches a call.
func WithPreset(p Preset) Option {
	return func(c *config) error {
		if !slices.Contains([]Preset{PresetDefault, PresetAllowAll, PresetAllowEdits, PresetAllowReads}, p) {
			return fmt.Errorf("agent.WithPreset(%q): unknown preset (presets: allow-all, allow-edits, allow-reads)", p)
		}
		c.preset = p
		return nil
	}
}

// WithMaxTurns bounds how many model responses a run takes (default
// DefaultMaxTurns); n must be at least 1.
func WithMaxTurns(n int) Option {
	return func(c *config) error { return option.AtLeastOne("agent.WithMaxTurns", n, &c.maxTurns) }
}

// WithParallelism bounds how many tool calls of one turn run at once
// (default DefaultParallelism); n must be at least 1.
func WithParallelism(n int) Option {
	return func(c *config) error { return option.AtLeastOne("agent.WithParallelism", n, &c.parallelism) }
}

// WithToolTimeout bounds how long the loop waits for a tool call: d for
// the named tools, or for every other tool when no name is given (default
// DefaultToolTimeout; 0 means no bound; a negative d, or an empty name, is
// an error). When d passes, the call's context
// is cancelled (context.Cause says the tool did not finish in time), the
// model reads "tool X did not finish within d; it was abandoned", and the
// run goes on without waiting for the call: a tool that ignores its context
// keeps its goroutine until it returns, and its result is dropped.
func WithToolTimeout(d time.Duration, tools ...toolgen.ToolName) Option {
	return func(c *config) error {
		if d < 0 {
			return fmt.Errorf("agent.WithToolTimeout(%v): must not be negative (0 means no bound)", d)
		}
		return perTool("agent.WithToolTimeout", d, tools, &c.timeout, &c.timeouts)
	}
}

// perTool sets v, an option's value, for the named tools (in *each, made
// on first use), or for every other tool (*all) when no name is given; an
// empty name is an error.
func perTool[T any](option string, v T, tools []toolgen.ToolName, all *T, each *map[toolgen.ToolName]T) error {
	if slices.Contains(tools, "") {
		return fmt.Errorf("%s(%v, %q): empty tool name", option, v, tools)
	}
	if len(tools) == 0 {
		*all = v
		return nil
	}
	if *each == nil {
		*each = map[toolgen.ToolName]T{}
	}
	for _, name := range tools {
		(*each)[name] = v
	}
	return nil
}

// WithActiveTools offers the model only these tools (an allow-list).
func WithActiveTools(names ...toolgen.ToolName) Option {
	return func(c *config) error { c.active, c.activeSet = append(c.active, names...), true; return nil }
}

// WithInactiveTools offers the model every tool but these (a deny-list).
func WithInactiveTools(names ...toolgen.ToolName) Option {
	return func(c *config) error { c.inactive, c.inSet = append(c.inactive, names...), true; return nil }
}

// WithObserver calls fn with every event of every run, one call at a time.
// A nil fn is an error.
func WithObserver(fn func(Event)) Option {
	return func(c *config) error {
		if fn == nil {
			return errors.New("agent.WithObserver(nil): nil function")
		}
		c.observer = fn
		return nil
	}
}

// WithLogger logs every event to l (model responses and tool calls at
// Info, the rest at Debug). A nil l is an error.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) error { return option.NotNil("agent.WithLogger", l, "logger", &c.logger) }
}

// WithSandbox gives every tool call of the agent's runs sb, as
// toolgen.Ctx.Sandbox: tools of one's own then read, write, list and run
// commands through the same confinement as the built-in tools
// (builtin.NewSandbox). The agent itself does nothing with it; the tools
// the agent is given keep their own configuration (a builtin.ShellTool
// confines its commands whether or not the agent has a sandbox). A nil sb
// is an error.
func WithSandbox(sb toolgen.Sandbox) Option {
	return func(c *config) error { return option.NotNil("agent.WithSandbox", sb, "sandbox", &c.sandbox) }
}

// WithArgRepair says whether the agent's calls of generated tools repair
// malformed arguments when the fix is certain (toolgen.Tool.CallRepairing):
// on by default. A repaired call runs, and its result ends with a note that
// says what was changed ("arguments repaired before the call: /tags: a
// string holding a JSON array, read as the array"), so that the model
// learns; arguments no certain repair makes whole are refused as they are
// without repairs.
//
// Repair is on by default because each repair is one the tool's decoder is
// sure of, from the parameter's Go type, and the model is told of it,
// while a refused call costs a turn, and weaker models often send the same
// call again. It is off, whatever this option says, for a call that a
// permission rule with Args matches by its tool (in any list): such a rule
// reads the arguments as sent, and a repair must not change what it read.
// A tool whose author wants every call sent right (a payment) is
// generated with the directive option norepair.
func WithArgRepair(on bool) Option {
	return func(c *config) error { c.noRepair = !on; return nil }
}

// New builds an agent. Configuration mistakes are errors here, never
// surprises in a run: duplicate tools, unknown tool names in filters, deny
// or ask rules naming a tool that is not registered, rules naming an
// argument the tool does not take (see Permissions.Check).
func New(model Model, opts ...Option) (*Agent, error) {
	if model == nil {
		return nil, errors.New("agent: a model is required")
	}
	c := config{maxTurns: DefaultMaxTurns, parallelism: DefaultParallelism, timeout: DefaultToolTimeout}
	for _, opt := range opts {
		if opt == nil {
			return nil, errors.New("agent: nil Option")
		}
		if err := opt(&c); err != nil {
			return nil, err // it names the option
		}
	}
	var searcher *toolSearcher
	native := c.search != nil && searchesTools(model)
	if c.search != nil && !native {
		searcher = &toolSearcher{limit: c.search.Limit}
		c.sets = append(c.sets, searcher.Tools())
	}
	if c.code != nil {
		c.sets = append(c.sets, codeModeTool(c.code))
	}
	readsResults := c.addReadResult()
	box, err := toolgen.NewToolbox(c.sets...)
	if err != nil {
		return nil, c.clash(err, searcher != nil, readsResults)
	}
	providerTools := providerTools(model)
	for _, name := range providerTools {
		if _, ok := box.Lookup(toolgen.ToolName(name)); ok {
			return nil, fmt.Errorf("agent: the model's provider runs a tool named %s itself, and a tool of the agent has that name: "+
				"a model and a rule could not tell them apart (leave one out, or give the agent's another name, such as search's CommonTools)", name)
		}
	}
	if err := c.perms.Check(box.Tools(), providerTools...); err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	if err := checkGuards(c.guards, box.Tools()); err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	if err := c.checkTimeouts(box); err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	offered, err := c.offered(box)
	if err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	failureLimit, resultLimit, err := c.callLimits(box)
	if err != nil {
		return nil, fmt.Errorf("agent: %w", err)
	}
	a := &Agent{
		model: model, name: c.name, system: c.system, tools: box, offered: offered,
		perms: c.perms, guards: c.guards, preset: c.preset, maxTurns: c.maxTurns, parallelism: c.parallelism,
		limits: c.limits(box), compaction: c.compaction, sandbox: c.sandbox, search: c.search, native: native,
		failureLimit: failureLimit, resultLimit: resultLimit, resultBudget: c.resultBudget, readsResults: readsResults,
		events:   &eventSink{agent: c.name, observer: c.observer, logger: c.logger},
		deferred: map[toolgen.ToolName]bool{}, noRepair: c.noRepair,
		disabledProvider: withheld(c.perms, providerTools),
		stateKey:         c.stateKey,
		code:             c.code,
	}
	if searcher != nil {
		searcher.agent = a
	}
	a.describeTools()
	return a, nil
}

// describeTools records what the loop keeps of each tool: its fingerprint,
// its definition's tokens, whether it is deferred, and, for the tools sent
// to the model, its spec, in the toolbox's order.
func (a *Agent) describeTools() {
	tools := a.tools.Tools()
	a.prints = make(map[toolgen.ToolName]ToolFingerprint, len(tools))
	a.definitions = make(map[toolgen.ToolName]int, len(tools))
	for _, t := range tools {
		a.prints[t.Name] = ToolFingerprint{Name: t.Name, SchemaHash: schemaHash(t.InputSchema), ContractHash: contractHash(t)}
		a.definitions[t.Name] = definitionTokens(t)
		if t.Deferred {
			a.deferred[t.Name] = true
		}
		if a.offered[t.Name] && a.sends(t.Name) {
			a.specs = append(a.specs, ToolSpec{
				Name: t.Name, Description: t.Description, InputSchema: t.InputSchema,
				StrictSchema: t.StrictSchema, GeminiSchema: t.GeminiSchema, Namespace: t.Namespace,
			})
		}
	}
}

// clash is the error of tools whose names clash: when a tool the agent adds
// (run_code, read_result, search_tools) is one of them, it says why the
// agent has it.
func (c *config) clash(err error, searching, reading bool) error {
	added := []struct {
		on   bool
		name toolgen.ToolName
		why  string
	}{
		{c.code != nil, codemode.ToolRunCode, "code mode on"},
		{reading, ToolReadResult, "tool results bounded"},
		{searching, ToolSearchTools, "tool search on"},
	}
	for _, t := range added {
		if t.on && strings.Contains(err.Error(), string(t.name)) {
			return fmt.Errorf("agent: %w (with %s, the agent adds a tool named %s)", err, t.why, t.name)
		}
	}
	return fmt.Errorf("agent: %w", err)
}

// offered applies the tool filters: every tool, the active ones, or all
// but the inactive ones.
func (c *config) offered(box *toolgen.Toolbox) (map[toolgen.ToolName]bool, error) {
	if c.activeSet && c.inSet {
		return nil, errors.New("pass either WithActiveTools or WithInactiveTools, not both")
	}
	listed := append(slices.Clone(c.active), c.inactive...)
	var unknown []string
	for _, n := range listed {
		if _, ok := box.Lookup(n); !ok {
			unknown = append(unknown, string(n))
		}
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("tool filters name tools that are not registered: %s (registered tools: %s)",
			strings.Join(unknown, ", "), joinNames(box.Names()))
	}
	offered := map[toolgen.ToolName]bool{}
	for _, t := range box.Tools() {
		offered[t.Name] = !c.activeSet || slices.Contains(c.active, t.Name)
		if slices.Contains(c.inactive, t.Name) {
			offered[t.Name] = false
		}
	}
	return offered, nil
}

// checkTimeouts refuses a timeout for a tool that is not registered: a
// misspelt name would leave the tool with the default bound.
func (c *config) checkTimeouts(box *toolgen.Toolbox) error {
	var unknown []string
	for name := range c.timeouts {
		if _, ok := box.Lookup(name); !ok {
			unknown = append(unknown, string(name))
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return fmt.Errorf("tool timeouts name tools that are not registered: %s (registered tools: %s)",
			strings.Join(unknown, ", "), joinNames(box.Names()))
	}
	return nil
}

// toolLimit is how long the loop waits for a call of a tool (0: no bound),
// and the cause its context ends with then.
type toolLimit struct {
	d     time.Duration
	cause error
}

// limits are the tools' timeouts, with their causes made once.
func (c *config) limits(box *toolgen.Toolbox) map[toolgen.ToolName]toolLimit {
	limits := make(map[toolgen.ToolName]toolLimit, len(box.Tools()))
	for _, t := range box.Tools() {
		d, ok := c.timeouts[t.Name]
		if !ok {
			d = c.timeout
		}
		limits[t.Name] = toolLimit{d: d, cause: fmt.Errorf("tool %s did not finish within %v", t.Name, d)}
	}
	return limits
}

func (a *Agent) limitOf(name toolgen.ToolName) toolLimit { return a.limits[name] }

// passed reports whether a call's context ended at the tool's own
// deadline, rather than with the run's ctx (cancelled, or at a deadline of
// its own, which the call's context inherits when it comes first).
func (l toolLimit) passed(callCtx context.Context) bool {
	return l.d > 0 && errors.Is(context.Cause(callCtx), l.cause)
}

// timedOut is the outcome of a call abandoned at its deadline.
func (l toolLimit) timedOut(reason string) outcome {
	return outcome{res: toolgen.ErrorResult(l.cause.Error() + "; it was abandoned"), reason: reason}
}

func joinNames(names []toolgen.ToolName) string {
	s := make([]string, len(names))
	for i, n := range names {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}
