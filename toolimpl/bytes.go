package toolimpl

import "unsafe"

// BytesAs is b as a slice of a named byte type (type Octet byte; []Octet),
// which encoding/json reads and writes as base64, as it does []byte.
func BytesAs[S ~[]E, E ~byte](b []byte) S {
	return S(unsafe.Slice((*E)(unsafe.Pointer(unsafe.SliceData(b))), len(b)))
}

// BytesOf is a slice of a named byte type as []byte, for the encoder's
// Bytes.
func BytesOf[S ~[]E, E ~byte](s S) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}
