package gemini

import (
	"context"
	"iter"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// Stream asks the model for the next assistant message and yields it as it
// comes (agent.StreamingModel), over streamGenerateContent (alt=sse). Its
// parts, collected (agent.Collect), are the response Generate gives; its
// errors are Generate's (an *APIError for an error status or an error in
// the stream). Each call comes whole in one chunk: its start, its
// arguments in one piece, the call. The finish part has Gemini's
// finishReason ("STOP", "MAX_TOKENS"). A stream that ends without a
// finish reason, or whose connection breaks, is an error
// (io.ErrUnexpectedEOF) after the parts that came. A consumer that stops
// early closes the stream.
func (m *Model) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	contents, cfg, err := m.request(req)
	return adapter.Stream(err, func() (adapter.Events[chunk], adapter.Reader[chunk]) {
		next, stop := iter.Pull2(m.client.Models.GenerateContentStream(ctx, m.model, contents, cfg))
		return &chunks{next: next, stop: stop}, &answerReader{sigs: m.sigs}
	})
}

// chunk is a chunk of a streamed answer.
type chunk = *genai.GenerateContentResponse

// chunks are the SDK's stream of chunks as adapter.Events.
type chunks struct {
	next func() (chunk, error, bool)
	stop func()
	cur  chunk
	err  error
}

func (c *chunks) Next() bool {
	if c.err != nil {
		return false
	}
	resp, err, ok := c.next()
	if !ok {
		return false
	}
	if err != nil {
		c.err = err
		return false
	}
	c.cur = resp
	return true
}

func (c *chunks) Current() chunk { return c.cur }
func (c *chunks) Err() error     { return c.err }
func (c *chunks) Close() error   { c.stop(); return nil }
