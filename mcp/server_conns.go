package mcp

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// stallGrace is how long a connection may take to deliver a request (its
// headers, then its body) before it may be closed to make room for another
// when the server is at its connection cap.
const stallGrace = time.Second

// connLimiter caps the connections a listener hands to an http.Server. At
// the cap, Accept takes one more connection from the kernel and makes room
// for it: it closes the connection idle longest (a keep-alive between
// requests), or else the one that has spent longest, and more than
// stallGrace, delivering its request (a slowloris). When every connection is
// busy with a request whose response is being written, such as an SSE
// stream, it waits for one to end; the connections behind it wait in the
// kernel's backlog and use no descriptor of the process.
type connLimiter struct {
	net.Listener
	max int

	mu     sync.Mutex
	conns  map[*limitedConn]struct{}
	freed  chan struct{} // a connection closed (buffered, 1)
	done   chan struct{} // the listener closed
	closed bool
}

// connPhase is where a connection is in its current request.
type connPhase int

const (
	phaseReading  connPhase = iota // reading a request's headers or body
	phaseHandling                  // the request is read; the handler runs
	phaseIdle                      // between requests (keep-alive)
)

type limitedConn struct {
	net.Conn
	l     *connLimiter
	once  sync.Once
	phase connPhase // guarded by l.mu
	since time.Time // guarded by l.mu: when phase began
}

func newConnLimiter(ln net.Listener, max int) *connLimiter {
	return &connLimiter{
		Listener: ln,
		max:      max,
		conns:    make(map[*limitedConn]struct{}, max),
		freed:    make(chan struct{}, 1),
		done:     make(chan struct{}),
	}
}

func (l *connLimiter) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	var wait *time.Timer
	defer func() {
		if wait != nil {
			wait.Stop()
		}
	}()
	for {
		l.mu.Lock()
		if l.closed {
			l.mu.Unlock()
			_ = c.Close()
			return nil, net.ErrClosed
		}
		if len(l.conns) < l.max {
			lc := &limitedConn{Conn: c, l: l, phase: phaseReading, since: time.Now()}
			l.conns[lc] = struct{}{}
			l.mu.Unlock()
			return lc, nil
		}
		victim := l.victimLocked(time.Now())
		l.mu.Unlock()
		if victim != nil {
			_ = victim.Close()
			continue
		}
		// Every connection is busy: wait for one to close, or for one to
		// become idle or stalled (checked again every stallGrace/4).
		if wait == nil {
			wait = time.NewTimer(stallGrace / 4)
		} else {
			wait.Reset(stallGrace / 4)
		}
		select {
		case <-l.freed:
		case <-l.done:
		case <-wait.C:
		}
	}
}

// victimLocked picks the connection to close to make room: the one idle
// longest, else the one reading a request longest if longer than
// stallGrace, else nil.
func (l *connLimiter) victimLocked(now time.Time) *limitedConn {
	var idle, stalled *limitedConn
	for c := range l.conns {
		switch c.phase {
		case phaseIdle:
			if idle == nil || c.since.Before(idle.since) {
				idle = c
			}
		case phaseReading:
			if now.Sub(c.since) > stallGrace && (stalled == nil || c.since.Before(stalled.since)) {
				stalled = c
			}
		}
	}
	if idle != nil {
		return idle
	}
	return stalled
}

func (l *connLimiter) Close() error {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		close(l.done)
	}
	l.mu.Unlock()
	return l.Listener.Close()
}

// setPhase records c's phase; it is the http.Server's ConnState hook and is
// called by the handler once a request's body is read.
func (l *connLimiter) setPhase(c *limitedConn, p connPhase) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c.phase, c.since = p, time.Now()
}

func (l *connLimiter) connState(nc net.Conn, s http.ConnState) {
	c, ok := nc.(*limitedConn)
	if !ok {
		return
	}
	switch s {
	case http.StateActive:
		// A request's headers are read; its body may follow.
		l.setPhase(c, phaseReading)
	case http.StateIdle:
		l.setPhase(c, phaseIdle)
	case http.StateHijacked, http.StateClosed:
		l.release(c)
	}
}

func (l *connLimiter) release(c *limitedConn) {
	c.once.Do(func() {
		l.mu.Lock()
		delete(l.conns, c)
		l.mu.Unlock()
		select {
		case l.freed <- struct{}{}:
		default:
		}
	})
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.l.release(c)
	return err
}

// CloseWrite half-closes the connection, as net/http does before closing
// one whose request it refused (431, 400): the client then reads the
// answer, where closing with its request unread would reset the
// connection and lose it.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// connKey is the context key of a request's *limitedConn.
type connKey struct{}

func withConn(ctx context.Context, c net.Conn) context.Context {
	if lc, ok := c.(*limitedConn); ok {
		return context.WithValue(ctx, connKey{}, lc)
	}
	return ctx
}

// requestRead tells the connection limiter that r's request is read: its
// connection is no longer a candidate for closing as stalled.
func requestRead(r *http.Request) {
	if c, ok := r.Context().Value(connKey{}).(*limitedConn); ok {
		c.l.setPhase(c, phaseHandling)
	}
}
