package chatcore

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/toolgen-dev/toolgen/internal/option"
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

// WithStore keeps the handler's records in s.
func WithStore[S comparable](s S) Option[S] {
	return func(c *Config[S]) error { return option.NotNil(c.Guard.Name+".WithStore", s, "Store", &c.Store) }
}

// WithMaxBodyBytes bounds a request's body; n must be at least 1.
func WithMaxBodyBytes[S comparable](n int64) Option[S] {
	return func(c *Config[S]) error { return option.AtLeastOne(c.Guard.Name+".WithMaxBodyBytes", n, &c.MaxBody) }
}

// WithDeps makes each run's deps of its request with fn.
func WithDeps[S comparable](fn func(*http.Request) (any, error)) Option[S] {
	return funcOption("WithDeps", fn == nil, func(c *Config[S]) { c.Deps = fn })
}

// WithPrincipal reads each request's principal with fn.
func WithPrincipal[S comparable](fn func(*http.Request) (string, error)) Option[S] {
	return funcOption("WithPrincipal", fn == nil, func(c *Config[S]) { c.Principal = fn })
}

// WithWriteStallTimeout bounds each write of a response; d must be
// positive.
func WithWriteStallTimeout[S comparable](d time.Duration) Option[S] {
	return func(c *Config[S]) error {
		return option.Positive(c.Guard.Name+".WithWriteStallTimeout", d, &c.WriteStall)
	}
}

// WithErrorText sets what the client reads about a run that failed.
func WithErrorText[S comparable](fn func(error) string) Option[S] {
	return funcOption("WithErrorText", fn == nil, func(c *Config[S]) { c.ErrorText = fn })
}

// WithAllowedOrigins serves pages of these origins, with CORS headers.
func WithAllowedOrigins[S comparable](origins ...string) Option[S] {
	return allowEach[S]("WithAllowedOrigins", origins, (*webguard.Guard).AllowOrigin,
		"not an origin (scheme://host[:port], as a browser sends it)")
}

// WithAllowedHosts adds Host names the handler serves on loopback.
func WithAllowedHosts[S comparable](hosts ...string) Option[S] {
	return allowEach[S]("WithAllowedHosts", hosts, (*webguard.Guard).AllowHost, "not a host name (name or name:port)")
}

// funcOption is the option that sets a function (set), or says that
// option was given nil.
func funcOption[S comparable](option string, isNil bool, set func(*Config[S])) Option[S] {
	return func(c *Config[S]) error {
		if isNil {
			return errors.New(c.Guard.Name + "." + option + "(nil): nil function")
		}
		set(c)
		return nil
	}
}

// allowEach is the option that lets the guard allow each value (allow
// reports whether it is one), or says which value option was given that
// is not (not says what it is not).
func allowEach[S comparable](option string, values []string, allow func(*webguard.Guard, string) bool, not string) Option[S] {
	return func(c *Config[S]) error {
		for _, v := range values {
			if !allow(&c.Guard, v) {
				return fmt.Errorf("%s.%s(%q): %s", c.Guard.Name, option, v, not)
			}
		}
		return nil
	}
}
