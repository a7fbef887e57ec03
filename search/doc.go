// Package search gives agents a web_search tool backed by Tavily
// (https://tavily.com, an API key) or by a self-hosted SearXNG
// (https://docs.searxng.org, no key):
//
//	c, err := search.NewTavily(search.WithMaxResults(5)) // key from TAVILY_API_KEY
//	// or: c, err := search.NewSearXNG("http://127.0.0.1:8888")
//	defer c.Close()
//	a, err := agent.New(model, agent.WithTools(c.Tools()))
//
// CommonTools gives the same tool as webSearch (ToolCommonWebSearch), the
// name the AI SDK harness's adapters use, to go with package builtin's
// tools under builtin.CommonNames.
//
// The model chooses only the query; everything else (result count, depth,
// topic, domains, time range) is set on the Client by options, so it costs
// no tokens and the model cannot widen it. The tool answers with readable
// text (a numbered list of title, URL and snippet) and with the same results
// as structured content ({"query": ..., "results": [...]}).
//
// # Limits
//
//   - results per search: 5 (1 to 20); WithMaxResults
//   - one attempt: 20 s; WithTimeout
//   - attempts per search: 4, the first included; WithRetry
//   - wait before the second attempt: 500 ms, doubled for each next one; each
//     wait is between half and all of it (jitter); WithRetry
//   - one search, waits included: 60 s; WithRetry
//   - shortest wait a Retry-After can ask for: 100 ms (search.MinRetryAfter):
//     "Retry-After: 0" or a past date waits that long; fixed
//   - response body: 8 MiB (search.MaxResponseSize): a larger successful
//     response is an error, "the response is larger than the 8 MiB limit", not
//     retried; fixed
//
// # Examples
//
// examples/research is an agent with web_search and the read-only file tools.
// Offline, with a scripted model and a fake Tavily on 127.0.0.1:
//
//	go run ./examples/research
//
// Against Tavily for real, or a SearXNG instance whose settings.yml lists json
// in search.formats (the model is still scripted):
//
//	TAVILY_API_KEY=tvly-... go run ./examples/research -live -q "Go 1.26 release notes"
//	go run ./examples/research -live -searxng http://127.0.0.1:8888 -q "Go 1.26 release notes"
//
// # Where things live
//
//   - client.go: Client, its options, NewTavily, NewSearXNG, Search, Close.
//   - tavily.go, searxng.go: each backend's request and response (the wire
//     formats, with links to their documentation).
//   - retry.go: sending a request with retries, and ProviderError.
//   - tool.go: the web_search tool and webSearch, the same under its common
//     name (annotated methods; tools_gen.go is generated from them by
//     toolgen).
//
// Retries: a request that gets HTTP 429, a 5xx or a connection error
// (timeouts included) is sent again after an exponential backoff with jitter,
// or after the server's Retry-After (at least MinRetryAfter), bounded in
// attempts and in total time (WithRetry), and abandoned at once when ctx is
// done. A response body is read up to MaxResponseSize; a larger successful
// response is a *ProviderError saying so. After the last attempt
// Search returns a *ProviderError with the status and an excerpt of the body;
// the tool shows the model its message. This is a small internal loop rather
// than github.com/hashicorp/go-retryablehttp or
// github.com/cenkalti/backoff/v5: what is needed — Retry-After, ctx, a bound
// on total time that also refuses a Retry-After past it, and a typed error
// counting attempts with a body excerpt — is about ninety lines here, while
// either library would need adapting for most of it (an ErrorHandler and a
// custom CheckRetry/Backoff for the first, RetryAfterError/Permanent wrapping
// and a separate error type for the second) and adds a dependency to every
// user of the module.
package search
