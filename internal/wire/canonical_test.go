package wire

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func canonical(lit string) string { return string(AppendCanonicalNumber(nil, []byte(lit))) }

func TestCanonicalNumber(t *testing.T) {
	for want, spellings := range map[string][]string{
		"7":                                   {"7", "7.0", "7.000", "7e0", "7E0", "7e+0", "70e-1", "0.7e1", "0.0007e4", "700e-2", "7e-0", "07e000"},
		"-7":                                  {"-7", "-7.0", "-70e-1", "-0.7E+1"},
		"0":                                   {"0", "-0", "0.0", "-0.0", "0e5", "0e-999999999999999999999", "-0E+3"},
		"300":                                 {"300", "3e2", "3E+2", "300.00", "3000e-1", "0.3e3"},
		"0.5":                                 {"0.5", "0.50", "5e-1", "50e-2", "0.05e1"},
		"-12.25":                              {"-12.25", "-1225e-2", "-1.225e1", "-12.250000"},
		"0.001":                               {"0.001", "1e-3", "0.01e-1", "10e-4"},
		"123.456":                             {"123.456", "1.23456e2", "123456e-3"},
		"1" + strings.Repeat("0", 400):        {"1e400", "10e399", "0.1e401"},
		"1e401":                               {"1e401", "10e400", "1e+401", "0.01e403"},
		"2.5e-500":                            {"2.5e-500", "25e-501", "0.25e-499"},
		"0." + strings.Repeat("0", 400) + "1": {"1e-401", "0.1e-400"},
		"1e-402":                              {"1e-402"},
		"1e999999999":                         {"1e999999999", "10e999999998", "0.1e1000000000"},
		"-4.2e-123456789012345678901":         {"-4.2e-123456789012345678901", "-42e-123456789012345678902", "-0.42e-123456789012345678900"},
		"1e1000000000000000000000":            {"10e999999999999999999999", "0.01e1000000000000000000002", "1e1000000000000000000000"},
	} {
		for _, s := range spellings {
			assert.Equal(t, want, canonical(s), "canonical form of %s", s)
		}
	}
	for _, distinct := range [][2]string{{"7", "7.1"}, {"7", "70"}, {"0.5", "5"}, {"1", "-1"}, {"1e401", "1e400"}, {"1e999999999", "1e999999998"}} {
		assert.NotEqual(t, canonical(distinct[0]), canonical(distinct[1]), "%s and %s", distinct[0], distinct[1])
	}
}

func TestCanonicalJSON(t *testing.T) {
	got := string(AppendCanonicalJSON(nil, []byte(` { "a" : [ 1.0 , -2e1, "7.0 e1" ], "b":{"c": 0.50} , "d":true, "e":null } `)))
	assert.Equal(t, `{"a":[1,-20,"7.0 e1"],"b":{"c":0.5},"d":true,"e":null}`, got)
}

// A hostile exponent allocates no more than the literal and takes no time.
func TestCanonicalNumberHostileExponent(t *testing.T) {
	huge := "1e" + strings.Repeat("9", 1<<20)
	start := time.Now()
	got := canonical(huge)
	assert.Less(t, time.Since(start), time.Second)
	assert.Equal(t, huge, got)
	got = canonical("1" + strings.Repeat("0", 1<<20) + "e-" + strings.Repeat("9", 1<<20))
	assert.LessOrEqual(t, len(got), 2<<20+10)
	allocs := testing.AllocsPerRun(10, func() { _ = AppendCanonicalNumber(make([]byte, 0, 64), []byte("1e999999999")) })
	assert.LessOrEqual(t, allocs, 2.0)
}

// The canonical form and the decoder read a literal as the same number:
// literals whose canonical forms are equal read as equal floats (and
// integers), and the canonical form itself reads as the literal's value.
func TestCanonicalNumberAgreesWithDecoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		lit := randomSpelling(rng)
		canon := canonical(lit)
		f, fok := decodeFloat(lit)
		cf, cok := decodeFloat(canon)
		require.Equal(t, fok, cok, "%s -> %s", lit, canon)
		if fok {
			require.Equal(t, f, cf, "%s -> %s", lit, canon)
		}
		n, nok := decodeInt(lit)
		cn, cnok := decodeInt(canon)
		require.Equal(t, nok, cnok, "%s -> %s", lit, canon)
		if nok {
			require.Equal(t, n, cn, "%s -> %s", lit, canon)
			require.Equal(t, strconv.FormatInt(n, 10), canon, "an integer's canonical form is its digits: %s", lit)
		}
	}
}

// randomSpelling writes a random number in a random way: mantissa digits
// with zeros around them, a point anywhere, an exponent that makes up for
// it.
func randomSpelling(rng *rand.Rand) string {
	digits := strconv.FormatUint(rng.Uint64N(1_000_000), 10)
	digits = strings.Repeat("0", rng.IntN(3)) + digits + strings.Repeat("0", rng.IntN(4))
	point := rng.IntN(len(digits) + 1)
	var b strings.Builder
	if rng.IntN(3) == 0 {
		b.WriteByte('-')
	}
	intPart := strings.TrimLeft(digits[:point], "0")
	if intPart == "" {
		intPart = "0"
	}
	b.WriteString(intPart)
	if point < len(digits) {
		b.WriteString("." + digits[point:])
	}
	if exp := rng.IntN(30) - 15; exp != 0 || rng.IntN(2) == 0 {
		b.WriteString("e" + strconv.Itoa(exp))
	}
	return b.String()
}

func decodeFloat(lit string) (float64, bool) {
	var d Decoder
	d.Reset([]byte(lit))
	f, ok := d.Float(math.Inf(-1), math.Inf(1), 64)
	return f, ok && d.Close() == nil
}

func decodeInt(lit string) (int64, bool) {
	var d Decoder
	d.Reset([]byte(lit))
	n, ok := d.Int(math.MinInt64, math.MaxInt64)
	return n, ok && d.Close() == nil
}
