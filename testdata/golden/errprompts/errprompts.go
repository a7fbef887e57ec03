// Package errprompts holds mistakes in //toolgen:prompt and
// //toolgen:resource functions.
package errprompts

import "context"

// Count is an int: no prompt argument.
//
//toolgen:prompt
func Count(n int) string { return "" }

// Late takes its context second.
//
//toolgen:prompt
func Late(s string, ctx context.Context) string { return s }

// BadResult returns an int.
//
//toolgen:prompt
func BadResult() int { return 0 }

// Unknown has an option prompts lack.
//
//toolgen:prompt readonly
func Unknown() string { return "" }

//toolgen:prompt
func Undocumented() string { return "" }

// NoURI lacks its uri.
//
//toolgen:resource
func NoURI() string { return "" }

// Missing names a variable that is no parameter, and has a parameter no
// variable names.
//
//toolgen:resource uri="file:///a/{id}/b"
func Missing(name string) string { return name }

// Operator uses a level 2 expression.
//
//toolgen:resource uri="file:///{+path}"
func Operator(path string) string { return path }

// Twice names one variable twice.
//
//toolgen:resource uri="file:///{x}/{x}"
func Twice(x string) string { return x }

// Unbalanced has a brace too many.
//
//toolgen:resource uri="file:///{x"
func Unbalanced(x string) string { return x }

// Bytes returns a blob of the wrong type.
//
//toolgen:resource uri="file:///bytes" mime=notamime
func Bytes() []int { return nil }

// BadCache has caching hints that are not.
//
//toolgen:resource uri="file:///cache" cache=shared ttl=-1s
func BadCache() string { return "" }

// BadTTL has a TTL finer than a millisecond, and one that is no duration.
//
//toolgen:resource uri="file:///ttl" ttl=1500us
func BadTTL() string { return "" }

// NoTTL has a TTL that is no duration.
//
//toolgen:resource uri="file:///nottl" ttl=soon
func NoTTL() string { return "" }

// PromptCache is a prompt, which has no cache option.
//
//toolgen:prompt cache=public
func PromptCache() string { return "" }

type T struct{}

// Method is a method.
//
//toolgen:prompt
func (T) Method() string { return "" }

// Good is a resource.
//
//toolgen:resource uri="file:///good"
func Good() string { return "" }

// Same has the name of another resource.
//
//toolgen:resource uri="file:///same" name=good
func Same() string { return "" }

// SameURI has the URI of another resource.
//
//toolgen:resource uri="file:///good"
func SameURI() string { return "" }

// Hello is a prompt.
//
//toolgen:prompt
func Hello() string { return "" }

// Hello2 has the name of another prompt.
//
//toolgen:prompt name=hello
func Hello2() string { return "" }

// PtrVar takes a pointer: a template variable is always there.
//
//toolgen:resource uri="file:///{x}"
func PtrVar(x *string) string { return *x }

// PtrInt takes a pointer to an int.
//
//toolgen:prompt
func PtrInt(n *int) string { return "" }
