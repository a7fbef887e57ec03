package builtin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/permission"
)

// TestMain checks that no test of the package leaves a goroutine behind
// (run_command's pipe copiers and context watchers included), unless the
// binary was started to play another part (roles_linux_test.go).
func TestMain(m *testing.M) {
	playRole()
	goleak.VerifyTestMain(m)
}

// shellBound bounds every call: a call that hangs fails its test instead
// of the whole run.
const shellBound = 20 * time.Second

// shellTool returns run_command in a new temporary directory, and the
// directory.
func shellTool(t *testing.T, opts ...builtin.ShellOption) (toolgen.Tool, string) {
	t.Helper()
	root := t.TempDir()
	tools, err := builtin.ShellTool(root, opts...)
	require.NoError(t, err)
	require.Len(t, tools, 1)
	return tools[0], root
}

// callShell calls the tool with args and returns what it returned, failing
// the test if that takes longer than shellBound.
func callShell(t *testing.T, ctx context.Context, tool toolgen.Tool, args string) (toolgen.Result, error) {
	t.Helper()
	return callWithin(t, shellBound, ctx, tool, args)
}

// runShell runs command and returns the text of its successful result.
func runShell(t *testing.T, tool toolgen.Tool, command string) string {
	t.Helper()
	args, err := json.Marshal(map[string]string{"command": command})
	require.NoError(t, err)
	res, err := callShell(t, context.Background(), tool, string(args))
	require.NoError(t, err)
	require.False(t, res.IsError, "result: %s", res.Text())
	return res.Text()
}

// shellMarker is a sleep duration no other process has: the tests find the
// processes a command started by it in /proc.
func shellMarker(n int) string {
	return fmt.Sprintf("37.%d%03d", os.Getpid(), n)
}

// processesWith lists the processes whose command line contains s.
func processesWith(s string) []string {
	paths, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var found []string
	for _, p := range paths {
		cmdline, err := os.ReadFile(p)
		if err == nil && bytes.Contains(cmdline, []byte(s)) {
			found = append(found, filepath.Base(filepath.Dir(p))+": "+string(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '})))
		}
	}
	return found
}

// requireGone waits up to 2 seconds for every process with s in its command
// line to be gone.
func requireGone(t *testing.T, s string) {
	t.Helper()
	if _, err := os.Stat("/proc/self/cmdline"); err != nil {
		t.Skip("no /proc to look for processes in")
	}
	var left []string
	require.Eventually(t, func() bool {
		left = processesWith(s)
		return len(left) == 0
	}, 2*time.Second, 20*time.Millisecond, "processes still running: %q", &left)
}

func TestShellToolDescribesItself(t *testing.T) {
	tool, _ := shellTool(t, builtin.Timeout(90*time.Second), builtin.MaxOutput(5000))
	assert.Equal(t, builtin.ToolRunCommand, tool.Name)
	assert.Equal(t, toolgen.ToolName("run_command"), tool.Name)
	assert.True(t, tool.RequiresApproval, "run_command asks by default")
	assert.Equal(t, toolgen.Annotations{Destructive: true, OpenWorld: true}, tool.Annotations)
	assert.Contains(t, tool.Description, "/bin/sh -c")
	assert.True(t, strings.HasSuffix(tool.Description, " Here commands may run for at most 1m30s, and the output is capped at 5000 bytes."), tool.Description)

	tool, _ = shellTool(t, builtin.ShellWithoutApproval())
	assert.False(t, tool.RequiresApproval)
	assert.True(t, strings.HasSuffix(tool.Description, " at most 2m0s, and the output is capped at 30000 bytes."), tool.Description)
}

func TestShellToolRejectsBadConfiguration(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))

	_, err := builtin.ShellTool(file)
	require.EqualError(t, err, "builtin: shell root "+file+" is not a directory")
	_, err = builtin.ShellTool(filepath.Join(root, "missing"))
	require.EqualError(t, err, "builtin: shell root "+filepath.Join(root, "missing")+" is not a directory")

	_, err = builtin.ShellTool(root, builtin.Timeout(0), builtin.MaxOutput(0), builtin.KeepEnv("A=B", ""), builtin.Env("NOVALUE", "=x", "OK=1"), nil)
	require.EqualError(t, err, strings.Join([]string{
		"builtin.Timeout(0s): must be positive",
		"builtin.MaxOutput(0): must be at least 1",
		`builtin.KeepEnv: "A=B" is not a variable name`,
		`builtin.KeepEnv: "" is not a variable name`,
		`builtin.Env: "NOVALUE" is not KEY=VALUE`,
		`builtin.Env: "=x" is not KEY=VALUE`,
		"builtin: nil option",
	}, "\n"))
	_, err = builtin.ShellTool(root, builtin.Timeout(-time.Second), builtin.MaxOutput(-1))
	require.EqualError(t, err, "builtin.Timeout(-1s): must be positive\nbuiltin.MaxOutput(-1): must be at least 1")
}

func TestRunCommandPipesAndRedirection(t *testing.T) {
	tool, root := shellTool(t)
	assert.Equal(t, "HI\n[exit code 0]", runShell(t, tool, "echo hi | tr a-z A-Z > out.txt && cat out.txt"))
	data, err := os.ReadFile(filepath.Join(root, "out.txt"))
	require.NoError(t, err)
	assert.Equal(t, "HI\n", string(data), "out.txt is written in the root")
}

func TestRunCommandRunsInRoot(t *testing.T) {
	tool, root := shellTool(t)
	assert.Equal(t, root+"\n"+root+"\n[exit code 0]", runShell(t, tool, `pwd; echo "$PWD"`))

	t.Run("relative root", func(t *testing.T) {
		t.Chdir(root)
		require.NoError(t, os.Mkdir("sub", 0o755))
		tools, err := builtin.ShellTool("sub")
		require.NoError(t, err)
		sub := filepath.Join(root, "sub")
		assert.Equal(t, sub+"\n"+sub+"\n[exit code 0]", runShell(t, tools[0], `pwd; echo "$PWD"`), "PWD is absolute")
	})
}

func TestRunCommandResultText(t *testing.T) {
	tool, _ := shellTool(t)
	for _, tc := range []struct{ command, want string }{
		{"true", "(no output)\n[exit code 0]"},
		{"echo ok", "ok\n[exit code 0]"},
		{"printf 'no newline'", "no newline\n[exit code 0]"},
		{"echo failing; exit 3", "failing\n[exit code 3]"},
		{"false", "(no output)\n[exit code 1]"},
		{"no-such-command-toolgen", "/bin/sh: 1: no-such-command-toolgen: not found\n[exit code 127]"},
		{"echo one; echo two >&2; echo three; echo four >&2", "one\ntwo\nthree\nfour\n[exit code 0]"},
		{"echo dying; kill -TERM $$", "dying\n[killed by signal SIGTERM]"},
		{"kill -SEGV $$", "(no output)\n[killed by signal SIGSEGV]"},
		{"cat", "(no output)\n[exit code 0]"}, // stdin is empty
	} {
		t.Run(tc.command, func(t *testing.T) {
			assert.Equal(t, tc.want, runShell(t, tool, tc.command))
		})
	}
}

// shellVars runs env in tool and returns the variables the command saw.
func shellVars(t *testing.T, tool toolgen.Tool) map[string]string {
	t.Helper()
	out := runShell(t, tool, "env -0")
	out, ok := strings.CutSuffix(out, "\n[exit code 0]")
	require.True(t, ok, out)
	vars := map[string]string{}
	for kv := range strings.SplitSeq(strings.TrimSuffix(out, "\x00"), "\x00") {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = v
	}
	return vars
}

func TestRunCommandEnvironment(t *testing.T) {
	documented := map[string]string{
		"PATH": os.Getenv("PATH"), "HOME": "/home/toolgen", "USER": "toolgen", "LOGNAME": "toolgen",
		"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "LC_CTYPE": "C.UTF-8", "TZ": "UTC", "TMPDIR": "/tmp", "TERM": "dumb",
	}
	for k, v := range documented {
		t.Setenv(k, v)
	}
	t.Setenv("TOOLGEN_SECRET", "s3cret")
	t.Setenv("TOOLGEN_OTHER", "other")

	t.Run("only the documented variables", func(t *testing.T) {
		tool, root := shellTool(t, builtin.Unconfined())
		want := maps.Clone(documented)
		want["PWD"] = root
		got := shellVars(t, tool)
		// dash exports nothing of its own; another sh may add these.
		for _, own := range []string{"SHLVL", "_", "OLDPWD"} {
			delete(got, own)
		}
		assert.Equal(t, want, got)
	})
	t.Run("confined: TMPDIR is private", func(t *testing.T) {
		tool, root := shellTool(t)
		want := maps.Clone(documented)
		want["PWD"] = root
		got := shellVars(t, tool)
		for _, own := range []string{"SHLVL", "_", "OLDPWD"} {
			delete(got, own)
		}
		tmp := got["TMPDIR"]
		assert.True(t, strings.HasPrefix(tmp, "/tmp/toolgen-run-"), "TMPDIR=%s: a directory of the process's TMPDIR", tmp)
		assert.NoDirExists(t, tmp, "removed after the command")
		want["TMPDIR"] = tmp
		assert.Equal(t, want, got)
		assert.Equal(t, "ok\n[exit code 0]", runShell(t, tool, `cd "$TMPDIR" && touch a && mkdir b && mv a b/ && test -f b/a && echo ok`), "the command can use it")
	})
	t.Run("KeepEnv", func(t *testing.T) {
		tool, _ := shellTool(t, builtin.KeepEnv("TOOLGEN_SECRET", "TOOLGEN_UNSET"))
		got := shellVars(t, tool)
		assert.Equal(t, "s3cret", got["TOOLGEN_SECRET"])
		assert.NotContains(t, got, "TOOLGEN_OTHER")
		assert.NotContains(t, got, "TOOLGEN_UNSET", "a variable the process lacks is not set empty")
	})
	t.Run("Env wins", func(t *testing.T) {
		tool, _ := shellTool(t, builtin.KeepEnv("TOOLGEN_SECRET"), builtin.Env("TOOLGEN_SECRET=overridden", "TZ=Europe/Paris", "EMPTY=", "EQ=a=b"))
		got := shellVars(t, tool)
		assert.Equal(t, "overridden", got["TOOLGEN_SECRET"])
		assert.Equal(t, "Europe/Paris", got["TZ"])
		assert.Equal(t, "a=b", got["EQ"])
		assert.Contains(t, got, "EMPTY")
		assert.Empty(t, got["EMPTY"])
	})
	t.Run("the environment when ShellTool was called", func(t *testing.T) {
		tool, _ := shellTool(t)
		t.Setenv("TZ", "Asia/Tokyo")
		assert.Equal(t, "UTC", shellVars(t, tool)["TZ"])
	})
	t.Run("default PATH", func(t *testing.T) {
		t.Setenv("PATH", "")
		require.NoError(t, os.Unsetenv("PATH"))
		tool, _ := shellTool(t)
		assert.Equal(t, "/usr/local/bin:/usr/bin:/bin\n[exit code 0]", runShell(t, tool, `echo "$PATH"`))
		tool, _ = shellTool(t, builtin.Env("PATH=/bin"))
		assert.Equal(t, "/bin\n[exit code 0]", runShell(t, tool, `echo "$PATH"`))
	})
}

func TestRunCommandCapsOutput(t *testing.T) {
	var seq strings.Builder
	for i := 1; i <= 100000; i++ {
		fmt.Fprintf(&seq, "%d\n", i)
	}
	full := seq.String()
	require.Len(t, full, 588895)

	tool, _ := shellTool(t, builtin.MaxOutput(1000))
	want := full[:500] + "\n[... 587895 bytes omitted ...]\n" + full[len(full)-500:] + "[exit code 0]"
	got := runShell(t, tool, "seq 1 100000")
	assert.Equal(t, want, got)
	assert.True(t, strings.HasPrefix(got, "1\n2\n3\n"))
	assert.Contains(t, got, "\n99999\n100000\n[exit code 0]")

	t.Run("odd limit, stderr too", func(t *testing.T) {
		tool, _ := shellTool(t, builtin.MaxOutput(7))
		assert.Equal(t, "abc\n[... 19 bytes omitted ...]\nwxyz\n[exit code 0]", runShell(t, tool, "printf abcdefghij; printf klmnopqrstuvwxyz >&2"))
	})
	t.Run("at the limit", func(t *testing.T) {
		tool, _ := shellTool(t, builtin.MaxOutput(8))
		assert.Equal(t, "1234567\n[exit code 0]", runShell(t, tool, "echo 1234567"))
	})
}

func TestRunCommandTimeoutKillsTheGroup(t *testing.T) {
	m := shellMarker(1)
	tool, _ := shellTool(t, builtin.Timeout(500*time.Millisecond))
	command := fmt.Sprintf("sh -c 'sleep %s & sleep %s & echo started; wait'", m, m)
	assert.Equal(t, "started\n[timed out after 500ms: the command and every process it started were killed]", runShell(t, tool, command))
	requireGone(t, m)

	t.Run("Unconfined", func(t *testing.T) {
		m := shellMarker(5)
		tool, _ := shellTool(t, builtin.Timeout(500*time.Millisecond), builtin.Unconfined())
		command := fmt.Sprintf("sh -c 'sleep %s & sleep %s & echo started; wait'", m, m)
		assert.Equal(t, "started\n[timed out after 500ms: the command and every process it started were killed]", runShell(t, tool, command))
		requireGone(t, m)
		assert.Equal(t, "(no output)\n[killed by signal SIGTERM]", runShell(t, tool, "kill -TERM $$"))
	})
}

func TestRunCommandDoesNotWaitForBackgroundOutput(t *testing.T) {
	m := shellMarker(2)
	tool, _ := shellTool(t)
	// The subshell keeps stdout open after the shell exits; the call returns
	// after the grace period all the same, and kills it.
	assert.Equal(t, "early\n[exit code 0]", runShell(t, tool, fmt.Sprintf("(sleep %s; echo late) & echo early", m)))
	requireGone(t, m)

	m = shellMarker(3)
	assert.Equal(t, "(no output)\n[exit code 0]", runShell(t, tool, fmt.Sprintf("sleep %s >/dev/null 2>&1 &", m)))
	requireGone(t, m)
}

func TestRunCommandTimeoutSeconds(t *testing.T) {
	t.Run("capped at Timeout", func(t *testing.T) {
		tool, _ := shellTool(t, builtin.Timeout(300*time.Millisecond))
		for _, seconds := range []string{"100", "9223372036854775807"} {
			res, err := callShell(t, context.Background(), tool, `{"command":"sleep 30","timeout_seconds":`+seconds+`}`)
			require.NoError(t, err)
			assert.Equal(t, "(no output)\n[timed out after 300ms: the command and every process it started were killed]", res.Text())
		}
	})
	t.Run("shorter than Timeout", func(t *testing.T) {
		tool, _ := shellTool(t, builtin.Timeout(time.Hour))
		res, err := callShell(t, context.Background(), tool, `{"command":"sleep 30","timeout_seconds":1}`)
		require.NoError(t, err)
		assert.Equal(t, "(no output)\n[timed out after 1s: the command and every process it started were killed]", res.Text())
	})
	t.Run("null is absent", func(t *testing.T) {
		tool, _ := shellTool(t)
		res, err := callShell(t, context.Background(), tool, `{"command":"echo ok","timeout_seconds":null}`)
		require.NoError(t, err)
		assert.Equal(t, "ok\n[exit code 0]", res.Text())
	})
}

func TestRunCommandCancel(t *testing.T) {
	m := shellMarker(4)
	tool, root := shellTool(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		// Cancel once the command is running; give up with the test's bound.
		for range shellBound / (10 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(root, "started")); err == nil {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		cancel()
	}()
	args := fmt.Sprintf(`{"command":"sh -c 'sleep %s' & touch started; wait"}`, m)
	res, err := callShell(t, ctx, tool, args)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, toolgen.Result{}, res)
	assert.FileExists(t, filepath.Join(root, "started"), "the command was cancelled while it ran")
	requireGone(t, m)

	t.Run("already cancelled", func(t *testing.T) {
		res, err := callShell(t, ctx, tool, `{"command":"touch ran"}`)
		require.ErrorIs(t, err, context.Canceled)
		assert.Equal(t, toolgen.Result{}, res)
		assert.NoFileExists(t, filepath.Join(root, "ran"))
	})
}

func TestRunCommandRootRemoved(t *testing.T) {
	tool, root := shellTool(t)
	require.NoError(t, os.Remove(root))
	res, err := callShell(t, context.Background(), tool, `{"command":"true"}`)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "cannot run /bin/sh in "+root+": ")
	assert.Contains(t, res.Text(), "no such file or directory")
}

func TestRunCommandNoControllingTerminal(t *testing.T) {
	f, err := os.Open("/dev/tty")
	if err != nil {
		t.Skip("the test has no terminal to keep from the command")
	}
	require.NoError(t, f.Close())
	tool, _ := shellTool(t)
	assert.Contains(t, runShell(t, tool, "exec 3</dev/tty 2>/dev/null && echo has a tty || echo no tty"), "no tty\n")
}

func TestRunCommandArguments(t *testing.T) {
	tool, _ := shellTool(t)
	for _, tc := range []struct{ args, want string }{
		{`{}`, "invalid arguments: /command: missing (required)"},
		{`{"command":""}`, `invalid arguments: /command: "" is 0 characters long, shorter than the minimum 1`},
		{`{"command":"true","timeout_seconds":0}`, "invalid arguments: /timeout_seconds: 0 is less than the minimum 1"},
		{`{"command":"true","timeout_seconds":1.5}`, "invalid arguments: /timeout_seconds: expected integer, got number 1.5"},
		{`{"command":"true","cwd":"/"}`, `invalid arguments: /cwd: unknown field (known fields: "command", "timeout_seconds")`},
	} {
		t.Run(tc.args, func(t *testing.T) {
			res, err := callShell(t, context.Background(), tool, tc.args)
			require.NoError(t, err)
			assert.True(t, res.IsError)
			assert.Equal(t, tc.want, res.Text())
		})
	}
}

// shellAgent runs an agent whose model makes calls, then answers "done".
func shellAgent(t *testing.T, tools []toolgen.Tool, perms permission.Permissions, calls ...agent.ToolCall) (*agent.Agent, *agenttest.Model) {
	t.Helper()
	model := agenttest.NewModel(agenttest.Calls(calls...), agenttest.Text("done"))
	ag, err := agent.New(model, agent.WithTools(tools), agent.WithPermissions(perms))
	require.NoError(t, err)
	return ag, model
}

// shellResults are the tool results the model read, by call id.
func shellResults(state *agent.State) map[string]string {
	out := map[string]string{}
	for _, m := range state.Messages {
		for _, r := range m.Results {
			out[r.CallID] = r.Result.Text()
		}
	}
	return out
}

func TestRunCommandInTheAgentLoop(t *testing.T) {
	ctx := context.Background()
	t.Run("pauses for approval by default", func(t *testing.T) {
		root := t.TempDir()
		tools, err := builtin.ShellTool(root)
		require.NoError(t, err)
		ag, _ := shellAgent(t, tools, permission.Permissions{}, agenttest.Call("c1", builtin.ToolRunCommand, `{"command":"touch ran && echo ran"}`))
		state, err := ag.Run(ctx, "run it", nil)
		require.NoError(t, err)
		require.Equal(t, agent.StopPaused, state.StopReason)
		pending := state.Pending()
		require.Len(t, pending, 1)
		assert.Equal(t, builtin.ToolRunCommand, pending[0].Name)
		assert.Equal(t, "the tool requires approval", pending[0].Reason)
		assert.NoFileExists(t, filepath.Join(root, "ran"), "nothing runs before approval")

		require.NoError(t, state.Approve())
		state, err = ag.Resume(ctx, state, nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, state.StopReason)
		assert.Equal(t, map[string]string{"c1": "ran\n[exit code 0]"}, shellResults(state))
		assert.FileExists(t, filepath.Join(root, "ran"))
	})
	t.Run("a deny rule stops rm -rf", func(t *testing.T) {
		root := t.TempDir()
		keep := filepath.Join(root, "keep.txt")
		require.NoError(t, os.WriteFile(keep, []byte("precious"), 0o644))
		tools, err := builtin.ShellTool(root, builtin.ShellWithoutApproval())
		require.NoError(t, err)
		perms := permission.Permissions{Deny: []toolgen.Rule{{Tool: builtin.ToolRunCommand, Args: map[string]string{"command": "rm -rf*"}}}}
		outcome, _ := perms.Decide(builtin.ToolRunCommand, []byte(`{"command":"rm -rf /"}`))
		require.Equal(t, permission.OutcomeDeny, outcome)

		// Without approval, only the rule stands between the call and the
		// file: the command is one that would delete it.
		ag, _ := shellAgent(t, tools, perms,
			agenttest.Call("c1", builtin.ToolRunCommand, `{"command":"rm -rf keep.txt"}`),
			agenttest.Call("c2", builtin.ToolRunCommand, `{"command":"cat keep.txt"}`))
		state, err := ag.Run(ctx, "clean up", nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, state.StopReason)
		assert.Equal(t, map[string]string{
			"c1": "Denied by policy: this call is not permitted.",
			"c2": "precious\n[exit code 0]",
		}, shellResults(state))
		assert.FileExists(t, keep)
	})
	t.Run("ShellWithoutApproval and an allow rule run echo", func(t *testing.T) {
		tools, err := builtin.ShellTool(t.TempDir(), builtin.ShellWithoutApproval())
		require.NoError(t, err)
		perms := permission.Permissions{
			Allow: []toolgen.Rule{builtin.RunCommandRule{Command: "echo *"}.Rule()},
			Ask:   []toolgen.Rule{{Tool: builtin.ToolRunCommand}},
		}
		ag, _ := shellAgent(t, tools, perms,
			agenttest.Call("c1", builtin.ToolRunCommand, `{"command":"echo ok"}`))
		state, err := ag.Run(ctx, "say ok", nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, state.StopReason)
		assert.Equal(t, map[string]string{"c1": "ok\n[exit code 0]"}, shellResults(state))
		assert.Equal(t, "done", state.Output())
	})
}

// TestRunCommandConcurrently runs calls at once, as the agent loop does
// with the calls of one turn: each gets its own output and exit code.
func TestRunCommandConcurrently(t *testing.T) {
	tool, _ := shellTool(t)
	var failed atomic.Int32
	texts := make([]string, 8)
	done := make(chan int)
	for i := range texts {
		go func() {
			defer func() { done <- i }()
			res, err := tool.Call(context.Background(), fmt.Appendf(nil, `{"command":"seq %d 1 %d; exit %d"}`, i, i+2000, i))
			if err != nil || res.IsError {
				failed.Add(1)
			}
			texts[i] = res.Text()
		}()
	}
	deadline := time.After(shellBound)
	for range texts {
		select {
		case <-done:
		case <-deadline:
			t.Fatal("concurrent calls did not return")
		}
	}
	require.Zero(t, failed.Load())
	for i, text := range texts {
		lines := strings.Split(text, "\n")
		assert.Equal(t, fmt.Sprint(i), lines[0])
		assert.Equal(t, []string{fmt.Sprint(i + 2000), fmt.Sprintf("[exit code %d]", i)}, lines[len(lines)-2:])
	}
}
