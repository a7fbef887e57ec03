package mcp

import "time"

// FastServed is how many requests srv's fast path has answered.
func FastServed(srv *Server) int64 { return srv.fast.Load() }

// WithOAuthClock sets the clock the OAuth handler reads to tell whether an
// access token expired.
func WithOAuthClock(now func() time.Time) ClientOption {
	return func(o *clientOptions) error { o.oauthNow = now; return nil }
}

// SetStateClock sets the clock srv's request states are issued and checked
// by.
func SetStateClock(srv *Server, now func() time.Time) { srv.states.now = now }
