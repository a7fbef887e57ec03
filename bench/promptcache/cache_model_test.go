package promptcache

import (
	"crypto/sha256"

	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// usage is what a request's prompt cost: its input tokens, and how many of
// them the cache served.
type usage struct {
	input, cached int
}

// A cache is one provider's prompt cache over the requests of a session,
// sent one after the other within the cache's lifetime: serve accounts a
// request's prompt and keeps what the provider would keep of it.
type cache interface {
	serve(blocks []block) usage
}

// Anthropic's rules (prompt caching, "How it works"): a request caches the
// prefix that ends at each of its breakpoints (cache_control), and reads
// the longest prefix that an earlier request cached, found by looking back
// from each of its breakpoints over at most 20 block boundaries. A prefix
// shorter than the model's minimum (1024 tokens: Sonnet, Opus) is not
// cached. Prefixes match exactly, tools then system then messages.
const (
	anthropicMinTokens = 1024
	anthropicLookback  = 20
)

type anthropicCache struct {
	counter *tokencount.Counter
	written map[[sha256.Size]byte]bool
}

func newAnthropicCache(c *tokencount.Counter) cache {
	return &anthropicCache{counter: c, written: map[[sha256.Size]byte]bool{}}
}

func (c *anthropicCache) serve(blocks []block) usage {
	hashes, ends := prefixes(c.counter, blocks)
	read := 0
	for i, b := range blocks {
		if !b.breakpoint {
			continue
		}
		for j := i; j >= 0 && j >= i-anthropicLookback; j-- {
			if c.written[hashes[j]] {
				read = max(read, ends[j])
				break
			}
		}
	}
	for i, b := range blocks {
		if b.breakpoint && ends[i] >= anthropicMinTokens {
			c.written[hashes[i]] = true
		}
	}
	return usage{input: last(ends), cached: read}
}

// prefixes are, for each block, a hash of the prompt through it (equal
// exactly when the prefixes are) and its count of tokens.
func prefixes(counter *tokencount.Counter, blocks []block) ([][sha256.Size]byte, []int) {
	hashes, ends := make([][sha256.Size]byte, len(blocks)), make([]int, len(blocks))
	var h [sha256.Size]byte
	n := 0
	for i, b := range blocks {
		h = sha256.Sum256(append(h[:], b.text...))
		n += counter.Count(b.text)
		hashes[i], ends[i] = h, n
	}
	return hashes, ends
}

func last(ends []int) int {
	if len(ends) == 0 {
		return 0
	}
	return ends[len(ends)-1]
}

// A prefixCache caches automatically the longest prefix a request shares
// with an earlier one, once the prompt is at least min tokens long, in
// steps of step tokens past min. OpenAI (prompt caching guide): exact
// prefix matches from 1024 tokens, hits in increments of 128. Gemini
// (implicit caching): from 2048 tokens on Gemini 2.5 models, no
// increments stated; its hits are best effort, which the model leaves out
// (an upper bound).
type prefixCache struct {
	counter   *tokencount.Counter
	min, step int
	earlier   [][]block
}

const (
	openAIMinTokens = 1024
	geminiMinTokens = 2048
)

func newOpenAICache(c *tokencount.Counter) cache {
	return &prefixCache{counter: c, min: openAIMinTokens, step: 128}
}

func newGeminiCache(c *tokencount.Counter) cache {
	return &prefixCache{counter: c, min: geminiMinTokens, step: 1}
}

func (c *prefixCache) serve(blocks []block) usage {
	_, ends := prefixes(c.counter, blocks)
	shared := 0
	for _, e := range c.earlier {
		shared = max(shared, c.common(e, blocks))
	}
	c.earlier = append(c.earlier, blocks)
	u := usage{input: last(ends)}
	if u.input >= c.min && shared >= c.min {
		u.cached = shared - (shared-c.min)%c.step
	}
	return u
}

// common counts the tokens two prompts start with: their equal blocks,
// and the bytes the first unequal ones start with.
func (c *prefixCache) common(a, b []block) int {
	n := 0
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := a[i].text, b[i].text
		if string(x) == string(y) {
			n += c.counter.Count(x)
			continue
		}
		k := 0
		for k < len(x) && k < len(y) && x[k] == y[k] {
			k++
		}
		return n + c.counter.Count(x[:k])
	}
	return n
}
