package toolgen

// SearchTermsOf is a tool's entry in the search index, for the external
// tests of generated tools.
func SearchTermsOf(t Tool) string { return t.searchTerms }
