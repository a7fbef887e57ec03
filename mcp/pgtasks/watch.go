package pgtasks

import (
	"context"
	"fmt"
	"hash/fnv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// relisten is how long the listener waits before connecting again after
// its connection failed.
const relisten = time.Second

// channel is the NOTIFY channel of the store's table: one per table,
// whatever its name's length (a channel is at most 63 bytes).
func (s *Store) channel() string {
	h := fnv.New64a()
	h.Write([]byte(s.table))
	return fmt.Sprintf("toolgen_mcp_tasks_%016x", h.Sum64())
}

// notify announces, when tx commits, that the task id changed.
func (s *Store) notify(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, s.channel(), id)
	return err
}

// Watch returns a channel that receives a value soon after the task id
// changes (its status, result, error or CancelRequested; not its status
// message or lease), on any replica sharing the table, and stop, which ends
// the watch (call it when done). Changes made while nobody reads coalesce
// into one value. Watch before reading the record, then read it again
// after each value: a change between the read and the watch is not lost.
//
// The first Watch starts the Store's listener: a connection of its own
// (not the pool's) that LISTENs on the table's channel. When that
// connection fails, every watch receives a value (a change may have been
// missed) and the listener connects again after a second; a waiter should
// still read the record now and then (every few seconds) rather than rely
// on notifications alone.
func (s *Store) Watch(id string) (changed <-chan struct{}, stop func()) {
	return s.watch.add(id)
}

// watcher is a Store's listener and the watches it wakes.
type watcher struct {
	s *Store

	mu      sync.Mutex
	watches map[string]map[chan struct{}]struct{}
	cancel  context.CancelFunc // the listener's; nil before the first Watch
	done    chan struct{}      // closed when the listener has returned
	closed  bool
}

func newWatcher(s *Store) *watcher {
	return &watcher{s: s, watches: map[string]map[chan struct{}]struct{}{}}
}

func (w *watcher) add(id string) (<-chan struct{}, func()) {
	c := make(chan struct{}, 1)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		close(c) // a closed Store: the caller reads the record, and polls
		return c, func() {}
	}
	if w.watches[id] == nil {
		w.watches[id] = map[chan struct{}]struct{}{}
	}
	w.watches[id][c] = struct{}{}
	if w.cancel == nil {
		ctx, cancel := context.WithCancel(context.Background())
		w.cancel, w.done = cancel, make(chan struct{})
		go w.listen(ctx)
	}
	return c, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.watches[id], c)
		if len(w.watches[id]) == 0 {
			delete(w.watches, id)
		}
	}
}

// wake sends to the watches of id, or to every watch when all is true.
func (w *watcher) wake(id string, all bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for key, set := range w.watches {
		if !all && key != id {
			continue
		}
		for c := range set {
			select {
			case c <- struct{}{}:
			default: // one pending value says it all
			}
		}
	}
}

// listen holds the LISTEN connection until ctx is done, connecting again
// after a failure.
func (w *watcher) listen(ctx context.Context) {
	defer close(w.done)
	for {
		err := w.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		_ = err // a notification may have been missed: everyone reads again
		w.wake("", true)
		select {
		case <-ctx.Done():
			return
		case <-time.After(relisten):
		}
	}
}

func (w *watcher) listenOnce(ctx context.Context) error {
	connectCtx, cancel := context.WithTimeout(ctx, w.s.timeout)
	conn, err := pgx.ConnectConfig(connectCtx, w.s.pool.Config().ConnConfig.Copy())
	cancel()
	if err != nil {
		return err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{w.s.channel()}.Sanitize()); err != nil {
		return err
	}
	// Changes made before LISTEN took effect were not heard.
	w.wake("", true)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		w.wake(n.Payload, false)
	}
}

// close stops the listener and waits for it; later watches get a closed
// channel.
func (w *watcher) close() {
	w.mu.Lock()
	w.closed = true
	cancel, done := w.cancel, w.done
	w.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}
