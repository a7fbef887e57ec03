// Package flat covers tools with flat parameters: one property per
// parameter, described by a doc list item or by the parameter type's doc.
package flat

import (
	"context"
	"fmt"
)

// Greeting is the way to greet someone.
type Greeting string

// Search finds documents.
//
// It searches titles first, then bodies.
//
// Parameters:
//   - query: what to look for.
//   - limit min=1,max=100,default=10: how many documents to return at most.
//   - userID: whose documents to search.
//   - exact: match the whole phrase.
//   - lang pattern=^[a-z]{2}$,example=en: an ISO 639-1 language code.
//
// Results come best first.
//
//toolgen:tool
func Search(ctx context.Context, query string, limit int, userID string, exact bool, lang *string) ([]string, error) {
	return nil, nil
}

// Greet greets someone. The items of this list name no parameter, so they
// stay in the description:
//   - be polite
//   - be brief
//
// Args:
//   - greeting: the greeting to use.
//
//toolgen:tool
func Greet(name string, greeting Greeting, times *int) string {
	return fmt.Sprint(greeting, " ", name, times)
}

// Snake covers parameter names in every case: each becomes a snake_case
// property, and doc items may use either spelling.
//
//   - http_status: the status to report.
//   - XMLBody: the body.
//
//toolgen:tool
func Snake(userName string, HTTPStatus int, XMLBody string, x int, top10Items []string) error {
	return nil
}

// Sum adds two numbers; its parameters have no descriptions.
//
//toolgen:tool
func Undocumented(a, b int) (int, error) {
	return a + b, nil
}

// Mixed has a list with items about parameters and others, under no
// Parameters: heading: it is prose, and stays whole (under the heading, the
// stray item would be an error).
//
// Notes:
//   - id: the record.
//   - note: not a parameter of this tool, so it stays.
//   - verbose: say more.
//
//toolgen:tool
func Mixed(id int64, verbose bool) error { return nil }
