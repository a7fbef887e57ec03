package builtin

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// renameNoReplace renames a file of dir to a name of the same directory
// only if nothing has that name, atomically (renameat2 RENAME_NOREPLACE):
// fs.ErrExist otherwise. Both names are single components, inside the
// directory os.Root opened. Where the file system cannot (an old kernel,
// some network file systems), it checks, then renames.
func (w *Workspace) renameNoReplace(dir, from, to string) error {
	rerr, err := w.renameat2(dir, from, to, unix.RENAME_NOREPLACE)
	if err != nil {
		return err
	}
	switch {
	case rerr == nil:
		return nil
	case errors.Is(rerr, unix.EEXIST):
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: os.ErrExist}
	case errors.Is(rerr, unix.ENOSYS), errors.Is(rerr, unix.EINVAL), errors.Is(rerr, unix.EOPNOTSUPP):
		return w.checkThenRename(dir, from, to)
	}
	return &os.LinkError{Op: "rename", Old: from, New: to, Err: rerr}
}

// exchange swaps two names of dir atomically (renameat2 RENAME_EXCHANGE):
// each then leads to the file the other led to. errNoExchange where the
// file system cannot (an old kernel, some network and overlay file
// systems).
func (w *Workspace) exchange(dir, a, b string) error {
	xerr, err := w.renameat2(dir, a, b, unix.RENAME_EXCHANGE)
	if err != nil {
		return err
	}
	if errors.Is(xerr, unix.ENOSYS) || errors.Is(xerr, unix.EINVAL) || errors.Is(xerr, unix.EOPNOTSUPP) {
		return errNoExchange
	}
	if xerr != nil {
		return &os.LinkError{Op: "exchange", Old: a, New: b, Err: xerr}
	}
	return nil
}

// renameat2 calls renameat2(2) with flags on two names of dir, inside the
// directory os.Root opened: err is a failure to reach dir, rerr the
// system call's own answer.
func (w *Workspace) renameat2(dir, from, to string, flags uint) (rerr, err error) {
	d, err := w.root.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	conn, err := d.SyscallConn()
	if err != nil {
		return nil, err
	}
	if err := conn.Control(func(fd uintptr) {
		rerr = unix.Renameat2(int(fd), from, int(fd), to, flags)
	}); err != nil {
		return nil, err
	}
	return rerr, nil
}
