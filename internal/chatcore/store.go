// Package chatcore is what the two chat handlers, package aisdk (the AI
// SDK's useChat) and package agui (AG-UI), share: the options both take
// and their defaults (Config), and the store in memory of the records
// they keep between a conversation's requests (Memory).
//
// Memory holds values as their JSON, bounded by count and by bytes.
// Saving beyond the count drops the value saved longest ago; a save that
// would go beyond the bytes is refused, saying the limit, and drops
// nothing, so that one large value cannot push out the others. A value
// loaded is a copy, which the caller may change.
package chatcore

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

// NewMemory makes a Memory for at most max values and maxBytes bytes (both at
// least 1: the caller checks). A save that does not fit returns an error
// wrapping full; noun names a value in its text.
func NewMemory[T any](max int, maxBytes int64, noun string, full error) *Memory[T] {
	return &Memory[T]{noun: noun, full: full, max: max, maxBytes: maxBytes, values: map[string][]byte{}}
}

// Save keeps v under key, unless it does not fit in the bytes left (the
// key's previous value counts as free).
func (m *Memory[T]) Save(key string, v *T) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("saving the %s: %w", m.noun, err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.saveLocked(key, b)
}

// Replace replaces the value under key with next (drops it when next is
// nil) if current reports true of the value saved, all under one lock,
// and reports whether it did; with no value under key it reports false
// and changes nothing.
func (m *Memory[T]) Replace(key string, current func(saved *T) bool, next *T) (bool, error) {
	var b []byte
	if next != nil {
		var err error
		if b, err = json.Marshal(next); err != nil {
			return false, fmt.Errorf("saving the %s: %w", m.noun, err)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.values[key]
	if !ok {
		return false, nil
	}
	saved := new(T)
	if err := json.Unmarshal(old, saved); err != nil {
		return false, fmt.Errorf("loading the %s: %w", m.noun, err)
	}
	if !current(saved) {
		return false, nil
	}
	if next == nil {
		m.remove(key)
		return true, nil
	}
	if err := m.saveLocked(key, b); err != nil {
		return false, err
	}
	return true, nil
}

// saveLocked keeps b, a value's JSON, under key; m.mu is held.
func (m *Memory[T]) saveLocked(key string, b []byte) error {
	size := sizeOf(key, b)
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
