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
