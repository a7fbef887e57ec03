//go:build linux

package builtin_test

import (
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// The second round of attacks on run_command's confinement: every way out
// by a socket, an inherited descriptor, a file of /etc or a privilege,
// each tried as a class (every socket family, type and protocol; every
// send that can connect; every descriptor), with a control run without
// confinement that shows the same attempt works there.

// netWorld adds to the escape world what the network attempts aim at: a
// UDP listener and a unix socket with a path outside the workspace, both
// counting what they get, and the attacker program in the workspace.
type netWorld struct {
	*escapeWorld
	udp      string // port of a UDP listener on 127.0.0.1
	udpHits  *atomic.Int32
	unixPath string // a unix socket listener outside the workspace
	pathHits *atomic.Int32
	attacker string // the command that runs the attacker: ./attacker with its role
}

func newNetWorld(t *testing.T) *netWorld {
	t.Helper()
	w := &netWorld{escapeWorld: newEscapeWorld(t), udpHits: new(atomic.Int32), pathHits: new(atomic.Int32)}
	pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	w.udp = fmt.Sprint(pc.LocalAddr().(*net.UDPAddr).Port)
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 64)
		for {
			if _, _, err := pc.ReadFrom(buf); err != nil {
				return
			}
			w.udpHits.Add(1)
		}
	}()
	t.Cleanup(func() { pc.Close(); <-done })

	w.unixPath = filepath.Join(w.outside, "..", "daemon.sock")
	uln, err := net.Listen("unix", w.unixPath)
	require.NoError(t, err)
	require.NoError(t, os.Chmod(w.unixPath, 0o777))
	accept(t, uln, w.pathHits)
	w.attacker = "TOOLGEN_TEST_ROLE=attack ./attacker"
	installAttacker(t, w.ws)
	return w
}

// installAttacker copies this test binary into dir as ./attacker: it is
// the program a confined command runs to make the system calls no shell
// makes (roles_linux_test.go).
func installAttacker(t *testing.T, dir string) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	src, err := os.Open(exe)
	require.NoError(t, err)
	defer src.Close()
	dst, err := os.OpenFile(filepath.Join(dir, "attacker"), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(dst, src)
	require.NoError(t, err)
	require.NoError(t, dst.Close())
}

// tool is run_command in the world's workspace, confined as
// RequireConfinement demands, with opts.
func (w *netWorld) tool(t *testing.T, opts ...builtin.ShellOption) toolgen.Tool {
	return escapeTool(t, w.escapeWorld, opts...)
}

// noneReached checks that no listener got anything.
func (w *netWorld) noneReached(t *testing.T, out string) {
	t.Helper()
	time.Sleep(50 * time.Millisecond) // a datagram in flight
	assert.Zero(t, w.tcpHits.Load(), "TCP listener; output: %s", out)
	assert.Zero(t, w.udpHits.Load(), "UDP listener; output: %s", out)
	assert.Zero(t, w.pathHits.Load(), "unix socket outside; output: %s", out)
	assert.Zero(t, w.unixHit.Load(), "abstract socket; output: %s", out)
}

// openSockets lists the "open F T P" lines of a sockets attempt.
func openSockets(out string) []string {
	return regexp.MustCompile(`(?m)^open \d+ \d+ \d+$`).FindAllString(out, -1)
}

// asEachUser runs f as the program's user and, when that is root, as an
// unprivileged one too (the options that make commands run as it).
func asEachUser(t *testing.T, f func(t *testing.T, opts ...builtin.ShellOption)) {
	t.Run(fmt.Sprintf("uid %d", os.Getuid()), func(t *testing.T) { f(t) })
	if os.Getuid() == 0 {
		t.Run("uid 65534", func(t *testing.T) { f(t, builtin.RunAs(65534)) })
	}
}

func TestNoSocketOutOfTheDefault(t *testing.T) {
	requireLandlock(t)
	asEachUser(t, testNoSocketOutOfTheDefault)
}

func testNoSocketOutOfTheDefault(t *testing.T, opts ...builtin.ShellOption) {
	w := newNetWorld(t)
	out := runShell(t, w.tool(t, opts...), w.attacker+" sockets "+w.tcp+" "+w.udp+" "+w.unixPath+" all")
	require.Contains(t, out, "done\n", "the attacker ran through every family")
	assert.Contains(t, out, "socketpair: ok", "pairs stay: programs talk to their children so")
	assert.Empty(t, openSockets(out), "no socket of any family, type or protocol was made")
	assert.NotContains(t, out, "reached")
	w.noneReached(t, out)
}

func TestAllowConnectOpensTCPToItsPortsAlone(t *testing.T) {
	requireLandlock(t)
	asEachUser(t, testAllowConnectOpensTCPToItsPortsAlone)
}

func testAllowConnectOpensTCPToItsPortsAlone(t *testing.T, opts ...builtin.ShellOption) {
	w := newNetWorld(t)
	// A port with no listener: the listeners' ports stay closed.
	tool := w.tool(t, append(opts, builtin.AllowConnect(1))...)
	out := runShell(t, tool, w.attacker+" sockets "+w.tcp+" "+w.udp+" "+w.unixPath+" all")
	require.Contains(t, out, "done\n")
	for _, line := range openSockets(out) {
		var f, typ, p int
		_, err := fmt.Sscanf(line, "open %d %d %d", &f, &typ, &p)
		require.NoError(t, err)
		tcp := (f == syscall.AF_INET || f == syscall.AF_INET6) && typ == syscall.SOCK_STREAM && (p == 0 || p == syscall.IPPROTO_TCP)
		assert.True(t, tcp, "a socket was made: %s", line)
	}
	assert.NotContains(t, out, "reached")

	// TCP Fast Open connects in a send, without connect(2): every send.
	out = runShell(t, tool, w.attacker+" fastopen "+w.tcp)
	for _, call := range []string{"sendto", "sendmsg", "sendmmsg", "fastopen_connect"} {
		assert.Regexp(t, "(?m)^"+call+": permission denied$", out)
	}
	// listen(2) binds a socket that was never bound, past Landlock.
	out += runShell(t, tool, w.attacker+" listen")
	assert.Contains(t, out, "listen: permission denied port=0")
	w.noneReached(t, out)
}

func TestAllowDNSOpensUDP(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	out := runShell(t, w.tool(t, builtin.AllowDNS()), w.attacker+" sockets "+w.tcp+" "+w.udp+" "+w.unixPath)
	// What the option says it lets out: a datagram to any port.
	assert.Regexp(t, `reached \S*sendto\S* with 2 2 0`, out)
	assert.Eventually(t, func() bool { return w.udpHits.Load() > 0 }, 2*time.Second, 10*time.Millisecond)
	assert.Zero(t, w.tcpHits.Load(), "TCP only to port 53; output: %s", out)
	assert.Zero(t, w.pathHits.Load(), "no unix socket by path; output: %s", out)
}

// TestNetworkAttacksWorkUnconfined is the control: the same attempts reach
// every listener when nothing confines them.
func TestNetworkAttacksWorkUnconfined(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	tools, err := builtin.ShellTool(w.ws, builtin.Unconfined(), builtin.ShellWithoutApproval())
	require.NoError(t, err)
	out := runShell(t, tools[0], w.attacker+" sockets "+w.tcp+" "+w.udp+" "+w.unixPath)
	assert.Regexp(t, `reached \S*connect\S* with 2 1 0`, out, "TCP")
	assert.Regexp(t, `reached \S*sendto\S* with 2 2 0`, out, "UDP")
	assert.Regexp(t, `reached \S*connect\S* with 1 1 0`, out, "a unix socket by path")
	if os.Getuid() == 0 {
		assert.Contains(t, out, "open 2 3 1", "a raw ICMP socket, as root")
	}
	if mptcp, _ := os.ReadFile("/proc/sys/net/mptcp/enabled"); strings.TrimSpace(string(mptcp)) == "1" {
		assert.Regexp(t, `reached \S*connect\S* with 2 1 262`, out, "MPTCP")
	}
	out = runShell(t, tools[0], w.attacker+" listen")
	assert.Regexp(t, `listen: ok port=[1-9]`, out)
	before := w.tcpHits.Load()
	out = runShell(t, tools[0], w.attacker+" fastopen "+w.tcp)
	assert.Contains(t, out, "sendto: ok")
	assert.Eventually(t, func() bool { return w.tcpHits.Load() > before }, 2*time.Second, 10*time.Millisecond)
	assert.Eventually(t, func() bool { return w.udpHits.Load() > 0 && w.pathHits.Load() > 0 }, 2*time.Second, 10*time.Millisecond)
}

func TestNoIOUring(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	out := runShell(t, w.tool(t), w.attacker+" iouring")
	assert.Contains(t, out, "io_uring_setup: -1 function not implemented", "programs fall back to calls the filter sees")
}

// TestNoDescriptorCrosses leaves open, without close-on-exec, a file
// outside the workspace at every free descriptor number from 3 to 1023,
// and a connection, as a careless program (or its own parent) could: a
// command reaches none of them.
func TestNoDescriptorCrosses(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	require.NoError(t, os.Chmod(w.secret, 0o600))
	conn, err := net.Dial("tcp4", "127.0.0.1:"+w.tcp)
	require.NoError(t, err)
	defer conn.Close()
	raw, err := conn.(*net.TCPConn).File()
	require.NoError(t, err)
	defer raw.Close()
	fd, err := syscall.Open(w.secret, syscall.O_RDONLY, 0) // no O_CLOEXEC
	require.NoError(t, err)
	// F_DUPFD takes the lowest free number from n up: it never replaces a
	// descriptor the program holds, even one opened meanwhile.
	var leaked []int
	for n := 3; n < 1024; {
		src := fd
		if len(leaked)%2 == 1 {
			src = int(raw.Fd())
		}
		got, err := unix.FcntlInt(uintptr(src), unix.F_DUPFD, n)
		require.NoError(t, err)
		if got >= 1024 {
			syscall.Close(got)
			break
		}
		leaked = append(leaked, got)
		n = got + 1
	}
	syscall.Close(fd)
	defer func() {
		for _, n := range leaked {
			syscall.Close(n)
		}
	}()
	require.Greater(t, len(leaked), 900)
	first := leaked[0]

	out := runShell(t, w.tool(t), fmt.Sprintf("%s fds; cat /dev/fd/%d; echo hi > /dev/fd/%d", w.attacker, first, leaked[1]))
	assert.NotContains(t, out, secretText)
	assert.Regexp(t, `^done\n`, out, "no descriptor above 2 is open in the command")
	assert.Contains(t, out, fmt.Sprintf("cat: /dev/fd/%d: No such file or directory", first))
	assert.Contains(t, out, "[exit code 2]", "nor can it write to the connection")

	tools, err := builtin.ShellTool(w.ws, builtin.Unconfined(), builtin.ShellWithoutApproval())
	require.NoError(t, err)
	assert.Contains(t, runShell(t, tools[0], fmt.Sprintf("cat /dev/fd/%d", first)), secretText, "the control: unconfined, it is inherited")
}

// TestEtcByAllowList reads every file under /etc from a command: those it
// can read are exactly the allow list's (or lead into the system's
// directories); every other one, credentials of any program included,
// stays unreadable.
func TestEtcByAllowList(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	var files []string
	_ = filepath.WalkDir("/etc", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if f, err := os.Open(path); err == nil {
				buf := make([]byte, 1)
				if _, err := f.Read(buf); err == nil {
					files = append(files, path)
				}
				f.Close()
			}
		}
		return nil
	})
	require.NotEmpty(t, files)
	list := filepath.Join(w.ws, "etc-files")
	require.NoError(t, os.WriteFile(list, []byte(strings.Join(files, "\n")+"\n"), 0o644))
	out := runShell(t, w.tool(t, builtin.MaxOutput(1<<22)), `while IFS= read -r f; do if head -c1 "$f" >/dev/null 2>&1; then echo "R $f"; else echo "D $f"; fi; done < etc-files`)
	var readable, refused int
	for _, line := range strings.Split(out, "\n") {
		kind, path, ok := strings.Cut(line, " ")
		if !ok || !strings.HasPrefix(path, "/etc/") {
			continue
		}
		want := builtin.EtcReadable(path)
		if kind == "R" {
			readable++
			assert.True(t, want, "%s is readable, and not on the allow list", path)
		} else {
			refused++
			assert.False(t, want, "%s is on the allow list, and not readable", path)
		}
	}
	assert.Equal(t, len(files), readable+refused, "every file was tried")
	assert.Positive(t, readable, "passwd and the like")
	t.Logf("%d files of /etc: %d readable, %d not", len(files), readable, refused)
	for _, secret := range []string{"/etc/shadow", "/etc/apt/auth.conf.d", "/etc/kubernetes/admin.conf", "/etc/ssl/private", "/etc/machine-id"} {
		assert.False(t, builtin.EtcReadable(secret), secret)
	}
}

// TestNoPrivilegeInside: a command keeps no capability, whatever user the
// program runs as, and (run as root, with a mount namespace) cannot
// change a file's mode, owner or times outside the workspace.
func TestNoPrivilegeInside(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	asEachUser(t, func(t *testing.T, opts ...builtin.ShellOption) {
		uid := os.Getuid()
		if len(opts) > 0 {
			uid = 65534
		}
		out := runShell(t, w.tool(t, opts...), w.attacker+" caps")
		// A program of another user cannot empty its bounding set (no
		// CAP_SETPCAP), nor get anything from it: no_new_privs.
		bounding := `\d+`
		if uid == 0 {
			bounding = "0"
		}
		assert.Regexp(t, fmt.Sprintf(`uid=%d effective=0 permitted=0 inheritable=0 bounding=%s ambient=0 no_new_privs=1`, uid, bounding), out)
	})

	if os.Getuid() != 0 {
		t.Skip("the rest needs root: it is what root's commands keep")
	}
	victim := filepath.Join(filepath.Dir(w.ws), "root-only")
	require.NoError(t, os.WriteFile(victim, []byte("x"), 0o600))
	before, err := os.Stat(victim)
	require.NoError(t, err)
	attempts := []string{
		"chmod 777 $F", "chown 65534:65534 $F", "chgrp 65534 $F", "touch -d 2001-01-01 $F", "touch -a $F",
		"setfattr -n user.x -v y $F", "ln -s /etc/passwd $F.link", "mknod $F.fifo p",
	}
	tool := w.tool(t)
	for _, a := range attempts {
		out := runShell(t, tool, strings.ReplaceAll(a, "$F", victim))
		assert.NotContains(t, out, "[exit code 0]", a)
	}
	after, err := os.Stat(victim)
	require.NoError(t, err)
	assert.Equal(t, before.Mode(), after.Mode())
	assert.Equal(t, before.ModTime(), after.ModTime())
	assert.Equal(t, before.Sys().(*syscall.Stat_t).Uid, after.Sys().(*syscall.Stat_t).Uid)
	assert.Equal(t, before.Sys().(*syscall.Stat_t).Atim, after.Sys().(*syscall.Stat_t).Atim)
	entries, err := os.ReadDir(filepath.Dir(w.ws))
	require.NoError(t, err)
	assert.False(t, slices.ContainsFunc(entries, func(e os.DirEntry) bool { return strings.HasPrefix(e.Name(), "root-only.") }))
	// Inside, all works as before.
	assert.Equal(t, "-rwx------\n[exit code 0]", runShell(t, tool, "touch mine && chmod 700 mine && touch -d 2001-01-01 mine && stat -c %A mine"))

	// The control: unconfined, root changes it all.
	tools, err := builtin.ShellTool(w.ws, builtin.Unconfined(), builtin.ShellWithoutApproval())
	require.NoError(t, err)
	runShell(t, tools[0], "chmod 777 "+victim+" && chown 65534 "+victim)
	after, err = os.Stat(victim)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o777), after.Mode().Perm())
	assert.Regexp(t, `effective=[1-9a-f]\w* .*bounding=[1-9]`, runShell(t, tools[0], w.attacker+" caps"), "root's commands keep their capabilities without confinement")
}

// TestCPUAndMemoryBounds: a spinning process gets SIGXCPU at its CPU
// time, one that allocates too much fails to, and Go and Java programs run
// under the default bound.
func TestCPUAndMemoryBounds(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	tool := w.tool(t, builtin.Limits(builtin.ResourceLimits{CPUTime: time.Second}), builtin.Timeout(30*time.Second))
	start := time.Now()
	assert.Equal(t, "(no output)\n[killed by signal SIGXCPU]", runShell(t, tool, "while :; do :; done"))
	assert.Less(t, time.Since(start), 15*time.Second, "the CPU limit, not the timeout")

	tool = w.tool(t, builtin.Limits(builtin.ResourceLimits{Memory: 256 << 20}))
	out := runShell(t, tool, w.attacker+" alloc 512")
	// Go's runtime says so; built with -race, the race detector's does.
	assert.Regexp(t, `out of memory|failed to allocate`, out)
	assert.NotContains(t, out, "allocated 512")

	tool = w.tool(t)
	assert.Contains(t, runShell(t, tool, w.attacker+" alloc 256"), "allocated 256 MiB\n[exit code 0]", "a Go program under the default bound")
	if have("java") {
		assert.Contains(t, runShell(t, tool, "java -version 2>&1"), "[exit code 0]", "the JVM under the default bound")
	}
}
