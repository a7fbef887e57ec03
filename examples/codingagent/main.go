// Command codingagent is a coding agent with the built-in file tools and
// shell tool under a policy: reads run, edits ask a person, `rm -rf` is
// denied. It works on a throw-away project in a temporary directory, with a
// scripted model, so it runs offline, or with a real one when the
// environment configures it (OPENAI_API_KEY, OPENAI_BASE_URL or
// ANTHROPIC_API_KEY; see examples/internal/pick); the approval is given by
// the program (-reject refuses it). The run streams (Agent.RunStream): the
// model's text is printed as it comes, and each call as it is decided.
//
//	go run ./examples/codingagent
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/permission"
)

func main() {
	reject := flag.Bool("reject", false, "refuse the edit the agent asks for")
	flag.Parse()
	dir, err := os.MkdirTemp("", "codingagent")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	model, name, err := pick.Model(scriptedModel())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintln(os.Stderr, "model:", name)
	if _, err := run(os.Stdout, dir, *reject, model); err != nil {
		log.Fatal(err)
	}
}

// project is the code the agent works on: a greeting with a typo, and a
// check that finds it.
var project = map[string]string{
	"greeting.txt": "Helo, world!\n",
	"check.sh":     "grep -q '^Hello, world!$' greeting.txt && echo 'check: ok' || { echo 'check: greeting is wrong'; exit 1; }\n",
	"build/out.o":  "stale\n",
}

// policy: read-only tools run, edits ask, a recursive delete never runs,
// and the shell may run the project's check without asking.
func policy() permission.Permissions {
	return permission.Permissions{
		Deny: []toolgen.Rule{builtin.RunCommandRule{Command: "rm -rf*"}.Rule()},
		Allow: []toolgen.Rule{
			{Tool: builtin.ToolReadFile}, {Tool: builtin.ToolListFiles}, {Tool: builtin.ToolSearchFiles}, {Tool: builtin.ToolGlob},
			builtin.RunCommandRule{Command: "sh check.sh"}.Rule(),
		},
		Ask: []toolgen.Rule{{Tool: builtin.ToolWriteFile}, {Tool: builtin.ToolEditFile}, {Tool: builtin.ToolDeleteFile}},
	}
}

func run(w io.Writer, dir string, reject bool, model agent.Model) (*agent.State, error) {
	if err := writeProject(dir); err != nil {
		return nil, err
	}
	sb, err := newSandbox(dir)
	if err != nil {
		return nil, err
	}
	defer sb.Close()
	tools, err := sb.Tools() // the file tools and run_command, on the sandbox's boundary
	if err != nil {
		return nil, err
	}
	ag, err := agent.New(model,
		agent.WithTools(tools),
		agent.WithSandbox(sb), // for tools of one's own: toolgen.Ctx.Sandbox
		agent.WithSystem("You are a careful coding agent."),
		agent.WithPermissions(policy()),
	)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	show := narrate(w)
	state, err := ag.RunStream(ctx, "The check fails. Fix it, clean the build directory, and run the check.", nil, show)
	for err == nil && state.StopReason == agent.StopPaused {
		for _, p := range state.Pending() {
			fmt.Fprintf(w, "  ? %s %s asks for approval (%s)\n", p.Name, p.Args, p.Reason)
		}
		if reject {
			err = state.Reject("leave the file as it is")
		} else {
			err = state.Approve()
		}
		if err == nil {
			state, err = ag.ResumeStream(ctx, state, nil, show)
		}
	}
	return state, err
}

// newSandbox is the project's sandbox: the file tools cannot leave dir,
// and commands are confined by the kernel (the default): they can write
// only in the project and reach no network. Where Landlock is missing
// run_command's description says so; add builtin.RequireConfinement() to
// refuse to start instead.
func newSandbox(dir string) (*builtin.Sandbox, error) {
	return builtin.NewSandbox(dir)
}

func writeProject(dir string) error {
	for name, content := range project {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// narrate prints the model's text as it streams, and each call and what
// became of it.
func narrate(w io.Writer) func(agent.Event) error {
	speaking := false // the model's text of this turn has begun
	return func(e agent.Event) error {
		switch e.Kind {
		case agent.EventModelPart:
			if e.Part.Kind != agent.PartText {
				return nil
			}
			if !speaking {
				speaking = true
				fmt.Fprint(w, "model: ")
			}
			_, err := fmt.Fprint(w, e.Part.Text)
			return err
		case agent.EventModelResponded:
			if speaking {
				speaking = false
				_, err := fmt.Fprintln(w)
				return err
			}
		case agent.EventCallAllowed, agent.EventCallDenied, agent.EventCallPaused:
			_, err := fmt.Fprintf(w, "%-12s %s %s (%s)\n", strings.TrimPrefix(string(e.Kind), "call_"), e.Call.Name, e.Call.Args, e.Reason)
			return err
		}
		return nil
	}
}
