package searcheval

import (
	"fmt"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// searcher ranks the catalog's tools for a query, best first.
type searcher struct {
	name string
	rank func(q string) ([]toolgen.Tool, error)
}

// ranks holds, for each query, the rank of its tool (1 is first), 0 when
// the search did not find it; and the first three tools found.
type ranks struct {
	rank []int
	top  [][]string
}

func searchers(t *testing.T, tools []toolgen.Tool) []searcher {
	box, err := toolgen.NewToolbox(tools)
	require.NoError(t, err)
	out := []searcher{{"toolgen (build-time index)", func(q string) ([]toolgen.Tool, error) {
		hits := box.Search(q, 0)
		found := make([]toolgen.Tool, len(hits))
		for i, h := range hits {
			found[i] = h.Tool
		}
		return found, nil
	}}}
	for _, v := range bleveVariants {
		x, err := newBleveIndex(v, tools)
		require.NoError(t, err)
		t.Cleanup(func() { _ = x.index.Close() })
		out = append(out, searcher{v.name, func(q string) ([]toolgen.Tool, error) { return x.search(q, len(tools)) }})
	}
	return out
}

func run(t *testing.T, s searcher, qs []labelled) ranks {
	var r ranks
	for _, q := range qs {
		found, err := s.rank(q.Query)
		require.NoError(t, err)
		rank := 0
		var top []string
		for i, tool := range found {
			if string(tool.Name) == q.Tool && rank == 0 {
				rank = i + 1
			}
			if i < 3 {
				top = append(top, string(tool.Name))
			}
		}
		r.rank = append(r.rank, rank)
		r.top = append(r.top, top)
	}
	return r
}

// metrics are recall at 1, 5 and 10 and the mean reciprocal rank (over
// the whole ranking; a tool not found counts 0) of the queries kept.
func metrics(r ranks, keep func(i int) bool) (r1, r5, r10, mrr float64, n int) {
	for i, rank := range r.rank {
		if !keep(i) {
			continue
		}
		n++
		if rank > 0 {
			mrr += 1 / float64(rank)
		}
		for _, c := range []struct {
			k int
			r *float64
		}{{1, &r1}, {5, &r5}, {10, &r10}} {
			if rank > 0 && rank <= c.k {
				*c.r++
			}
		}
	}
	f := float64(max(n, 1))
	return r1 / f, r5 / f, r10 / f, mrr / f, n
}

// TestSearchEvaluation prints recall and MRR of toolgen's search and of
// bleve's on every labelled query, overall and by kind, and the queries
// one finds in its first five and the other does not.
func TestSearchEvaluation(t *testing.T) {
	tools := catalogTools()
	qs := readQueries(t)
	all := searchers(t, tools)
	results := make([]ranks, len(all))
	for i, s := range all {
		results[i] = run(t, s, qs)
	}

	var out strings.Builder
	fmt.Fprintf(&out, "%d tools, %d queries\n\n", len(tools), len(qs))
	fmt.Fprintf(&out, "| search | R@1 | R@5 | R@10 | MRR | R@5 paraphrase | R@5 reworded | R@5 indirect |\n|---|---|---|---|---|---|---|---|\n")
	for i, s := range all {
		r1, r5, r10, mrr, _ := metrics(results[i], func(int) bool { return true })
		fmt.Fprintf(&out, "| %s | %.3f | %.3f | %.3f | %.3f |", s.name, r1, r5, r10, mrr)
		for _, kind := range []string{"paraphrase", "reworded", "indirect"} {
			_, k5, _, _, n := metrics(results[i], func(j int) bool { return qs[j].Kind == kind })
			fmt.Fprintf(&out, " %.3f (%d) |", k5, n)
		}
		out.WriteByte('\n')
	}
	for i := 1; i < len(all); i++ {
		writeDisagreements(&out, qs, all[0].name, results[0], all[i].name, results[i])
	}
	t.Log("\n" + out.String())

	// A guard against regressions, set below what was measured when the
	// search was written (0.732 for toolgen's recall at 5, 0.613 MRR).
	_, r5, _, mrr, _ := metrics(results[0], func(int) bool { return true })
	require.Greater(t, r5, 0.70, "toolgen's recall at 5")
	require.Greater(t, mrr, 0.58, "toolgen's MRR")
}

// writeDisagreements counts the queries whose tool one search has in its
// first five and the other has not, and lists those that b wins.
func writeDisagreements(out *strings.Builder, qs []labelled, a string, ra ranks, b string, rb ranks) {
	in5 := func(rank int) bool { return rank > 0 && rank <= 5 }
	var aWins, bWins []int
	for i := range qs {
		switch {
		case in5(ra.rank[i]) && !in5(rb.rank[i]):
			aWins = append(aWins, i)
		case in5(rb.rank[i]) && !in5(ra.rank[i]):
			bWins = append(bWins, i)
		}
	}
	fmt.Fprintf(out, "\n%s has the tool in its first 5 and %s not: %d queries; the other way: %d\n", a, b, len(aWins), len(bWins))
	if len(bWins) == 0 {
		return
	}
	fmt.Fprintf(out, "%s wins (query [kind] -> tool: toolgen's rank, its first 3; %s's rank):\n", b, b)
	for _, i := range bWins {
		fmt.Fprintf(out, "  %q [%s] -> %s: %d %v; %d\n", qs[i].Query, qs[i].Kind, qs[i].Tool, ra.rank[i], ra.top[i], rb.rank[i])
	}
}

// TestBleveScoresByBM25 checks that the baseline is BM25: bleve falls back
// to TF-IDF, silently, on an index without BM25 statistics.
func TestBleveScoresByBM25(t *testing.T) {
	x, err := newBleveIndex(bleveVariants[0], catalogTools()[:50])
	require.NoError(t, err)
	defer x.index.Close()
	q := bleve.NewMatchQuery("share a folder")
	q.SetField("text")
	req := bleve.NewSearchRequest(q)
	req.Explain = true
	res, err := x.index.Search(req)
	require.NoError(t, err)
	require.NotEmpty(t, res.Hits)
	require.Contains(t, res.Hits[0].Expl.String(), "saturation(term:", "the explanation of a BM25 score")
}
