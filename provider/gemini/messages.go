package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/agent"
)

// skipSignature is the thought signature the API documents for a
// function call whose own signature is lost (a transcript from another
// provider, or from before a restart): it asks the API not to check it,
// where a thinking model (Gemini 3) would otherwise refuse the request.
var skipSignature = []byte("skip_thought_signature_validator")

// contents translates the transcript. The answers after the last user
// message are the current turn, whose calls the API checks for their
// thought signatures.
func (m *Model) contents(msgs []agent.Message) ([]*genai.Content, error) {
	turn := 0
	for i, msg := range msgs {
		if msg.Role == agent.RoleUser {
			turn = i
		}
	}
	out := make([]*genai.Content, 0, len(msgs))
	names := map[string]string{} // call id -> function, for results that lack it
	for i, msg := range msgs {
		switch msg.Role {
		case agent.RoleUser:
			out = append(out, &genai.Content{Role: genai.RoleUser, Parts: []*genai.Part{{Text: msg.Text}}})
		case agent.RoleAssistant:
			if c := m.modelContent(msg, i > turn); c != nil {
				out = append(out, c)
			}
			for _, c := range msg.Calls {
				names[c.ID] = string(c.Name)
			}
		case agent.RoleTool:
			out = append(out, resultsContent(msg.Results, names))
		default:
			return nil, fmt.Errorf("gemini: message %d has unknown role %q", i, msg.Role)
		}
	}
	return out, nil
}

// modelContent is an earlier answer: the code the API ran, its text and
// its calls, each with the thought signature the API gave it; nil for an
// answer with none of them.
func (m *Model) modelContent(msg agent.Message, current bool) *genai.Content {
	parts := providerParts(msg.ProviderCalls)
	if msg.Text != "" {
		sig, _ := m.sigs.get(textKey(msg.Text))
		parts = append(parts, &genai.Part{Text: msg.Text, ThoughtSignature: sig})
	}
	for i, c := range msg.Calls {
		sig, known := m.sigs.get(callKey(c.ID))
		if !known && current && i == 0 {
			sig = skipSignature
		}
		fc := &genai.FunctionCall{ID: sentID(c.ID), Name: string(c.Name), Args: argsMap(c.Args)}
		parts = append(parts, &genai.Part{FunctionCall: fc, ThoughtSignature: sig})
	}
	if len(parts) == 0 {
		return nil
	}
	return &genai.Content{Role: genai.RoleModel, Parts: parts}
}

// resultsContent is the results of a turn's calls, in call order: the
// output, or the error of a failed call, as the API's documentation has
// them ({"output": ...} or {"error": ...}), each naming its function (the
// call's, by id, for a result that does not).
func resultsContent(results []agent.ToolResult, names map[string]string) *genai.Content {
	parts := make([]*genai.Part, 0, len(results))
	for _, r := range results {
		key := "output"
		if r.Result.IsError {
			key = "error"
		}
		name := string(r.Name)
		if name == "" {
			name = names[r.CallID]
		}
		fr := &genai.FunctionResponse{ID: sentID(r.CallID), Name: name, Response: map[string]any{key: r.Result.Text()}}
		parts = append(parts, &genai.Part{FunctionResponse: fr})
	}
	return &genai.Content{Role: genai.RoleUser, Parts: parts}
}

// sentID is a call's id as the API is sent it: the API's own, not one
// this adapter made up for a call that came without.
func sentID(id string) string {
	if strings.HasPrefix(id, madeIDPrefix) {
		return ""
	}
	return id
}

// argsMap is a call's arguments as the SDK holds them: a JSON object,
// numbers kept as written; anything else is an empty object.
func argsMap(raw json.RawMessage) map[string]any {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var args map[string]any
	if err := d.Decode(&args); err != nil || args == nil {
		return map[string]any{}
	}
	return args
}

// argsJSON is a call's arguments as the agent holds them: compact JSON,
// not HTML-escaped; empty for none (the call is then whole with {}).
func argsJSON(args map[string]any) string {
	if len(args) == 0 {
		return ""
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(args); err != nil {
		return "" // never: the SDK decoded them from JSON
	}
	return strings.TrimSuffix(b.String(), "\n")
}
