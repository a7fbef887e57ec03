package promptcache

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
)

// A block is one part of a prompt as a provider caches it (a tool's
// definition, the system prompt, a message's content block): its bytes as
// the request sent them, and whether the request marks the prefix that
// ends with it for caching (an Anthropic cache_control breakpoint).
type block struct {
	text       []byte
	breakpoint bool
}

// A renderer reads a request body into the blocks of its prompt, in the
// order the provider reads them into its cache.
type renderer func(body []byte) ([]block, error)

// anthropicPrompt is a Messages API request's prompt, in the order the API
// caches it: tools, system, messages. A tool sent with defer_loading is
// left out: the API keeps deferred tools out of the cached prefix (its
// tool search expands a found one in the conversation). cache_control is
// what marks a breakpoint, not part of the prompt, so it is taken out of
// the block's bytes.
func anthropicPrompt(body []byte) ([]block, error) {
	var req struct {
		Tools    []json.RawMessage `json:"tools"`
		System   json.RawMessage   `json:"system"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, fmt.Errorf("anthropic request: %w", err)
	}
	var blocks []block
	deferred := map[string]json.RawMessage{}
	for _, tool := range req.Tools {
		var t struct {
			Name         string `json:"name"`
			DeferLoading bool   `json:"defer_loading"`
		}
		switch {
		case json.Unmarshal(tool, &t) != nil:
		case t.DeferLoading:
			deferred[t.Name] = tool
		default:
			blocks = append(blocks, anthropicBlock("", tool))
		}
	}
	for _, b := range contentBlocks(req.System) {
		blocks = append(blocks, anthropicBlock("system", b))
	}
	for _, m := range req.Messages {
		for _, raw := range contentBlocks(m.Content) {
			b := anthropicBlock(m.Role, raw)
			b.text = append(b.text, referenced(raw, deferred)...)
			blocks = append(blocks, b)
		}
	}
	return blocks, nil
}

// referenced are the definitions of the deferred tools a tool search
// result block names (tool_reference): the API expands them there, in the
// conversation.
func referenced(raw json.RawMessage, deferred map[string]json.RawMessage) []byte {
	var result struct {
		Content struct {
			References []struct {
				ToolName string `json:"tool_name"`
			} `json:"tool_references"`
		} `json:"content"`
	}
	var out []byte
	if json.Unmarshal(raw, &result) == nil {
		for _, ref := range result.Content.References {
			out = append(out, deferred[ref.ToolName]...)
		}
	}
	return out
}

// cacheControl is a block's breakpoint mark, with the comma that joins it
// to the block's other members.
var cacheControl = regexp.MustCompile(`,?"cache_control":\{[^{}]*\}`)

// anthropicBlock is a block of role's, without its cache_control.
func anthropicBlock(role string, raw json.RawMessage) block {
	text := cacheControl.ReplaceAll(raw, nil)
	text = bytes.Replace(text, []byte(`{,`), []byte(`{`), 1) // a mark that came first
	return block{text: append([]byte(role), text...), breakpoint: !bytes.Equal(text, raw)}
}

// contentBlocks are a content's blocks: a string is one block.
func contentBlocks(content json.RawMessage) []json.RawMessage {
	var blocks []json.RawMessage
	if json.Unmarshal(content, &blocks) != nil && len(content) > 0 && string(content) != "null" {
		return []json.RawMessage{content}
	}
	return blocks
}

// openAIPrompt is a Chat Completions or Responses request's prompt, in the
// order OpenAI's models read it (the harmony format): the system prompt
// (Chat's first message when it is the system's or the developer's, or
// Responses' instructions), then the tools, then the conversation.
func openAIPrompt(body []byte) ([]block, error) {
	var req struct {
		Instructions json.RawMessage   `json:"instructions"`
		Messages     []json.RawMessage `json:"messages"`
		Input        []json.RawMessage `json:"input"`
		Tools        []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, fmt.Errorf("openai request: %w", err)
	}
	conversation := append(req.Messages, req.Input...)
	var blocks []block
	if len(req.Instructions) > 0 {
		blocks = append(blocks, block{text: req.Instructions})
	}
	if len(conversation) > 0 && isSystem(conversation[0]) {
		blocks, conversation = append(blocks, block{text: conversation[0]}), conversation[1:]
	}
	for _, tool := range req.Tools {
		blocks = append(blocks, block{text: openAITool(tool)})
	}
	return append(blocks, raws(conversation)...), nil
}

// openAITool is what the model sees of a tool up front: of a namespace of
// deferred functions, its name and description; of a deferred function,
// its name and description (OpenAI's tool search guide); else the tool.
// A tool search's output item, in the input, holds the tools it loaded.
func openAITool(tool json.RawMessage) json.RawMessage {
	var t struct {
		Type         string `json:"type"`
		Name         string `json:"name"`
		Description  string `json:"description"`
		DeferLoading bool   `json:"defer_loading"`
	}
	if json.Unmarshal(tool, &t) != nil || t.Type != "namespace" && !t.DeferLoading {
		return tool
	}
	seen, _ := json.Marshal(map[string]string{"type": t.Type, "name": t.Name, "description": t.Description})
	return seen
}

func isSystem(message json.RawMessage) bool {
	var m struct {
		Role string `json:"role"`
	}
	return json.Unmarshal(message, &m) == nil && (m.Role == "system" || m.Role == "developer")
}

// geminiPrompt is a generateContent request's prompt: the system
// instruction, each function declaration, then the contents.
func geminiPrompt(body []byte) ([]block, error) {
	var req struct {
		SystemInstruction json.RawMessage `json:"systemInstruction"`
		Tools             []struct {
			FunctionDeclarations []json.RawMessage `json:"functionDeclarations"`
		} `json:"tools"`
		Contents []json.RawMessage `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, fmt.Errorf("gemini request: %w", err)
	}
	var blocks []block
	if len(req.SystemInstruction) > 0 {
		blocks = append(blocks, block{text: req.SystemInstruction})
	}
	for _, t := range req.Tools {
		blocks = append(blocks, raws(t.FunctionDeclarations)...)
	}
	return append(blocks, raws(req.Contents)...), nil
}

func raws(items []json.RawMessage) []block {
	blocks := make([]block, len(items))
	for i, item := range items {
		blocks[i] = block{text: item}
	}
	return blocks
}
