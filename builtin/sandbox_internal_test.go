//go:build linux

package builtin

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

func TestEtcEntriesAreTheAllowList(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"passwd", "shadow", "java-17-openjdk/security/java.security", "ssl/certs/ca.pem", "ssl/private/key.pem", "apt/auth.conf.d/creds.conf", "kubernetes/admin.conf", "hosts"} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, nil, 0o600))
	}
	dirs, files := etcEntries(dir)
	rel := func(paths []string) []string {
		var out []string
		for _, p := range paths {
			r, err := filepath.Rel(dir, p)
			require.NoError(t, err)
			out = append(out, r)
		}
		return out
	}
	assert.ElementsMatch(t, []string{"java-17-openjdk", "ssl/certs"}, rel(dirs))
	assert.ElementsMatch(t, []string{"passwd", "hosts"}, rel(files))
}

func TestUserTasksCountsThisProcess(t *testing.T) {
	assert.Positive(t, userTasks(os.Getuid()), "this process's threads at least")
	assert.Zero(t, userTasks(1<<30), "a user without processes")
}

// BenchmarkUserTasks is the count of the user's processes a command with a
// process limit starts with: a read of every /proc/PID/status.
func BenchmarkUserTasks(b *testing.B) {
	uid := os.Getuid()
	for b.Loop() {
		userTasks(uid)
	}
}

func TestLowerLimitNeverRaises(t *testing.T) {
	// On a child: raising a hard limit back takes a privilege.
	child := exec.Command("sleep", "30")
	require.NoError(t, child.Start())
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	pid := child.Process.Pid
	limit := func() (l unix.Rlimit) {
		require.NoError(t, unix.Prlimit(pid, unix.RLIMIT_CORE, nil, &l))
		return l
	}
	require.NoError(t, unix.Prlimit(pid, unix.RLIMIT_CORE, &unix.Rlimit{Cur: 1000, Max: 4000}, nil))
	require.NoError(t, lowerLimit(pid, unix.RLIMIT_CORE, 1<<40), "above the limits: kept as they are")
	assert.Equal(t, unix.Rlimit{Cur: 1000, Max: 4000}, limit())
	require.NoError(t, lowerLimit(pid, unix.RLIMIT_CORE, 2000))
	assert.Equal(t, unix.Rlimit{Cur: 1000, Max: 2000}, limit())
	require.NoError(t, lowerLimit(pid, unix.RLIMIT_CORE, 500))
	assert.Equal(t, unix.Rlimit{Cur: 500, Max: 500}, limit())
}
