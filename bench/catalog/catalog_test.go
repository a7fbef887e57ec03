package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/bench/catalog/analytics"
	"github.com/toolgen-dev/toolgen/bench/catalog/calendar"
	"github.com/toolgen-dev/toolgen/bench/catalog/chat"
	"github.com/toolgen-dev/toolgen/bench/catalog/cloud"
	"github.com/toolgen-dev/toolgen/bench/catalog/crm"
	"github.com/toolgen-dev/toolgen/bench/catalog/database"
	"github.com/toolgen-dev/toolgen/bench/catalog/docs"
	"github.com/toolgen-dev/toolgen/bench/catalog/ecommerce"
	"github.com/toolgen-dev/toolgen/bench/catalog/email"
	"github.com/toolgen-dev/toolgen/bench/catalog/files"
	"github.com/toolgen-dev/toolgen/bench/catalog/hr"
	"github.com/toolgen-dev/toolgen/bench/catalog/issues"
	"github.com/toolgen-dev/toolgen/bench/catalog/payments"
	"github.com/toolgen-dev/toolgen/bench/catalog/travel"
)

// domains are the corpus's packages, by name.
var domains = map[string]func() []toolgen.Tool{
	"analytics": analytics.Tools,
	"calendar":  calendar.Tools,
	"chat":      chat.Tools,
	"cloud":     cloud.Tools,
	"crm":       crm.Tools,
	"database":  database.Tools,
	"docs":      docs.Tools,
	"ecommerce": ecommerce.Tools,
	"email":     email.Tools,
	"files":     files.Tools,
	"hr":        hr.Tools,
	"issues":    issues.Tools,
	"payments":  payments.Tools,
	"travel":    travel.Tools,
}

// query is one entry of queries.json.
type query struct {
	Query string `json:"query"`
	Tool  string `json:"tool"`
	Kind  string `json:"kind"`
}

var kinds = []string{"paraphrase", "reworded", "indirect"}

// toolDomains maps every tool's name to its package, failing on a name that
// two tools share (providers refuse duplicate names).
func toolDomains(t *testing.T) map[string]string {
	t.Helper()
	owner := map[string]string{}
	for domain, tools := range domains {
		list := tools()
		if len(list) < 35 || len(list) > 45 {
			t.Errorf("package %s has %d tools, want 35 to 45", domain, len(list))
		}
		for _, tool := range list {
			name := string(tool.Name)
			if other, dup := owner[name]; dup {
				t.Errorf("tool %s is in both %s and %s", name, other, domain)
			}
			owner[name] = domain
		}
	}
	if len(owner) < 520 {
		t.Errorf("the catalog has %d tools, want at least 520", len(owner))
	}
	return owner
}

func readQueries(t *testing.T) []query {
	t.Helper()
	data, err := os.ReadFile("queries.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var qs []query
	if err := dec.Decode(&qs); err != nil {
		t.Fatalf("queries.json: %v", err)
	}
	if dec.More() {
		t.Fatal("queries.json: data after the array")
	}
	return qs
}

// normalize folds case and spacing, so that near-identical queries count as
// duplicates.
func normalize(q string) string {
	return strings.Join(strings.Fields(strings.ToLower(q)), " ")
}

func TestQueries(t *testing.T) {
	owner := toolDomains(t)
	qs := readQueries(t)
	if len(qs) < 320 {
		t.Errorf("%d queries, want at least 320", len(qs))
	}
	seen := map[string]int{}
	covered := map[string]bool{}
	perKind := map[string]int{}
	perDomain := map[string]int{}
	for i, q := range qs {
		if q.Query == "" || q.Query != strings.TrimSpace(q.Query) {
			t.Errorf("query %d %q is empty or has surrounding space", i, q.Query)
		}
		if j, dup := seen[normalize(q.Query)]; dup {
			t.Errorf("query %d %q repeats query %d", i, q.Query, j)
		}
		seen[normalize(q.Query)] = i
		domain, ok := owner[q.Tool]
		if !ok {
			t.Errorf("query %d %q names %q, which no package of the catalog has", i, q.Query, q.Tool)
		}
		covered[q.Tool] = true
		perDomain[domain]++
		perKind[q.Kind]++
	}
	if len(covered) < 250 {
		t.Errorf("the queries cover %d distinct tools, want at least 250", len(covered))
	}
	for domain := range domains {
		if perDomain[domain] < 20 {
			t.Errorf("package %s has %d queries, want at least 20", domain, perDomain[domain])
		}
	}
	total := 0
	for _, kind := range kinds {
		// About a third each: a kind under a quarter skews the benchmark
		// toward easy or hard queries.
		if 4*perKind[kind] < len(qs) {
			t.Errorf("%d of %d queries are %s, want at least a quarter", perKind[kind], len(qs), kind)
		}
		total += perKind[kind]
	}
	if total != len(qs) {
		t.Errorf("%d queries have a kind other than %v", len(qs)-total, kinds)
	}
}
