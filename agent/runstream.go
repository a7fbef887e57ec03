package agent

import (
	"context"
	"sync"
)

// RunStream is Run, reported as it happens: fn gets each event of the run
// (the ones an observer gets, see Event) and, while the model answers, each
// part of its response as it arrives (EventModelPart, with Part), one at a
// time and in order. A model that does not stream gives its response as
// parts once it has it (see Stream). The run waits for fn to return (a slow
// consumer slows the run, nothing piles up); an error from fn stops the
// run: its context is cancelled, the calls it started end (each within its
// timeout), and RunStream returns fn's error with the state up to the last
// complete step.
func (a *Agent) RunStream(ctx context.Context, prompt string, deps any, fn func(Event) error) (*State, error) {
	s := newState(prompt)
	return s, a.driveStreaming(ctx, s, deps, fn)
}

// ResumeStream is Resume, reported as it happens, as RunStream reports Run.
func (a *Agent) ResumeStream(ctx context.Context, s *State, deps any, fn func(Event) error) (*State, error) {
	if err := a.checkResumable(s); err != nil {
		return s, a.refuse(ctx, s, err, fn)
	}
	upgrade(s) // as Resume: what the run records from here on is of this version
	grantResultBudget(s)
	s.StopReason, s.compacted = "", 0
	return s, a.driveStreaming(ctx, s, deps, fn)
}

func (a *Agent) driveStreaming(ctx context.Context, s *State, deps any, fn func(Event) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	st := &stream{fn: fn, cancel: cancel}
	err := a.drive(context.WithValue(ctx, streamKey{}, st), s, deps)
	if stopped := st.stopped(); stopped != nil {
		return stopped
	}
	return err
}

// askStreaming asks the model for a stream, hands each part to the stream's
// consumer as it comes, and puts the response together.
func (a *Agent) askStreaming(ctx context.Context, s *State, st *stream, req Request) (Response, error) {
	var c Collector
	// Labelled once: a part is the hot path of a streaming run.
	part := Event{Kind: EventModelPart, RunID: s.RunID, Turn: s.Turns + 1}
	a.events.label(ctx, &part)
	for p, err := range Stream(ctx, a.model, req) {
		if err != nil {
			return Response{}, err
		}
		if err := c.Add(p); err != nil {
			return Response{}, err
		}
		part.Part = p
		if err := a.events.emitPart(st, part); err != nil {
			return Response{}, err
		}
	}
	return c.Response(), nil
}

// stream hands a run's events to its consumer, one at a time.
type stream struct {
	fn     func(Event) error
	cancel context.CancelCauseFunc
	mu     sync.Mutex
	err    error // the consumer's, once it stopped the run
}

type streamKey struct{}

func streamOf(ctx context.Context) *stream {
	st, _ := ctx.Value(streamKey{}).(*stream)
	return st
}

// send hands e to the consumer, unless it stopped the run, and returns its
// error once it has.
func (st *stream) send(e Event) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.err != nil {
		return st.err
	}
	if err := st.fn(e); err != nil {
		st.err = err
		st.cancel(err)
	}
	return st.err
}

func (st *stream) stopped() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.err
}
