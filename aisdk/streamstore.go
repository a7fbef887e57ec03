package aisdk

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// StreamStore keeps the chunks of each chat's answer while it streams, and
// for a while after it ended, so that a client that lost its connection
// (a reload, a network change) reconnects and reads the answer: the AI
// SDK's resumable streams (useChat's resume option, which GETs
// <api>/<chat id>/stream). The handler begins a stream when an answer
// starts, appends each chunk as it sends it, and finishes the stream when
// the answer ends; a reconnect reads the chat's latest stream from its
// first chunk (the AI SDK's client rebuilds the message from the whole
// stream), then waits for more until it finishes.
//
// A chunk is one event of the UI message stream: its JSON, without the
// SSE framing. A StreamStore is used from concurrent requests. Stream ids
// are the handler's (random, 128 bits) and never reach a client: a client
// names a chat, and the handler checks it may read it (see WithPrincipal)
// before it asks the store.
//
// The default is a MemoryStreamStore (WithStreamStore for another; one
// shared by the replicas of a server lets a client reconnect to any of
// them, while the run goes on where it started).
type StreamStore interface {
	// Begin starts stream streamID as chatID's answer: Latest(chatID)
	// names it from now on, and the chat's earlier stream may be dropped.
	// An error leaves the answer without a stream: it is served, but not
	// resumable.
	Begin(ctx context.Context, chatID, streamID string) error
	// Append adds chunk at the stream's end; chunk is only valid during
	// the call (keep a copy). The handler calls it for every chunk, in
	// order, on the run's path, so it should be quick: a store that
	// writes far away may buffer and write in batches, as long as Read
	// returns every chunk once, in order. An error means the stream can no
	// longer be kept whole (a bound was reached): the store drops it
	// (Latest no longer names it, Read of it fails with ErrStreamGone),
	// and the handler appends no more.
	Append(ctx context.Context, streamID string, chunk []byte) error
	// Finish marks the stream complete. The store keeps it for a grace
	// period (a reconnect then still reads the whole answer), then drops
	// it.
	Finish(ctx context.Context, streamID string) error
	// Latest is the id of the chat's stream: running, or finished less
	// than the grace period ago; "" when there is none.
	Latest(ctx context.Context, chatID string) (streamID string, err error)
	// Read returns the stream's chunks from offset on (0 is the first
	// chunk). When there are none yet, it waits until one comes, the
	// stream finishes or ctx ends (then ctx's error). done reports that
	// the stream is finished and chunks are its last ones. A stream the
	// store does not have (never begun, dropped) is ErrStreamGone. The
	// caller does not modify the chunks.
	Read(ctx context.Context, streamID string, offset int) (chunks [][]byte, done bool, err error)
}

// ErrStreamGone is Read's error for a stream the store does not have.
var ErrStreamGone = errors.New("aisdk: the stream is gone")

// ErrStreamFull is wrapped by the error of a MemoryStreamStore's Begin or
// Append that would take it beyond its bounds.
var ErrStreamFull = errors.New("aisdk: the stream store is full")

// The bounds of the default MemoryStreamStore.
const (
	DefaultMaxStreams     = 1024
	DefaultMaxStreamBytes = 64 << 20
	DefaultStreamGrace    = time.Minute
)

// MemoryStreamStore is a StreamStore in memory, bounded by the number of
// streams and by their bytes together. A finished stream is dropped grace
// after it finished, or sooner, oldest first, when a running stream needs
// the room; running streams are never dropped for another: a Begin beyond
// the count of running streams fails, and so does an Append beyond the
// bytes (which drops that stream: its answer is no longer resumable, and
// its bytes are free for the others).
type MemoryStreamStore struct {
	mu         sync.Mutex
	maxStreams int
	maxBytes   int64
	grace      time.Duration
	now        func() time.Time
	bytes      int64
	streams    map[string]*memStream // by stream id
	latest     map[string]string     // the chat's stream id, by chat id
	order      []string              // stream ids, oldest Begin first
}

// memStream is one stream's chunks, one after the other in data.
type memStream struct {
	chatID   string
	data     []byte
	ends     []int // the end of each chunk in data
	done     bool
	finished time.Time
	wake     chan struct{} // closed at the next change, for the readers waiting; nil when none waits
}

// NewMemoryStreamStore makes a MemoryStreamStore of at most maxStreams
// streams and maxBytes bytes (both at least 1), keeping a finished stream
// for grace (at least 0).
func NewMemoryStreamStore(maxStreams int, maxBytes int64, grace time.Duration) (*MemoryStreamStore, error) {
	if maxStreams < 1 || maxBytes < 1 || grace < 0 {
		return nil, fmt.Errorf("aisdk.NewMemoryStreamStore(%d, %d, %s): the bounds must be at least 1, the grace at least 0", maxStreams, maxBytes, grace)
	}
	return &MemoryStreamStore{
		maxStreams: maxStreams, maxBytes: maxBytes, grace: grace, now: time.Now,
		streams: map[string]*memStream{}, latest: map[string]string{},
	}, nil
}

// Begin starts the chat's stream, dropping the chat's earlier one.
func (m *MemoryStreamStore) Begin(_ context.Context, chatID, streamID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep()
	if old, ok := m.latest[chatID]; ok {
		m.drop(old)
	}
	m.drop(streamID)
	if len(m.streams) >= m.maxStreams && !m.dropOldestFinished() {
		return fmt.Errorf("%w: %d answers are streaming, the most it keeps", ErrStreamFull, m.maxStreams)
	}
	m.streams[streamID] = &memStream{chatID: chatID}
	m.latest[chatID] = streamID
	m.order = append(m.order, streamID)
	return nil
}

// Append adds a copy of chunk to the stream.
func (m *MemoryStreamStore) Append(_ context.Context, streamID string, chunk []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.streams[streamID]
	if s == nil || s.done {
		return ErrStreamGone
	}
	for m.bytes+int64(len(chunk)) > m.maxBytes {
		if m.sweep() == 0 && !m.dropOldestFinished() {
			m.drop(streamID)
			return fmt.Errorf("%w: the answers streaming take %d bytes, the most it keeps; this one is no longer kept", ErrStreamFull, m.maxBytes)
		}
	}
	s.data = append(s.data, chunk...)
	s.ends = append(s.ends, len(s.data))
	m.bytes += int64(len(chunk))
	s.wakeReaders()
	return nil
}

// Finish marks the stream complete.
func (m *MemoryStreamStore) Finish(_ context.Context, streamID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.streams[streamID]
	if s == nil {
		return ErrStreamGone
	}
	if !s.done {
		s.done, s.finished = true, m.now()
		s.wakeReaders()
	}
	return nil
}

// Latest is the chat's stream, unless it finished more than the grace ago.
func (m *MemoryStreamStore) Latest(_ context.Context, chatID string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep()
	return m.latest[chatID], nil
}

// Read returns the stream's chunks from offset on, waiting for one if
// need be.
func (m *MemoryStreamStore) Read(ctx context.Context, streamID string, offset int) ([][]byte, bool, error) {
	for {
		m.mu.Lock()
		s := m.streams[streamID]
		if s == nil || m.expired(s) {
			m.mu.Unlock()
			return nil, false, ErrStreamGone
		}
		if offset < 0 || offset > len(s.ends) {
			m.mu.Unlock()
			return nil, false, fmt.Errorf("aisdk: offset %d of a stream of %d chunks", offset, len(s.ends))
		}
		if offset < len(s.ends) || s.done {
			chunks := s.chunks(offset)
			done := s.done
			m.mu.Unlock()
			return chunks, done, nil
		}
		if s.wake == nil {
			s.wake = make(chan struct{})
		}
		wake := s.wake
		m.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return nil, false, ctx.Err()
		}
	}
}

// Len is how many streams m keeps.
func (m *MemoryStreamStore) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.streams)
}

// Bytes is how many bytes m's streams take.
func (m *MemoryStreamStore) Bytes() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.bytes
}

// chunks are s's chunks from offset on: slices of s.data, which appends
// never overwrite (they write past its length, or into a new array).
func (s *memStream) chunks(offset int) [][]byte {
	out := make([][]byte, 0, len(s.ends)-offset)
	start := 0
	if offset > 0 {
		start = s.ends[offset-1]
	}
	for _, end := range s.ends[offset:] {
		out = append(out, s.data[start:end:end])
		start = end
	}
	return out
}

func (s *memStream) wakeReaders() {
	if s.wake != nil {
		close(s.wake)
		s.wake = nil
	}
}

func (m *MemoryStreamStore) expired(s *memStream) bool {
	return s.done && m.now().Sub(s.finished) > m.grace
}

// sweep drops the streams finished more than the grace ago, and returns
// how many.
func (m *MemoryStreamStore) sweep() int {
	var gone []string
	for id, s := range m.streams {
		if m.expired(s) {
			gone = append(gone, id)
		}
	}
	for _, id := range gone {
		m.drop(id)
	}
	return len(gone)
}

// dropOldestFinished drops the finished stream begun longest ago, if any.
func (m *MemoryStreamStore) dropOldestFinished() bool {
	for _, id := range m.order {
		if m.streams[id].done {
			m.drop(id)
			return true
		}
	}
	return false
}

// drop forgets a stream; its waiting readers find it gone.
func (m *MemoryStreamStore) drop(streamID string) {
	s := m.streams[streamID]
	if s == nil {
		return
	}
	delete(m.streams, streamID)
	if m.latest[s.chatID] == streamID {
		delete(m.latest, s.chatID)
	}
	m.bytes -= int64(len(s.data))
	s.wakeReaders()
	for i, id := range m.order {
		if id == streamID {
			m.order = append(m.order[:i], m.order[i+1:]...)
			break
		}
	}
}
