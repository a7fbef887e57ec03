package builtin

// RunAs makes commands run as uid: the program must be root. It lets the
// tests see the process limit enforced, which the kernel does not on
// root.
func RunAs(uid uint32) ShellOption {
	return func(c *shellConfig) error { c.sandbox.testUID = &uid; return nil }
}
