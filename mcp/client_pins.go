package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/internal/toolpin"
)

// A remote server can change a tool after a person approved using it: a
// description that now tells the model to do something else, a schema
// with a new parameter, a readOnlyHint turned on. A client with pins
// compares every tools/list with them (at connect, after
// notifications/tools/list_changed, on every new session) and, before a
// call is sent, refuses the call of a tool that is not as pinned. See the
// package documentation, "Pinned tool definitions".

// Pin is a tool's definition as it was approved: its name, the digest of
// its definition and the definition itself (canonical JSON of its name,
// title, description, inputSchema, outputSchema and annotations: keys
// sorted, no insignificant whitespace, numbers as written), which diffs
// are made from. Stubs written by toolgen mcp declare their Pins;
// Client.Pins gives a server's current ones.
type Pin struct {
	Name       string
	Digest     string // "sha256:" and the hex SHA-256 of Definition
	Definition string
}

// DriftMode is what a client does with a call of a tool that is not as
// pinned (see OnDrift).
type DriftMode int

// The drift modes.
const (
	// DriftBlock refuses the call (the default).
	DriftBlock DriftMode = iota
	// DriftAsk lets the call run once a person approves it: Client.Tools
	// gives the tool as the server now defines it, requiring approval, so
	// that an agent's permission rules decide it and the call goes to ask.
	DriftAsk
)

// DriftKind says how a tool differs from the pins.
type DriftKind string

// The kinds of drift.
const (
	DriftChanged  DriftKind = "changed"  // pinned, and the server's definition differs
	DriftRemoved  DriftKind = "removed"  // pinned, and the server no longer lists it
	DriftUnpinned DriftKind = "unpinned" // listed by the server, and not pinned
)

// DriftError is a call refused because the tool is not as pinned, before
// anything was sent. Through Client.Tools the model gets its text as a
// failed result.
type DriftError struct {
	Tool   string
	Kind   DriftKind
	Fields []string // the members of the definition that differ: "description", "inputSchema"...
	// Diff is a unified diff of the pinned definition and the server's, one
	// line per value named by its JSON path, strings quoted so that
	// invisible characters show.
	Diff    string
	Pinned  Pin // zero for DriftUnpinned
	Current Pin // zero for DriftRemoved
}

// Error says what differs and shows the diff.
func (e *DriftError) Error() string {
	var head string
	switch e.Kind {
	case DriftRemoved:
		head = fmt.Sprintf("mcp: the server no longer lists the pinned tool %s; the call was not sent", e.Tool)
	case DriftUnpinned:
		head = fmt.Sprintf("mcp: the tool %s is not pinned (the server added it after the pins were made); the call was not sent (mcp.AllowUnpinned allows it)", e.Tool)
	default:
		what := strings.Join(e.Fields, ", ")
		if what == "" {
			what = "its pinned definition does not match the pin's digest"
		}
		head = fmt.Sprintf("mcp: the tool %s changed since it was pinned (%s); the call was not sent", e.Tool, what)
	}
	if e.Diff == "" {
		return head
	}
	return head + "\n" + e.Diff
}

// WithPins pins the server's tools to these definitions (see Pin and the
// package documentation). Stubs written by toolgen mcp pin theirs on the
// client by themselves (NewStubs).
func WithPins(pins ...Pin) ClientOption {
	return func(o *clientOptions) error {
		for _, p := range pins {
			if p.Name == "" || p.Digest == "" {
				return fmt.Errorf("mcp.WithPins: a pin without a name or digest (%q)", p.Name)
			}
		}
		o.pins = append(o.pins, pins...)
		return nil
	}
}

// PinFile pins the server's tools at first use in the file at path: the
// first connect that finds no file writes the digests and definitions of
// every tool listed, later ones compare with it. The file is written
// atomically (a new file renamed over the old), mode 0600; one that cannot
// be read, or is not a pin file, is an error of Connect (and of the first
// use of a NewClient), naming the file. Delete the file to pin again.
func PinFile(path string) ClientOption {
	return func(o *clientOptions) error {
		if path == "" {
			return errors.New(`mcp.PinFile(""): empty path`)
		}
		o.pinFile = path
		return nil
	}
}

// OnDrift sets what is done with a call of a tool whose definition
// changed since it was pinned: DriftBlock (the default) or DriftAsk.
func OnDrift(mode DriftMode) ClientOption {
	return func(o *clientOptions) error {
		if mode != DriftBlock && mode != DriftAsk {
			return fmt.Errorf("mcp.OnDrift(%d): not a DriftMode", mode)
		}
		o.drift = mode
		return nil
	}
}

// AllowUnpinned lets a client with pins use the tools the server lists
// that are not pinned (by default they are left out of Tools and their
// calls refused). With PinFile, such a tool is pinned when first listed.
func AllowUnpinned() ClientOption {
	return func(o *clientOptions) error { o.allowUnpinned = true; return nil }
}

// pinState is what the client knows of the pins and of the server's tools.
// It is guarded by Client.mu.
type pinState struct {
	expected map[string]Pin // WithPins, Pin and the pin file, by tool name
	fileRead bool           // the pin file has been read (or found missing and written)
	listed   map[string]Pin // the server's tools at the latest tools/list
	session  *sdk.ClientSession
	gen      uint64 // Client.gen when they were listed
	judged   bool
}

// Pin adds pins to the client: the next call lists the server's tools
// again and compares them. Pins already there are left alone, so calling
// it again with the same pins costs nothing. NewStubs calls it.
func (c *Client) Pin(pins ...Pin) {
	c.mu.Lock()
	defer c.mu.Unlock()
	changed := false
	for _, p := range pins {
		if p.Name == "" {
			continue
		}
		if old, ok := c.pins.expected[p.Name]; !ok || old.Digest != p.Digest {
			c.pins.expected[p.Name] = p
			changed = true
		}
	}
	if changed {
		c.gen++ // list again before the next call
	}
}

// Pins are the server's tools as they are now, one pin each, sorted by
// name (what toolgen mcp embeds, and what a pin file holds).
func (c *Client) Pins(ctx context.Context) ([]Pin, error) {
	tools, err := c.ListTools(ctx)
	if err != nil {
		return nil, err
	}
	pins := make([]Pin, 0, len(tools))
	for _, t := range tools {
		p, err := c.pinOf(t)
		if err != nil {
			return nil, err
		}
		pins = append(pins, p)
	}
	slices.SortFunc(pins, func(a, b Pin) int { return strings.Compare(a.Name, b.Name) })
	return pins, nil
}

// Drifts are the server's tools that are not as pinned, sorted by name,
// listed again first when the server said they changed or the session is
// new. nil without pins.
func (c *Client) Drifts(ctx context.Context) ([]*DriftError, error) {
	if !c.pinning() {
		return nil, nil
	}
	if err := c.freshPins(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	names := slices.Sorted(maps.Keys(c.pins.expected))
	for n := range c.pins.listed {
		if _, ok := c.pins.expected[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var out []*DriftError
	for _, n := range names {
		if de := c.driftOf(n, ""); de != nil {
			out = append(out, de)
		}
	}
	return out, nil
}

// ComparePins compares pinned definitions with current ones (a server's
// Pins): a DriftError for each tool that changed, was removed or is new
// (DriftUnpinned), sorted by name. toolgen mcp -check prints them.
func ComparePins(pinned, current []Pin) []*DriftError {
	a, b := pinsByName(pinned), pinsByName(current)
	names := slices.Sorted(maps.Keys(a))
	for n := range b {
		if _, ok := a[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var out []*DriftError
	for _, n := range names {
		p, pinnedOK := a[n]
		cur, listed := b[n]
		if de := compare(n, p, pinnedOK, cur, listed); de != nil {
			out = append(out, de)
		}
	}
	return out
}

func pinsByName(pins []Pin) map[string]Pin {
	m := make(map[string]Pin, len(pins))
	for _, p := range pins {
		m[p.Name] = p
	}
	return m
}

// compare is the drift of one tool, or nil.
func compare(name string, pinned Pin, isPinned bool, current Pin, isListed bool) *DriftError {
	switch {
	case isPinned && isListed:
		if pinned.Digest == current.Digest {
			return nil
		}
		return &DriftError{Tool: name, Kind: DriftChanged, Pinned: pinned, Current: current,
			Fields: toolpin.Changed([]byte(pinned.Definition), []byte(current.Definition)),
			Diff:   pinDiff(name, pinned.Definition, current.Definition)}
	case isPinned:
		return &DriftError{Tool: name, Kind: DriftRemoved, Pinned: pinned, Diff: pinDiff(name, pinned.Definition, "")}
	case isListed:
		return &DriftError{Tool: name, Kind: DriftUnpinned, Current: current, Diff: pinDiff(name, "", current.Definition)}
	}
	return nil
}

func pinDiff(name, pinned, current string) string {
	return toolpin.Diff(name+" (pinned)", name+" (server)", []byte(pinned), []byte(current))
}

// pinning reports whether the client has pins to keep.
func (c *Client) pinning() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.opts.pinFile != "" || len(c.pins.expected) > 0
}

// pinsFresh reports whether the tools were compared with the pins on
// session, since the server last said they changed.
func (c *Client) pinsFresh(session *sdk.ClientSession) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pins.judged && c.pins.gen == c.gen && session != nil && c.pins.session == session
}

// freshPins lists the tools again unless they were listed on the current
// session since the server last said they changed.
func (c *Client) freshPins(ctx context.Context) error {
	if c.pinsFresh(c.Session()) {
		return nil
	}
	_, err := c.ListTools(ctx)
	return err
}

// checkCall refuses a call of name, on session, when the tool is not as
// pinned; a session the tools were not listed on is listed first.
// approved is the digest of a definition a person approved calling (a
// DriftAsk tool of Tools), or "".
func (c *Client) checkCall(ctx context.Context, session *sdk.ClientSession, name, approved string) error {
	if !c.pinning() {
		return nil
	}
	if !c.pinsFresh(session) {
		gen := c.generation()
		tools, err := c.listPages(ctx, func(ctx context.Context, cursor string) (*sdk.ListToolsResult, error) {
			return session.ListTools(ctx, &sdk.ListToolsParams{Cursor: cursor})
		})
		if err != nil {
			return fmt.Errorf("tools/list before the call: %w", err)
		}
		c.listedTools(session)
		c.noteTools(tools)
		if err := c.judge(session, gen, tools); err != nil {
			return err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if de := c.driftOf(name, approved); de != nil {
		return de
	}
	return nil
}

func (c *Client) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// judge records the server's tools as listed on session, when the
// client has pins, reading the pin file first (and writing it when it
// pins tools).
func (c *Client) judge(session *sdk.ClientSession, gen uint64, tools []*sdk.Tool) error {
	if !c.pinning() {
		return nil
	}
	all := make([]Pin, 0, len(tools))
	for _, t := range tools {
		p, err := c.pinOf(t)
		if err != nil {
			return err
		}
		all = append(all, p)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	listed := make(map[string]Pin, len(all))
	for _, p := range all {
		// A name listed twice, once as pinned: the other one is what
		// counts, so that it is not let through under the pinned one's name.
		if old, twice := listed[p.Name]; twice && old.Digest != c.pins.expected[p.Name].Digest {
			continue
		}
		listed[p.Name] = p
	}
	if err := c.syncPinFile(listed); err != nil {
		return err
	}
	c.pins.listed, c.pins.session, c.pins.gen, c.pins.judged = listed, session, gen, true
	return nil
}

// driftOf is the drift of tool name, or nil; a change to the definition
// digested as approved is no drift. c.mu is held.
func (c *Client) driftOf(name, approved string) *DriftError {
	pinned, isPinned := c.pins.expected[name]
	current, isListed := c.pins.listed[name]
	if !isPinned && c.opts.allowUnpinned {
		return nil
	}
	de := compare(name, pinned, isPinned, current, isListed)
	if de != nil && de.Kind == DriftChanged && approved != "" && current.Digest == approved {
		return nil
	}
	return de
}

// pinOf is the pin of a listed tool: its schemas and annotations as the
// server sent them (when they were seen on the wire).
func (c *Client) pinOf(t *sdk.Tool) (Pin, error) {
	in, out, err := c.toolSchemas(t)
	if err != nil {
		return Pin{}, err
	}
	ann, seen := c.schemas.annotations(t.Name)
	if !seen && t.Annotations != nil {
		if ann, err = json.Marshal(t.Annotations); err != nil {
			return Pin{}, fmt.Errorf("mcp: tool %s: annotations: %w", t.Name, err)
		}
	}
	def, err := toolpin.Definition(toolpin.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: in, OutputSchema: out, Annotations: ann})
	if err != nil {
		return Pin{}, fmt.Errorf("mcp: tool %s: %w", t.Name, err)
	}
	return Pin{Name: t.Name, Digest: toolpin.Digest(def), Definition: string(def)}, nil
}

// pinnedTool is the SDK tool and schemas a pin defines, for a tool Tools
// gives as it was pinned.
func pinnedTool(p Pin) (*sdk.Tool, []byte, []byte, error) {
	var d struct {
		Title        string               `json:"title"`
		Description  string               `json:"description"`
		InputSchema  json.RawMessage      `json:"inputSchema"`
		OutputSchema json.RawMessage      `json:"outputSchema"`
		Annotations  *sdk.ToolAnnotations `json:"annotations"`
	}
	if err := json.Unmarshal([]byte(p.Definition), &d); err != nil {
		return nil, nil, nil, fmt.Errorf("mcp: the pin of tool %s: %w", p.Name, err)
	}
	if len(d.InputSchema) == 0 {
		d.InputSchema = json.RawMessage(`{"type":"object"}`)
	}
	return &sdk.Tool{Name: p.Name, Title: d.Title, Description: d.Description, Annotations: d.Annotations}, d.InputSchema, d.OutputSchema, nil
}

// pinFileError is a pin file that cannot be read, written or understood.
type pinFileError struct {
	path string
	err  error
}

func (e *pinFileError) Error() string {
	return fmt.Sprintf("mcp.PinFile(%q): %v", e.path, e.err)
}

func (e *pinFileError) Unwrap() error { return e.err }

// pinFile is the file's JSON.
type pinFile struct {
	Tools []pinFileTool `json:"tools"`
}

type pinFileTool struct {
	Name       string          `json:"name"`
	Digest     string          `json:"digest"`
	Definition json.RawMessage `json:"definition"`
}

// syncPinFile reads the pin file on first use, pinning every listed tool
// in a new one when there is none, and pins the unpinned tools
// AllowUnpinned lets through. c.mu is held.
func (c *Client) syncPinFile(listed map[string]Pin) error {
	path := c.opts.pinFile
	if path == "" {
		return nil
	}
	pinAll := false
	if !c.pins.fileRead {
		pins, err := readPinFile(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			pinAll = true
		case err != nil:
			return &pinFileError{path, err}
		}
		for _, p := range pins {
			if _, ok := c.pins.expected[p.Name]; !ok { // WithPins come first
				c.pins.expected[p.Name] = p
			}
		}
	}
	changed := pinAll
	for name, p := range listed {
		if _, ok := c.pins.expected[name]; !ok && (pinAll || c.opts.allowUnpinned) {
			c.pins.expected[name] = p
			changed = true
		}
	}
	if changed {
		if err := writePinFile(path, c.pins.expected); err != nil {
			return &pinFileError{path, err}
		}
	}
	c.pins.fileRead = true
	return nil
}

// readPinFile reads and checks a pin file: each definition must be a
// tool's of that name, whose digest is the one given.
func readPinFile(path string) ([]Pin, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f pinFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("not a pin file (delete it to pin the tools again): %w", err)
	}
	pins := make([]Pin, 0, len(f.Tools))
	seen := map[string]bool{}
	for i, t := range f.Tools {
		def, err := toolpin.Canonical(t.Definition)
		var named struct {
			Name string `json:"name"`
		}
		switch {
		case t.Name == "" || seen[t.Name]:
			return nil, fmt.Errorf("corrupt: tools[%d] has no name or a repeated one (%q)", i, t.Name)
		case err != nil || json.Unmarshal(def, &named) != nil || named.Name != t.Name:
			return nil, fmt.Errorf("corrupt: the definition of tool %s is not that tool's", t.Name)
		case toolpin.Digest(def) != t.Digest:
			return nil, fmt.Errorf("corrupt: the definition of tool %s does not match its digest", t.Name)
		}
		seen[t.Name] = true
		pins = append(pins, Pin{Name: t.Name, Digest: t.Digest, Definition: string(def)})
	}
	return pins, nil
}

// writePinFile writes pins to path atomically, mode 0600.
func writePinFile(path string, pins map[string]Pin) error {
	var f pinFile
	for _, name := range slices.Sorted(maps.Keys(pins)) {
		p := pins[name]
		f.Tools = append(f.Tools, pinFileTool{Name: p.Name, Digest: p.Digest, Definition: json.RawMessage(p.Definition)})
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(path, append(data, '\n'))
}
