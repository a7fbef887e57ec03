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

// checkShortFloat32 holds shortFloat32 to strconv.ParseFloat(lit, 32).
func checkShortFloat32(t *testing.T, lit string) bool {
	t.Helper()
	want, err := strconv.ParseFloat(lit, 32)
	require.NoError(t, err, lit)
	got, ok := shortFloat32([]byte(lit))
	if ok {
		require.Equal(t, math.Float32bits(float32(want)), math.Float32bits(got), "%s: %v, strconv %v", lit, got, want)
	}
	return ok
}

func TestShortFloat32(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	read := 0
	for range 200000 {
		digits := 1 + rng.IntN(9)
		m := rng.Uint64N(uint64(math.Pow10(digits)))
		if checkShortFloat32(t, decimalLiteral(m, rng.IntN(min(digits+1, 12)), rng.IntN(2) == 0)) {
			read++
		}
	}
	require.Greater(t, read, 50000)
}

// A float32 is rounded once, from the literal, as encoding/json rounds it:
// literals a hair above and below a float32 halfway point go to either
// side, where rounding a float64 again would take them to the even one.
func TestFloat32RoundsOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		x := float32(1 + rng.Float64()*(1<<20))
		halfway := (float64(x) + float64(math.Nextafter32(x, float32(math.Inf(1))))) / 2
		exact := strconv.FormatFloat(halfway, 'f', 40, 64) // every digit of a number of 25 bits in [1, 2^21)
		for _, lit := range []string{exact + "1", exact[:len(exact)-1] + "0", strings.TrimRight(strings.TrimRight(exact, "0"), ".") + "0000000000000000000000000001"} {
			want, err := strconv.ParseFloat(lit, 32)
			require.NoError(t, err)
			var d Decoder
			d.Reset([]byte(lit))
			got, ok := d.Float(math.Inf(-1), math.Inf(1), 32)
			require.True(t, ok, lit)
			require.NoError(t, d.Close())
			require.Equal(t, math.Float32bits(float32(want)), math.Float32bits(float32(got)), "%s", lit)
		}
	}
}

func FuzzShortFloat32(f *testing.F) {
	f.Add(uint64(1275), uint8(2), false)
	f.Add(uint64(9999999), uint8(10), true)
	f.Fuzz(func(t *testing.T, m uint64, places uint8, neg bool) {
		checkShortFloat32(t, decimalLiteral(m%100000000, int(places%12), neg))
	})
}
