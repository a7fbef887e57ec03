//go:build !linux

package builtin_test

// playRole: the test binary plays no other part where there is no sandbox.
func playRole() {}
