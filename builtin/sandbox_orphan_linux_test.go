//go:build linux

package builtin_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// No command outlives its caller: a program that runs a command through
// run_command is killed (SIGKILL, as a crash, an OOM kill or a deploy
// would) while the command runs, or while the helper starts it; the
// helper and every process of the command are gone soon after, long
// before the command's timeout.

// orphanGrace is how soon after its caller's death a command must be gone:
// far below the callers' timeout (a minute), so that it is the death that
// ended it.
const orphanGrace = 5 * time.Second

// startCaller starts this test binary as a program that runs command
// through run_command in ws with the timeout, and returns once it is about
// to call the tool.
func startCaller(t *testing.T, ws string, timeout time.Duration, command string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	caller := exec.Command(exe, ws, timeout.String(), command)
	caller.Env = append(os.Environ(), roleVar+"=caller")
	out, err := caller.StdoutPipe()
	require.NoError(t, err)
	caller.Stderr = os.Stderr
	require.NoError(t, caller.Start())
	t.Cleanup(func() { _ = caller.Process.Kill(); _ = caller.Wait() })
	lines := bufio.NewScanner(out)
	require.True(t, lines.Scan(), "the caller starts")
	require.Equal(t, "calling", lines.Text())
	// Drained to the end, so that the caller never blocks on its output.
	go func() {
		for lines.Scan() {
		}
	}()
	return caller
}

// waitRunning waits until a process with marker in its command line runs
// the word what (the command proper, not only its helper).
func waitRunning(t *testing.T, marker, what string) {
	t.Helper()
	require.Eventually(t, func() bool {
		for _, p := range processesWith(marker) {
			if strings.Contains(p, what) && !strings.Contains(p, "toolgen-run-command-sandbox") {
				return true
			}
		}
		return false
	}, 10*time.Second, 5*time.Millisecond, "the command runs")
}

// requireGoneWithin fails unless every process with marker in its command
// line (the helper's holds the command), but those of except, is gone
// within d.
func requireGoneWithin(t *testing.T, marker string, d time.Duration, except ...int) {
	t.Helper()
	var left []string
	require.Eventually(t, func() bool {
		left = slices.DeleteFunc(processesWith(marker), func(p string) bool {
			return slices.ContainsFunc(except, func(pid int) bool { return strings.HasPrefix(p, fmt.Sprintf("%d: ", pid)) })
		})
		return len(left) == 0
	}, d, 10*time.Millisecond, "processes still running: %q", &left)
}

func TestNoCommandOutlivesItsCaller(t *testing.T) {
	requireLandlock(t)
	ws := t.TempDir()
	require.NoError(t, os.Chmod(ws, 0o777))
	installAttacker(t, ws)
	commands := []struct {
		name    string
		command string // %s: the marker
		running string // what runs once the command is under way
	}{
		{"a plain command", "sleep %s", "sleep"},
		{"one that ignores SIGTERM", "trap '' TERM; sleep %[1]s; sleep %[1]s", "sleep"},
		{"one that backgrounds a child", "(sleep %[1]s &); setsid sleep %[1]s & sleep %[1]s", "sleep"},
		{"one whose shell its own child ptrace-stopped", "TOOLGEN_TEST_ROLE=attack ./attacker ptrace-parent %[1]s & sleep %[1]s", "ptrace-parent"},
	}
	for i, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			marker := shellMarker(300 + i)
			caller := startCaller(t, ws, time.Minute, fmt.Sprintf(c.command, marker))
			waitRunning(t, marker, c.running)
			time.Sleep(50 * time.Millisecond) // the attacker attaches
			require.NoError(t, caller.Process.Signal(syscall.SIGKILL))
			requireGoneWithin(t, marker, orphanGrace)
		})
	}
}

// TestNoCommandOutlivesACallerKilledAsItStarts kills the caller at
// moments spread over the helper's start: before it runs, while it sets up
// the confinement, as it starts the shell.
func TestNoCommandOutlivesACallerKilledAsItStarts(t *testing.T) {
	requireLandlock(t)
	ws := t.TempDir()
	for i, delay := range []time.Duration{0, 100 * time.Microsecond, 300 * time.Microsecond, time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond, 5 * time.Millisecond, 8 * time.Millisecond, 13 * time.Millisecond, 21 * time.Millisecond} {
		t.Run(delay.String(), func(t *testing.T) {
			marker := shellMarker(320 + i)
			caller := startCaller(t, ws, time.Minute, "sleep "+marker)
			time.Sleep(delay)
			require.NoError(t, caller.Process.Signal(syscall.SIGKILL))
			_ = caller.Wait()
			requireGoneWithin(t, marker, orphanGrace)
		})
	}
}

// TestTheHelperKeepsTheTimeout: a caller that can no longer act (stopped)
// cannot end its command at the timeout; the helper does.
func TestTheHelperKeepsTheTimeout(t *testing.T) {
	requireLandlock(t)
	ws := t.TempDir()
	marker := shellMarker(340)
	caller := startCaller(t, ws, time.Second, fmt.Sprintf("trap '' TERM; sleep %[1]s & sleep %[1]s", marker))
	waitRunning(t, marker, "sleep")
	require.NoError(t, caller.Process.Signal(syscall.SIGSTOP))
	defer func() { _ = caller.Process.Signal(syscall.SIGCONT) }()
	requireGoneWithin(t, marker, time.Second+orphanGrace, caller.Process.Pid)
}

// TestNoShellOutlivesItsHelper: should the helper itself be killed (the OOM
// killer picks it, say) while its caller lives on, the shell goes with it,
// and the caller reports that the command did not finish.
func TestNoShellOutlivesItsHelper(t *testing.T) {
	requireLandlock(t)
	ws := t.TempDir()
	marker := shellMarker(350)
	caller := startCaller(t, ws, time.Minute, "sleep "+marker)
	waitRunning(t, marker, "sleep")
	// The caller's own command line holds the command too, so the helper
	// and the command may not be there yet: wait for both.
	var helper int
	require.Eventually(t, func() bool {
		helper = 0
		command := false
		for _, p := range processesWith(marker) {
			var pid int
			if _, err := fmt.Sscanf(p, "%d:", &pid); err != nil || pid == caller.Process.Pid {
				continue
			}
			if strings.Contains(p, "toolgen-run-command-sandbox") {
				helper = pid
			} else {
				command = true
			}
		}
		return helper != 0 && command
	}, 10*time.Second, 5*time.Millisecond, "the helper and the command run")
	require.NoError(t, syscall.Kill(helper, syscall.SIGKILL))
	requireGoneWithin(t, marker, orphanGrace, caller.Process.Pid)
}
