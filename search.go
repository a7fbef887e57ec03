package toolgen

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// SearchHit is a tool that a search found, and how well it matched.
type SearchHit struct {
	Tool Tool
	// Score is the tool's BM25 score for the query: higher is better,
	// always positive. Scores compare within one search, not across
	// searches or toolboxes.
	Score float64
}

// BM25's parameters, at their usual values (Lucene's, Elasticsearch's):
// k1 saturates a term's frequency, b normalizes by a tool's length.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// Search finds the tools that best match a query written in words ("send
// an email to the team", "create_issue"): at most limit of them (all that
// match when limit <= 0), best first, ties in name order. A tool matches
// when it has one of the query's terms; the query is analyzed as the
// tools are (words, identifiers split at underscores and camelCase, stop
// words dropped, a light stemmer), and tools are ranked by BM25 (k1 1.2,
// b 0.75) over the terms of their names, namespaces, descriptions, and
// parameters' names, descriptions and enum values, weighted by field (a
// name's words count three times a description's). A query with no terms
// finds nothing.
//
// A generated tool's terms were found by toolgen at build time (generated
// code hands them over with its tools); the statistics BM25 needs across tools, how many have
// each term and their average length, are those of every tool in the
// toolbox, whichever package it came from, counted as the search goes.
// Search builds no index: it reads each tool's terms for the query's terms
// only. It is safe for concurrent use.
func (b *Toolbox) Search(query string, limit int) []SearchHit {
	return b.search("", query, limit)
}

// SearchNamespace is Search among the tools of one namespace
// (Tool.Namespace). The statistics are still the whole toolbox's, so a
// tool scores the same in both.
func (b *Toolbox) SearchNamespace(namespace, query string, limit int) []SearchHit {
	return b.search(namespace, query, limit)
}

// searchIndex is what a Toolbox keeps for Search beyond its tools.
type searchIndex struct {
	// entries holds the entries made at NewToolbox of the tools that had
	// none (or one of another layout version), "" for the others, whose
	// searchTerms is their entry; nil when no tool was analyzed.
	entries []string
	// totalLen is the sum of the tools' lengths, for the average.
	totalLen int
}

// Package toolimpl sets the entries generated code hands it through this.
func init() {
	textindex.SetToolEntry = func(t *Tool, entry string) { t.searchTerms = entry }
}

func newSearchIndex(tools []Tool) searchIndex {
	var x searchIndex
	for i, t := range tools {
		e, ok := textindex.Parse(t.searchTerms)
		if !ok {
			if x.entries == nil {
				x.entries = make([]string, len(tools))
			}
			x.entries[i] = textindex.Tool(string(t.Name), t.Namespace, t.Description, t.InputSchema)
			e, _ = textindex.Parse(x.entries[i])
		}
		x.totalLen += e.Len
	}
	return x
}

func (b *Toolbox) entry(i int) textindex.Entry {
	s := b.tools[i].searchTerms
	if b.index.entries != nil && b.index.entries[i] != "" {
		s = b.index.entries[i]
	}
	e, _ := textindex.Parse(s) // checked by newSearchIndex
	return e
}

// match is a tool that has one or more of the query's terms.
type match struct {
	tool  int
	score float64
}

// searchScratch is the memory of one search, kept in a pool, so that a
// search allocates only its query's terms (when stemming changes a word)
// and its result, however many tools there are.
type searchScratch struct {
	words   []string // the query's terms, as AppendTerms makes them
	terms   []textindex.Term
	df      []int
	idf     []float64
	tfs     []int // len(terms) a matched tool
	matched []int
	best    []match
}

var scratchPool = sync.Pool{New: func() any { return new(searchScratch) }}

func (b *Toolbox) search(namespace, query string, limit int) []SearchHit {
	sc := scratchPool.Get().(*searchScratch)
	defer func() {
		clear(sc.words) // the query's strings
		clear(sc.terms)
		scratchPool.Put(sc)
	}()
	sc.words = queryTerms(sc.words[:0], query)
	sc.terms = sc.terms[:0]
	for _, w := range sc.words {
		sc.terms = append(sc.terms, textindex.NewTerm(w))
	}
	if len(sc.terms) == 0 || len(b.tools) == 0 {
		return nil
	}
	b.match(sc, namespace)
	if len(sc.matched) == 0 {
		return nil
	}
	b.rank(sc, limit)
	hits := make([]SearchHit, len(sc.best))
	for k, m := range sc.best {
		hits[k] = SearchHit{Tool: b.tools[m.tool], Score: m.score}
	}
	return hits
}

// match finds each tool that has one or more of the query's terms, and
// its weights of them, in one pass over every tool (of the namespace, when
// one is given), counting how many tools of all have each term.
func (b *Toolbox) match(sc *searchScratch, namespace string) {
	terms := sc.terms
	sc.df = slices.Grow(sc.df[:0], len(terms))[:len(terms)]
	clear(sc.df)
	sc.tfs, sc.matched = sc.tfs[:0], sc.matched[:0]
	for i := range b.tools {
		e := b.entry(i)
		n := len(sc.tfs)
		hit := false
		for j, term := range terms {
			w := e.Weight(term)
			sc.tfs = append(sc.tfs, w)
			if w > 0 {
				sc.df[j]++
				hit = true
			}
		}
		if !hit || namespace != "" && b.tools[i].Namespace != namespace {
			sc.tfs = sc.tfs[:n]
			continue
		}
		sc.matched = append(sc.matched, i)
	}
}

// rank scores the matched tools and keeps the best limit of them, sorted.
func (b *Toolbox) rank(sc *searchScratch, limit int) {
	nTerms, nTools := len(sc.terms), float64(len(b.tools))
	sc.idf = slices.Grow(sc.idf[:0], nTerms)[:nTerms]
	for j, n := range sc.df {
		sc.idf[j] = math.Log(1 + (nTools-float64(n)+0.5)/(float64(n)+0.5))
	}
	avgLen := max(float64(b.index.totalLen)/nTools, 1)
	all := limit <= 0 || limit >= len(sc.matched)
	sc.best = sc.best[:0]
	for k, i := range sc.matched {
		m := match{tool: i, score: bm25(sc.tfs[k*nTerms:(k+1)*nTerms], sc.idf, float64(b.entry(i).Len)/avgLen)}
		if all {
			sc.best = append(sc.best, m)
		} else {
			sc.best = b.keep(sc.best, m, limit)
		}
	}
	if all {
		slices.SortFunc(sc.best, b.compare)
	}
}

// queryTerms appends the distinct terms of a query to dst, sorted.
func queryTerms(dst []string, query string) []string {
	terms := textindex.AppendTerms(dst, query)
	slices.Sort(terms)
	return slices.Compact(terms)
}

// bm25 is a tool's score from its weights of the query's terms, their
// idfs, and its length relative to the average.
func bm25(tfs []int, idf []float64, relLen float64) float64 {
	norm := bm25K1 * (1 - bm25B + bm25B*relLen)
	score := 0.0
	for j, tf := range tfs {
		if tf > 0 {
			score += idf[j] * float64(tf) * (bm25K1 + 1) / (float64(tf) + norm)
		}
	}
	return score
}

// keep puts m into best, which is sorted best first and holds at most
// limit matches: a search for the top few keeps no more than those.
func (b *Toolbox) keep(best []match, m match, limit int) []match {
	if len(best) == limit && b.compare(m, best[len(best)-1]) > 0 {
		return best
	}
	at, _ := slices.BinarySearchFunc(best, m, b.compare)
	if len(best) == limit {
		best = best[:len(best)-1]
	}
	return slices.Insert(best, at, m)
}

// compare orders matches best first: higher score, then name (names are
// unique in a toolbox, so the order is total).
func (b *Toolbox) compare(x, y match) int {
	if x.score != y.score {
		if x.score > y.score {
			return -1
		}
		return 1
	}
	return strings.Compare(string(b.tools[x.tool].Name), string(b.tools[y.tool].Name))
}
