// Package errtypes holds types that have no JSON form, as flat parameters,
// struct members and nested in other types.
package errtypes

import (
	"fmt"
	"unsafe"

	"toolgen.test/golden/errtypes/other"
)

// Box is generic.
type Box[T any] struct {
	V T `json:"v"`
}

// Code is a named integer.
type Code int

// Tag is a string that reads itself as text.
type Tag string

// UnmarshalText reads a tag.
func (t *Tag) UnmarshalText(b []byte) error { *t = Tag(b); return nil }

// Flat takes one unsupported type per parameter.
//
//toolgen:tool
func Flat(ch chan int, fn func() error, c complex128, p unsafe.Pointer, u uintptr, m map[int]string, s fmt.Stringer, anon struct{ X int }, b Box[int], h other.Holder, e error) error {
	return nil
}

// Nested has unsupported types inside others.
//
//toolgen:tool
func Nested(list []chan int, table map[string]func(), ptr *complex64, keys map[Code]bool, arr [2]uintptr, tags map[Tag]int) error {
	return nil
}

// Fields has unsupported struct members.
type Fields struct {
	Ch      chan string            `json:"ch"`
	Iface   interface{ M() }       `json:"iface"`
	Anon    struct{ Y string }     `json:"anon"`
	Ok      string                 `json:"ok"`
	Generic Box[string]            `json:"generic"`
	Deep    []map[string]complex64 `json:"deep"`
	Hidden  chan int               `json:"-"` // left out, so fine
	private chan int               // unexported, so fine
}

// Members takes a struct with unsupported members.
//
//toolgen:tool
func Members(in Fields) error { return nil }

// FieldsPtr takes Fields again: its mistakes are reported once.
//
//toolgen:tool
func FieldsPtr(in *Fields) error { return nil }
