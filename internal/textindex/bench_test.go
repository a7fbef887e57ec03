package textindex

import (
	"testing"
)

// BenchmarkWeight looks up five terms, two present and three absent, in
// an entry of 25 terms (a typical generated tool's).
func BenchmarkWeight(b *testing.B) {
	e, ok := Parse(Tool("github_list_pull_requests", "github",
		"Lists the pull requests of a repository, open or merged; it returns each one's number, title, author and state.",
		[]byte(`{"properties":{"repo":{"description":"owner/name"},"state":{"enum":["open","closed","merged"]},"limit":{"description":"how many pull requests, at most 100"}}}`)))
	if !ok {
		b.Fatal("no entry")
	}
	var terms []Term
	for _, t := range []string{"list", "pull", "creat", "jira", "ticket"} {
		terms = append(terms, NewTerm(t))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range terms {
			e.Weight(t)
		}
	}
}
