// Package methods covers tools that are methods: each receiver type gets
// its own Tools method, next to the package's Tools function.
package methods

import (
	"context"
	"sync"
)

// Store holds values; its tools have pointer receivers.
type Store struct {
	mu     sync.Mutex
	values map[string]string
}

// Get returns a value.
//
//toolgen:tool readonly
func (s *Store) Get(key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.values[key], nil
}

// Put sets a value.
//
//toolgen:tool name=store_put idempotent
func (s *Store) Put(ctx context.Context, key, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.values[key] = value
	return nil
}

// helper is not a tool.
func (s *Store) helper() {}

// Clock tells the time; its tools have value receivers.
type Clock struct {
	Zone string
}

// Zone names the clock's zone.
//
//toolgen:tool
func (c Clock) Now() string { return c.Zone }

// Input is a struct parameter of a method.
type Input struct {
	Hours int `json:"hours"`
}

// Add adds hours, taking a struct.
//
//toolgen:tool
func (c Clock) Add(in Input) (int, error) { return in.Hours, nil }

// Version is a package function beside the methods.
//
//toolgen:tool
func Version() string { return "1" }

// Counter is a named non-struct receiver.
type Counter int

// Incr increments the counter.
//
//toolgen:tool
func (c *Counter) Incr(by int) (int, error) { *c += Counter(by); return int(*c), nil }

// Watch is Clock under another name.
type Watch = Clock

// Tick is declared on the alias: it is a tool of Clock.
//
//toolgen:tool
func (w Watch) Tick() string { return w.Zone }
