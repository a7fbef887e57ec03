package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"

	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// Stream asks the model for the next assistant message and yields it as it
// comes (agent.StreamingModel), over a streamed response. Its parts,
// collected (agent.Collect), are the response Generate gives; its errors
// are Generate's (an *APIError for an error status, an error event or a
// response.failed event). A consumer that stops early closes the stream.
// A chained request (WithStore) whose previous response is gone is sent
// again whole, before any part.
func (m *ResponsesModel) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	b, err := m.build(req)
	if err != nil {
		return adapter.Stream[responseEvent](err, nil)
	}
	return func(yield func(agent.Part, error) bool) {
		yielded := false
		for p, err := range m.stream(ctx, b, true) {
			if err != nil && !yielded && b.chained() && chainBroken(err) {
				m.chain.forget(b.prevKey)
				break
			}
			yielded = true
			if !yield(p, err) {
				return
			}
		}
		if yielded {
			return
		}
		for p, err := range m.stream(ctx, b, false) {
			if !yield(p, err) {
				return
			}
		}
	}
}

// stream is the request b, chained or not, streamed.
func (m *ResponsesModel) stream(ctx context.Context, b *built, chained bool) iter.Seq2[agent.Part, error] {
	return adapter.Stream(nil, func() (adapter.Events[responseEvent], adapter.Reader[responseEvent]) {
		r := &eventReader{m: m, b: b}
		return m.client.Responses.NewStreaming(ctx, b.request(chained), option.WithResponseInto(&r.httpResp)), r
	})
}

// responseEvent is an event of a streamed response.
type responseEvent = responses.ResponseStreamEventUnion

// wireEvent is what the adapter reads of an event.
type wireEvent struct {
	Type         string          `json:"type"`
	OutputIndex  int64           `json:"output_index"`
	SummaryIndex int64           `json:"summary_index"`
	Delta        string          `json:"delta"`
	Arguments    string          `json:"arguments"`
	Item         json.RawMessage `json:"item"`
	Response     json.RawMessage `json:"response"`
	Code         string          `json:"code"`    // error
	Message      string          `json:"message"` // error
}

// eventReader turns the events of a streamed response into parts.
type eventReader struct {
	adapter.Parts
	m     *ResponsesModel
	b     *built
	calls map[int64]*streamedCall // by output index
	// collected are the parts so far, for the chain (WithStore).
	collected agent.Collector
	id        string // the response's id, from its last event
	// httpResp is the stream's response, for the status of an error
	// event.
	httpResp *http.Response
}

// streamedCall is a function call being streamed.
type streamedCall struct {
	index int  // its Part.Index
	args  bool // whether a piece of its arguments came
}

// Read reads the next event; response.completed or response.incomplete
// completes the answer, response.failed and error end it with an error.
func (r *eventReader) Read(e responseEvent) (complete bool, err error) {
	var ev wireEvent
	if err := json.Unmarshal([]byte(e.RawJSON()), &ev); err != nil {
		return false, fmt.Errorf("openai: an event is not JSON: %w", err)
	}
	switch ev.Type {
	case "response.output_text.delta", "response.refusal.delta":
		r.Text(ev.Delta)
	case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
		r.Reasoning(ev.Delta)
	case "response.reasoning_summary_part.added":
		if ev.SummaryIndex > 0 {
			r.Reasoning("\n\n") // as the summary's parts are joined
		}
	case "response.output_item.added":
		return false, r.itemAdded(ev)
	case "response.function_call_arguments.delta":
		r.callArgs(ev.OutputIndex, ev.Delta)
	case "response.function_call_arguments.done":
		if c, ok := r.calls[ev.OutputIndex]; ok && !c.args {
			r.callArgs(ev.OutputIndex, ev.Arguments) // a server that sent no pieces
		}
	case "response.output_item.done":
		return false, r.itemDone(ev)
	case "response.completed", "response.incomplete", "response.failed":
		return true, r.end(ev.Response)
	case "error":
		return true, r.errorEvent(ev)
	}
	return false, nil
}

// itemAdded reads the start of an output item: a function call starts a
// call.
func (r *eventReader) itemAdded(ev wireEvent) error {
	var it outputItem
	if err := json.Unmarshal(ev.Item, &it); err != nil {
		return fmt.Errorf("openai: an output item is not JSON: %w", err)
	}
	if it.Type == "function_call" {
		r.startCall(ev.OutputIndex, it)
	}
	return nil
}

func (r *eventReader) startCall(outputIndex int64, it outputItem) *streamedCall {
	if r.calls == nil {
		r.calls = map[int64]*streamedCall{}
	}
	c := &streamedCall{index: r.StartCall(it.CallID, it.Name)}
	r.calls[outputIndex] = c
	if a := it.arguments(); a != "" {
		r.callArgs(outputIndex, a)
	}
	return c
}

func (r *eventReader) callArgs(outputIndex int64, piece string) {
	if c, ok := r.calls[outputIndex]; ok && piece != "" {
		c.args = true
		r.CallArgs(c.index, piece)
	}
}

// itemDone reads an output item, whole: a function call is done, a
// reasoning item to keep and a call the API ran come whole, and the pages
// a message cites come as source parts.
func (r *eventReader) itemDone(ev wireEvent) error {
	var it outputItem
	if err := json.Unmarshal(ev.Item, &it); err != nil {
		return fmt.Errorf("openai: an output item is not JSON: %w", err)
	}
	switch it.Type {
	case "function_call":
		c, ok := r.calls[ev.OutputIndex]
		if !ok { // no output_item.added came for it
			c = r.startCall(ev.OutputIndex, it)
		}
		r.EndCall(c.index)
	case "reasoning":
		if reasoning, ok := r.m.reasoning(it, ev.Item); ok {
			r.ReasoningDone(reasoning)
		}
	case "message":
		r.itemSources(it)
	default:
		if pc, ok := providerCall(it, ev.Item); ok {
			r.ProviderCall(pc)
		}
	}
	return nil
}

// itemSources adds a source part for each page a message item, whole,
// cites, its citations placed in the text so far, which ends with the
// item's text (it came as deltas). Each part is a new page or a new
// citation of one: the Collector puts them together by URL.
func (r *eventReader) itemSources(it outputItem) {
	msg := agent.Message{Text: string(r.TextSoFar())}
	text := it.text()
	base := len(msg.Text) - len(text)
	if base < 0 || msg.Text[base:] != text {
		base = len(msg.Text) // not in the answer's text: the citations have no place
	}
	it.addSources(&msg, base)
	for _, src := range msg.Sources {
		r.Source(src)
	}
}

// end reads the response of the last event: the usage and the finish, or
// why the answer is not whole.
func (r *eventReader) end(raw json.RawMessage) error {
	w, err := readResponse(raw)
	if err != nil {
		return err
	}
	if w.Status == "failed" {
		return withStatus(failed(w), r.httpResp)
	}
	usage := w.usage()
	finish := w.finish(r.Calls() > 0)
	if finish == "max_output_tokens" && r.Calls() > 0 {
		return responsesSDK.CallCut(int64(usage.OutputTokens))
	}
	r.id = w.ID
	r.EndCalls()
	r.Finish(&usage, finish)
	return nil
}

// errorEvent is the error of an error event.
func (r *eventReader) errorEvent(ev wireEvent) error {
	e := &APIError{StatusCode: http.StatusOK, Type: ev.Code, Message: ev.Message}
	if r.httpResp != nil {
		e.StatusCode = r.httpResp.StatusCode
	}
	if e.Message == "" {
		e.Message = "error event"
	}
	return e
}

// Take returns the parts since the last Take, and collects them for the
// chain, which remembers the response once its finish comes.
func (r *eventReader) Take() []agent.Part {
	parts := r.Parts.Take()
	if r.b.chain == nil {
		return parts
	}
	for _, p := range parts {
		_ = r.collected.Add(p) // the reader's own parts, in order
		if p.Kind == agent.PartFinish {
			r.b.record(r.id, r.collected.Response().Message)
		}
	}
	return parts
}

// End: a stream that ends without response.completed was cut.
func (r *eventReader) End() error { return responsesSDK.StreamCut() }

// Fail: an error status, or an event with an "error" member, is an
// *APIError.
func (r *eventReader) Fail(err error) error { return streamFail(err, r.httpResp) }
