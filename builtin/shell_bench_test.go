package builtin_test

import (
	"context"
	"testing"

	"github.com/toolgen-dev/toolgen/builtin"
)

// BenchmarkRunCommand is the start-up cost of a command: run_command
// running true, unconfined (/bin/sh started directly), supervised (through
// the helper, as on a kernel without Landlock: a re-execution of the
// program, a private TMPDIR, the adopted processes' cleanup), landlock
// (the helper and the Landlock ruleset, as on a system without seccomp
// filters or mount namespaces) and confined (all of it: the ruleset, the
// network filter and, for root, the read-only mount namespace).
func BenchmarkRunCommand(b *testing.B) {
	modes := []struct {
		name string
		abi  int // simulated Landlock ABI; -1 for the kernel's
		opts []builtin.ShellOption
	}{
		{"mode=unconfined", -1, []builtin.ShellOption{builtin.Unconfined()}},
		{"mode=supervised", 0, nil},
		{"mode=landlock", -1, nil},
		{"mode=confined", -1, []builtin.ShellOption{builtin.RequireConfinement()}},
	}
	for _, m := range modes {
		b.Run(m.name, func(b *testing.B) {
			if m.name == "mode=landlock" {
				// Landlock alone: no network filter, no mount namespace.
				defer builtin.SimulateSystem(false, false)()
			}
			if m.abi >= 0 {
				defer builtin.SimulateLandlockABI(m.abi)()
			} else if builtin.LandlockABI() < 6 && m.name != "mode=unconfined" {
				b.Skip("this kernel has no Landlock ABI 6")
			}
			runTrue(b, b.TempDir(), append(m.opts, builtin.ShellWithoutApproval())...)
		})
	}
}

// runTrue measures run_command running true in dir, the shell tool made
// with opts.
func runTrue(b *testing.B, dir string, opts ...builtin.ShellOption) {
	b.Helper()
	tools, err := builtin.ShellTool(dir, opts...)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	args := []byte(`{"command":"true"}`)
	for b.Loop() {
		res, err := tools[0].Call(ctx, args)
		if err != nil || res.Text() != "(no output)\n[exit code 0]" {
			b.Fatal(res.Text(), err)
		}
	}
}
