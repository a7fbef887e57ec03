package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// Stream asks the model for the next assistant message and yields it as it
// comes (agent.StreamingModel), over a streamed Chat Completion with
// stream_options.include_usage. Its parts, collected (agent.Collect), are
// the response Generate gives; its errors are Generate's (an *APIError for
// an error status or an error event in the stream). A consumer that stops
// early closes the stream.
func (m *Model) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		params, err := m.params(req)
		if err != nil {
			yield(agent.Part{}, err)
			return
		}
		params.StreamOptions = oai.ChatCompletionStreamOptionsParam{IncludeUsage: oai.Bool(true)}
		var httpResp *http.Response
		stream := m.client.Chat.Completions.NewStreaming(ctx, params, option.WithResponseInto(&httpResp))
		defer stream.Close()
		var s chunkReader
		for stream.Next() {
			if err := s.read(stream.Current()); err != nil {
				yield(agent.Part{}, err)
				return
			}
			for _, p := range s.parts {
				if !yield(p, nil) {
					return
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(agent.Part{}, streamError(err, httpResp))
			return
		}
		parts, err := s.end()
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
		if err != nil {
			yield(agent.Part{}, err)
		}
	}
}

// chunkReader turns the chunks of a streamed completion into parts. Only
// the first choice counts, as in Generate.
type chunkReader struct {
	parts  []agent.Part // the parts of the last chunk read
	calls  []streamCall
	wire   map[int64]int // a tool call's index on the wire -> its Part.Index
	finish string
	usage  *agent.Usage
}

type streamCall struct {
	call agent.ToolCall
	args []byte
}

// read reads the next chunk into r.parts.
func (r *chunkReader) read(c oai.ChatCompletionChunk) error {
	r.parts = r.parts[:0]
	if c.JSON.Usage.Valid() {
		r.usage = &agent.Usage{InputTokens: int(c.Usage.PromptTokens), OutputTokens: int(c.Usage.CompletionTokens)}
	}
	for _, choice := range c.Choices {
		if choice.Index != 0 {
			continue
		}
		d := choice.Delta
		if text := reasoning(d); text != "" {
			r.parts = append(r.parts, agent.Part{Kind: agent.PartReasoning, Text: text})
		}
		if d.Content != "" {
			r.parts = append(r.parts, agent.Part{Kind: agent.PartText, Text: d.Content})
		}
		if d.Refusal != "" {
			r.parts = append(r.parts, agent.Part{Kind: agent.PartText, Text: d.Refusal})
		}
		for _, tc := range d.ToolCalls {
			if err := r.callDelta(tc); err != nil {
				return err
			}
		}
		if choice.FinishReason != "" && r.finish == "" {
			r.finish = choice.FinishReason
			if !r.cutCall() {
				r.parts = append(r.parts, r.done()...)
			}
		}
	}
	return nil
}

// callDelta reads a piece of a tool call: its start (the first piece of
// a call, with its id and name) and a fragment of its arguments. Calls are
// numbered in the order they start; a piece with a new id at an index that
// has a call already (some compatible servers send every call at index 0)
// starts another call.
func (r *chunkReader) callDelta(tc oai.ChatCompletionChunkChoiceDeltaToolCall) error {
	if tc.Type != "" && tc.Type != "function" {
		return fmt.Errorf("openai: tool call %s has unsupported type %q", tc.ID, tc.Type)
	}
	i, ok := r.wire[tc.Index]
	if !ok || (tc.ID != "" && r.calls[i].call.ID != "" && tc.ID != r.calls[i].call.ID) {
		if r.wire == nil {
			r.wire = map[int64]int{}
		}
		i = len(r.calls)
		r.wire[tc.Index] = i
		r.calls = append(r.calls, streamCall{call: agent.ToolCall{ID: tc.ID, Name: toolgen.ToolName(tc.Function.Name)}})
		r.parts = append(r.parts, agent.Part{Kind: agent.PartCallStart, Index: i, Call: r.calls[i].call})
	}
	if args := tc.Function.Arguments; args != "" {
		r.calls[i].args = append(r.calls[i].args, args...)
		r.parts = append(r.parts, agent.Part{Kind: agent.PartCallArgs, Index: i, Text: args})
	}
	return nil
}

// done are the call_done parts of the calls not yet done.
func (r *chunkReader) done() []agent.Part {
	var parts []agent.Part
	for i := range r.calls {
		c := &r.calls[i]
		if c.call.Args != nil {
			continue
		}
		c.call.Args = args(c.args)
		parts = append(parts, agent.Part{Kind: agent.PartCallDone, Index: i, Call: c.call})
	}
	return parts
}

// cutCall reports whether the answer was cut by the token limit while it
// was making a tool call.
func (r *chunkReader) cutCall() bool {
	return r.finish == "length" && len(r.calls) > 0
}

// end are the parts after the last chunk: the calls not done, the usage (when
// the server gave it) and the finish. A stream that ended without a finish
// reason was cut.
func (r *chunkReader) end() ([]agent.Part, error) {
	if r.finish == "" {
		return nil, fmt.Errorf("openai: the stream ended before the answer did: %w", io.ErrUnexpectedEOF)
	}
	if r.cutCall() {
		var out int
		if r.usage != nil {
			out = r.usage.OutputTokens
		}
		return nil, fmt.Errorf("openai: the answer reached its token limit while making a tool call; raise WithMaxTokens (now %d output tokens)", out)
	}
	parts := r.done()
	if r.usage != nil {
		parts = append(parts, agent.Part{Kind: agent.PartUsage, Usage: *r.usage})
	}
	return append(parts, agent.Part{Kind: agent.PartFinish, Finish: r.finish}), nil
}

// reasoning is the delta's reasoning text, which OpenAI's API does not
// stream but compatible servers do, as "reasoning_content" (vLLM,
// llama.cpp, DeepSeek) or "reasoning" (Ollama, OpenRouter).
func reasoning(d oai.ChatCompletionChunkChoiceDelta) string {
	for _, name := range [...]string{"reasoning_content", "reasoning"} {
		f, ok := d.JSON.ExtraFields[name]
		if !ok {
			continue
		}
		var text string
		if json.Unmarshal([]byte(f.Raw()), &text) == nil && text != "" {
			return text
		}
	}
	return ""
}

// streamError is the error that ended a stream: an error status or an error
// event in the stream as an *APIError, others as describe says.
func streamError(err error, httpResp *http.Response) error {
	var se *ssestream.StreamError
	if !errors.As(err, &se) {
		return describe(err)
	}
	var body struct {
		Error struct {
			Message string `json:"message"`
			Type    string `json:"type"`
			Code    any    `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(se.Event.Data, &body)
	e := &APIError{StatusCode: http.StatusOK, Type: body.Error.Type, Message: body.Error.Message, err: err}
	if code, ok := body.Error.Code.(string); ok && code != "" {
		e.Type = code
	}
	if httpResp != nil {
		e.StatusCode = httpResp.StatusCode
	}
	if e.Message == "" {
		e.Message = string(se.Event.Data)
	}
	return e
}
