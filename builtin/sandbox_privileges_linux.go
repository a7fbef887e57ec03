package builtin

// What a command keeps of the program's privileges: nothing. Landlock
// checks reads and writes of files, not their metadata, and a command run
// as root with its capabilities could change the mode, owner and times of
// any file outside the workspace that its user owns, or that
// CAP_FOWNER/CAP_CHOWN reach. So, on the helper's locked thread before it
// starts the command:
//
//   - every capability is dropped, from the bounding set too, so that root
//     gets none back at exec (and no set-user-ID program runs as one:
//     no_new_privs);
//   - when the program may make a mount namespace (CAP_SYS_ADMIN: root,
//     usually), the thread gets its own, in which every mount is read-only
//     but the directories and files commands write to: chmod, chown and
//     utimes outside them fail with "Read-only file system", whatever the
//     command's user owns.

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// dropCapabilities leaves the calling thread, and what it starts, with no
// capability at all.
func dropCapabilities() error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("prctl(PR_CAP_AMBIENT_CLEAR_ALL): %w", err)
	}
	for c := 0; c <= lastCapability(); c++ {
		// EINVAL: a capability this kernel does not know; EPERM: the
		// thread cannot drop from the bounding set (no CAP_SETPCAP), and
		// then has no capability to get back at exec either, unless it
		// is root, which the empty effective set below still covers.
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) && !errors.Is(err, unix.EPERM) {
			return fmt.Errorf("prctl(PR_CAPBSET_DROP, %d): %w", c, err)
		}
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var none [2]unix.CapUserData
	if err := unix.Capset(&hdr, &none[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}

// lastCapability is the highest capability number the kernel knows.
func lastCapability() int {
	data, err := os.ReadFile("/proc/sys/kernel/cap_last_cap")
	if n, perr := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && perr == nil {
		return n
	}
	return unix.CAP_LAST_CAP
}

// canMakeMountNamespace tells whether this program may give a thread its
// own mount namespace (CAP_SYS_ADMIN in its user namespace).
func canMakeMountNamespace() bool {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return false
	}
	return data[unix.CAP_SYS_ADMIN/32].Effective&(1<<(unix.CAP_SYS_ADMIN%32)) != 0
}

// readOnlyOutside gives the calling thread, which must be locked, a mount
// namespace of its own in which every mount is read-only but the paths of
// writable, which stay writable (and become nosuid and nodev).
func readOnlyOutside(writable []string) error {
	if err := unix.Unshare(unix.CLONE_NEWNS); err != nil {
		return fmt.Errorf("unshare(CLONE_NEWNS): %w", err)
	}
	// Nothing done here reaches the program's mounts, nor theirs this.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making mounts private: %w", err)
	}
	mounts, err := threadMounts()
	if err != nil {
		return err
	}
	hidden := map[string]bool{}
	for _, m := range mounts {
		err := unix.Mount("", m.point, "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_RDONLY|m.flags, "")
		switch {
		case err == nil:
		case errors.Is(err, unix.ENOENT), errors.Is(err, unix.EACCES), errors.Is(err, unix.EINVAL):
			// A mount hidden under a later one cannot be named, nor reached.
			hidden[m.point] = true
		default:
			return fmt.Errorf("remounting %s read-only: %w", m.point, err)
		}
	}
	for _, p := range writable {
		if err := unix.Mount(p, p, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("bind-mounting %s: %w", p, err)
		}
		if err := unix.Mount("", p, "", unix.MS_REMOUNT|unix.MS_BIND|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
			return fmt.Errorf("remounting %s writable: %w", p, err)
		}
	}
	// The working directory is still the one below the new mounts: taken
	// again by its name, it is the writable one on top.
	wd, err := unix.Getwd()
	if err != nil {
		return fmt.Errorf("getcwd: %w", err)
	}
	if err := unix.Chdir(wd); err != nil {
		return fmt.Errorf("chdir %s: %w", wd, err)
	}
	return checkReadOnly(writable, hidden)
}

// mountEntry is a mount of the thread's namespace: where, and the flags a
// remount must keep.
type mountEntry struct {
	point string
	flags uintptr
	ro    bool
}

// keptMountFlags are the mount options a read-only remount keeps, by
// their names in mountinfo.
var keptMountFlags = map[string]uintptr{
	"nosuid": unix.MS_NOSUID, "nodev": unix.MS_NODEV, "noexec": unix.MS_NOEXEC,
	"noatime": unix.MS_NOATIME, "nodiratime": unix.MS_NODIRATIME, "relatime": unix.MS_RELATIME,
}

// threadMounts lists the calling thread's mounts, parents first, from its
// mountinfo (not /proc/self's: that is the main thread's namespace).
func threadMounts() ([]mountEntry, error) {
	f, err := os.Open("/proc/thread-self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var mounts []mountEntry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		// id parent major:minor root point options ...
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 {
			continue
		}
		m := mountEntry{point: unescapeMountPath(fields[4])}
		for _, o := range strings.Split(fields[5], ",") {
			m.ro = m.ro || o == "ro"
			m.flags |= keptMountFlags[o]
		}
		mounts = append(mounts, m)
	}
	return mounts, sc.Err()
}

// unescapeMountPath undoes mountinfo's octal escapes (\040 for a space).
func unescapeMountPath(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// checkReadOnly fails unless every mount a path reaches (the last one
// mounted at each point) is read-only, but those at or below writable and
// the hidden ones.
func checkReadOnly(writable []string, hidden map[string]bool) error {
	mounts, err := threadMounts()
	if err != nil {
		return err
	}
	top := map[string]bool{}
	for _, m := range mounts {
		top[m.point] = m.ro
	}
	for point, ro := range top {
		if !ro && !hidden[point] && !below(point, writable) {
			return fmt.Errorf("%s is still writable", point)
		}
	}
	return nil
}

// below tells whether path is one of dirs or below one.
func below(path string, dirs []string) bool {
	for _, d := range dirs {
		if path == d || strings.HasPrefix(path, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}
