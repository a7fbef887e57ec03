package toolgen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// syntheticCatalog makes n tools of the shape a SaaS catalog has
// (service_verb_object, a description of two sentences, three or four
// parameters, an enum), each with the entry toolgen would generate. The
// evaluation of the search on a hand-written catalog of 567 tools, beside
// bleve, is bench/searcheval; this one is for timing at any size without
// leaving the module.
func syntheticCatalog(n int) []Tool {
	services := strings.Fields("github gitlab slack gmail outlook calendar drive dropbox jira linear notion stripe shopify salesforce hubspot zendesk twilio spotify maps postgres s3 kubernetes docker datadog sentry")
	verbs := strings.Fields("create list get update delete search archive export import share move copy close reopen assign tag")
	objects := strings.Fields("issue message channel file folder event invoice customer order ticket page database table row bucket pod deployment metric alert playlist track contact lead deal user team comment label branch commit release repository document meeting payment refund subscription product webhook log")
	tools := make([]Tool, 0, n)
	for i := 0; len(tools) < n; i++ {
		service, verb := services[i%len(services)], verbs[i/len(services)%len(verbs)]
		object := objects[(i*7+i/len(services)*3)%len(objects)]
		name := fmt.Sprintf("%s_%s_%s", service, verb, object)
		if i >= len(services)*len(verbs)*len(objects) {
			name = fmt.Sprintf("%s_%d", name, i)
		}
		t := Tool{
			Name:      ToolName(name),
			Namespace: service,
			Description: fmt.Sprintf("%s a %s in %s. Use it when the user asks to %s %ss; it returns the %s's id, name and status, and a link to open it in %s.",
				strings.ToUpper(verb[:1])+verb[1:]+"s", object, service, verb, object, object, service),
			InputSchema: fmt.Appendf(nil, `{"type":"object","properties":{"%s_id":{"type":"string","description":"the %s's id, as %s shows it"},"query":{"type":"string","description":"words to match in the %s's name or text"},"limit":{"type":"integer","description":"how many %ss to return, at most 100"},"status":{"type":"string","enum":["open","closed","archived"]}}}`,
				object, object, service, object, object),
			Call: echoTool("").Call,
		}
		t.searchTerms = textindex.Tool(string(t.Name), t.Namespace, t.Description, t.InputSchema)
		tools = append(tools, t)
	}
	return tools
}

var benchQueries = []string{
	"create a new jira ticket for the login bug",
	"list open pull requests on github",
	"send a slack message to the team channel",
	"find invoices from last month in stripe",
	"delete the old deployment",
	"share the quarterly report document",
	"who is assigned to this issue",
	"archive closed tickets",
	"export customers to csv",
	"restart the kubernetes pod",
	"search emails about the meeting",
	"tag the release commit",
}

// BenchmarkSearch times one query (a round of the dozen above, each of 3
// to 6 terms) on catalogs of 100, 500 and 1,000 tools, and reports the
// index's bytes per tool (the length of its entry).
func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{100, 500, 1000} {
		box, err := NewToolbox(syntheticCatalog(n))
		if err != nil {
			b.Fatal(err)
		}
		bytes := 0
		for _, t := range box.Tools() {
			bytes += len(t.searchTerms)
		}
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				box.Search(benchQueries[i%len(benchQueries)], 5)
				i++
			}
			b.ReportMetric(float64(bytes)/float64(n), "index-B/tool")
		})
	}
}

// BenchmarkNewToolbox is what a toolbox of 1,000 generated tools costs to
// make (the lengths' sum is all Search needs of them), and of 1,000 tools
// without entries, which it analyzes.
func BenchmarkNewToolbox(b *testing.B) {
	generated := syntheticCatalog(1000)
	handWritten := make([]Tool, len(generated))
	for i, t := range generated {
		t.searchTerms = ""
		handWritten[i] = t
	}
	for _, c := range []struct {
		name  string
		tools []Tool
	}{{"generated", generated}, {"hand-written", handWritten}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewToolbox(c.tools); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
