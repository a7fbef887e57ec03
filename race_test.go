//go:build race

package toolgen

// raceEnabled: the race detector allocates on its own, and sync.Pool drops
// some of what it is given, so allocation counts do not hold.
const raceEnabled = true
