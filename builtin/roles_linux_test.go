//go:build linux

package builtin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/toolgen-dev/toolgen/builtin"
)

// The test binary plays three more parts, chosen by TOOLGEN_TEST_ROLE: the
// attacker, copied into a workspace and run by run_command as a confined
// command (it makes the system calls a shell cannot); the caller, a
// program that runs a command through run_command and is killed while it
// runs; and the revert writer, another process that writes a file while
// Revert undoes a change to it (revert_process_linux_test.go).
const roleVar = "TOOLGEN_TEST_ROLE"

// playRole plays the role the environment names, if any, and exits.
func playRole() {
	var code int
	switch os.Getenv(roleVar) {
	case "":
		return
	case "attack":
		code = attack(os.Args[1:])
	case "caller":
		code = caller(os.Args[1:])
	case "revertwriter":
		code = revertWriter(os.Stdin, os.Stdout)
	default:
		code = 2
	}
	os.Exit(code)
}

// attack runs one attempt and prints what came of it, a line each.
func attack(args []string) int {
	if len(args) == 0 {
		return 2
	}
	switch args[0] {
	case "sockets":
		// sockets TCP-PORT UDP-PORT UNIX-PATH [all]: every socket the
		// kernel makes, and what it reaches.
		tcp, _ := strconv.Atoi(args[1])
		udp, _ := strconv.Atoi(args[2])
		trySockets(tcp, udp, args[3], len(args) > 4 && args[4] == "all")
	case "fastopen":
		port, _ := strconv.Atoi(args[1])
		tryFastOpen(port)
	case "listen":
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM, 0)
		if err != nil {
			fmt.Println("socket:", err)
			return 0
		}
		err = unix.Listen(fd, 1)
		sa, _ := unix.Getsockname(fd)
		port := 0
		if in, ok := sa.(*unix.SockaddrInet4); ok {
			port = in.Port
		}
		fmt.Printf("listen: %v port=%d\n", errText(err), port)
	case "iouring":
		var params [120]byte
		r, _, errno := unix.Syscall(unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&params)), 0)
		fmt.Printf("io_uring_setup: %d %v\n", int(r), errText(errnoErr(errno)))
	case "fds":
		for fd := 3; fd < 1024; fd++ {
			if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err == nil {
				fmt.Println("open", fd)
			}
		}
		fmt.Println("done")
	case "caps":
		printCaps()
	case "alloc":
		mib, _ := strconv.Atoi(args[1])
		var keep [][]byte
		for range mib {
			b := make([]byte, 1<<20)
			for i := range b {
				b[i] = 1
			}
			keep = append(keep, b)
		}
		fmt.Println("allocated", len(keep), "MiB")
	case "ptrace-parent":
		// Stops the shell that started it, and stays.
		ppid := os.Getppid()
		_, _ = unix.Setsid()
		fmt.Println("attach:", errText(unix.PtraceAttach(ppid)))
		time.Sleep(time.Hour)
	default:
		return 2
	}
	return 0
}

func errnoErr(e unix.Errno) error {
	if e == 0 {
		return nil
	}
	return e
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

// socketTypes and socketProtocols are what trySockets tries with each
// family: every type, and the protocols of the families that have many.
var (
	socketTypes     = []int{unix.SOCK_STREAM, unix.SOCK_DGRAM, unix.SOCK_RAW, unix.SOCK_RDM, unix.SOCK_SEQPACKET, unix.SOCK_DCCP, unix.SOCK_PACKET}
	socketProtocols = []int{0, unix.IPPROTO_ICMP, unix.IPPROTO_IGMP, unix.IPPROTO_TCP, unix.IPPROTO_UDP, unix.IPPROTO_DCCP, unix.IPPROTO_ICMPV6, unix.IPPROTO_SCTP, unix.IPPROTO_UDPLITE, unix.IPPROTO_RAW, unix.IPPROTO_MPTCP, 0x0300 /* htons(ETH_P_ALL) */}
)

// trySockets makes a socket of every family (0 to 45), type and protocol,
// and with each one it gets, tries to reach the listeners: "open F T P"
// lines, then "reached ..." for what got through. Without all, only the
// families a control run may try as root without loading kernel modules.
func trySockets(tcp, udp int, unixPath string, all bool) {
	families := []int{unix.AF_UNIX, unix.AF_INET, unix.AF_INET6, unix.AF_NETLINK, unix.AF_PACKET}
	if all {
		families = families[:0]
		for f := range 46 {
			families = append(families, f)
		}
	}
	protocols := func(family int) []int {
		if family == unix.AF_NETLINK {
			p := make([]int, 23)
			for i := range p {
				p[i] = i
			}
			return p
		}
		return socketProtocols
	}
	for _, f := range families {
		for _, t := range socketTypes {
			for _, p := range protocols(f) {
				fd, err := unix.Socket(f, t|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, p)
				if err != nil {
					continue
				}
				fmt.Printf("open %d %d %d\n", f, t, p)
				if what := reach(fd, f, t, tcp, udp, unixPath); what != "" {
					fmt.Printf("reached %s with %d %d %d\n", what, f, t, p)
				}
				unix.Close(fd)
			}
		}
	}
	// A pair needs no address: it is how programs talk to their children.
	pair, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
	fmt.Println("socketpair:", errText(err))
	if err == nil {
		unix.Close(pair[0])
		unix.Close(pair[1])
	}
	fmt.Println("done")
}

// reach tries to send to the listeners from fd; it returns what it
// reached as far as the sender can tell ("" for nothing). The listeners
// count what they really got.
func reach(fd, family, typ, tcp, udp int, unixPath string) string {
	var targets []unix.Sockaddr
	switch family {
	case unix.AF_INET:
		lo := [4]byte{127, 0, 0, 1}
		targets = []unix.Sockaddr{&unix.SockaddrInet4{Port: tcp, Addr: lo}, &unix.SockaddrInet4{Port: udp, Addr: lo}}
	case unix.AF_INET6:
		mapped := netip.AddrFrom4([4]byte{127, 0, 0, 1}).As16()
		mapped[10], mapped[11] = 0xff, 0xff
		targets = []unix.Sockaddr{&unix.SockaddrInet6{Port: tcp, Addr: mapped}, &unix.SockaddrInet6{Port: udp, Addr: mapped}}
	case unix.AF_UNIX:
		targets = []unix.Sockaddr{&unix.SockaddrUnix{Name: unixPath}}
	default:
		return ""
	}
	var reached []string
	for _, to := range targets {
		if typ == unix.SOCK_DGRAM || typ == unix.SOCK_RAW {
			if unix.Sendto(fd, []byte("leak"), 0, to) == nil {
				reached = append(reached, "sendto")
			}
			continue
		}
		err := unix.Connect(fd, to)
		if err == nil || err == unix.EINPROGRESS {
			reached = append(reached, "connect")
		}
	}
	return strings.Join(reached, ",")
}

// tryFastOpen sends to port with TCP Fast Open, by each call that can.
func tryFastOpen(port int) {
	to := &unix.SockaddrInet4{Port: port, Addr: [4]byte{127, 0, 0, 1}}
	send := map[string]func(fd int) error{
		"sendto": func(fd int) error { return unix.Sendto(fd, []byte("leak"), unix.MSG_FASTOPEN, to) },
		"sendmsg": func(fd int) error {
			_, err := unix.SendmsgN(fd, []byte("leak"), nil, to, unix.MSG_FASTOPEN)
			return err
		},
		"sendmmsg": func(fd int) error { return sendmmsg(fd, port, []byte("leak"), unix.MSG_FASTOPEN) },
		"fastopen_connect": func(fd int) error {
			if err := unix.SetsockoptInt(fd, unix.IPPROTO_TCP, unix.TCP_FASTOPEN_CONNECT, 1); err != nil {
				return err
			}
			return unix.Connect(fd, to)
		},
	}
	for _, name := range []string{"sendto", "sendmsg", "sendmmsg", "fastopen_connect"} {
		fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			fmt.Printf("%s: socket: %v\n", name, err)
			continue
		}
		fmt.Printf("%s: %s\n", name, errText(send[name](fd)))
		unix.Close(fd)
	}
}

// sendmmsg sends data to 127.0.0.1:port by sendmmsg(2), which x/sys/unix
// does not wrap.
func sendmmsg(fd, port int, data []byte, flags int) error {
	addr := unix.RawSockaddrInet4{Family: unix.AF_INET, Addr: [4]byte{127, 0, 0, 1}}
	p := (*[2]byte)(unsafe.Pointer(&addr.Port))
	p[0], p[1] = byte(port>>8), byte(port)
	iov := unix.Iovec{Base: &data[0]}
	iov.SetLen(len(data))
	type mmsghdr struct {
		hdr unix.Msghdr
		n   uint32
		_   [4]byte
	}
	m := mmsghdr{hdr: unix.Msghdr{Name: (*byte)(unsafe.Pointer(&addr)), Namelen: uint32(unsafe.Sizeof(addr)), Iov: &iov, Iovlen: 1}}
	_, _, errno := unix.Syscall6(unix.SYS_SENDMMSG, uintptr(fd), uintptr(unsafe.Pointer(&m)), 1, uintptr(flags), 0, 0)
	return errnoErr(errno)
}

// printCaps prints what the process holds: its capability sets, how many
// capabilities its bounding set keeps, its ambient ones, no_new_privs.
func printCaps() {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	_ = unix.Capget(&hdr, &data[0])
	bounding, ambient := 0, 0
	for c := 0; c <= unix.CAP_LAST_CAP; c++ {
		if r, _ := unix.PrctlRetInt(unix.PR_CAPBSET_READ, uintptr(c), 0, 0, 0); r == 1 {
			bounding++
		}
		if r, _ := unix.PrctlRetInt(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_IS_SET, uintptr(c), 0, 0); r == 1 {
			ambient++
		}
	}
	nnp, _ := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)
	fmt.Printf("uid=%d effective=%x permitted=%x inheritable=%x bounding=%d ambient=%d no_new_privs=%d\n",
		os.Getuid(), uint64(data[1].Effective)<<32|uint64(data[0].Effective), uint64(data[1].Permitted)<<32|uint64(data[0].Permitted),
		uint64(data[1].Inheritable)<<32|uint64(data[0].Inheritable), bounding, ambient, nnp)
}

// caller is a program that uses run_command: caller WORKSPACE TIMEOUT
// COMMAND prints "calling" and runs COMMAND through it, then prints the
// result. The tests kill it while it waits.
func caller(args []string) int {
	timeout, err := time.ParseDuration(args[1])
	if err != nil {
		return 2
	}
	tools, err := builtin.ShellTool(args[0], builtin.ShellWithoutApproval(), builtin.Timeout(timeout))
	if err != nil {
		fmt.Println(err)
		return 1
	}
	call, _ := json.Marshal(map[string]string{"command": args[2]})
	fmt.Println("calling")
	res, err := tools[0].Call(context.Background(), call)
	fmt.Println(res.Text(), err)
	return 0
}
