package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/toolgen-dev/toolgen"
)

// Outbox is where the example's emails go: it keeps them, and sends
// nothing. Its tools are safe for concurrent runs.
type Outbox struct {
	mu   sync.Mutex
	sent []string
}

// SendEmail sends an email on the user's behalf.
//
// Parameters:
//   - to format=email: the recipient's address.
//   - subject maxLength=120: the subject line.
//   - body: the text of the email.
//
//toolgen:tool requires_approval openworld
func (o *Outbox) SendEmail(ctx context.Context, rc toolgen.Ctx, to, subject, body string) (string, error) {
	// A real mailer takes a while: the client sees how far it is (an
	// AG-UI activity, TOOL_PROGRESS).
	rc.Report(toolgen.Progress{Message: "connecting to the mail server", Progress: 1, Total: 2})
	o.mu.Lock()
	o.sent = append(o.sent, fmt.Sprintf("to %s: %s (%s)", to, subject, strings.TrimSpace(body)))
	o.mu.Unlock()
	rc.Report(toolgen.Progress{Message: "sent", Progress: 2, Total: 2})
	return "sent to " + to, nil
}

// Sent are the emails sent so far.
func (o *Outbox) Sent() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.sent...)
}
