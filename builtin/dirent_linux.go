package builtin

import (
	"encoding/binary"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// readEntries reads the entries of a walk's directory, sorted by name, with
// the types the kernel gives (getdents). os.File.ReadDir calls lstat on
// every entry of a directory opened through os.Root: a system call per file
// that a walk does not need. An entry's Info is read when asked for, through
// the directory; one whose type the file system does not give is lstat'ed
// at once.
func readEntries(d *walkDir, r *os.Root) ([]fs.DirEntry, error) {
	// O_NONBLOCK (no effect on a directory) spares os the two fcntl calls
	// it makes to try the poller with a blocking descriptor.
	f, err := r.OpenFile(".", os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	buf := direntBuffers.Get().(*[]byte)
	defer direntBuffers.Put(buf)
	var entries []fs.DirEntry
	for {
		var n int
		var rerr error
		if err := rc.Read(func(fd uintptr) bool {
			n, rerr = syscall.ReadDirent(int(fd), *buf)
			return rerr != syscall.EAGAIN
		}); err != nil {
			rerr = err
		}
		if rerr != nil {
			return entries, &fs.PathError{Op: "readdirent", Path: d.name, Err: rerr}
		}
		if n <= 0 {
			break
		}
		if entries, err = parseDirents(d, r, (*buf)[:n], entries); err != nil {
			return entries, err
		}
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, nil
}

// direntBuffers are getdents buffers, reused from directory to directory.
var direntBuffers = sync.Pool{New: func() any { b := make([]byte, 16<<10); return &b }}

// parseDirents appends the entries of getdents records (struct
// linux_dirent64: inode, offset, record length, type, name).
func parseDirents(d *walkDir, r *os.Root, b []byte, entries []fs.DirEntry) ([]fs.DirEntry, error) {
	const nameOff = 19
	for len(b) >= nameOff {
		reclen := int(binary.NativeEndian.Uint16(b[16:18]))
		if reclen < nameOff || reclen > len(b) {
			return entries, &fs.PathError{Op: "readdirent", Path: d.name, Err: syscall.EIO}
		}
		rec := b[:reclen]
		b = b[reclen:]
		ino, typ := binary.NativeEndian.Uint64(rec[0:8]), rec[18]
		name := rec[nameOff:]
		if i := slices.Index(name, 0); i >= 0 {
			name = name[:i]
		}
		if ino == 0 || string(name) == "." || string(name) == ".." {
			continue
		}
		e := &dirent{dir: d, name: string(name)}
		switch typ {
		case syscall.DT_DIR:
			e.typ = fs.ModeDir
		case syscall.DT_REG:
			e.typ = 0
		case syscall.DT_LNK:
			e.typ = fs.ModeSymlink
		case syscall.DT_FIFO:
			e.typ = fs.ModeNamedPipe
		case syscall.DT_SOCK:
			e.typ = fs.ModeSocket
		case syscall.DT_CHR:
			e.typ = fs.ModeDevice | fs.ModeCharDevice
		case syscall.DT_BLK:
			e.typ = fs.ModeDevice
		default: // DT_UNKNOWN: the file system does not say
			info, err := r.Lstat(e.name)
			if err != nil {
				if os.IsNotExist(err) {
					continue // gone since the directory was read
				}
				return entries, err
			}
			e.typ, e.info = info.Mode().Type(), info
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// dirent is an entry of a walk's directory.
type dirent struct {
	dir  *walkDir
	name string
	typ  fs.FileMode
	info fs.FileInfo // nil until asked for
}

func (e *dirent) Name() string               { return e.name }
func (e *dirent) IsDir() bool                { return e.typ.IsDir() }
func (e *dirent) Type() fs.FileMode          { return e.typ }
func (e *dirent) String() string             { return fs.FormatDirEntry(e) }
func (e *dirent) Info() (fs.FileInfo, error) { return e.stat() }

// stat lstat's the entry through its directory, opened again if closed.
func (e *dirent) stat() (fs.FileInfo, error) {
	if e.info != nil {
		return e.info, nil
	}
	r, err := e.dir.root()
	if err != nil {
		return nil, err
	}
	info, err := r.Lstat(e.name)
	if err != nil {
		return nil, err
	}
	e.info = info
	return info, nil
}
