package codemodetasks

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/bench/wirefake"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// system is the system prompt of every run.
const system = "You are the operations assistant of a small electronics company. Answer from the tools' data."

// maxTurns bounds a run: the longest task takes 14 turns one call a turn.
const maxTurns = 40

// A mode is how the model works a task: one call a turn, or one program.
type mode struct {
	name string
	code bool
}

var modes = []mode{{"direct", false}, {"code mode", true}}

// figures are what a run cost: the model's turns (requests), the tokens
// sent to it over all of them, and the tokens it sent back; and the calls
// of the package's tools that ran, the model's or its program's.
type figures struct {
	turns, sent, received, calls int
}

// newAgent is the agent of a run in mode md on m: the package's tools, and
// in code mode run_code alone, over them. It counts the calls of the
// package's tools that finish in calls.
func newAgent(t *testing.T, m agent.Model, md mode, calls *int) *agent.Agent {
	t.Helper()
	count := func(e agent.Event) {
		if e.Kind == agent.EventToolFinished && e.Call.Name != codemode.ToolRunCode {
			*calls++
		}
	}
	opts := []agent.Option{agent.WithTools(Tools()), agent.WithSystem(system), agent.WithMaxTurns(maxTurns), agent.WithObserver(count)}
	if md.code {
		opts = append(opts, agent.WithCodeMode(agent.CodeMode{Runner: runner, Declarations: CodeModeDeclarations(), Only: true}))
	}
	a, err := agent.New(m, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// run runs tk in md on m, checks the answer, and returns the transcript
// and the calls of the package's tools that ran.
func run(t *testing.T, tk task, md mode, m agent.Model) ([]agent.Message, int) {
	t.Helper()
	calls := 0
	st, err := newAgent(t, m, md, &calls).Run(t.Context(), tk.prompt, nil)
	if err != nil {
		t.Fatalf("%s, %s: %v", tk.name, md.name, err)
	}
	if got, want := st.Output(), tk.want(t); got != want {
		t.Errorf("%s, %s: answered\n%s\nwant\n%s", tk.name, md.name, got, want)
	}
	return st.Messages, calls
}

// scripted is the scripted model of tk in md: each turn reads the
// request's results and makes the next call or the answer.
func scripted(t *testing.T, tk task, md mode) *agenttest.Model {
	respond := func(req agent.Request) agent.Response {
		var results []json.RawMessage
		turn := 0
		for _, m := range req.Messages {
			if m.Role == agent.RoleAssistant {
				turn++
			}
			for _, r := range m.Results {
				if r.Result.IsError {
					t.Errorf("%s, %s: %s failed: %s", tk.name, md.name, r.Name, r.Result.Text())
				}
				results = append(results, json.RawMessage(r.Result.Text()))
			}
		}
		next, text := turnOf(t, tk, md, results)
		if next == nil {
			return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: text}}
		}
		next.ID = fmt.Sprintf("call_%d", turn+1)
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Calls: []agent.ToolCall{*next}}}
	}
	replies := make([]agenttest.Reply, maxTurns)
	for i := range replies {
		replies[i] = agenttest.Respond(respond)
	}
	return agenttest.NewModel(replies...)
}

// turnOf is the model's next call, or its answer, from the results so far.
func turnOf(t *testing.T, tk task, md mode, results []json.RawMessage) (*agent.ToolCall, string) {
	switch {
	case !md.code:
		if c := tk.next(t, results); c != nil {
			return c, ""
		}
		return nil, tk.directAnswer(t, results)
	case len(results) == 0:
		args, _ := json.Marshal(map[string]string{"program": tk.program})
		return &agent.ToolCall{Name: codemode.ToolRunCode, Args: args}, ""
	default:
		return nil, tk.programAnswer(t, results[0])
	}
}

// measureScripted runs tk in md on its scripted model and counts what
// the agent sent in each agent.Request and what the model answered (see
// contentTokens). It returns the transcript too.
func measureScripted(t *testing.T, tk task, md mode, c *tokencount.Counter) (figures, []agent.Message) {
	m := scripted(t, tk, md)
	var f figures
	transcript, calls := run(t, tk, md, m)
	f.calls = calls
	for _, req := range m.Requests() {
		f.turns++
		f.sent += c.Count([]byte(req.System))
		for _, msg := range req.Messages {
			f.sent += contentTokens(c, msg)
		}
		for _, tool := range req.Tools {
			def, _ := json.Marshal(struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				Parameters  json.RawMessage `json:"parameters"`
			}{string(tool.Name), tool.Description, tool.InputSchema})
			f.sent += c.Count(def)
		}
	}
	for _, msg := range transcript {
		if msg.Role == agent.RoleAssistant {
			f.received += contentTokens(c, msg)
		}
	}
	return f, transcript
}

// contentTokens counts a message's contents, each piece on its own: its
// text, each call's tool name and JSON arguments, each result's text.
func contentTokens(c *tokencount.Counter, m agent.Message) int {
	n := c.Count([]byte(m.Text))
	for _, call := range m.Calls {
		n += c.Count([]byte(call.Name)) + c.Count(call.Args)
	}
	for _, r := range m.Results {
		n += c.Count([]byte(r.Result.Text()))
	}
	return n
}

// measureWire runs tk in md on p's adapter against a fake of p's API that
// answers, turn by turn, what the scripted model answered (the assistant
// messages of its transcript), and counts the HTTP bodies: each request
// the adapter sent, each answer the fake sent back.
func measureWire(t *testing.T, tk task, md mode, p wirefake.Provider, transcript []agent.Message, c *tokencount.Counter) figures {
	var f figures
	var answers []agent.Message
	for _, msg := range transcript {
		if msg.Role == agent.RoleAssistant {
			answers = append(answers, msg)
		}
	}
	api, err := p.Fake(answers)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range api.Script {
		f.received += c.Count([]byte(r.Body))
	}
	srv := httptest.NewServer(api)
	defer srv.Close()
	m, err := p.Model(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, f.calls = run(t, tk, md, m)
	for _, body := range api.Bodies() {
		f.turns++
		f.sent += c.Count(body)
	}
	return f
}

// A row is a task in a mode, measured through agenttest and each
// provider, in providers' order.
type row struct {
	task, mode string
	scripted   figures
	wire       []figures
}

// TestCodeModeTasks runs every task in both modes, through agenttest and
// through each provider's adapter, checks that both modes answer right
// and that code mode takes fewer turns and is sent fewer tokens, and with
// TOOLGEN_CODEMODE_TABLE=1 logs the table (with -v).
func TestCodeModeTasks(t *testing.T) {
	var c tokencount.Counter
	var rows []row
	for _, tk := range tasks {
		for _, md := range modes {
			r := row{task: tk.name, mode: md.name}
			var transcript []agent.Message
			r.scripted, transcript = measureScripted(t, tk, md, &c)
			for _, p := range wirefake.Providers {
				r.wire = append(r.wire, measureWire(t, tk, md, p, transcript, &c))
			}
			rows = append(rows, r)
		}
	}
	if t.Failed() {
		return
	}
	for i := 0; i < len(rows); i += 2 {
		checkDirection(t, rows[i], rows[i+1])
	}
	if os.Getenv("TOOLGEN_CODEMODE_TABLE") != "" {
		t.Log("\n" + table(rows))
	}
}

// checkDirection checks, through agenttest and each provider, that code
// mode made the same tool calls as one call a turn in fewer turns (a task
// of one call takes two turns either way) and was sent fewer tokens, and
// that each way took as many turns through every provider.
func checkDirection(t *testing.T, direct, code row) {
	t.Helper()
	for w, name := range append([]string{"agenttest"}, providerNames()...) {
		d, cm := direct.figuresOf(w), code.figuresOf(w)
		fewerTurns := cm.turns < d.turns || d.calls == 1 && cm.turns == d.turns
		if !fewerTurns || cm.sent >= d.sent || cm.calls != d.calls || cm.turns != code.scripted.turns || d.turns != direct.scripted.turns {
			t.Errorf("%s through %s: code mode took %d turns, made %d calls and was sent %d tokens; one call a turn %d, %d and %d",
				direct.task, name, cm.turns, cm.calls, cm.sent, d.turns, d.calls, d.sent)
		}
	}
}

// figuresOf are the row's figures through agenttest (0) or provider w-1.
func (r row) figuresOf(w int) figures {
	if w == 0 {
		return r.scripted
	}
	return r.wire[w-1]
}

func providerNames() []string {
	var names []string
	for _, p := range wirefake.Providers {
		names = append(names, p.Name)
	}
	return names
}

// table is the rows as a Markdown table: per task and mode, the turns and
// the tokens sent and received through agenttest and each provider, and
// under each task code mode's figures as a share of one call a turn's.
func table(rows []row) string {
	var b strings.Builder
	b.WriteString("| task | mode | tool calls | turns | agenttest sent / received |")
	for _, name := range providerNames() {
		fmt.Fprintf(&b, " %s sent / received |", name)
	}
	b.WriteString("\n|---|---|--:|--:|--:|" + strings.Repeat("--:|", len(wirefake.Providers)) + "\n")
	for i, r := range rows {
		fmt.Fprintf(&b, "| %s | %s | %d | %d |", r.task, r.mode, r.scripted.calls, r.scripted.turns)
		for w := range len(wirefake.Providers) + 1 {
			f := r.figuresOf(w)
			fmt.Fprintf(&b, " %d / %d |", f.sent, f.received)
		}
		b.WriteString("\n")
		if i%2 == 1 {
			direct := rows[i-1]
			fmt.Fprintf(&b, "| | code mode ÷ direct | | %.2f |", ratio(r.scripted.turns, direct.scripted.turns))
			for w := range len(wirefake.Providers) + 1 {
				fmt.Fprintf(&b, " %.2f / %.2f |", ratio(r.figuresOf(w).sent, direct.figuresOf(w).sent), ratio(r.figuresOf(w).received, direct.figuresOf(w).received))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func ratio(a, b int) float64 { return float64(a) / float64(b) }
