// Package untrusted holds results with text from outside: string fields
// marked untrusted, and a tool whose string result is (the untrusted
// option), written fenced as data the model must not follow.
package untrusted

// Name is a sender's name.
type Name string

// Page is a fetched web page.
type Page struct {
	// URL is where it was fetched from: the tool's own, not fenced.
	URL string `json:"url"`
	// Title is the page's title.
	Title *string `json:"title,omitempty" toolgen:"untrusted"`
	// Body is the page's text.
	Body string `json:"body" toolgen:"untrusted,maxLength=100000"`
}

// Email is a message in the inbox.
type Email struct {
	// From is the sender.
	From Name `json:"from" toolgen:"untrusted"`
	// Text is the message's text.
	Text string `json:"text" toolgen:"untrusted"`
}

// FetchPage fetches a web page.
//
//toolgen:tool readonly
func FetchPage(url string) (Page, error) { return Page{URL: url}, nil }

// ReadInbox reads the newest messages.
//
//toolgen:tool readonly
func ReadInbox(limit int) ([]Email, error) { return nil, nil }

// Summarize returns a page's text as a remote service extracted it.
//
//toolgen:tool untrusted
func Summarize(url string) (string, error) { return "", nil }
