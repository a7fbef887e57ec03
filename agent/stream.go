package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"slices"
)

// StreamingModel is a Model that can also give its response as it is made,
// part by part. The provider adapters implement it over their APIs'
// streams, and agenttest scripts it. A run streams (RunStream) with any
// Model: one that does not stream is adapted by Stream, which gives its
// whole response as parts once it has it.
type StreamingModel interface {
	Model
	// Stream yields the parts of the response to req in order, and stops
	// at the first error, which it yields with a zero Part. A consumer
	// that stops early ends the request.
	Stream(ctx context.Context, req Request) iter.Seq2[Part, error]
}

// PartKind names a piece of a streamed response.
type PartKind string

// The kinds of parts, in the order a response's parts come: text, reasoning
// and the calls the provider ran interleave with calls; each call's parts
// come in the order start, arguments, done; usage and finish come last.
const (
	PartText      PartKind = "text"      // Text is the next piece of the answer
	PartReasoning PartKind = "reasoning" // Text is the next piece of the model's reasoning
	// ReasoningDone is a piece of reasoning, whole, that the provider
	// wants back with the history (Message.Reasoning); its text came
	// before it as reasoning parts.
	PartReasoningDone PartKind = "reasoning_done"
	PartCallStart     PartKind = "call_start" // Call has the ID and Name of call Index
	PartCallArgs      PartKind = "call_args"  // Text is the next piece of call Index's JSON arguments
	PartCallDone      PartKind = "call_done"  // Call is call Index, whole
	// ProviderCall is a call the provider ran, with its result, whole.
	PartProviderCall PartKind = "provider_call"
	// Source is a web page the answer cites or its provider found, or
	// another citation of one that came before (the Collector puts them
	// together by URL, Message.AddSource): an adapter sends it when the
	// provider gives it, after the text it cites.
	PartSource PartKind = "source"
	PartUsage  PartKind = "usage"  // Usage counts the request's tokens
	PartFinish PartKind = "finish" // Finish says why the model stopped
)

// Part is a piece of a streamed response.
type Part struct {
	Kind PartKind `json:"kind"`
	// Text is the piece of text, reasoning or arguments.
	Text string `json:"text,omitempty"`
	// Index numbers the response's calls from 0, for call parts.
	Index int `json:"index,omitempty"`
	// Call is the call so far (ID and Name on call_start, all of it on
	// call_done).
	Call ToolCall `json:"call,omitzero"`
	// ProviderCall is the call the provider ran, on a provider_call part.
	ProviderCall ProviderCall `json:"provider_call,omitzero"`
	// Source is the page, on a source part.
	Source Source `json:"source,omitzero"`
	// Reasoning is the reasoning, whole, on a reasoning_done part.
	Reasoning Reasoning `json:"reasoning,omitzero"`
	Usage     Usage     `json:"usage,omitzero"`
	// Finish is the provider's reason for stopping ("stop", "tool_calls",
	// "length"...), on the finish part.
	Finish string `json:"finish,omitempty"`
}

// Stream streams m's response: m's own stream if m is a StreamingModel,
// else its whole response as parts once Generate returns.
func Stream(ctx context.Context, m Model, req Request) iter.Seq2[Part, error] {
	if sm, ok := m.(StreamingModel); ok {
		return sm.Stream(ctx, req)
	}
	return func(yield func(Part, error) bool) {
		resp, err := m.Generate(ctx, req)
		if err != nil {
			yield(Part{}, err)
			return
		}
		for p := range Parts(resp) {
			if !yield(p, nil) {
				return
			}
		}
	}
}

// Parts are the parts of a whole response, in the order a stream gives
// them: its reasoning (the text, then the whole), the calls the provider ran, its text, its sources, then each call (start,
// arguments, done), then its usage and the finish.
func Parts(resp Response) iter.Seq[Part] {
	return func(yield func(Part) bool) {
		msg := resp.Message
		for _, r := range msg.Reasoning {
			if r.Text != "" && !yield(Part{Kind: PartReasoning, Text: r.Text}) {
				return
			}
			if !yield(Part{Kind: PartReasoningDone, Reasoning: r}) {
				return
			}
		}
		for _, pc := range msg.ProviderCalls {
			if !yield(Part{Kind: PartProviderCall, ProviderCall: pc}) {
				return
			}
		}
		if msg.Text != "" && !yield(Part{Kind: PartText, Text: msg.Text}) {
			return
		}
		for _, src := range msg.Sources {
			if !yield(Part{Kind: PartSource, Source: src}) {
				return
			}
		}
		for i, c := range msg.Calls {
			if !yield(Part{Kind: PartCallStart, Index: i, Call: ToolCall{ID: c.ID, Name: c.Name}}) ||
				!yield(Part{Kind: PartCallArgs, Index: i, Text: string(c.Args)}) ||
				!yield(Part{Kind: PartCallDone, Index: i, Call: c}) {
				return
			}
		}
		if !yield(Part{Kind: PartUsage, Usage: resp.Usage}) {
			return
		}
		finish := "stop"
		if len(msg.Calls) > 0 {
			finish = "tool_calls"
		}
		yield(Part{Kind: PartFinish, Finish: finish})
	}
}

// A Collector puts a streamed response together, part by part. Its zero
// value is ready to use.
type Collector struct {
	text     []byte
	calls    []collectedCall
	provider []ProviderCall
	sources  Message // its Sources, as AddSource puts them together
	thought  []Reasoning
	usage    Usage
}

type collectedCall struct {
	call ToolCall
	args []byte
	done bool
}

// Add adds the next part. A call part whose Index skips a call, or that
// comes after its call is done, is an error: the stream is out of order.
func (c *Collector) Add(p Part) error {
	switch p.Kind {
	case PartText:
		c.text = append(c.text, p.Text...)
	case PartReasoning, PartFinish:
		// Not part of the transcript.
	case PartUsage:
		c.usage = c.usage.Add(p.Usage)
	case PartCallStart, PartCallArgs, PartCallDone:
		return c.addCall(p)
	case PartProviderCall:
		c.provider = append(c.provider, p.ProviderCall)
	case PartSource:
		c.sources.AddSource(p.Source)
	case PartReasoningDone:
		c.thought = append(c.thought, p.Reasoning)
	default:
		return fmt.Errorf("agent: a stream part of unknown kind %q", p.Kind)
	}
	return nil
}

func (c *Collector) addCall(p Part) error {
	switch {
	case p.Index < 0 || p.Index > len(c.calls):
		return fmt.Errorf("agent: stream part %s for call %d, after %d calls", p.Kind, p.Index, len(c.calls))
	case p.Index == len(c.calls):
		c.calls = append(c.calls, collectedCall{})
	}
	cc := &c.calls[p.Index]
	if cc.done {
		return fmt.Errorf("agent: stream part %s for call %d, which is done", p.Kind, p.Index)
	}
	switch p.Kind {
	case PartCallStart:
		cc.call.ID, cc.call.Name = p.Call.ID, p.Call.Name
	case PartCallArgs:
		cc.args = append(cc.args, p.Text...)
	case PartCallDone:
		cc.call, cc.done = p.Call, true
		if cc.call.Args == nil {
			cc.call.Args = slices.Clip(cc.args)
		}
	}
	return nil
}

// Response is the response the parts so far make: the reasoning to send
// back, the calls the provider ran, the text, its sources, the calls
// (a call that was not done is taken as its start and argument pieces, or
// an empty object when none came) and the usage. A done call keeps the
// arguments its done part gives, even empty ones, so that Collect gives
// back the response Parts took apart, whatever bytes the model sent.
func (c *Collector) Response() Response {
	msg := Message{Role: RoleAssistant, Text: string(c.text), ProviderCalls: slices.Clip(c.provider), Reasoning: slices.Clip(c.thought),
		Sources: c.sources.cloneSources()}
	for _, cc := range c.calls {
		call := cc.call
		if !cc.done {
			call.Args = slices.Clip(cc.args)
		}
		if call.Args == nil { // no piece came, and the done part (if any) gave none
			call.Args = json.RawMessage(`{}`)
		}
		msg.Calls = append(msg.Calls, call)
	}
	return Response{Message: msg, Usage: c.usage}
}

// cloneSources is a copy of m.Sources, so that a Response the Collector
// gave keeps its sources while the Collector adds more.
func (m *Message) cloneSources() []Source {
	if len(m.Sources) == 0 {
		return nil
	}
	out := make([]Source, len(m.Sources))
	for i, s := range m.Sources {
		s.Citations = slices.Clone(s.Citations)
		out[i] = s
	}
	return out
}

// Collect reads a stream to its end and returns the response it makes.
func Collect(parts iter.Seq2[Part, error]) (Response, error) {
	var c Collector
	for p, err := range parts {
		if err != nil {
			return Response{}, err
		}
		if err := c.Add(p); err != nil {
			return Response{}, err
		}
	}
	return c.Response(), nil
}
