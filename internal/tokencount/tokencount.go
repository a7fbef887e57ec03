// Package tokencount counts the tokens of a text as OpenAI's o200k_base
// encoding splits it (GPT-4o and later models). It is the generator's
// (toolgen -catalog, the Tokens of generated tools, budgets): the runtime
// packages never import it, and a test keeps it so, since the encoding's
// vocabulary is 200,000 entries built into the binary.
//
// The counting is github.com/tiktoken-go/tokenizer's, a port of OpenAI's
// tiktoken: the vocabulary and the exact pre-tokenisation pattern are data
// and a specification we would otherwise copy. Only its codec package is
// imported, and only the o200k_base codec made, so that the linker leaves
// out the other encodings' vocabularies.
package tokencount

import (
	"sync"

	"github.com/tiktoken-go/tokenizer/codec"
)

// o200k is the one codec of the process, made on first use, so that a run
// that counts nothing (toolgen mcp, a package with mistakes) does not build
// its vocabulary: a map of 200,000 strings, about 40 ms of CPU and 17 MB,
// kept for the life of the process. Counting only reads the vocabulary and
// the pattern (a regexp2.Regexp, safe for concurrent use).
var o200k = sync.OnceValue(codec.NewO200kBase)

// Count returns the number of o200k_base tokens in text. The text of a
// special token, such as "<|endoftext|>", is counted as ordinary text.
func Count(text string) int {
	if text == "" {
		return 0
	}
	n, err := o200k().Count(text)
	if err != nil {
		// The codec fails only on invalid UTF-8 in its strict mode, which
		// is not set, or when its pattern times out, which has no limit.
		panic("toolgen bug: counting tokens: " + err.Error())
	}
	return n
}

// Counter counts texts that share many parts, such as the JSON
// definitions of a package's tools in three dialects, each distinct part
// once. Its zero value is ready; it is not safe for concurrent use.
type Counter struct {
	memo map[string]int
}

// Count returns Count(string(text)), counting each of text's parts only
// the first time the counter sees it. It takes bytes so that a caller can
// build its texts in one buffer: a part already counted is looked up
// without a copy.
//
// The parts are cut where o200k_base's pre-tokenisation always ends a
// piece whatever follows: between an ASCII letter and a double quote. A
// piece holding a letter ends with a letter (the pattern lets only an
// apostrophe contraction follow a letter), so the piece before the cut
// ends at it; the pattern looks behind nothing, so the piece after it
// starts there as it would in the whole text. Pieces are encoded one by
// one, so the parts' counts add up to the whole's; FuzzCounterAgrees
// checks it. In JSON, that cuts after every key and every string value
// that ends with a letter: "type", "string", "description" and most of a
// definition recur, from tool to tool and from dialect to dialect.
func (c *Counter) Count(text []byte) int {
	if c.memo == nil {
		c.memo = map[string]int{}
	}
	n, start := 0, 0
	for i := 1; i < len(text); i++ {
		if text[i] == '"' && isASCIILetter(text[i-1]) {
			n += c.part(text[start:i])
			start = i
		}
	}
	return n + c.part(text[start:])
}

func (c *Counter) part(b []byte) int {
	if n, ok := c.memo[string(b)]; ok { // no copy: the compiler sees the lookup
		return n
	}
	s := string(b)
	n := Count(s)
	c.memo[s] = n
	return n
}

func isASCIILetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }
