package searcheval

import (
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/toolgen-dev/toolgen"
)

// bleveVariant is one way of indexing the tools with bleve.
type bleveVariant struct {
	name string
	// split: identifiers (snake_case, camelCase) are split into words in
	// the documents and the queries, as toolgen's analyzer splits them;
	// bleve's tokenizer keeps get_weather whole.
	split bool
	// weighted: a document has a field per kind of text, and the query
	// boosts each field by toolgen's weight of it (name 3, namespace and
	// parameter names 2, the rest 1); otherwise one field holds it all.
	weighted bool
}

var bleveVariants = []bleveVariant{
	{name: "bleve"},
	{name: "bleve, identifiers split", split: true},
	{name: "bleve, split, fields weighted", split: true, weighted: true},
}

// fieldBoosts are toolgen's field weights (internal/textindex).
var fieldBoosts = []struct {
	field string
	boost float64
}{{"name", 3}, {"namespace", 2}, {"description", 1}, {"param_names", 2}, {"param_text", 1}}

// bleveIndex is an in-memory bleve index of tools.
type bleveIndex struct {
	v     bleveVariant
	index bleve.Index
	tools map[string]toolgen.Tool
}

// newBleveIndex indexes tools in memory (scorch with no path: the
// upsidedown index of bleve.NewMemOnly has no BM25 statistics, and bleve
// then scores by TF-IDF), with the BM25 scoring model and the English
// analyzer (Unicode words, possessives, lower case, stop words, Porter).
func newBleveIndex(v bleveVariant, tools []toolgen.Tool) (*bleveIndex, error) {
	m := bleve.NewIndexMapping()
	m.ScoringModel = index.BM25Scoring
	m.DefaultAnalyzer = en.AnalyzerName
	doc := bleve.NewDocumentStaticMapping()
	for _, f := range fieldBoosts {
		doc.AddFieldMappingsAt(f.field, textField())
	}
	doc.AddFieldMappingsAt("text", textField())
	m.DefaultMapping = doc
	i, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, err
	}
	x := &bleveIndex{v: v, index: i, tools: make(map[string]toolgen.Tool, len(tools))}
	batch := i.NewBatch()
	for _, t := range tools {
		x.tools[string(t.Name)] = t
		if err := batch.Index(string(t.Name), v.document(fieldsOf(t))); err != nil {
			return nil, err
		}
	}
	return x, i.Batch(batch)
}

func textField() *mapping.FieldMapping {
	f := bleve.NewTextFieldMapping()
	f.Analyzer = en.AnalyzerName
	f.Store, f.IncludeInAll, f.IncludeTermVectors, f.DocValues = false, false, false, false
	return f
}

func (v bleveVariant) document(f toolFields) map[string]any {
	if v.split {
		f = toolFields{
			Name: splitIdentifiers(f.Name), Namespace: splitIdentifiers(f.Namespace),
			Description: splitIdentifiers(f.Description), ParamNames: splitIdentifiers(f.ParamNames),
			ParamText: splitIdentifiers(f.ParamText),
		}
	}
	if !v.weighted {
		return map[string]any{"text": f.all()}
	}
	return map[string]any{
		"name": f.Name, "namespace": f.Namespace, "description": f.Description,
		"param_names": f.ParamNames, "param_text": f.ParamText,
	}
}

// search returns the tools bleve ranks for q, best first, at most limit.
func (x *bleveIndex) search(q string, limit int) ([]toolgen.Tool, error) {
	if x.v.split {
		q = splitIdentifiers(q)
	}
	var bq query.Query
	if x.v.weighted {
		var fields []query.Query
		for _, f := range fieldBoosts {
			m := bleve.NewMatchQuery(q)
			m.SetField(f.field)
			m.SetBoost(f.boost)
			fields = append(fields, m)
		}
		bq = bleve.NewDisjunctionQuery(fields...)
	} else {
		m := bleve.NewMatchQuery(q)
		m.SetField("text")
		bq = m
	}
	req := bleve.NewSearchRequestOptions(bq, limit, 0, false)
	req.SortBy([]string{"-_score", "_id"}) // ties in name order, as toolgen's; by default they come in the order the index happens to hold
	res, err := x.index.Search(req)
	if err != nil {
		return nil, err
	}
	out := make([]toolgen.Tool, len(res.Hits))
	for i, h := range res.Hits {
		out[i] = x.tools[h.ID]
	}
	return out, nil
}

// splitIdentifiers writes snake_case and camelCase identifiers as words:
// get_weather and getWeather become "get weather".
func splitIdentifiers(s string) string {
	var b strings.Builder
	var prev rune
	for _, r := range s {
		switch {
		case r == '_':
			r = ' '
		case unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)):
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}
