//go:build linux

package builtin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// The escape corpus: commands that try to get out of run_command's
// confinement, each with what must hold afterwards. It runs wherever the
// kernel has Landlock ABI 6 or later (CI has 7), and says so when it
// cannot; it never passes by running nothing.

// escapeWorld is what the attempts aim at: a workspace, and outside it a
// secret, a file to damage, a directory to write to, a process holding a
// canary in its environment, and listeners.
type escapeWorld struct {
	ws      string // the workspace
	secret  string // a file outside with secretText
	victim  string // a file outside with victimText
	outside string // a directory outside
	canary  int    // pid of a process with canaryVar in its environment
	tcp     string // port of a TCP listener on 127.0.0.1
	tcpHits *atomic.Int32
	unix    string // name of an abstract unix socket listener (without the @)
	unixHit *atomic.Int32
}

const (
	secretText = "TOPSECRET-7f3a"
	victimText = "original content\n"
	canaryVar  = "TOOLGEN_CANARY=canary-91c2"
)

func newEscapeWorld(t *testing.T) *escapeWorld {
	t.Helper()
	base := t.TempDir()
	w := &escapeWorld{
		ws:      filepath.Join(base, "ws"),
		secret:  filepath.Join(base, "secret.txt"),
		victim:  filepath.Join(base, "victim.txt"),
		outside: filepath.Join(base, "outside"),
	}
	require.NoError(t, os.Mkdir(w.ws, 0o777))
	require.NoError(t, os.Mkdir(w.outside, 0o755))
	// Reachable by the unprivileged user some attempts run as (only the
	// workspace is writable by it, as by anyone: the sandbox is the
	// boundary, not the permissions).
	require.NoError(t, os.Chmod(w.ws, 0o777))
	require.NoError(t, os.Chmod(base, 0o755))
	require.NoError(t, os.Chmod(filepath.Dir(base), 0o755))
	require.NoError(t, os.WriteFile(w.secret, []byte(secretText+"\n"), 0o644))
	require.NoError(t, os.WriteFile(w.victim, []byte(victimText), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(w.ws, "inside.txt"), []byte("inside\n"), 0o644))
	// Links planted in the workspace, as a cloned repository could hold.
	require.NoError(t, os.Symlink(w.secret, filepath.Join(w.ws, "link-to-secret")))
	require.NoError(t, os.Symlink(w.victim, filepath.Join(w.ws, "link-to-victim")))
	require.NoError(t, os.Symlink(w.outside, filepath.Join(w.ws, "link-to-outside")))

	canary := exec.Command("sleep", "60")
	canary.Env = []string{canaryVar}
	require.NoError(t, canary.Start())
	t.Cleanup(func() { _ = canary.Process.Kill(); _ = canary.Wait() })
	w.canary = canary.Process.Pid

	w.tcpHits = new(atomic.Int32)
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(t, err)
	w.tcp = fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	accept(t, ln, w.tcpHits)

	w.unixHit = new(atomic.Int32)
	w.unix = fmt.Sprintf("toolgen-escape-%d-%d", os.Getpid(), time.Now().UnixNano())
	uln, err := net.Listen("unix", "@"+w.unix)
	require.NoError(t, err)
	accept(t, uln, w.unixHit)
	return w
}

// accept counts the connections ln accepts until the test ends.
func accept(t *testing.T, ln net.Listener, hits *atomic.Int32) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			hits.Add(1)
			c.Close()
		}
	}()
	t.Cleanup(func() { ln.Close(); <-done })
}

// expand replaces the world's names in a command: $SECRET, $VICTIM,
// $OUTSIDE, $CANARY (a pid), $TEST (the test's pid), $TCP (a port), $ABSTRACT.
func (w *escapeWorld) expand(s string) string {
	return strings.NewReplacer(
		"$SECRET", w.secret, "$VICTIM", w.victim, "$OUTSIDE", w.outside,
		"$CANARY", fmt.Sprint(w.canary), "$TEST", fmt.Sprint(os.Getpid()),
		"$TCP", w.tcp, "$ABSTRACT", w.unix,
	).Replace(s)
}

// outsideUnchanged checks that nothing outside the workspace changed.
func (w *escapeWorld) outsideUnchanged(t *testing.T) {
	t.Helper()
	data, err := os.ReadFile(w.victim)
	require.NoError(t, err, "the victim file is still there")
	assert.Equal(t, victimText, string(data), "the victim file is unchanged")
	entries, err := os.ReadDir(w.outside)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing was made in the outside directory")
	entries, err = os.ReadDir(filepath.Dir(w.ws))
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"ws", "secret.txt", "victim.txt", "outside"}, names, "nothing was made next to the workspace")
	assert.NoFileExists(t, w.expand("/tmp/toolgen-escape-$TEST"))
}

// requireLandlock skips when the kernel cannot run the corpus, saying why.
func requireLandlock(t *testing.T) {
	t.Helper()
	if abi := builtin.LandlockABI(); abi < 6 {
		t.Skipf("the escape corpus needs Landlock ABI 6 or later; this kernel has %d: run_command reports it runs unconfined (TestRunCommandReportsNoLandlock)", abi)
	}
}

// have tells whether a program is installed where a confined command
// finds it.
func have(name string) bool {
	for _, dir := range []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return true
		}
	}
	return false
}

type escapeAttempt struct {
	name    string
	command string
	needs   string // a program the attempt needs, when another covers the same escape
	opts    []builtin.ShellOption
	// what must hold: the output contains none of refuse's strings and,
	// when want is set, contains it; check runs last.
	want  string
	check func(t *testing.T, w *escapeWorld, out string)
}

// denied is what the shells and tools print when the kernel refuses.
const denied = "ermission denied" // Permission denied, or Python's PermissionError: [Errno 13] Permission denied

// readOnly is what they print when a write outside meets a read-only
// mount: the kernel checks the mount before Landlock, so a program that
// may make a mount namespace (root) has its commands' writes outside
// refused so.
const readOnly = "Read-only file system"

// assertDenied checks that the kernel refused the command, in either way.
func assertDenied(t *testing.T, out string) {
	t.Helper()
	if !strings.Contains(out, readOnly) {
		assert.Contains(t, out, denied)
	}
}

func TestRunCommandEscapeCorpus(t *testing.T) {
	requireLandlock(t)
	w := newEscapeWorld(t)
	gone := func(marker string) func(t *testing.T, w *escapeWorld, out string) {
		return func(t *testing.T, w *escapeWorld, out string) { requireGone(t, marker) }
	}
	tcpUnreached := func(t *testing.T, w *escapeWorld, out string) {
		assert.Zero(t, w.tcpHits.Load(), "the TCP listener got no connection; output: %s", out)
	}
	unixUnreached := func(t *testing.T, w *escapeWorld, out string) {
		assert.Zero(t, w.unixHit.Load(), "the abstract socket listener got no connection; output: %s", out)
	}
	alive := func(pid func() int) func(t *testing.T, w *escapeWorld, out string) {
		return func(t *testing.T, w *escapeWorld, out string) {
			assert.NoError(t, syscall.Kill(pid(), 0), "the process is still alive; output: %s", out)
		}
	}
	m := func(n int) string { return shellMarker(100 + n) }
	mib := []builtin.ShellOption{builtin.Limits(builtin.ResourceLimits{FileSize: 1 << 20})}
	fileOf := func(size int64, name string) func(t *testing.T, w *escapeWorld, out string) {
		return func(t *testing.T, w *escapeWorld, out string) {
			path := filepath.Join(w.ws, name)
			info, err := os.Stat(path)
			require.NoError(t, err)
			assert.Equal(t, size, info.Size(), "the file stopped at the limit; output: %s", out)
			require.NoError(t, os.Remove(path))
		}
	}
	liftable := strings.Contains(escapeTool(t, w).Description, "can raise these limits")
	// The fork bomb runs as an unprivileged user: the kernel does not
	// enforce the process limit on root. Its processes are counted while it
	// runs, so the user is one no account has: nobody (65534) runs other
	// programs' processes meanwhile (nginx's workers, in the MCP scale-out
	// test go test runs alongside), which would count.
	const bombLimit, bombUID = 64, 61_999
	var bombPeak atomic.Int32
	bomb := []builtin.ShellOption{builtin.Limits(builtin.ResourceLimits{Processes: bombLimit}), builtin.Timeout(2 * time.Second), builtin.MaxOutput(2000)}
	if os.Getuid() == 0 {
		bomb = append(bomb, builtin.RunAs(bombUID))
	}
	corpus := []escapeAttempt{
		// Reading secrets outside the workspace.
		{name: "cat a file outside", command: "cat $SECRET", want: denied},
		{name: "relative path", command: "cat ../secret.txt", want: denied},
		{name: "cd out then read", command: "cd .. && cat secret.txt", want: denied},
		{name: "list the parent", command: "ls ..", want: denied},
		{name: "find outside", command: "find .. -name secret.txt -exec cat {} +", want: denied},
		{name: "symlink planted in the workspace", command: "cat link-to-secret", want: denied},
		{name: "symlink made by the command", command: "ln -s $SECRET mine && cat mine", want: denied},
		{name: "hard link to an outside file", command: "ln $SECRET hard && cat hard", check: func(t *testing.T, w *escapeWorld, out string) {
			assert.NoFileExists(t, filepath.Join(w.ws, "hard"))
		}},
		{name: "copy it in", command: "cp $SECRET . ; cat secret.txt", want: denied},
		{name: "through /proc/self/root", command: "cat /proc/self/root$SECRET", want: denied},
		{name: "through /proc/1/root", command: "cat /proc/1/root$SECRET", want: denied},
		{name: "through the helper's root", command: "cat /proc/$PPID/root$SECRET", want: denied},
		{name: "through the program's root", command: "cat /proc/$TEST/root$SECRET", want: denied},
		{name: "through the program's cwd", command: "cat /proc/$TEST/cwd/shell_escape_test.go | head -3", want: denied},
		{name: "through the program's open files", command: "ls -l /proc/$TEST/fd/", want: denied},
		{name: "another process's environment", command: "cat /proc/$CANARY/environ", want: denied},
		{name: "the helper's environment", command: "cat /proc/$PPID/environ", want: denied},
		{name: "the program's environment", command: "cat /proc/$TEST/environ | tr '\\0' '\\n' | head", want: denied},
		{name: "another process's memory", command: "dd if=/proc/$CANARY/mem bs=1 count=1 skip=4194304", want: denied},
		{name: "ptrace", command: "strace -p $CANARY -e trace=none", needs: "strace", want: "ptrace(PTRACE_SEIZE"},
		{name: "password hashes", command: "cat /etc/shadow", want: denied},
		{name: "python reads the secret", command: "python3 -c 'print(open(\"$SECRET\").read())'", needs: "python3", want: denied},
		{name: "bind mount the root", command: "mkdir m && mount --bind / m && cat m$SECRET", needs: "mount"},
		{name: "block device of the disk", command: "mknod disk b 8 0 && head -c 512 disk | od | head -2", want: "mknod"},
		// Writing outside the workspace.
		{name: "redirect to a new file outside", command: "echo x > $OUTSIDE/new.txt", want: denied},
		{name: "append to a file outside", command: "echo x >> $VICTIM", want: denied},
		{name: "truncate a file outside", command: "truncate -s 0 $VICTIM", want: denied},
		{name: "remove a file outside", command: "rm -f $VICTIM", want: denied},
		{name: "copy out", command: "cp inside.txt $OUTSIDE/", want: denied},
		{name: "move out", command: "mv inside.txt $OUTSIDE/", check: func(t *testing.T, w *escapeWorld, out string) {
			assert.FileExists(t, filepath.Join(w.ws, "inside.txt"))
		}},
		{name: "mkdir outside", command: "mkdir $OUTSIDE/dir", want: denied},
		{name: "touch in /tmp", command: "touch /tmp/toolgen-escape-$TEST", want: denied},
		{name: "out of $TMPDIR", command: "echo x > \"$TMPDIR\"/../toolgen-escape-$TEST", want: denied},
		{name: "write through a planted file symlink", command: "echo x > link-to-victim", want: denied},
		{name: "write through a planted directory symlink", command: "echo x > link-to-outside/new.txt", want: denied},
		{name: "symlink made then written through", command: "ln -s $VICTIM l && echo x >> l", want: denied},
		{name: "hard link made then written through", command: "ln $VICTIM h; echo x >> h"},
		{name: "write through /proc/self/root", command: "echo x > /proc/self/root$OUTSIDE/new.txt", want: denied},
		{name: "python writes outside", command: "python3 -c 'open(\"$OUTSIDE/py.txt\",\"w\").write(\"x\")'", needs: "python3", want: denied},
		// The network.
		{name: "bash /dev/tcp", command: "bash -c 'echo hi > /dev/tcp/127.0.0.1/$TCP'", needs: "bash", want: denied, check: tcpUnreached},
		{name: "python connect", command: "python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", $TCP))'", needs: "python3", want: denied, check: tcpUnreached},
		{name: "perl connect", command: "perl -MIO::Socket::INET -e 'IO::Socket::INET->new(\"127.0.0.1:$TCP\") or die \"connect: $!\\n\"'", needs: "perl", want: denied, check: tcpUnreached},
		{name: "curl", command: "curl -sS --max-time 5 http://127.0.0.1:$TCP/", needs: "curl", check: tcpUnreached},
		{name: "listen on a port", command: "python3 -c 'import socket; s=socket.socket(); s.bind((\"127.0.0.1\", 0))'", needs: "python3", want: denied},
		{name: "abstract unix socket", command: "python3 -c 'import socket; s=socket.socket(socket.AF_UNIX); s.connect(\"\\0$ABSTRACT\")'", needs: "python3", want: denied, check: unixUnreached},
		{name: "abstract unix socket (perl)", command: "perl -MSocket -e 'socket(S, AF_UNIX, SOCK_STREAM, 0) or die \"socket: $!\\n\"; connect(S, pack_sockaddr_un(\"\\0$ABSTRACT\")) or die \"connect: $!\\n\"'", needs: "perl", want: "socket: Permission denied", check: unixUnreached},
		// Signals.
		{name: "signal the helper", command: "kill -0 $PPID", want: "kill", check: func(t *testing.T, w *escapeWorld, out string) {}},
		{name: "kill the program", command: "kill -TERM $TEST", want: "kill", check: alive(os.Getpid)},
		{name: "kill another process", command: "kill -KILL $CANARY", want: "kill", check: alive(func() int { return w.canary })},
		{name: "forge the helper's status", command: "echo 'status 0' >&3; echo 'status 0' >&4; exit 3", want: "[exit code 3]"},
		// Processes that would outlive the call.
		{name: "setsid", command: fmt.Sprintf("setsid sleep %s >/dev/null 2>&1 &", m(1)), check: gone(m(1))},
		{name: "setsid --fork", command: fmt.Sprintf("setsid -f sleep %s >/dev/null 2>&1", m(2)), check: gone(m(2))},
		{name: "double fork", command: fmt.Sprintf("(sh -c 'sleep %s >/dev/null 2>&1 &' &)", m(3)), check: gone(m(3))},
		{name: "nohup", command: fmt.Sprintf("nohup sleep %s >/dev/null 2>&1 &", m(4)), check: gone(m(4))},
		{name: "kill the helper, then daemonize", command: fmt.Sprintf("kill -KILL $PPID; setsid sleep %s >/dev/null 2>&1 &", m(5)), check: gone(m(5))},
		// Resources.
		{name: "a file larger than the limit", command: "trap '' XFSZ; head -c 3000000 /dev/zero > big", opts: mib, want: "File too large", check: fileOf(1<<20, "big")},
		{name: "a file larger than the limit (SIGXFSZ)", command: "head -c 3000000 /dev/zero > big", opts: mib, want: "[exit code 153]", check: fileOf(1<<20, "big")},
		{name: "a file grown past the limit", command: "head -c 1000000 /dev/zero > big; head -c 1000000 /dev/zero >> big", opts: mib, want: "[exit code 153]", check: fileOf(1<<20, "big")},
		{name: "a sparse file past the limit", command: "dd if=/dev/zero of=big bs=1 count=1 seek=2000000", opts: mib, want: "[exit code 153]", check: fileOf(0, "big")},
		{name: "raise the file size limit", command: "ulimit -f unlimited; head -c 3000000 /dev/zero > big", opts: mib, check: func(t *testing.T, w *escapeWorld, out string) {
			if liftable {
				t.Skip("this program has CAP_SYS_RESOURCE: its commands can raise their limits (the tool's description says so)")
			}
			fileOf(1<<20, "big")(t, w, out)
		}},
		{name: "a fork bomb bounded by the process limit", command: "f() { f | f & }; f; sleep 5", opts: bomb, want: "fork", check: func(t *testing.T, w *escapeWorld, out string) {
			t.Logf("peak %d processes of uid %d; output: %s", bombPeak.Load(), bombUID, out)
			assert.Contains(t, out, "[timed out after 2s")
			// The limit is what the user ran when the command started, the
			// helper's threads among them, plus bombLimit.
			assert.LessOrEqual(t, bombPeak.Load(), int32(bombLimit+16), "processes of the user at the peak")
			assert.Positive(t, bombPeak.Load())
			requireNoTasksOf(t, bombUID)
		}},
		{name: "a CPU-bound loop", command: "while :; do :; done", opts: []builtin.ShellOption{builtin.Timeout(time.Second)}, want: "[timed out after 1s: the command and every process it started were killed]"},
		{name: "a bounded fork bomb", command: fmt.Sprintf("f() { if [ $1 -gt 0 ]; then f $(($1-1)) & f $(($1-1)) & fi; setsid sleep %s >/dev/null 2>&1; }; f 6 & sleep 0.5; echo spawned", m(6)), want: "spawned", check: gone(m(6))},
	}
	var count int
	for _, e := range corpus {
		t.Run(e.name, func(t *testing.T) {
			if e.needs != "" && !have(e.needs) {
				t.Skipf("%s is not installed; another attempt covers the same escape", e.needs)
			}
			count++
			tool := escapeTool(t, w, e.opts...)
			if strings.HasPrefix(e.name, "a fork bomb bounded") {
				if os.Getuid() != 0 {
					t.Skip("run as root, this test runs the fork bomb as an unprivileged user; as another user, the machine's processes of that user would count")
				}
				require.Zero(t, tasksOf(bombUID), "no process of uid %d runs before", bombUID)
				stop := samplePeak(bombUID, &bombPeak)
				defer stop()
			}
			out := runShell(t, tool, w.expand(e.command))
			assert.NotContains(t, out, secretText)
			assert.NotContains(t, out, strings.SplitN(canaryVar, "=", 2)[1])
			switch e.want {
			case "":
			case denied:
				assertDenied(t, out)
			default:
				assert.Contains(t, out, e.want)
			}
			w.outsideUnchanged(t)
			if e.check != nil {
				e.check(t, w, out)
			}
		})
	}
	assert.GreaterOrEqual(t, len(corpus), 40)
}

// tasksOf counts the processes and threads whose real user is uid.
func tasksOf(uid int) int32 {
	var n int32
	names, _ := filepath.Glob("/proc/[0-9]*/status")
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		var mine bool
		var threads int32
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "Uid:"); ok {
				f := strings.Fields(v)
				mine = len(f) > 0 && f[0] == fmt.Sprint(uid)
			}
			if v, ok := strings.CutPrefix(line, "Threads:"); ok {
				_, _ = fmt.Sscan(v, &threads)
			}
		}
		if mine {
			n += threads
		}
	}
	return n
}

// samplePeak records in peak the most processes uid runs, sampled until
// stop is called.
func samplePeak(uid int, peak *atomic.Int32) (stop func()) {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			if n := tasksOf(uid); n > peak.Load() {
				peak.Store(n)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() { close(done); <-stopped }
}

// requireNoTasksOf fails unless uid has no process left.
func requireNoTasksOf(t *testing.T, uid int) {
	t.Helper()
	require.Eventually(t, func() bool { return tasksOf(uid) == 0 }, 2*time.Second, 20*time.Millisecond, "processes of uid %d are left", uid)
}

// escapeTool is run_command in the world's workspace; each attempt gets a
// fresh one (nothing carries over but the workspace).
func escapeTool(t *testing.T, w *escapeWorld, opts ...builtin.ShellOption) toolgen.Tool {
	t.Helper()
	tools, err := builtin.ShellTool(w.ws, append([]builtin.ShellOption{builtin.ShellWithoutApproval(), builtin.RequireConfinement()}, opts...)...)
	require.NoError(t, err)
	return tools[0]
}

// TestRunCommandEscapesWorkUnconfined is the corpus's control: the same
// attempts succeed without confinement, so the corpus's refusals are the
// sandbox's doing, not the test's.
func TestRunCommandEscapesWorkUnconfined(t *testing.T) {
	requireLandlock(t)
	w := newEscapeWorld(t)
	tools, err := builtin.ShellTool(w.ws, builtin.Unconfined())
	require.NoError(t, err)
	assert.Contains(t, runShell(t, tools[0], w.expand("cat $SECRET")), secretText)
	assert.Contains(t, runShell(t, tools[0], w.expand("cat /proc/$CANARY/environ")), canaryVar)
	assert.Contains(t, runShell(t, tools[0], w.expand("cat link-to-secret")), secretText)
	if have("bash") {
		runShell(t, tools[0], w.expand("bash -c 'echo hi > /dev/tcp/127.0.0.1/$TCP'"))
		assert.Eventually(t, func() bool { return w.tcpHits.Load() == 1 }, 2*time.Second, 10*time.Millisecond)
	}
}

func TestRunCommandConfinedWorks(t *testing.T) {
	requireLandlock(t)
	w := newEscapeWorld(t)
	tool := escapeTool(t, w)
	// What a command does inside: read, write, make directories, rename
	// across them, run programs, use its temporary directory and /dev/null.
	got := runShell(t, tool, `mkdir -p a/b && echo hi > a/b/f && mv a/b/f a/g && cat a/g && ls /usr/bin >/dev/null && head -c 4 /dev/urandom | wc -c && cd "$TMPDIR" && echo t > t && cat t && grep -q root /etc/passwd && echo passwd`)
	assert.Equal(t, "hi\n4\nt\npasswd\n[exit code 0]", got)

	t.Run("ReadPaths and WritePaths", func(t *testing.T) {
		tool := escapeTool(t, w, builtin.ReadPaths(w.secret), builtin.WritePaths(w.outside))
		assert.Equal(t, secretText+"\n[exit code 0]", runShell(t, tool, w.expand("cat $SECRET && echo x > $OUTSIDE/new.txt")))
		require.NoError(t, os.Remove(filepath.Join(w.outside, "new.txt")))
		assertDenied(t, runShell(t, tool, w.expand("echo x >> $VICTIM"))) // only the paths given
	})
	t.Run("AllowConnect", func(t *testing.T) {
		if !have("bash") {
			t.Skip("bash is not installed")
		}
		before := w.tcpHits.Load()
		var port uint16
		_, err := fmt.Sscan(w.tcp, &port)
		require.NoError(t, err)
		tool := escapeTool(t, w, builtin.AllowConnect(port))
		assert.Equal(t, "(no output)\n[exit code 0]", runShell(t, tool, w.expand("bash -c 'echo hi > /dev/tcp/127.0.0.1/$TCP'")))
		assert.Eventually(t, func() bool { return w.tcpHits.Load() == before+1 }, 2*time.Second, 10*time.Millisecond)
	})
	t.Run("timeout kills what escaped the group", func(t *testing.T) {
		m := shellMarker(150)
		tool := escapeTool(t, w, builtin.Timeout(500*time.Millisecond))
		got := runShell(t, tool, fmt.Sprintf("setsid sleep %s >/dev/null 2>&1 & (sh -c 'sleep %s &' &); sleep 30", m, m))
		assert.Equal(t, "(no output)\n[timed out after 500ms: the command and every process it started were killed]", got)
		requireGone(t, m)
	})
	t.Run("a fork loop past the timeout", func(t *testing.T) {
		m := shellMarker(152)
		tool := escapeTool(t, w, builtin.Timeout(time.Second))
		// Bounded (300 processes) so that a failure cannot take the machine
		// down; each one in its own session, out of the group's reach.
		got := runShell(t, tool, fmt.Sprintf("i=0; while [ $i -lt 300 ]; do setsid sleep %s >/dev/null 2>&1 & i=$((i+1)); done; sleep 30", m))
		assert.Equal(t, "(no output)\n[timed out after 1s: the command and every process it started were killed]", got)
		requireGone(t, m)
	})
	t.Run("cancel kills what escaped the group", func(t *testing.T) {
		m := shellMarker(151)
		tool := escapeTool(t, w)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			for range shellBound / (10 * time.Millisecond) {
				if _, err := os.Stat(filepath.Join(w.ws, "started")); err == nil {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			cancel()
		}()
		args, err := json.Marshal(map[string]string{"command": fmt.Sprintf("setsid sleep %s >/dev/null 2>&1 & touch started; sleep 30", m)})
		require.NoError(t, err)
		_, err = callShell(t, ctx, tool, string(args))
		require.ErrorIs(t, err, context.Canceled)
		requireGone(t, m)
		require.NoError(t, os.Remove(filepath.Join(w.ws, "started")))
	})
	t.Run("huge output", func(t *testing.T) {
		tool := escapeTool(t, w, builtin.MaxOutput(1000), builtin.Timeout(time.Second))
		got := runShell(t, tool, "yes 0123456789")
		assert.Less(t, len(got), 1200)
		assert.Contains(t, got, "bytes omitted ...]")
		assert.True(t, strings.HasSuffix(got, "[timed out after 1s: the command and every process it started were killed]"), got)
	})
}

func TestRunCommandReportsNoLandlock(t *testing.T) {
	restore := builtin.SimulateLandlockABI(0)
	defer func() { restore() }()
	root := t.TempDir()
	tools, err := builtin.ShellTool(root)
	require.NoError(t, err, "best effort: the tool is made, and says what it is")
	assert.Contains(t, tools[0].Description, "Commands are NOT confined: this system has no Landlock")
	m := shellMarker(160)
	assert.Equal(t, "(no output)\n[exit code 0]", runShell(t, tools[0], fmt.Sprintf("setsid sleep %s >/dev/null 2>&1 &", m)))
	requireGone(t, m)

	_, err = builtin.ShellTool(root, builtin.RequireConfinement())
	require.EqualError(t, err, "builtin.RequireConfinement: this system has no Landlock (Linux 5.13 or later, with Landlock enabled), and run_command needs ABI 6 or later (Linux 6.12) to confine files, network, signals and abstract sockets")

	restore()
	restore = builtin.SimulateLandlockABI(3)
	tools, err = builtin.ShellTool(root)
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "Commands run confined by the kernel (Landlock ABI 3)")
	assert.Contains(t, tools[0].Description, "they have no network: no socket of any kind", "the filter refuses every socket, whatever Landlock does")
	tools, err = builtin.ShellTool(root, builtin.AllowConnect(443))
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "they can open TCP connections to any port (this kernel's Landlock cannot confine where), and listen on none; no other socket")
	restoreSystem := builtin.SimulateSystem(false, false)
	tools, err = builtin.ShellTool(root)
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "the network is NOT confined on this system")
	restoreSystem()
	assert.Contains(t, tools[0].Description, "signals and abstract sockets are NOT confined on this kernel")
	_, err = builtin.ShellTool(root, builtin.RequireConfinement())
	require.EqualError(t, err, "builtin.RequireConfinement: this kernel's Landlock ABI is 3, and run_command needs ABI 6 or later (Linux 6.12) to confine files, network, signals and abstract sockets")

	restore()
	restore = builtin.SimulateLandlockABI(7)
	t.Setenv("HOME", "/home/someone")
	tools, err = builtin.ShellTool(root, builtin.RequireConfinement())
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, " Commands run confined by the kernel (Landlock ABI 7): they can write only in the working directory and in $TMPDIR (a private directory, removed after each command); read only there and in the system directories (/usr, /bin, /lib, the system's configuration in /etc, the system-wide files of /proc), not in $HOME; they have no network: no socket of any kind (TCP, UDP, raw, unix sockets by path...), only unix socket pairs; they cannot signal processes or reach abstract sockets outside the command; they keep no privilege (no capability, no set-user-ID)")
	tools, err = builtin.ShellTool(root, builtin.WritePaths("/home/someone/.cache"), builtin.AllowConnect(443))
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "they can write only in the working directory, in /home/someone/.cache and in $TMPDIR")
	assert.Contains(t, tools[0].Description, "the system-wide files of /proc); they can open TCP connections only to ports 443, and listen on none; no other socket, only unix socket pairs;")
	tools, err = builtin.ShellTool(root, builtin.AllowDNS())
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "; they have no network: no socket of any kind (TCP, UDP, raw, unix sockets by path...) but UDP, for DNS (datagrams to any address), and TCP to port 53, only unix socket pairs;")
	tools, err = builtin.ShellTool(root, builtin.AllowNetwork())
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "; the network is open to them;")

	// What RequireConfinement asks of the system besides Landlock.
	restoreSystem = builtin.SimulateSystem(false, true)
	_, err = builtin.ShellTool(root, builtin.RequireConfinement())
	require.ErrorContains(t, err, "builtin.RequireConfinement: this system takes no seccomp filter run_command knows how to write (Linux on amd64 or arm64), and it needs one to refuse sockets other than TCP")
	restoreSystem()
	restoreSystem = builtin.SimulateSystem(true, false)
	tools, err = builtin.ShellTool(root)
	require.NoError(t, err)
	if os.Getuid() == 0 {
		assert.Contains(t, tools[0].Description, "they keep no capability, but run as root without a mount namespace of their own (no CAP_SYS_ADMIN): they CAN change the mode and times of root's files outside")
		_, err = builtin.ShellTool(root, builtin.RequireConfinement())
		require.EqualError(t, err, "builtin.RequireConfinement: this program runs as root without CAP_SYS_ADMIN, so commands cannot get a mount namespace in which files outside keep their owner, mode and times")
	} else {
		assert.Contains(t, tools[0].Description, "but can change the mode and times of their user's own files outside the directories they write to")
		_, err = builtin.ShellTool(root, builtin.RequireConfinement())
		require.NoError(t, err)
	}
	restoreSystem()
	tools, err = builtin.ShellTool(root, builtin.Unconfined())
	require.NoError(t, err)
	assert.Contains(t, tools[0].Description, "Commands are not confined: they can read and write anything this program can, and reach the network.")
}

func TestShellToolRejectsBadSandboxOptions(t *testing.T) {
	_, err := builtin.ShellTool(t.TempDir(), builtin.ReadPaths("rel", "/ok"), builtin.WritePaths(""), builtin.AllowConnect(0, 443), builtin.Limits(builtin.ResourceLimits{Processes: -2, FileSize: -5}), builtin.Unconfined(), builtin.RequireConfinement())
	require.EqualError(t, err, strings.Join([]string{
		`builtin.ReadPaths: "rel" is not an absolute path`,
		`builtin.WritePaths: "" is not an absolute path`,
		"builtin.AllowConnect(0): not a port",
		"builtin.Limits: Processes -2: must be positive, 0 for the default or builtin.Unlimited",
		"builtin.Limits: FileSize -5: must be positive, 0 for the default or builtin.Unlimited",
	}, "\n"))
	_, err = builtin.ShellTool(t.TempDir(), builtin.Unconfined(), builtin.RequireConfinement())
	require.EqualError(t, err, "builtin.RequireConfinement: contradicts builtin.Unconfined")
}
