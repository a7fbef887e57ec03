package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// Stream asks the model for the next assistant message and yields it as it
// comes (agent.StreamingModel), over a streamed Chat Completion with
// stream_options.include_usage. Its parts, collected (agent.Collect), are
// the response Generate gives; its errors are Generate's (an *APIError for
// an error status or an error event in the stream). A consumer that stops
// early closes the stream.
func (m *Model) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	params, err := m.params(req)
	params.StreamOptions = oai.ChatCompletionStreamOptionsParam{IncludeUsage: oai.Bool(true)}
	return adapter.Stream(err, func() (adapter.Events[chunk], adapter.Reader[chunk]) {
		r := &chunkReader{}
		return m.client.Chat.Completions.NewStreaming(ctx, params, option.WithResponseInto(&r.httpResp)), r
	})
}

// chunk is a chunk of a streamed completion.
type chunk = oai.ChatCompletionChunk

// chunkReader turns the chunks of a streamed completion into parts. Only
// the first choice counts, as in Generate.
type chunkReader struct {
	adapter.Parts
	wire map[int64]int // a tool call's index on the wire -> its Part.Index
	// annotations are the message's annotations: the web pages it cites
	// become source parts at its end, when the text their indices count
	// in (TextSoFar) is whole.
	annotations []annotation
	finish      string
	usage       *agent.Usage
	// httpResp is the stream's response, for the status of an error
	// event.
	httpResp *http.Response
}

// Read reads the next chunk. None completes the answer: the usage comes
// in a chunk after the finish reason's.
func (r *chunkReader) Read(c chunk) (complete bool, err error) {
	if c.JSON.Usage.Valid() {
		u := chatUsage(c.Usage)
		r.usage = &u
	}
	for _, choice := range c.Choices {
		if choice.Index != 0 {
			continue
		}
		d := choice.Delta
		r.Reasoning(reasoning(d))
		r.Text(d.Content)
		r.Text(d.Refusal)
		if f, ok := d.JSON.ExtraFields["annotations"]; ok {
			r.annotations = append(r.annotations, messageAnnotations(`{"annotations":`+f.Raw()+`}`)...)
		}
		for _, tc := range d.ToolCalls {
			if err := r.callDelta(tc); err != nil {
				return false, err
			}
		}
		if choice.FinishReason != "" && r.finish == "" {
			r.finish = choice.FinishReason
			if !r.cutCall() {
				r.EndCalls()
			}
		}
	}
	return false, nil
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
	if !ok || (tc.ID != "" && r.CallID(i) != "" && tc.ID != r.CallID(i)) {
		if r.wire == nil {
			r.wire = map[int64]int{}
		}
		i = r.StartCall(tc.ID, tc.Function.Name)
		r.wire[tc.Index] = i
	}
	r.CallArgs(i, tc.Function.Arguments)
	return nil
}

// cutCall reports whether the answer was cut by the token limit while it
// was making a tool call.
func (r *chunkReader) cutCall() bool {
	return r.finish == "length" && r.Calls() > 0
}

// End adds the parts after the last chunk: the calls not done, the web
// pages the message cites, the usage (when the server gave it) and the
// finish. A stream that ended without a
// finish reason was cut.
func (r *chunkReader) End() error {
	if r.finish == "" {
		return sdk.StreamCut()
	}
	if r.cutCall() {
		var out int
		if r.usage != nil {
			out = r.usage.OutputTokens
		}
		return sdk.CallCut(int64(out))
	}
	r.EndCalls()
	var msg agent.Message
	msg.Text = string(r.TextSoFar())
	addSources(&msg, r.annotations, msg.Text, 0)
	for _, src := range msg.Sources {
		r.Source(src)
	}
	r.Finish(r.usage, r.finish)
	return nil
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

// Fail: an error status or an error event in the stream is an *APIError,
// others as describe says.
func (r *chunkReader) Fail(err error) error { return streamFail(err, r.httpResp) }

// streamFail words the error that ended a stream: an error status or an
// event with an "error" member is an *APIError (with the status of the
// stream's response, resp, when there was one), others as describe says.
func streamFail(err error, resp *http.Response) error {
	var se *ssestream.StreamError
	if !errors.As(err, &se) {
		return describe(err)
	}
	body := adapter.ReadErrorBody(se.Event.Data)
	e := &APIError{StatusCode: http.StatusOK, Type: errorKind(body.Type, body.Code), Message: body.Message, err: err}
	if resp != nil {
		e.StatusCode = resp.StatusCode
	}
	if e.Message == "" {
		e.Message = string(se.Event.Data)
	}
	return e
}
