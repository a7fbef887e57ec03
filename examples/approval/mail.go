package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// Outbox holds the emails sent during a run: the run's deps.
type Outbox struct {
	Sent []string
}

// SendEmail sends an email on the user's behalf.
//
// Parameters:
//   - to format=email: the recipient's address.
//   - subject maxLength=120: the subject line.
//   - body: the text of the email.
//
//toolgen:tool requires_approval openworld
func SendEmail(ctx context.Context, rc toolgen.Ctx, to, subject, body string) (string, error) {
	outbox, ok := toolgen.DepsAs[*Outbox](rc)
	if !ok {
		return "", fmt.Errorf("no outbox to send from")
	}
	// The idempotency key would let a real mailer send once even if a
	// resumed run repeated the call.
	outbox.Sent = append(outbox.Sent, fmt.Sprintf("to %s: %s (%s) [key %s]", to, subject, strings.TrimSpace(body), rc.IdempotencyKey()))
	return "sent to " + to, nil
}
