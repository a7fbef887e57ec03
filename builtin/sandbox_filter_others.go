//go:build linux && !amd64 && !arm64

package builtin

// filterSupported: the network filter has not been written for this
// architecture's calls; the tool's description says the network is not
// confined beyond Landlock's TCP rules.
const filterSupported = false

const nativeArch = 0

func foreignCalls() bpf { return nil }
