//go:build linux

package builtin

import "golang.org/x/sys/unix"

// filterSupported: the network filter knows this architecture's calls.
const filterSupported = true

const nativeArch = unix.AUDIT_ARCH_X86_64

// x32Bit marks the calls of the x32 table, which shares the architecture
// number with amd64's.
const x32Bit = 0x40000000

// foreignCalls refuses the x32 table's calls (nr in the accumulator):
// the filter checks amd64's numbers only.
func foreignCalls() bpf {
	return bpf{
		{Code: unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K, K: x32Bit, Jt: 0, Jf: 1},
		ret(filterMissing)[0],
	}
}
