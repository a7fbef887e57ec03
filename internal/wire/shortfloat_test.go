package wire

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// decimalLiteral writes m with places digits after the point (places 0: an
// integer), negative when neg, as JSON writes numbers.
func decimalLiteral(m uint64, places int, neg bool) string {
	s := strconv.FormatUint(m, 10)
	if places > 0 {
		if len(s) <= places {
			s = strings.Repeat("0", places-len(s)+1) + s
		}
		s = s[:len(s)-places] + "." + s[len(s)-places:]
	}
	if neg {
		s = "-" + s
	}
	return s
}

// checkShortFloat holds shortFloat to strconv.ParseFloat, bit for bit, on
// lit, and reports whether shortFloat read it.
func checkShortFloat(t *testing.T, lit string) bool {
	t.Helper()
	want, err := strconv.ParseFloat(lit, 64)
	require.NoError(t, err, lit)
	got, ok := shortFloat([]byte(lit))
	if ok {
		require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%s: %v, strconv %v", lit, got, want)
	}
	return ok
}

func TestShortFloat(t *testing.T) {
	for _, lit := range []string{"0", "-0", "0.0", "-0.0", "1", "0.1", "0.001", "12.75", "-3.5", "999999999999999", "0.999999999999999", "9007199254740993"} {
		checkShortFloat(t, lit)
	}
	for _, lit := range []string{"1e5", "1E-3", "-2.5e+10", "1234567890123456", "0.1234567890123456"} {
		require.False(t, checkShortFloat(t, lit), "%s is not short", lit)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	read := 0
	for range 200000 {
		digits := 1 + rng.IntN(17)
		m := rng.Uint64N(uint64(math.Pow10(min(digits, 19))))
		if checkShortFloat(t, decimalLiteral(m, rng.IntN(digits+1), rng.IntN(2) == 0)) {
			read++
		}
	}
	require.Greater(t, read, 100000, "most of them are short")
}

func FuzzShortFloat(f *testing.F) {
	f.Add(uint64(1275), uint8(2), false)
	f.Add(uint64(999999999999999), uint8(15), true)
	f.Fuzz(func(t *testing.T, m uint64, places uint8, neg bool) {
		checkShortFloat(t, decimalLiteral(m, int(places%21), neg))
	})
}
