package chatcore

import (
	"fmt"
	"net/http"
	"time"

	"github.com/toolgen-dev/toolgen/internal/webguard"
)

// The defaults both handlers document as their own constants.
const (
	DefaultMaxBodyBytes      = 8 << 20 // the whole conversation comes with every request
	DefaultMaxRecords        = 1024    // records (threads, chats) in the default store
	DefaultMaxStoreBytes     = 64 << 20
	DefaultWriteStallTimeout = 30 * time.Second
	defaultErrorText         = "An error occurred." // a model's or a tool's error may tell what a user should not read
)

// Config is what both handlers configure alike; S is the handler's Store.
// Its Guard's Name is the handler's package, which the options' errors
// name ("aisdk.WithMaxBodyBytes(0): ...").
type Config[S comparable] struct {
	Store      S
	MaxBody    int64
	Deps       func(*http.Request) (any, error)
	Principal  func(*http.Request) (string, error)
	ErrorText  func(error) string
	WriteStall time.Duration
	Guard      webguard.Guard // the origins and hosts served
}

// NewConfig is the defaults of the handler of package name; Store is left
// zero, for the handler to fill after its options, if none set it.
func NewConfig[S comparable](name string) Config[S] {
	return Config[S]{
		MaxBody:    DefaultMaxBodyBytes,
		Deps:       func(*http.Request) (any, error) { return nil, nil },
		ErrorText:  func(error) string { return defaultErrorText },
		WriteStall: DefaultWriteStallTimeout,
		Guard:      webguard.Guard{Name: name},
	}
}

// Option sets one field of a Config, or says why it cannot.
type Option[S comparable] func(*Config[S]) error

// Apply applies opts to c, the config of the handler that fn (its
// constructor, for errors) makes; a nil option is an error.
func Apply[C any, O ~func(*C) error](c *C, fn string, opts []O) error {
	for _, opt := range opts {
		if opt == nil {
			return fmt.Errorf("%s: nil Option", fn)
		}
		if err := opt(c); err != nil {
			return err
		}
	}
	return nil
}

// NotNil sets *dst to v, or says that option (of package name) was given
// nil; what names v's kind ("Store", "function").
func NotNil[T comparable](dst *T, v T, name, option, what string) error {
	var zero T
	if v == zero {
		return fmt.Errorf("%s.%s(nil): nil %s", name, option, what)
	}
	*dst = v
	return nil
}

// optionFuncs are the kinds of function the options take.
type optionFuncs interface {
	~func(*http.Request) (any, error) | ~func(*http.Request) (string, error) | ~func(error) string
}

// setFunc sets *dst to fn, or says that option (of package name) was given
// nil, as NotNil does.
func setFunc[F optionFuncs](dst *F, fn F, name, option string) error {
	if fn == nil {
		return fmt.Errorf("%s.%s(nil): nil function", name, option)
	}
	*dst = fn
	return nil
}

// WithStore keeps the handler's records in s.
func WithStore[S comparable](s S) Option[S] {
	return func(c *Config[S]) error { return NotNil(&c.Store, s, c.Guard.Name, "WithStore", "Store") }
}

// WithMaxBodyBytes bounds a request's body; n must be at least 1.
func WithMaxBodyBytes[S comparable](n int64) Option[S] {
	return func(c *Config[S]) error {
		if n < 1 {
			return fmt.Errorf("%s.WithMaxBodyBytes(%d): must be at least 1", c.Guard.Name, n)
		}
		c.MaxBody = n
		return nil
	}
}

// WithDeps makes each run's deps of its request with fn.
func WithDeps[S comparable](fn func(*http.Request) (any, error)) Option[S] {
	return func(c *Config[S]) error { return setFunc(&c.Deps, fn, c.Guard.Name, "WithDeps") }
}

// WithPrincipal reads each request's principal with fn.
func WithPrincipal[S comparable](fn func(*http.Request) (string, error)) Option[S] {
	return func(c *Config[S]) error { return setFunc(&c.Principal, fn, c.Guard.Name, "WithPrincipal") }
}

// WithWriteStallTimeout bounds each write of a response; d must be
// positive.
func WithWriteStallTimeout[S comparable](d time.Duration) Option[S] {
	return func(c *Config[S]) error {
		if d <= 0 {
			return fmt.Errorf("%s.WithWriteStallTimeout(%s): must be positive", c.Guard.Name, d)
		}
		c.WriteStall = d
		return nil
	}
}

// WithErrorText sets what the client reads about a run that failed.
func WithErrorText[S comparable](fn func(error) string) Option[S] {
	return func(c *Config[S]) error { return setFunc(&c.ErrorText, fn, c.Guard.Name, "WithErrorText") }
}

// WithAllowedOrigins serves pages of these origins, with CORS headers.
func WithAllowedOrigins[S comparable](origins ...string) Option[S] {
	return func(c *Config[S]) error {
		return allowEach(c.Guard.Name+".WithAllowedOrigins", origins, c.Guard.AllowOrigin, "not an origin (scheme://host[:port], as a browser sends it)")
	}
}

// WithAllowedHosts adds Host names the handler serves on loopback.
func WithAllowedHosts[S comparable](hosts ...string) Option[S] {
	return func(c *Config[S]) error {
		return allowEach(c.Guard.Name+".WithAllowedHosts", hosts, c.Guard.AllowHost, "not a host name (name or name:port)")
	}
}

// allowEach allows each item; the first one refused is option's error,
// saying what the item is not.
func allowEach(option string, items []string, allow func(string) bool, isNot string) error {
	for _, it := range items {
		if !allow(it) {
			return fmt.Errorf("%s(%q): %s", option, it, isNot)
		}
	}
	return nil
}
