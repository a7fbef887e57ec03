package builtin_test

import (
	"context"
	"testing"

	"github.com/toolgen-dev/toolgen/builtin"
)

// BenchmarkRunCommand is the start-up cost of a command: run_command
// running true, unconfined (/bin/sh started directly), supervised (through
// the helper, as on a kernel without Landlock: a re-execution of the
// program, a private TMPDIR, the adopted processes' cleanup) and confined
// (the helper and the Landlock ruleset).
func BenchmarkRunCommand(b *testing.B) {
	modes := []struct {
		name string
		abi  int // simulated Landlock ABI; -1 for the kernel's
		opts []builtin.ShellOption
	}{
		{"mode=unconfined", -1, []builtin.ShellOption{builtin.Unconfined()}},
		{"mode=supervised", 0, nil},
		{"mode=confined", -1, []builtin.ShellOption{builtin.RequireConfinement()}},
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			if m.abi >= 0 {
				defer builtin.SimulateLandlockABI(m.abi)()
			} else if builtin.LandlockABI() < 6 && m.name == "mode=confined" {
				b.Skip("this kernel has no Landlock ABI 6")
			}
			tools, err := builtin.ShellTool(b.TempDir(), append(m.opts, builtin.ShellWithoutApproval())...)
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			args := []byte(`{"command":"true"}`)
			b.ResetTimer()
			for b.Loop() {
				res, err := tools[0].Call(ctx, args)
				if err != nil || res.Text() != "(no output)\n[exit code 0]" {
					b.Fatal(res.Text(), err)
				}
			}
		})
	}
}
