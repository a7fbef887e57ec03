// Package jsonstore is a store in memory of values kept as their JSON,
// bounded by count and by bytes: what package agui's MemoryStore is made
// of (the records of conversations that an HTTP handler keeps between a
// conversation's requests).
//
// Saving beyond the count drops the value saved longest ago; a save that
// would go beyond the bytes is refused, saying the limit, and drops
// nothing, so that one large value cannot push out the others. Values are
// kept as JSON, so a value loaded is a copy, which the caller may change.
package jsonstore

import (
	"encoding/json"
	"fmt"
	"sync"
)

// Memory holds values of type T by key. Its methods are safe for
// concurrent use.
type Memory[T any] struct {
	noun     string // what a value is, for errors: "thread"
	full     error  // wrapped by the error of a save that does not fit
	mu       sync.Mutex
	max      int
	maxBytes int64
	bytes    int64
	values   map[string][]byte
	order    []string // keys, oldest save first
}

// New makes a Memory for at most max values and maxBytes bytes (both at
// least 1: the caller checks). A save that does not fit returns an error
// wrapping full; noun names a value in its text.
func New[T any](max int, maxBytes int64, noun string, full error) *Memory[T] {
	return &Memory[T]{noun: noun, full: full, max: max, maxBytes: maxBytes, values: map[string][]byte{}}
}

// Save keeps v under key, unless it does not fit in the bytes left (the
// key's previous value counts as free).
func (m *Memory[T]) Save(key string, v *T) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("saving the %s: %w", m.noun, err)
	}
	size := sizeOf(key, b)
	m.mu.Lock()
	defer m.mu.Unlock()
	others := m.bytes
	if old, ok := m.values[key]; ok {
		others -= sizeOf(key, old)
	}
	if others+size > m.maxBytes {
		return fmt.Errorf("%w: this %s needs %d bytes, and the store holds at most %d bytes (%d in use by others); it was not saved",
			m.full, m.noun, size, m.maxBytes, others)
	}
	m.remove(key)
	for len(m.order) >= m.max {
		m.remove(m.order[0])
	}
	m.values[key] = b
	m.bytes += size
	m.order = append(m.order, key)
	return nil
}

// sizeOf is what a value takes: its key and its JSON.
func sizeOf(key string, b []byte) int64 { return int64(len(key) + len(b)) }

// Load returns a copy of the value under key, or nil.
func (m *Memory[T]) Load(key string) (*T, error) {
	m.mu.Lock()
	b, ok := m.values[key]
	m.mu.Unlock()
	if !ok {
		return nil, nil
	}
	v := new(T)
	if err := json.Unmarshal(b, v); err != nil {
		return nil, fmt.Errorf("loading the %s: %w", m.noun, err)
	}
	return v, nil
}

// Delete drops the value under key, if there is one.
func (m *Memory[T]) Delete(key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.remove(key)
}

// Len is how many values m holds.
func (m *Memory[T]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.values)
}

// Bytes is how many bytes m's values take (their keys and JSON).
func (m *Memory[T]) Bytes() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.bytes
}

func (m *Memory[T]) remove(key string) {
	b, ok := m.values[key]
	if !ok {
		return
	}
	delete(m.values, key)
	m.bytes -= sizeOf(key, b)
	for i, k := range m.order {
		if k == key {
			m.order = append(m.order[:i], m.order[i+1:]...)
			break
		}
	}
}
