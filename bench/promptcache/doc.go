// Package promptcache measures how much of an agent's input a provider's
// prompt cache serves over a long session, by the tool order the agent
// sends: toolgen's (the tools sent up front in their fixed order, then the
// deferred tools in the order they were loaded, never re-ordered) against
// naive orders that rebuild the list per turn.
//
// The session (session_test.go) is 40 requests of an agent with 12 tools
// sent up front and 200 deferred ones (the catalog's), that searches with
// search_tools every 8 turns and calls what it searched for. It runs
// through each provider's adapter against a fake of its API (package
// wirefake), and each request body is accounted as the provider documents
// its cache (cache_model_test.go): the prompt in the provider's order (prompt.go),
// matched exactly, byte for byte, against what earlier requests cached.
// The same session runs through Anthropic's adapter with the API's own
// tool search, whose deferred tools stay out of the cached prefix.
//
//	cd bench && TOOLGEN_PROMPTCACHE_TABLE=1 go test -run TestPromptCache -v ./promptcache
package promptcache
