//go:build !race

package toolgen

const raceEnabled = false
