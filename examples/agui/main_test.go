package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/agui"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// askDemo serves the example with the demo model and asks it text through the
// Go client, approving or not.
func askDemo(t *testing.T, text string, approve bool) (string, *Outbox) {
	t.Helper()
	outbox := &Outbox{}
	h, err := newHandler(demoModel{}, outbox)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	var out strings.Builder
	c := &Client{URL: srv.URL + "/agent", Out: &out}
	var asked []agui.Interrupt
	require.NoError(t, c.Ask("thread-1", text, func(i agui.Interrupt) bool { asked = append(asked, i); return approve }))
	if strings.Contains(text, "mail") {
		require.Len(t, asked, 1)
		assert.Equal(t, agui.InterruptToolApproval, asked[0].Reason)
		assert.Equal(t, "send_email", asked[0].Metadata["toolName"])
	}
	return out.String(), outbox
}

func TestAnApprovedEmailIsSent(t *testing.T) {
	out, outbox := askDemo(t, "Email ana@example.com that I am late.", true)
	assert.Equal(t, []string{"to ana@example.com: A message (Email ana@example.com that I am late.)"}, outbox.Sent())
	assert.Equal(t, `assistant: I will email ana@example.com. Sending needs your approval.
call send_email {"body":"Email ana@example.com that I am late.","subject":"A message","to":"ana@example.com"}
? May send_email run? (the tool requires approval) approved
... connecting to the mail server (1/2)
... sent (2/2)
result: sent to ana@example.com
assistant: Done: the email was sent to ana@example.com.
`, out)
}

func TestADeniedEmailIsNotSent(t *testing.T) {
	out, outbox := askDemo(t, "Email ana@example.com that I am late.", false)
	assert.Empty(t, outbox.Sent())
	assert.Contains(t, out, "result: Denied by the user: the user said no\n")
	assert.Contains(t, out, "assistant: I did not send the email.")
}

func TestWeatherNeedsNoApproval(t *testing.T) {
	out, _ := askDemo(t, "What's the weather in Lyon?", true)
	assert.Contains(t, out, "call get_weather {\"city\":\"Lyon\"}\n")
	assert.Contains(t, out, "assistant: Here is the weather: Lyon:")
}

func TestBadOrigins(t *testing.T) {
	_, err := newHandler(demoModel{}, &Outbox{}, agui.WithAllowedOrigins("not an origin"))
	assert.Error(t, err)
}
