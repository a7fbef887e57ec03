package builtin

// LandlockABI is the Landlock ABI version of this kernel, as run_command
// sees it.
func LandlockABI() int { return landlockABI() }

// SimulateLandlockABI makes ShellTool see a kernel with this Landlock ABI
// version until restore is called.
func SimulateLandlockABI(abi int) (restore func()) {
	old := landlockABI
	landlockABI = func() int { return abi }
	return func() { landlockABI = old }
}

// SimulateSystem makes ShellTool see a system that does (or does not)
// take seccomp filters and give commands a mount namespace, until restore
// is called.
func SimulateSystem(filters, mountNamespace bool) (restore func()) {
	oldF, oldM := seccompFilters, mountNamespaces
	seccompFilters = func() bool { return filters }
	mountNamespaces = func() bool { return mountNamespace }
	return func() { seccompFilters, mountNamespaces = oldF, oldM }
}
