// Package untrusted tests results with text from outside: fields marked
// untrusted and a string result with the untrusted option arrive fenced.
package untrusted

//go:generate go tool toolgen

// Page is a fetched page.
type Page struct {
	// URL is where it was fetched from.
	URL string `json:"url"`
	// Title is the page's title, when it has one.
	Title *string `json:"title,omitempty" toolgen:"untrusted"`
	// Body is the page's text.
	Body string `json:"body" toolgen:"untrusted"`
}

// FetchPage returns a page whose title and body are the text given.
//
//toolgen:tool
func FetchPage(text string) (Page, error) {
	return Page{URL: "https://example.com/", Title: &text, Body: text}, nil
}

// Echo returns the text given, as a remote service would.
//
//toolgen:tool untrusted
func Echo(text string) (string, error) { return text, nil }
