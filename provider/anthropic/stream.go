package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"

	ant "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// Stream asks the model for the next assistant message and yields it as it
// comes (agent.StreamingModel), over a streamed Messages request. Its
// parts, collected (agent.Collect), are the response Generate gives; its
// errors are Generate's (an *APIError for an error status or an error
// event in the stream). The finish part has Anthropic's stop_reason
// ("end_turn", "tool_use", "max_tokens"...). A consumer that stops early
// closes the stream.
func (m *Model) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		params, err := m.params(req)
		if err != nil {
			yield(agent.Part{}, err)
			return
		}
		stream := m.client.Messages.NewStreaming(ctx, params)
		defer stream.Close()
		var r eventReader
		for stream.Next() {
			err := r.read(stream.Current())
			for _, p := range r.parts {
				if !yield(p, nil) {
					return
				}
			}
			if err != nil {
				yield(agent.Part{}, err)
				return
			}
			if r.stopped {
				return
			}
		}
		if err := stream.Err(); err != nil {
			yield(agent.Part{}, describe(err))
			return
		}
		yield(agent.Part{}, fmt.Errorf("anthropic: the stream ended before the answer did: %w", io.ErrUnexpectedEOF))
	}
}

// eventReader turns the events of a streamed message into parts.
type eventReader struct {
	parts   []agent.Part  // the parts of the last event read
	blocks  map[int64]int // a tool_use block's index -> its call's Part.Index
	calls   []streamCall
	usage   agent.Usage
	stop    ant.StopReason
	stopped bool // message_stop came
}

type streamCall struct {
	call agent.ToolCall
	args []byte
}

// read reads the next event into r.parts.
func (r *eventReader) read(e ant.MessageStreamEventUnion) error {
	r.parts = r.parts[:0]
	switch e.Type {
	case "message_start":
		r.usage = agent.Usage{InputTokens: int(e.Message.Usage.InputTokens), OutputTokens: int(e.Message.Usage.OutputTokens)}
	case "content_block_start":
		b := e.ContentBlock
		switch b.Type {
		case "text":
			r.add(agent.Part{Kind: agent.PartText, Text: b.Text})
		case "thinking":
			r.add(agent.Part{Kind: agent.PartReasoning, Text: b.Thinking})
		case "tool_use":
			if r.blocks == nil {
				r.blocks = map[int64]int{}
			}
			i := len(r.calls)
			r.blocks[e.Index] = i
			r.calls = append(r.calls, streamCall{call: agent.ToolCall{ID: b.ID, Name: toolgen.ToolName(b.Name)}})
			r.parts = append(r.parts, agent.Part{Kind: agent.PartCallStart, Index: i, Call: r.calls[i].call})
		}
	case "content_block_delta":
		d := e.Delta
		switch d.Type {
		case "text_delta":
			r.add(agent.Part{Kind: agent.PartText, Text: d.Text})
		case "thinking_delta":
			r.add(agent.Part{Kind: agent.PartReasoning, Text: d.Thinking})
		case "input_json_delta":
			if i, ok := r.blocks[e.Index]; ok && d.PartialJSON != "" {
				r.calls[i].args = append(r.calls[i].args, d.PartialJSON...)
				r.parts = append(r.parts, agent.Part{Kind: agent.PartCallArgs, Index: i, Text: d.PartialJSON})
			}
		}
	case "content_block_stop":
		if i, ok := r.blocks[e.Index]; ok {
			c := &r.calls[i]
			c.call.Args = callArgs(c.args)
			r.parts = append(r.parts, agent.Part{Kind: agent.PartCallDone, Index: i, Call: c.call})
		}
	case "message_delta":
		// The usage is cumulative; the input tokens are message_start's
		// unless this says otherwise.
		if n := e.Usage.InputTokens; n > 0 {
			r.usage.InputTokens = int(n)
		}
		r.usage.OutputTokens = int(e.Usage.OutputTokens)
		if e.Delta.StopReason != "" {
			r.stop = e.Delta.StopReason
		}
	case "message_stop":
		r.stopped = true
		if r.stop == ant.StopReasonMaxTokens && len(r.calls) > 0 {
			return fmt.Errorf("anthropic: the answer reached max_tokens while making a tool call; raise WithMaxTokens (now %d output tokens)", r.usage.OutputTokens)
		}
		r.parts = append(r.parts,
			agent.Part{Kind: agent.PartUsage, Usage: r.usage},
			agent.Part{Kind: agent.PartFinish, Finish: string(r.stop)})
	}
	return nil
}

// add adds a text or reasoning part that is not empty.
func (r *eventReader) add(p agent.Part) {
	if p.Text != "" {
		r.parts = append(r.parts, p)
	}
}

// callArgs are a streamed call's arguments: the pieces as they came, or an
// empty object when none came (a tool_use block of a tool without input).
func callArgs(pieces []byte) json.RawMessage {
	if len(pieces) == 0 {
		return json.RawMessage("{}")
	}
	return pieces
}
