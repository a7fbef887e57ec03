package aisdk

import (
	"encoding/json"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// Transcript converts a chat's UIMessages to the agent's transcript. A
// user message becomes a user message of its text parts; an assistant
// message becomes, for each of its steps (parts between step-start parts),
// an assistant message of the step's text, the calls the provider ran
// (agent.Message.ProviderCalls, from their ProviderCallOutput) and its
// finished tool calls, then a tool message of their results. Tool parts
// that did not finish (their input still streaming or available, waiting
// for approval, or only a running tool's preliminary output) are left out:
// the model never had their results. So are the fileChange and compaction
// parts (no call the model made) and a provider-executed part whose
// output does not say its provider and result. System messages are left
// out (the agent has its own system prompt: a client does not set it), and
// so are reasoning, file, source and data parts.
func Transcript(msgs []UIMessage) []agent.Message {
	var out []agent.Message
	for _, m := range msgs {
		switch m.Role {
		case "user":
			if text := joinText(m.Parts); text != "" {
				out = append(out, agent.Message{Role: agent.RoleUser, Text: text})
			}
		case "assistant":
			start := 0
			for i := 0; i <= len(m.Parts); i++ {
				if i == len(m.Parts) || m.Parts[i].Type == "step-start" {
					out = appendStep(out, m.Parts[start:i])
					start = i + 1
				}
			}
		}
	}
	return out
}

func joinText(parts []UIPart) string {
	var texts []string
	for _, p := range parts {
		if p.Type == "text" && p.Text != "" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// appendStep appends one step of an assistant message: its text, the
// calls the provider ran and the model's calls, then the calls' results.
func appendStep(out []agent.Message, parts []UIPart) []agent.Message {
	msg := agent.Message{Role: agent.RoleAssistant, Text: joinText(parts)}
	var results []agent.ToolResult
	for _, p := range parts {
		name, ok := toolName(p)
		if !ok || p.Preliminary {
			continue // not a tool part, or not a result: the tool was running
		}
		if p.ProviderExecuted {
			if pc, ok := providerCall(p); ok {
				msg.ProviderCalls = append(msg.ProviderCalls, pc)
			}
			continue
		}
		res, ok := partResult(p)
		if !ok {
			continue // not run: the model did not see a result
		}
		args := p.Input
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage(`{}`)
		}
		msg.Calls = append(msg.Calls, agent.ToolCall{ID: p.ToolCallID, Name: name, Args: args})
		results = append(results, agent.ToolResult{CallID: p.ToolCallID, Name: name, Result: res})
	}
	if msg.Text == "" && len(msg.Calls) == 0 && len(msg.ProviderCalls) == 0 {
		return out
	}
	out = append(out, msg)
	if len(results) > 0 {
		out = append(out, agent.Message{Role: agent.RoleTool, Results: results})
	}
	return out
}

// partResult is the result a finished tool part stands for; ok is false
// for a part that did not finish.
func partResult(p UIPart) (toolgen.Result, bool) {
	switch p.State {
	case StateOutputAvailable:
		return outputResult(p.Output), true
	case StateOutputError:
		return toolgen.ErrorResult(p.ErrorText), true
	case StateOutputDenied:
		reason := ""
		if p.Approval != nil {
			reason = p.Approval.Reason
		}
		return toolgen.ErrorResult(denial(reason)), true
	}
	return toolgen.Result{}, false
}

// providerCall is the call a provider-executed part stands for: its
// provider and result from its output (ProviderCallOutput), or, for an
// error, from its result's provider metadata. ok is false for the
// fileChange and compaction parts, for a part that did not finish, and
// for one whose output does not say its provider and result: the provider
// could not take it back.
func providerCall(p UIPart) (agent.ProviderCall, bool) {
	if p.Type == "dynamic-tool" && (p.ToolName == ToolFileChange || p.ToolName == ToolCompaction) {
		return agent.ProviderCall{}, false
	}
	var out ProviderCallOutput
	switch p.State {
	case StateOutputAvailable:
		if json.Unmarshal(p.Output, &out) != nil {
			return agent.ProviderCall{}, false
		}
	case StateOutputError:
		var meta map[string]ProviderCallOutput
		if json.Unmarshal(p.ResultProviderMetadata, &meta) != nil {
			return agent.ProviderCall{}, false
		}
		out = meta[MetadataKey]
	default:
		return agent.ProviderCall{}, false
	}
	if out.Provider == "" || len(out.Result) == 0 {
		return agent.ProviderCall{}, false
	}
	name, _ := toolName(p)
	pc := agent.ProviderCall{Provider: out.Provider, ID: p.ToolCallID, Name: string(name), Result: out.Result,
		IsError: p.State == StateOutputError, Found: out.Found}
	if len(p.Input) > 0 && string(p.Input) != "null" {
		pc.Args = p.Input
	}
	return pc, true
}

// toolName is the tool a part calls, if it is a tool part.
func toolName(p UIPart) (toolgen.ToolName, bool) {
	switch {
	case p.Type == "dynamic-tool":
		return toolgen.ToolName(p.ToolName), true
	case strings.HasPrefix(p.Type, "tool-"):
		return toolgen.ToolName(strings.TrimPrefix(p.Type, "tool-")), true
	}
	return "", false
}

// outputResult is the result a tool part's output stands for: its text
// when it is a JSON string (as this package sends a text result), else the
// JSON itself as text.
func outputResult(output json.RawMessage) toolgen.Result {
	var s string
	if err := json.Unmarshal(output, &s); err == nil {
		return toolgen.TextResult(s)
	}
	return toolgen.TextResult(string(output))
}

// denial is what the model reads about a call the user denied; the agent
// words its own rejections the same way.
func denial(reason string) string {
	if reason == "" {
		return "Denied by the user: this call was not run."
	}
	return "Denied by the user: " + reason
}

// output is a tool result as a tool-output-available chunk carries it: the
// structured result when there is one, else its text as a JSON string.
func output(res toolgen.Result) json.RawMessage {
	if len(res.Structured) > 0 && json.Valid(res.Structured) {
		return res.Structured
	}
	b, _ := json.Marshal(res.Text()) // a string always marshals
	return b
}

// input is a call's arguments as a tool-input-available chunk carries
// them: the JSON, or, when the model sent something else, that text as a
// JSON string.
func input(args json.RawMessage) json.RawMessage {
	if len(args) == 0 {
		return json.RawMessage(`{}`)
	}
	if json.Valid(args) {
		return args
	}
	b, _ := json.Marshal(string(args))
	return b
}
