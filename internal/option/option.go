// Package option checks the values functional options are given and sets
// them, with errors worded alike in every package: the option as a user
// writes it, its value, and what is wrong ("agent.WithMaxTurns(0): must be
// at least 1"). No value is clamped or ignored.
package option

import (
	"fmt"
	"time"
)

// AtLeastOne sets *dst to n, or says that option (as "builtin.MaxOutput")
// was given less than 1.
func AtLeastOne[T ~int | ~int64](option string, n T, dst *T) error {
	if n < 1 {
		return fmt.Errorf("%s(%d): must be at least 1", option, n)
	}
	*dst = n
	return nil
}

// Positive sets *dst to d, or says that option was given a d that is not
// positive.
func Positive(option string, d time.Duration, dst *time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("%s(%v): must be positive", option, d)
	}
	*dst = d
	return nil
}

// NotNil sets *dst to v, or says that option was given nil; what names v's
// kind ("logger"). Functions are not comparable: an option taking one
// checks it itself.
func NotNil[T comparable](option string, v T, what string, dst *T) error {
	var zero T
	if v == zero {
		return fmt.Errorf("%s(nil): nil %s", option, what)
	}
	*dst = v
	return nil
}

// Within sets *dst to n, or says that option was given an n outside lo to
// hi.
func Within[T ~int](option string, n, lo, hi T, dst *T) error {
	if n < lo || n > hi {
		return fmt.Errorf("%s(%d): must be %d to %d", option, n, lo, hi)
	}
	*dst = n
	return nil
}

// Func sets *dst to fn, or says that option was given nil (isNil: fn ==
// nil, which a type parameter cannot say of a function).
func Func[F any](option string, fn F, isNil bool, dst *F) error {
	if isNil {
		return fmt.Errorf("%s(nil): nil function", option)
	}
	*dst = fn
	return nil
}
