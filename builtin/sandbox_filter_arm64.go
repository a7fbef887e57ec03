//go:build linux

package builtin

import "golang.org/x/sys/unix"

// filterSupported: the network filter knows this architecture's calls.
const filterSupported = true

const nativeArch = unix.AUDIT_ARCH_AARCH64

// foreignCalls: arm64 has one table (32-bit arm programs run under
// another architecture number, which the filter refuses).
func foreignCalls() bpf { return nil }
