package mcp

import (
	"context"
	"fmt"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// Caching hints (SEP-2549): at protocol revision 2026-07-28 the lists
// (tools, prompts, resources, resource templates), server/discover and
// resources/read results say how long a client may keep them (ttlMs) and
// whether a shared cache may serve them to other users (cacheScope).

// DefaultListCache is the caching hint of the server's lists unless
// WithCacheHints says otherwise: public, fresh for a minute. A server's
// lists are the same for every user and change only when the server does.
var DefaultListCache = toolgen.CacheHint{TTL: time.Minute, Public: true}

// DefaultReadCache is the caching hint of a resource read unless the
// resource's own (toolgen.Resource.Cache) or WithCacheHints says
// otherwise: private and stale at once, since what a resource holds may
// depend on the user and change at any time.
var DefaultReadCache = toolgen.CacheHint{}

// WithCacheHints sets the caching hints (SEP-2549) the server gives at
// protocol revision 2026-07-28: lists for tools/list, prompts/list,
// resources/list, resources/templates/list and server/discover, reads for
// resources/read of a resource without a hint of its own
// (toolgen.Resource.Cache, set by //toolgen:resource's cache= and ttl=).
// Without it, DefaultListCache and DefaultReadCache. A negative TTL, or
// one that is not a whole number of milliseconds, is an error.
func WithCacheHints(lists, reads toolgen.CacheHint) ServerOption {
	return func(c *serverConfig) error {
		for _, h := range []toolgen.CacheHint{lists, reads} {
			if err := checkCacheHint(h); err != nil {
				return fmt.Errorf("mcp.WithCacheHints: %w", err)
			}
		}
		c.listCache, c.readCache = &lists, &reads
		return nil
	}
}

func checkCacheHint(h toolgen.CacheHint) error {
	if h.TTL < 0 || h.TTL%time.Millisecond != 0 {
		return fmt.Errorf("TTL %v: must be a whole, non-negative number of milliseconds", h.TTL)
	}
	return nil
}

// cacheable is h as MCP writes it.
func cacheable(h toolgen.CacheHint) sdkmcp.Cacheable {
	scope := "private"
	if h.Public {
		scope = "public"
	}
	return sdkmcp.Cacheable{TTLMs: int(h.TTL / time.Millisecond), CacheScope: scope}
}

// setCacheable is go-sdk's ServerOptions.SetCacheable for the hints of
// cfg: a read keeps what its resource's handler set (see resourceHandler);
// everything else gets the list hint. next, the SetCacheable of
// WithSDKOptions if any, has the last word.
func setCacheable(cfg *serverConfig) func(context.Context, sdkmcp.Request, *sdkmcp.Cacheable) {
	lists, reads := DefaultListCache, DefaultReadCache
	if cfg.listCache != nil {
		lists, reads = *cfg.listCache, *cfg.readCache
	}
	next := cfg.sdk.SetCacheable
	return func(ctx context.Context, req sdkmcp.Request, c *sdkmcp.Cacheable) {
		switch {
		case !isReadRequest(req):
			*c = cacheable(lists)
		case c.CacheScope == "": // the resource has no hint of its own
			*c = cacheable(reads)
		}
		if next != nil {
			next(ctx, req, c)
		}
	}
}

func isReadRequest(req sdkmcp.Request) bool {
	_, ok := req.(*sdkmcp.ReadResourceRequest)
	return ok
}
