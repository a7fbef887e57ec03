package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
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
func (o *Outbox) SendEmail(ctx context.Context, to, subject, body string) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, fmt.Sprintf("to %s: %s (%s)", to, subject, strings.TrimSpace(body)))
	return "sent to " + to, nil
}

// Sent are the emails sent so far.
func (o *Outbox) Sent() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.sent...)
}
