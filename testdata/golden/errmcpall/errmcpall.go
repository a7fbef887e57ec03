// Package errmcpall holds //toolgen:prompt and //toolgen:resource functions
// with several mistakes each: toolgen reports them all at once, each at its
// position, not the first alone.
package errmcpall

import "context"

// Several is a prompt with a bad option, a bad name, two bad parameters and
// a bad result.
//
//toolgen:prompt name="no spaces" readonly
func Several(n int, s string, ctx context.Context) int { return 0 }

//toolgen:prompt
func (T) Undocumented(n int) int { return 0 }

type T struct{}

//toolgen:resource mime=notamime
func NoURIAndMore(n int) []int { return nil }

// BadTemplate has every kind of mistake a template can have, and more.
//
//toolgen:resource uri="file:///{}/{+path}/{a,b}/{x:3}/{y*}/{z}{w}/{v.w}/{=q}/{-}/{id/a}/a b%zz|"
func BadTemplate(id string, z int, w string, unused string) float64 { return 0 }

// Braces has a { that is never closed and a } that closes none.
//
//toolgen:resource uri="file:///}{x}/{y"
func Braces(x, y string) string { return x + y }

// Names names a variable that is no parameter, twice, and forgets one.
//
//toolgen:resource uri="file:///{nope}/{nope}"
func Names(ctx context.Context, kept string) (string, error) { return kept, nil }
