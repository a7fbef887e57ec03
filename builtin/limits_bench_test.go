//go:build linux

package builtin_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/toolgen-dev/toolgen/builtin"
)

// BenchmarkCommandLimits is what the resource limits add to a confined
// command's start: none (every limit Unlimited) against the defaults. The
// process and memory limits are set on the command while it is stopped at
// its start (ptrace, prlimit, and for the process limit counting the
// user's processes in /proc); root is exempt from the process limit, so as
// root the user=nobody runs show that path.
func BenchmarkCommandLimits(b *testing.B) {
	if builtin.LandlockABI() < 6 {
		b.Skip("this kernel has no Landlock ABI 6")
	}
	none := builtin.Limits(builtin.ResourceLimits{Processes: builtin.Unlimited, FileSize: builtin.Unlimited, CPUTime: builtin.Unlimited, Memory: builtin.Unlimited})
	modes := []struct {
		name   string
		nobody bool
		opts   []builtin.ShellOption
	}{
		{"user=self/limits=none", false, []builtin.ShellOption{none}},
		{"user=self/limits=default", false, nil},
		{"user=nobody/limits=none", true, []builtin.ShellOption{none}},
		{"user=nobody/limits=default", true, nil},
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			dir := b.TempDir()
			opts := append(m.opts, builtin.ShellWithoutApproval(), builtin.RequireConfinement())
			if m.nobody {
				if os.Getuid() != 0 {
					b.Skip("needs root, to run commands as nobody")
				}
				for _, d := range []string{dir, filepath.Dir(dir)} {
					if err := os.Chmod(d, 0o755); err != nil {
						b.Fatal(err)
					}
				}
				opts = append(opts, builtin.RunAs(65534))
			}
			runTrue(b, dir, opts...)
		})
	}
}
