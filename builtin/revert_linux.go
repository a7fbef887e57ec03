package builtin

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// takeWriteLease takes a write lease on f (fcntl F_SETLEASE F_WRLCK): it
// is granted only while no other descriptor of the file is open, and any
// open of the file by another process from then on is reported to its
// holder (leaseBroken) and waits until the lease is given up. errOpenElsewhere
// when another descriptor is open; errNoLease where leases are not to be
// had (a file system without them, a file the process does not own
// without CAP_LEASE, leases disabled).
func takeWriteLease(f *os.File) error {
	_, err := fcntl(f, unix.F_SETLEASE, unix.F_WRLCK)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EAGAIN), errors.Is(err, unix.EBUSY):
		return errOpenElsewhere
	}
	return errNoLease
}

// leaseBroken reports whether another process has opened the file since
// the lease was taken (a lease break is pending, or the lease is gone).
func leaseBroken(f *os.File) bool {
	kind, err := fcntl(f, unix.F_GETLEASE, 0)
	return err != nil || kind != unix.F_WRLCK
}

func releaseLease(f *os.File) { fcntl(f, unix.F_SETLEASE, unix.F_UNLCK) }

func fcntl(f *os.File, cmd, arg int) (int, error) {
	conn, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var r int
	var ferr error
	if err := conn.Control(func(fd uintptr) { r, ferr = unix.FcntlInt(fd, cmd, arg) }); err != nil {
		return 0, err
	}
	return r, ferr
}
