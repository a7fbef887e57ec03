package toolimpl

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writePartial writes one partial result as generated code does.
func writePartial(s string) ([]byte, error) {
	e := PartialEncoder()
	e.Object()
	e.Member(`"s":`)
	e.String(s)
	e.EndObject()
	return PartialWritten(e)
}

// Each partial result is the caller's own: writing the next one, into
// the pooled encoder, leaves it alone, and appending to it writes nowhere
// shared.
func TestPartialWrittenIsACopy(t *testing.T) {
	first, err := writePartial("one")
	require.NoError(t, err)
	assert.Equal(t, cap(first), len(first), "the copy has the exact size")
	second, err := writePartial("two")
	require.NoError(t, err)
	third, err := writePartial(strings.Repeat("x", 100_000)) // a buffer too big to keep
	require.NoError(t, err)
	_ = append(first, "garbage"...)
	fourth, err := writePartial("four")
	require.NoError(t, err)
	assert.Equal(t, `{"s":"one"}`, string(first))
	assert.Equal(t, `{"s":"two"}`, string(second))
	assert.Len(t, third, 100_000+len(`{"s":""}`))
	assert.Equal(t, `{"s":"four"}`, string(fourth))
}

// An encoder's error is PartialWritten's, and the next encoder from the
// pool starts clean.
func TestPartialWrittenError(t *testing.T) {
	e := PartialEncoder()
	e.Array()
	e.Float(math.NaN(), 64)
	out, err := PartialWritten(e)
	assert.Nil(t, out)
	assert.Error(t, err)

	e = PartialEncoder()
	assert.NoError(t, e.Err())
	assert.Empty(t, e.Output())
	e.Int(1)
	out, err = PartialWritten(e)
	require.NoError(t, err)
	assert.Equal(t, "1", string(out))
}
