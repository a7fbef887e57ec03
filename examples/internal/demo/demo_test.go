package demo

import (
	"context"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// The examples' server has the timeouts of a server on a network, and no
// WriteTimeout, which would cut a long answer's stream.
func TestServerTimeouts(t *testing.T) {
	srv := NewServer(http.NotFoundHandler())
	assert.Equal(t, 10*time.Second, srv.ReadHeaderTimeout)
	assert.Equal(t, time.Minute, srv.ReadTimeout)
	assert.Equal(t, 2*time.Minute, srv.IdleTimeout)
	assert.Zero(t, srv.WriteTimeout)
	assert.Equal(t, 64<<10, srv.MaxHeaderBytes)
}

func TestCallIDsAreRandom(t *testing.T) {
	a, b := CallID(), CallID()
	assert.Regexp(t, regexp.MustCompile(`^call_[0-9a-f]{32}$`), a)
	assert.NotEqual(t, a, b)
}

// Stream gives the text word by word, then the response's calls and usage,
// as agent.Collect reads them back.
func TestStreamWords(t *testing.T) {
	resp := agent.Response{
		Message: agent.Message{Role: agent.RoleAssistant, Text: "Let me look.", Calls: []agent.ToolCall{{ID: "c1", Name: "get_weather", Args: []byte(`{}`)}}},
		Usage:   agent.Usage{InputTokens: 5, OutputTokens: 2},
	}
	m := agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) { return resp, nil })
	var words []string
	var parts []agent.Part
	for p, err := range Stream(context.Background(), m, agent.Request{}, time.Millisecond) {
		require.NoError(t, err)
		if p.Kind == agent.PartText {
			words = append(words, p.Text)
		}
		parts = append(parts, p)
	}
	assert.Equal(t, []string{"Let ", "me ", "look."}, words)
	got, err := agent.Collect(func(yield func(agent.Part, error) bool) {
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
	})
	require.NoError(t, err)
	assert.Equal(t, resp.Message.Text, got.Message.Text)
	assert.Equal(t, resp.Message.Calls[0].ID, got.Message.Calls[0].ID)
	assert.Equal(t, resp.Usage, got.Usage)
}

func TestAnswer(t *testing.T) {
	const send toolgen.ToolName = "send_email"
	result := func(name toolgen.ToolName, text string, isErr bool) agent.ToolResult {
		r := toolgen.TextResult(text)
		if isErr {
			r = toolgen.ErrorResult(text)
		}
		return agent.ToolResult{Name: name, Result: r}
	}
	assert.Equal(t, "Done: the email was sent.", Answer(result(send, "sent", false), send))
	assert.Equal(t, "I did not send the email. denied", Answer(result(send, "denied", true), send))
	assert.Equal(t, "The tool failed: boom", Answer(result("get_weather", "boom", true), send))
	assert.Equal(t, "Here is the weather: sunny.", Answer(result("get_weather", "sunny", false), send))
}
