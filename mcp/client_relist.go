package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A re-list that must reach the server. From protocol 2026-07-28 on,
// go-sdk's ClientSession keeps each tools/list result for the ttlMs the
// server gave (SEP-2549; a minute by default for a toolgen server), and
// forgets it only on notifications/tools/list_changed. When the client
// learns otherwise that its list is stale (the server refused a call's
// Mcp-Param-* headers: HeaderMismatch), listing on the same session would
// return the stale schemas, and the pins would be judged on them. go-sdk
// has no way to skip or clear that cache, so the re-list is made on a new
// session, which replaces the client's: at 2026-07-28 a session is only
// the client's (the server keeps none), and making one costs a
// server/discover. The old session is closed once no operation holds it
// (acquire): go-sdk's Close already waits for the calls in flight, and
// holding covers an operation that makes several requests on one session
// (a pin check's tools/list, then the call; a task's polls).
//
// A server process of a Command is not started again for that: over stdio
// the re-list may be answered from the cache until the server says the
// list changed or its ttlMs passes.

// relistUncached makes the next listing of the tools reach the server.
func (c *Client) relistUncached() {
	c.connMu.Lock()
	c.uncached = true
	c.connMu.Unlock()
	c.toolsChanged()
}

// renewForList replaces the client's session by a new one when a re-list
// must reach the server and the session may answer it from go-sdk's cache
// (it listed the tools before, at 2026-07-28 or later).
func (c *Client) renewForList(ctx context.Context) error {
	c.connMu.Lock()
	defer c.connMu.Unlock()
	old := c.session
	if !c.uncached || c.closed || old == nil {
		return nil
	}
	if !c.transport.http || !cachesLists(old) || c.listedOn != old {
		c.uncached = false
		return nil
	}
	session, _, err := c.dial(ctx)
	if err != nil {
		return err // uncached stays: the next listing tries again
	}
	c.noteEra(session)
	c.session, c.uncached = session, false
	c.retire(old)
	return nil
}

// listedTools records that session listed the tools: go-sdk may have
// kept the list on it.
func (c *Client) listedTools(session *sdk.ClientSession) {
	c.connMu.Lock()
	c.listedOn = session
	c.connMu.Unlock()
}

// cachesLists reports whether go-sdk keeps list results on session: it
// speaks 2026-07-28 or later.
func cachesLists(session *sdk.ClientSession) bool {
	r := session.InitializeResult()
	return r != nil && r.ProtocolVersion >= perRequestMetaVersion
}

// acquire is the client's session, connecting first if needed, held for a
// request until release: a session replaced meanwhile is closed only once
// no request holds it.
func (c *Client) acquire(ctx context.Context) (session *sdk.ClientSession, release func(), err error) {
	session, err = c.conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	c.connMu.Lock()
	defer c.connMu.Unlock()
	if c.inUse == nil {
		c.inUse = map[*sdk.ClientSession]int{}
	}
	c.inUse[session]++
	return session, func() { c.release(session) }, nil
}

func (c *Client) release(session *sdk.ClientSession) {
	c.connMu.Lock()
	defer c.connMu.Unlock()
	c.inUse[session]--
	if c.inUse[session] > 0 {
		return
	}
	delete(c.inUse, session)
	if c.retired[session] {
		delete(c.retired, session)
		c.closeLater(session)
	}
}

// retire closes session, replaced, once no request holds it. Called with
// connMu held.
func (c *Client) retire(session *sdk.ClientSession) {
	if c.inUse[session] == 0 {
		c.closeLater(session)
		return
	}
	if c.retired == nil {
		c.retired = map[*sdk.ClientSession]bool{}
	}
	c.retired[session] = true
}

// closeLater closes session in the background (Close waits for it).
// Called with connMu held.
func (c *Client) closeLater(session *sdk.ClientSession) {
	c.dropped.Go(func() { _ = session.Close() })
}

// closeRetired closes the retired sessions, whatever holds them: the
// client is closing. Called with connMu held.
func (c *Client) closeRetired() {
	for session := range c.retired {
		c.closeLater(session)
	}
	clear(c.retired)
}
