package builtin

// The network filter: a seccomp program that decides which sockets a
// command may make and how it may send, next to Landlock, which decides
// where TCP may connect. Landlock (ABI 7) checks only TCP connect(2) and
// bind(2): a socket of any other family or protocol (UDP, MPTCP, SCTP,
// raw, packet, netlink, unix sockets by path), a TCP Fast Open send that
// connects without connect(2), and sockets made through io_uring pass it.
// The filter closes each of those ways by what the kernel hands a seccomp
// program, the system call's number and its register arguments: a
// socket's family, type and protocol, and a send's flags.
//
// The filter is installed on the helper's locked thread just before it
// starts the command (no_new_privs is set first, so no privilege is
// needed); the command and all it starts inherit it for good.

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// netRules is what the filter lets a command do with sockets.
type netRules struct {
	TCP bool // AF_INET and AF_INET6 stream sockets of TCP (Landlock says where they connect)
	UDP bool // AF_INET and AF_INET6 datagram sockets of UDP (AllowDNS)
	Any bool // no network rules at all (AllowNetwork)
}

// Values the filter compares with, from the kernel's ABI.
const (
	sockTypeMask  = ^uint32(unix.SOCK_NONBLOCK | unix.SOCK_CLOEXEC) // the flags socket(2) takes in its type
	seccompDataNr = 0                                               // offsets in struct seccomp_data
	seccompArch   = 4
	seccompArgs   = 16
)

// Actions of the filter: a refused socket or send fails with EACCES
// ("Permission denied", as Landlock's refusals read); io_uring is
// reported missing (ENOSYS), so that programs fall back to plain system
// calls, which the filter sees.
var (
	filterAllow   = uint32(unix.SECCOMP_RET_ALLOW)
	filterRefuse  = uint32(unix.SECCOMP_RET_ERRNO) | uint32(unix.EACCES)
	filterMissing = uint32(unix.SECCOMP_RET_ERRNO) | uint32(unix.ENOSYS)
	filterKill    = uint32(unix.SECCOMP_RET_KILL_PROCESS)
)

// bpf is a piece of a classic BPF program. Every piece the filter is made
// of ends in a return on each of its paths, so pieces are laid one after
// the other and a test skips a whole piece by its length.
type bpf []unix.SockFilter

func load(offset uint32) unix.SockFilter {
	return unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: offset}
}

func ret(action uint32) bpf {
	return bpf{{Code: unix.BPF_RET | unix.BPF_K, K: action}}
}

// loadArg loads the low 32 bits of a system call's argument i (the
// kernel reads the int arguments the filter checks from those bits).
func loadArg(i int) unix.SockFilter { return load(seccompArgs + 8*uint32(i)) }

// when runs then if the accumulator equals k, and goes on after it
// otherwise; then must end in returns.
func when(k uint32, then bpf) bpf {
	if len(then) > 255 {
		panic("builtin: filter piece too long")
	}
	jump := unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, K: k, Jf: uint8(len(then))}
	return append(bpf{jump}, then...)
}

// oneOf returns action if the accumulator is one of ks, and goes on
// otherwise.
func oneOf(action uint32, ks ...uint32) bpf {
	var p bpf
	for _, k := range ks {
		p = append(p, when(k, ret(action))...)
	}
	return p
}

// refuseFlag refuses a send whose flags (argument i) hold flag.
func refuseFlag(i int, flag uint32) bpf {
	return bpf{
		loadArg(i),
		{Code: unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K, K: flag, Jt: 0, Jf: 1},
		ret(filterRefuse)[0],
		ret(filterAllow)[0],
	}
}

// socketRules is the piece for socket(2): family, then type, then
// protocol. Anything not let through is refused.
func (r netRules) socketRules() bpf {
	// Netlink is refused too, its routing socket included: besides the
	// kernel, a netlink socket reaches any process's socket of the same
	// protocol by its port id, a listener outside the command among them.
	// Without it getifaddrs fails, and getaddrinfo assumes both IPv4 and
	// IPv6 are there.
	p := bpf{loadArg(0)}
	var inet bpf
	if r.TCP {
		inet = append(inet, when(unix.SOCK_STREAM, append(bpf{loadArg(2)}, append(oneOf(filterAllow, 0, unix.IPPROTO_TCP), ret(filterRefuse)...)...))...)
	}
	if r.UDP {
		inet = append(inet, when(unix.SOCK_DGRAM, append(bpf{loadArg(2)}, append(oneOf(filterAllow, 0, unix.IPPROTO_UDP), ret(filterRefuse)...)...))...)
	}
	if inet != nil {
		byType := append(bpf{loadArg(1), {Code: unix.BPF_ALU | unix.BPF_AND | unix.BPF_K, K: sockTypeMask}}, append(inet, ret(filterRefuse)...)...)
		p = append(p, when(unix.AF_INET, byType)...)
		p = append(p, when(unix.AF_INET6, byType)...)
	}
	// Unix sockets are refused with the rest: one with a path connects to
	// any daemon whose socket file the command can name (Landlock does not
	// check connect(2) on them), and the filter cannot see the path. Pairs
	// (socketpair) and pipes are left.
	return append(p, ret(filterRefuse)...)
}

// program is the whole filter for the native architecture.
func (r netRules) program() bpf {
	p := bpf{load(seccompArch)}
	// A system call of another architecture's table (32-bit int 0x80 on
	// amd64, with socketcall, whose arguments are behind a pointer) ends
	// the process: the filter could not check it.
	p = append(p, unix.SockFilter{Code: unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K, K: nativeArch, Jt: 1})
	p = append(p, ret(filterKill)...)
	p = append(p, load(seccompDataNr))
	p = append(p, foreignCalls()...)
	// io_uring makes sockets and sends on its own, out of the filter's sight.
	p = append(p, oneOf(filterMissing, unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER)...)
	if !r.Any {
		p = append(p, when(unix.SYS_SOCKET, r.socketRules())...)
		p = append(p, when(unix.SYS_SOCKETPAIR, append(bpf{loadArg(0)}, append(oneOf(filterAllow, unix.AF_UNIX), ret(filterRefuse)...)...))...)
		// TCP Fast Open connects in a send, without connect(2).
		p = append(p, when(unix.SYS_SENDTO, refuseFlag(3, unix.MSG_FASTOPEN))...)
		p = append(p, when(unix.SYS_SENDMSG, refuseFlag(2, unix.MSG_FASTOPEN))...)
		p = append(p, when(unix.SYS_SENDMMSG, refuseFlag(3, unix.MSG_FASTOPEN))...)
		if r.TCP {
			// listen(2) on a TCP socket that was never bound binds it to a
			// port of the kernel's choosing, past Landlock's bind right;
			// only TCP sockets can listen here (unix ones are refused).
			p = append(p, when(unix.SYS_LISTEN, ret(filterRefuse))...)
		}
	}
	return append(p, ret(filterAllow)...)
}

// installFilter installs the filter on the calling thread, which must be
// locked and have no_new_privs set.
func installFilter(r netRules) error {
	prog := r.program()
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	// Without SECCOMP_FILTER_FLAG_TSYNC: the helper's other threads stay
	// unfiltered, as they stay outside Landlock.
	if _, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, 0, uintptr(unsafe.Pointer(&fprog))); errno != 0 {
		return fmt.Errorf("seccomp: %w", errno)
	}
	return nil
}

// probeFilter tells whether this kernel takes seccomp filters.
func probeFilter() bool {
	if !filterSupported {
		return false
	}
	// SECCOMP_GET_ACTION_AVAIL answers without installing anything.
	action := filterRefuse &^ 0xffff
	_, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_GET_ACTION_AVAIL, 0, uintptr(unsafe.Pointer(&action)))
	return errno == 0
}
