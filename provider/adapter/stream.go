package adapter

import (
	"encoding/json"
	"iter"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// Events is an SDK's stream of decoded server-sent events, as both SDKs'
// ssestream.Stream are.
type Events[E any] interface {
	Next() bool
	Current() E
	Err() error
	Close() error
}

// Reader turns a provider's events into parts. Its Parts collects them.
type Reader[E any] interface {
	// Read reads the next event, adding its parts to the reader's Parts.
	// complete reports that the answer is whole with it (no event after
	// it counts); an error ends the stream after the event's parts.
	Read(event E) (complete bool, err error)
	// End is called when the events end, without an error, before one
	// completed the answer: it adds the parts still due, or says why the
	// answer is not whole.
	End() error
	// Fail words the error that ended the events (an error status, an
	// error event, a broken connection) as the adapter's Generate does.
	Fail(err error) error
	// Take returns the parts added since the last Take.
	Take() []agent.Part
}

// Stream is the sequence of an answer's parts, for an adapter's Stream.
// A request the adapter could not build (buildErr) is the sequence's one
// item; else each time the sequence is ranged over, open sends the request
// and gives a new Reader for its events, and the sequence yields each
// event's parts, then its error; the error that ended the events, as Fail
// words it; the parts End adds, or its error. It closes the events when
// it returns, so that a consumer that stops early ends the request.
func Stream[E any](buildErr error, open func() (Events[E], Reader[E])) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		if buildErr != nil {
			yield(agent.Part{}, buildErr)
			return
		}
		events, r := open()
		defer events.Close()
		read(yield, events, r)
	}
}

// read yields the parts of events, as Stream says.
func read[E any](yield func(agent.Part, error) bool, events Events[E], r Reader[E]) {
	for events.Next() {
		complete, err := r.Read(events.Current())
		if !yieldAll(yield, r.Take()) {
			return
		}
		if err != nil {
			yield(agent.Part{}, err)
			return
		}
		if complete {
			return
		}
	}
	if err := events.Err(); err != nil {
		yield(agent.Part{}, r.Fail(err))
		return
	}
	err := r.End()
	if yieldAll(yield, r.Take()) && err != nil {
		yield(agent.Part{}, err)
	}
}

// yieldAll yields parts until yield says to stop, and reports whether it
// did not.
func yieldAll(yield func(agent.Part, error) bool, parts []agent.Part) bool {
	for _, p := range parts {
		if !yield(p, nil) {
			return false
		}
	}
	return true
}

// Parts collects the parts of a stream's events as a Reader reads them,
// and the calls the stream has made. Its zero value is ready to use.
type Parts struct {
	parts []agent.Part
	calls []streamCall
	text  []byte // every piece of text added
}

type streamCall struct {
	call agent.ToolCall
	args []byte
	done bool
}

// Take returns the parts added since the last Take; they stay valid until
// the next part is added.
func (p *Parts) Take() []agent.Part {
	out := p.parts
	p.parts = p.parts[:0]
	return out
}

// Text adds a piece of the answer's text, if it is not empty.
func (p *Parts) Text(text string) {
	if text != "" {
		p.parts = append(p.parts, agent.Part{Kind: agent.PartText, Text: text})
		p.text = append(p.text, text...)
	}
}

// TextSoFar is the answer's text so far: every piece Text added, in
// order. It is valid until the next piece is added.
func (p *Parts) TextSoFar() []byte { return p.text }

// Reasoning adds a piece of the model's reasoning, if it is not empty.
func (p *Parts) Reasoning(text string) {
	if text != "" {
		p.parts = append(p.parts, agent.Part{Kind: agent.PartReasoning, Text: text})
	}
}

// StartCall adds the start of a call and returns its index, the calls
// numbered in the order they start.
func (p *Parts) StartCall(id string, name string) int {
	i := len(p.calls)
	p.calls = append(p.calls, streamCall{call: agent.ToolCall{ID: id, Name: toolgen.ToolName(name)}})
	p.parts = append(p.parts, agent.Part{Kind: agent.PartCallStart, Index: i, Call: p.calls[i].call})
	return i
}

// CallID is the id call i started with.
func (p *Parts) CallID(i int) string { return p.calls[i].call.ID }

// Calls is how many calls have started.
func (p *Parts) Calls() int { return len(p.calls) }

// CallArgs adds a piece of call i's arguments, if it is not empty.
func (p *Parts) CallArgs(i int, piece string) {
	if piece != "" {
		p.calls[i].args = append(p.calls[i].args, piece...)
		p.parts = append(p.parts, agent.Part{Kind: agent.PartCallArgs, Index: i, Text: piece})
	}
}

// EndCall adds call i, whole, unless it was: its arguments are the pieces
// as they came, or an empty object when none came (a tool without input).
func (p *Parts) EndCall(i int) {
	c := &p.calls[i]
	if c.done {
		return
	}
	c.done = true
	c.call.Args = json.RawMessage(`{}`)
	if len(c.args) > 0 {
		c.call.Args = c.args
	}
	p.parts = append(p.parts, agent.Part{Kind: agent.PartCallDone, Index: i, Call: c.call})
}

// EndCalls adds the calls not yet whole, in order.
func (p *Parts) EndCalls() {
	for i := range p.calls {
		p.EndCall(i)
	}
}

// ProviderCall adds a call the provider ran, whole.
func (p *Parts) ProviderCall(pc agent.ProviderCall) {
	p.parts = append(p.parts, agent.Part{Kind: agent.PartProviderCall, ProviderCall: pc})
}

// ReasoningDone adds a piece of reasoning, whole, that the provider wants
// back with the history.
func (p *Parts) ReasoningDone(r agent.Reasoning) {
	p.parts = append(p.parts, agent.Part{Kind: agent.PartReasoningDone, Reasoning: r})
}

// Usage adds a usage part alone: the tokens of one request of an answer
// that took several (the Collector sums them).
func (p *Parts) Usage(usage agent.Usage) {
	p.parts = append(p.parts, agent.Part{Kind: agent.PartUsage, Usage: usage})
}

// Finish adds the usage, when the provider gave it, and the provider's
// reason for stopping: the answer's last parts.
func (p *Parts) Finish(usage *agent.Usage, reason string) {
	if usage != nil {
		p.parts = append(p.parts, agent.Part{Kind: agent.PartUsage, Usage: *usage})
	}
	p.parts = append(p.parts, agent.Part{Kind: agent.PartFinish, Finish: reason})
}
