package aisdk

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"

	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// recording builds a chat's messages from the chunks of the answer the
// handler streams: the request's messages, then the answer, as the AI
// SDK's client builds it from the same chunks (a new assistant message, or
// the request's last one continued when the stream's start names it: an
// approval answered).
type recording struct {
	chatID  string
	request []UIMessage
	number  uint64 // the stream's number in its chat; under the history's mutex
	end     func() // marks the recording over and saves it, once

	mu        sync.Mutex
	over      bool
	answer    *UIMessage
	continues bool                     // answer continues the request's last message
	changed   bool                     // a chunk changed the answer's parts
	open      map[string]*openTextPart // text and reasoning parts still streaming, by chunk id
}

type openTextPart struct {
	index int // in answer.Parts
	text  strings.Builder
}

// apply changes the answer by one chunk, as the `ai` package's
// processUIMessageStream does for the chunks this package writes. It
// keeps copies of the chunk's JSON: the chunk's may be reused.
func (r *recording) apply(c Chunk) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c.Type == ChunkStart {
		r.start(c.MessageID)
		r.metadata(c.MessageMetadata)
		return
	}
	if r.answer == nil {
		r.start("")
	}
	switch c.Type {
	case ChunkFinish, ChunkMessageMetadata:
		r.metadata(c.MessageMetadata) // not a change of the parts
		return
	case ChunkFinishStep, ChunkError:
		return // they change no part
	}
	r.changed = true
	switch c.Type {
	case ChunkStartStep:
		r.answer.Parts = append(r.answer.Parts, UIPart{Type: "step-start"})
	case ChunkTextStart, ChunkReasoningStart, ChunkTextDelta, ChunkReasoningDelta, ChunkTextEnd, ChunkReasoningEnd:
		r.textChunk(c)
	case ChunkToolInputStart, ChunkToolInputAvailable, ChunkToolInputError:
		r.toolInput(c)
	case ChunkToolApprovalRequest, ChunkToolOutputAvailable, ChunkToolOutputError, ChunkToolOutputDenied:
		r.toolOutput(c)
	case ChunkSourceURL:
		r.answer.Parts = append(r.answer.Parts, UIPart{Type: c.Type, SourceID: c.SourceID, URL: c.URL, Title: c.Title})
	default:
		if strings.HasPrefix(c.Type, "data-") {
			r.data(c)
		}
	}
}

// textChunk applies a text or reasoning chunk.
func (r *recording) textChunk(c Chunk) {
	m := r.answer
	switch c.Type {
	case ChunkTextStart, ChunkReasoningStart:
		p := UIPart{Type: "text", State: "streaming"}
		if c.Type == ChunkReasoningStart {
			p = UIPart{Type: "reasoning", ID: c.ID, State: "streaming"}
		}
		m.Parts = append(m.Parts, p)
		r.open[c.ID] = &openTextPart{index: len(m.Parts) - 1}
	case ChunkTextDelta, ChunkReasoningDelta:
		if o := r.open[c.ID]; o != nil {
			o.text.WriteString(c.Delta)
		}
	default: // the end
		if o := r.open[c.ID]; o != nil {
			m.Parts[o.index].Text = o.text.String()
			m.Parts[o.index].State = "done"
			delete(r.open, c.ID)
		}
	}
}

// toolInput applies a tool call's start, input or input error: a dynamic
// part names its tool in ToolName.
func (r *recording) toolInput(c Chunk) {
	p := r.toolPart(c.ToolCallID)
	if p == nil {
		r.answer.Parts = append(r.answer.Parts, UIPart{ToolCallID: c.ToolCallID})
		p = &r.answer.Parts[len(r.answer.Parts)-1]
		if c.Dynamic {
			p.Type = "dynamic-tool"
		}
	}
	if p.Type == "dynamic-tool" {
		p.ToolName = c.ToolName
	} else {
		p.Type = "tool-" + c.ToolName
	}
	p.ProviderExecuted = p.ProviderExecuted || c.ProviderExecuted
	if len(c.ProviderMetadata) > 0 {
		p.CallProviderMetadata = bytes.Clone(c.ProviderMetadata)
	}
	switch c.Type {
	case ChunkToolInputStart:
		p.State, p.Input = StateInputStreaming, nil
	case ChunkToolInputAvailable:
		p.State, p.Input = StateInputAvailable, bytes.Clone(c.Input)
	case ChunkToolInputError:
		p.State, p.Input, p.Output, p.ErrorText = StateOutputError, bytes.Clone(c.Input), nil, c.ErrorText
	}
}

// toolOutput applies an approval request, or a tool call's output, error
// or denial.
func (r *recording) toolOutput(c Chunk) {
	p := r.toolPart(c.ToolCallID)
	if p == nil {
		return
	}
	if c.Type == ChunkToolApprovalRequest {
		p.State, p.Approval = StateApprovalRequested, &Approval{ID: c.ApprovalID}
		return
	}
	if c.Type == ChunkToolOutputDenied {
		p.State = StateOutputDenied
		return
	}
	p.ProviderExecuted = p.ProviderExecuted || c.ProviderExecuted
	if len(c.ProviderMetadata) > 0 {
		p.ResultProviderMetadata = bytes.Clone(c.ProviderMetadata)
	}
	if c.Type == ChunkToolOutputAvailable {
		// A running tool's outputs follow one another: the last one's copy,
		// which nothing else holds (messagesLocked copies it), takes the next.
		var out json.RawMessage
		if p.Preliminary && c.Preliminary {
			out = append(p.Output[:0], c.Output...)
		} else {
			out = bytes.Clone(c.Output)
		}
		p.State, p.Output, p.ErrorText, p.Preliminary = StateOutputAvailable, out, "", c.Preliminary
		return
	}
	p.Preliminary = false
	p.State, p.Output, p.ErrorText = StateOutputError, nil, c.ErrorText
}

// metadata merges a chunk's message metadata into the answer's, as the
// client does.
func (r *recording) metadata(m json.RawMessage) {
	if len(m) > 0 {
		r.answer.Metadata = mergeJSON(r.answer.Metadata, m)
	}
}

// mergeJSON merges b into a: objects member by member, deeply; anything
// else b replaces (the `ai` package's mergeObjects).
func mergeJSON(a, b json.RawMessage) json.RawMessage {
	var ma, mb map[string]json.RawMessage
	if json.Unmarshal(a, &ma) != nil || ma == nil || json.Unmarshal(b, &mb) != nil || mb == nil {
		return bytes.Clone(b)
	}
	for k, v := range mb {
		ma[k] = mergeJSON(ma[k], v)
	}
	out, err := json.Marshal(ma)
	if err != nil {
		return bytes.Clone(b) // never: valid JSON values
	}
	return out
}

// start begins the answer: the request's last message continued when the
// stream names it, else a new assistant message.
func (r *recording) start(messageID string) {
	r.open = map[string]*openTextPart{}
	if n := len(r.request); n > 0 && messageID != "" && r.request[n-1].ID == messageID && r.request[n-1].Role == "assistant" {
		last := r.request[n-1]
		last.Parts = append([]UIPart(nil), last.Parts...)
		r.answer, r.continues = &last, true
		return
	}
	if messageID == "" {
		messageID = chatcore.NewID("msg-")
	}
	r.answer, r.continues = &UIMessage{ID: messageID, Role: "assistant", Parts: []UIPart{}}, false
}

// toolPart is the answer's tool part of a call, the latest if several.
func (r *recording) toolPart(callID string) *UIPart {
	parts := r.answer.Parts
	for i := len(parts) - 1; i >= 0; i-- {
		if _, ok := toolName(parts[i]); ok && parts[i].ToolCallID == callID {
			return &parts[i]
		}
	}
	return nil
}

// data keeps a data part: a part of the same type and id is replaced.
func (r *recording) data(c Chunk) {
	parts := r.answer.Parts
	if c.ID != "" {
		for i := range parts {
			if parts[i].Type == c.Type && parts[i].ID == c.ID {
				parts[i].Data = bytes.Clone(c.Data)
				return
			}
		}
	}
	r.answer.Parts = append(parts, UIPart{Type: c.Type, ID: c.ID, Data: bytes.Clone(c.Data)})
}

// changesTheChat says whether the stream is one the chat's history keeps:
// not an approval's answer that changed nothing (one refused, as an answer
// to a run already resumed from another tab is: its request holds that
// tab's stale copy of the chat).
func (r *recording) changesTheChat() bool {
	return r.changed || !r.continues
}

func (r *recording) messages() []UIMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.messagesLocked()
}

// messagesLocked are the chat's messages as recorded so far: the
// request's and the answer (its streaming texts as far as they came). An
// answer with no parts (a request refused before any) is left out.
func (r *recording) messagesLocked() []UIMessage {
	msgs := make([]UIMessage, 0, len(r.request)+1)
	msgs = append(msgs, r.request...)
	if r.answer == nil {
		return msgs
	}
	answer := *r.answer
	answer.Parts = append([]UIPart(nil), answer.Parts...)
	for _, o := range r.open {
		answer.Parts[o.index].Text = o.text.String()
	}
	for i, p := range answer.Parts {
		if p.Preliminary {
			answer.Parts[i].Output = bytes.Clone(p.Output) // the next preliminary output overwrites the recording's
		}
	}
	switch {
	case r.continues:
		msgs[len(msgs)-1] = answer
	case len(answer.Parts) > 0:
		msgs = append(msgs, answer)
	}
	return msgs
}
