package toolimpl

import (
	"testing"

	"github.com/stretchr/testify/require"
)

type octet byte

type octets []octet

func TestBytesAsAndOf(t *testing.T) {
	require.Nil(t, BytesAs[[]octet](nil))
	require.Nil(t, BytesOf([]octet(nil)))
	got := BytesAs[octets]([]byte{0, 255})
	require.Equal(t, octets{0, 255}, got)
	require.Equal(t, []byte{0, 255}, BytesOf(got))
	require.Equal(t, []byte{}, BytesOf(octets{}))
}
