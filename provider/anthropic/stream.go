package anthropic

import (
	"cmp"
	"context"
	"encoding/json"
	"iter"
	"slices"

	ant "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// Stream asks the model for the next assistant message and yields it as it
// comes (agent.StreamingModel), over a streamed Messages request. Its
// parts, collected (agent.Collect), are the response Generate gives; its
// errors are Generate's (an *APIError for an error status or an error
// event in the stream). The finish part has Anthropic's stop_reason
// ("end_turn", "tool_use", "max_tokens"...). An answer the API paused
// ("pause_turn") is continued as Generate continues it, in the same
// sequence: a usage part for each request, one finish. A consumer that
// stops early closes the stream.
func (m *Model) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	params, err := m.params(req)
	if err != nil {
		return adapter.Stream[event](err, nil)
	}
	return func(yield func(agent.Part, error) bool) {
		r := &eventReader{}
		for pauses := 0; ; pauses++ {
			r.mayPause = pauses < MaxPauses
			parts := adapter.Stream(nil, func() (adapter.Events[event], adapter.Reader[event]) {
				return m.client.Messages.NewStreaming(ctx, params), r
			})
			for p, err := range parts {
				if !yield(p, err) || err != nil {
					return
				}
			}
			if !r.paused {
				return
			}
			params.Messages = continued(params.Messages, r.pausedContent())
			r.nextPiece()
		}
	}
}

// event is an event of a streamed message.
type event = ant.MessageStreamEventUnion

// eventReader turns the events of a streamed message into parts; for an
// answer the API pauses, the events of each request in turn.
type eventReader struct {
	adapter.Parts
	blocks map[int64]int // a tool_use block's index -> its call's Part.Index
	server serverCalls
	usage  agent.Usage
	stop   ant.StopReason
	// mayPause: a pause_turn is continued, so the request's events are
	// kept (to send its content back) and its end is not the answer's.
	mayPause bool
	paused   bool    // the request ended with pause_turn
	events   []event // the request's events, while mayPause
	// cited are the text blocks open (by index) with where their text
	// starts in the answer's text (TextSoFar) and their citations: a
	// block's web pages come as source parts when it ends, citing its
	// text.
	cited map[int64]*citedBlock
}

// citedBlock is a text block being streamed, for its citations.
type citedBlock struct {
	start     int
	citations []webCitation
}

// deltaUsage reads a message_delta's usage, which is cumulative: its
// input counts are message_start's unless it says otherwise.
func (r *eventReader) deltaUsage(d ant.MessageDeltaUsage) {
	input := int64(r.usage.InputTokens - r.usage.CachedInputTokens - r.usage.CacheCreationInputTokens)
	read, created := int64(r.usage.CachedInputTokens), int64(r.usage.CacheCreationInputTokens)
	input, read, created = cmp.Or(d.InputTokens, input), cmp.Or(d.CacheReadInputTokens, read), cmp.Or(d.CacheCreationInputTokens, created)
	r.usage = usageOf(input, d.OutputTokens, read, created)
}

// Read reads the next event; message_stop completes the answer, or the
// request of a paused one.
func (r *eventReader) Read(e event) (complete bool, err error) {
	if r.mayPause {
		r.events = append(r.events, e)
	}
	switch e.Type {
	case "message_start":
		u := e.Message.Usage
		r.usage = usageOf(u.InputTokens, u.OutputTokens, u.CacheReadInputTokens, u.CacheCreationInputTokens)
	case "content_block_start":
		r.blockStart(e.Index, e.ContentBlock)
	case "content_block_delta":
		r.blockDelta(e.Index, e.Delta)
	case "content_block_stop":
		if i, ok := r.blocks[e.Index]; ok {
			r.EndCall(i)
		}
		r.textEnd(e.Index)
		r.server.end(e.Index)
	case "message_delta":
		r.deltaUsage(e.Usage)
		if e.Delta.StopReason != "" {
			r.stop = e.Delta.StopReason
		}
	case "message_stop":
		if r.stop == ant.StopReasonMaxTokens && r.Calls() > 0 {
			return true, sdk.CallCut(int64(r.usage.OutputTokens))
		}
		if r.stop == ant.StopReasonPauseTurn && r.mayPause {
			// The calls still running wait for their results in the
			// continuation.
			r.paused = true
			r.Usage(r.usage)
			return true, nil
		}
		for _, pc := range r.server.unsettled() {
			r.ProviderCall(pc)
		}
		r.Finish(&r.usage, string(r.stop))
		return true, nil
	}
	return false, nil
}

// pausedContent is the content of the paused request's answer, as the API
// sent it, to be sent back.
func (r *eventReader) pausedContent() []ant.ContentBlockParamUnion {
	var msg ant.Message
	for _, e := range r.events {
		_ = msg.Accumulate(e) // the events were read without error
	}
	return msg.ToParam().OfAssistant.Content
}

// nextPiece readies r for the continuation of a paused answer: its calls
// keep their numbers, and the calls the API was running their place.
func (r *eventReader) nextPiece() {
	r.blocks, r.events, r.paused, r.stop = nil, nil, false, ""
	r.usage = agent.Usage{}
}

// blockStart reads the start of a content block: text, thinking, a
// tool_use block, which starts a call, a server_tool_use block, which
// starts a call the API runs, or its result, which settles it.
func (r *eventReader) blockStart(index int64, b ant.ContentBlockStartEventContentBlockUnion) {
	switch b.Type {
	case "server_tool_use":
		r.server.start(index, serverCall(b.ID, b.Name, json.RawMessage(b.JSON.Input.Raw())))
		return
	}
	if isServerResult(b.Type) {
		if pc, ok := r.server.settle(b.ToolUseID, json.RawMessage(b.RawJSON())); ok {
			r.ProviderCall(pc)
		}
		for _, src := range resultSources(json.RawMessage(b.RawJSON())) {
			r.Source(src)
		}
		return
	}
	switch b.Type {
	case "text":
		if r.cited == nil {
			r.cited = map[int64]*citedBlock{}
		}
		r.cited[index] = &citedBlock{start: len(r.TextSoFar()), citations: blockCitations(b.RawJSON())}
		r.Text(b.Text)
	case "thinking":
		r.Reasoning(b.Thinking)
	case "tool_use":
		if r.blocks == nil {
			r.blocks = map[int64]int{}
		}
		r.blocks[index] = r.StartCall(b.ID, b.Name)
	}
}

// blockDelta reads a piece of a content block; signature deltas (of
// thinking blocks) have no part.
func (r *eventReader) blockDelta(index int64, d ant.MessageStreamEventUnionDelta) {
	switch d.Type {
	case "text_delta":
		r.Text(d.Text)
	case "citations_delta":
		var c webCitation
		if b, ok := r.cited[index]; ok && json.Unmarshal([]byte(d.Citation.RawJSON()), &c) == nil {
			b.citations = append(b.citations, c)
		}
	case "thinking_delta":
		r.Reasoning(d.Thinking)
	case "input_json_delta":
		if i, ok := r.blocks[index]; ok {
			r.CallArgs(i, d.PartialJSON)
		}
		r.server.args(index, d.PartialJSON)
	}
}

// textEnd ends the text block at index, if it is one: the pages its
// citations name come as source parts citing its text.
func (r *eventReader) textEnd(index int64) {
	b, ok := r.cited[index]
	if !ok {
		return
	}
	delete(r.cited, index)
	text := r.TextSoFar()
	for _, src := range citedSources(b.citations, string(text), b.start, len(text)) {
		r.Source(src)
	}
}

// End: a stream that ends without message_stop was cut.
func (r *eventReader) End() error { return sdk.StreamCut() }

// Fail: an error status or an error event is an *APIError.
func (r *eventReader) Fail(err error) error { return describe(err) }

// serverCalls are the calls the API runs in a streamed answer: a
// server_tool_use block's input comes in pieces, as a tool_use block's,
// and its result in a block of its own after it.
type serverCalls struct {
	open  map[int64]*serverBlock // by block index, until the block stops
	calls []agent.ProviderCall   // stopped, waiting for their result
}

type serverBlock struct {
	call agent.ProviderCall
	args []byte
}

func (s *serverCalls) start(index int64, pc agent.ProviderCall) {
	if s.open == nil {
		s.open = map[int64]*serverBlock{}
	}
	s.open[index] = &serverBlock{call: pc}
}

func (s *serverCalls) args(index int64, piece string) {
	if b, ok := s.open[index]; ok {
		b.args = append(b.args, piece...)
	}
}

// end completes the call of block index, if it is one: its input is the
// pieces that came, else the input its start gave.
func (s *serverCalls) end(index int64) {
	b, ok := s.open[index]
	if !ok {
		return
	}
	delete(s.open, index)
	if len(b.args) > 0 {
		b.call.Args = b.args
	}
	s.calls = append(s.calls, b.call)
}

// settle gives the call with id its result block, and returns it whole.
func (s *serverCalls) settle(id string, block json.RawMessage) (agent.ProviderCall, bool) {
	i := slices.IndexFunc(s.calls, func(pc agent.ProviderCall) bool { return pc.ID == id })
	if i < 0 {
		return agent.ProviderCall{}, false
	}
	pc := s.calls[i]
	s.calls = slices.Delete(s.calls, i, i+1)
	settle(&pc, block)
	return pc, true
}

// unsettled takes the calls whose result did not come (an answer paused
// while the API ran them).
func (s *serverCalls) unsettled() []agent.ProviderCall {
	out := s.calls
	s.calls = nil
	return out
}
