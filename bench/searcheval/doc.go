// Package searcheval measures toolgen's tool search (toolgen.Toolbox.Search,
// over the entries the generator writes at build time) on the catalog of
// package catalog: 567 tools in 14 packages and 645 labelled queries. It
// compares it with a BM25 index that bleve (github.com/blevesearch/bleve/v2,
// in memory, its BM25 scoring model, English analyzer) builds at run time
// over the same text of each tool: its name, description, and its input
// schema's property names, descriptions and enum values.
//
// The evaluation prints its table (recall@1, @5 and @10 and MRR, overall
// and by kind of query), and the queries on which one search finds the
// tool in its first five and the other does not:
//
//	cd bench && go test ./searcheval -run TestSearchEvaluation -v
//
// The latency of one query, and the index's bytes per tool, at 100, 500
// and 1,000 tools (the catalog's first 100 and 500, then the catalog and
// 433 renamed copies of its tools):
//
//	cd bench && go test ./searcheval -run '^$' -bench . -benchmem -count 6
//
// Nothing in toolgen's analyzer or weights was tuned on these queries: the
// weights were set before the catalog existed, and the numbers are those of
// every query.
package searcheval
