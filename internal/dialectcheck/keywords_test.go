package dialectcheck

import (
	"slices"
	"testing"

	"github.com/toolgen-dev/toolgen/internal/keyword"
)

// providers are each dialect's lists: what the provider accepts, and the
// table's keywords it does not.
var providers = map[keyword.Dialect]struct {
	accepts []string
	refuses []keyword.Keyword
}{
	keyword.Strict: {strictKeys, strictRefuses},
	keyword.Gemini: {geminiKeys, geminiRefuses},
}

// Every keyword of the table is classified for each provider, once: a
// keyword added to the table fails here until this package says, from the
// provider's documentation, whether the provider accepts it.
func TestEveryKeywordClassified(t *testing.T) {
	for d, p := range providers {
		for k := range keyword.Keyword(keyword.Count) {
			accepted, refused := slices.Contains(p.accepts, k.Name()), slices.Contains(p.refuses, k)
			if accepted == refused {
				t.Errorf("%s: %s is accepted %v and refused %v: say which, once", d, k, accepted, refused)
			}
		}
	}
}

// What the table says a dialect keeps of a keyword, the provider accepts:
// the table checked against the providers' own lists.
func TestTableKeepsOnlyWhatProvidersAccept(t *testing.T) {
	for d, p := range providers {
		for k := range keyword.Keyword(keyword.Count) {
			switch k.In(d) {
			case keyword.Kept, keyword.KeptIfSupported:
				if !slices.Contains(p.accepts, k.Name()) {
					t.Errorf("%s keeps %s, which the provider does not accept", d, k)
				}
			}
		}
	}
}
