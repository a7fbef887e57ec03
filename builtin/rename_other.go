//go:build !linux

package builtin

// renameNoReplace renames a file of dir to a name of the same directory
// only if nothing has that name: here it checks, then renames (a file
// another process creates in between is replaced).
func (w *Workspace) renameNoReplace(dir, from, to string) error {
	return w.checkThenRename(dir, from, to)
}

// exchange cannot swap two names atomically here.
func (w *Workspace) exchange(dir, a, b string) error { return errNoExchange }
