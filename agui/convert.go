package agui

import (
	"encoding/json"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
)

// What the handler reads of the client's messages. An AG-UI client sends
// the whole conversation as it holds it with every run; most of it is the
// client's copy of what the handler streamed, which the client may have
// changed, so the server's own transcript of the thread is the history
// wherever it has one:
//
//   - a thread the store keeps: the stored transcript, then the client's
//     user messages whose ids it has not seen (the new turn). Nothing
//     else of the client's messages is read.
//   - a thread it does not keep (new, dropped, or its transcript did not
//     fit in the store): the text of the client's user and assistant
//     messages, in order. Tool calls and tool results are left out (the
//     server did not make them, and cannot tell that they happened), and
//     so are system and developer messages (the agent has its own system
//     prompt: a client does not set it), reasoning and activity messages.

// newUserTurn is the text of msgs' user messages that seen does not hold,
// as one user message, and their ids.
func newUserTurn(msgs []Message, seen map[string]bool) (agent.Message, []string) {
	var texts, ids []string
	for _, m := range msgs {
		if m.Role != "user" || seen[m.ID] {
			continue
		}
		ids = append(ids, m.ID)
		if t := contentText(m.Content); t != "" {
			texts = append(texts, t)
		}
	}
	return agent.Message{Role: agent.RoleUser, Text: strings.Join(texts, "\n")}, ids
}

// clientHistory is the text of msgs' user and assistant messages, in order
// (consecutive messages of one role as one message).
func clientHistory(msgs []Message) []agent.Message {
	var out []agent.Message
	for _, m := range msgs {
		var role agent.Role
		switch m.Role {
		case "user":
			role = agent.RoleUser
		case "assistant":
			role = agent.RoleAssistant
		default:
			continue
		}
		text := contentText(m.Content)
		if text == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Text += "\n" + text
			continue
		}
		out = append(out, agent.Message{Role: role, Text: text})
	}
	return out
}

// contentText is a message's content as text: the string, or the text
// parts of an array of parts, one per line. Media parts are left out.
func contentText(content json.RawMessage) string {
	var s string
	if err := json.Unmarshal(content, &s); err == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(content, &parts); err != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		if p.Type == "text" && p.Text != "" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}
