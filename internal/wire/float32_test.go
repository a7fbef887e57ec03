package wire

import (
	"testing"
)

// Generated code passes a float32's bounds as the schema writes them (0.1,
// 3.4028235e+38); the number read is compared with them before it is
// rounded to 32 bits, so that the decoder agrees with the schema.
func TestFloat32BoundsCompareBeforeRounding(t *testing.T) {
	const width = 3.4028235e+38
	for _, c := range []struct {
		text     string
		min, max float64
		want     float64
		err      string
	}{
		{`0.1`, 0.1, 0.7, float64(float32(0.1)), ``},
		{`0.0999999`, 0.1, 0.7, 0, `/v: 0.0999999 is less than the minimum 0.1`},
		{`0.09999999999999999`, 0.1, 0.7, 0, `/v: 0.09999999999999999 is less than the minimum 0.1`},
		{`0.7`, 0.1, 0.7, float64(float32(0.7)), ``},
		{`0.7000001`, 0.1, 0.7, 0, `/v: 0.7000001 is greater than the maximum 0.7`},
		{`3.4028235e38`, -width, width, float64(float32(width)), ``},
		{`3.40282350000001e38`, -width, width, 0, `/v: 3.40282350000001e38 is greater than the maximum 3.4028235e+38`},
		{`-3.4028236e38`, -width, width, 0, `/v: -3.4028236e38 is less than the minimum -3.4028235e+38`},
		{`3.4028236e38`, negInf, posInf, 0, `/v: 3.4028236e38 is out of range for a 32-bit float`},
	} {
		checkValue(t, c.text, func(d *Decoder) (float64, bool) { return d.Float(c.min, c.max, 32) }, c.want, c.err)
	}
}
