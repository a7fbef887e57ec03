//go:build race

package codemode

// raceEnabled: the race detector slows QuickJS, Go code translated from C,
// about tenfold, so that the hostile programs meet their time bound before
// their own.
const raceEnabled = true
