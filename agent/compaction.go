package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen"
)

// A Compactor shortens a transcript that is over the token budget (see
// WithCompaction): ElideToolResults and Summarize are the policies the
// package offers. Compact returns the transcript to send in place of
// c.Messages, which it must not modify. The result must stay a valid
// transcript: it starts with a user message, every tool message follows the
// assistant message whose calls it answers (one result per call, in
// order), and it ends with c.Messages' last message; the loop checks, and
// fails the run otherwise.
type Compactor interface {
	Compact(ctx context.Context, c Compaction) (Compacted, error)
}

// CompactorFunc is a function that is a Compactor.
type CompactorFunc func(ctx context.Context, c Compaction) (Compacted, error)

// Compact calls f.
func (f CompactorFunc) Compact(ctx context.Context, c Compaction) (Compacted, error) {
	return f(ctx, c)
}

// Compaction is what a Compactor is given: the request about to be sent
// and the budget it is over.
type Compaction struct {
	System   string
	Messages []Message
	Tools    []ToolSpec
	Budget   int // the budget, in estimated tokens
	Tokens   int // the request's estimated tokens now
}

// Compacted is what a Compactor made of a transcript.
type Compacted struct {
	Messages []Message
	// Policy names the compactor, as "elide_tool_results", "summarize".
	Policy string
	// Removed says what was removed, for people ("3 tool results over
	// 4096 bytes", "messages 2 to 31"); "" when nothing was.
	Removed string
	// RemovedMessages counts the messages dropped (replaced by a summary);
	// ElidedResults the tool results whose content was replaced.
	RemovedMessages int
	ElidedResults   int
	// Usage is what the compactor spent (a summary's model call): it is
	// added to the run's.
	Usage Usage
}

// CompactionRecord is one compaction of a run's transcript, in State and in
// the compaction event.
type CompactionRecord struct {
	// Turn is the turn whose request was compacted (as EventTurnStarted's).
	Turn            int    `json:"turn"`
	Policy          string `json:"policy"`
	Removed         string `json:"removed,omitempty"`
	RemovedMessages int    `json:"removed_messages,omitempty"`
	ElidedResults   int    `json:"elided_results,omitempty"`
	// TokensBefore is the request's size as the budget is checked (see
	// WithCompaction), SavedTokens the estimate (EstimateTokens) of what
	// the compaction removed, and TokensAfter their difference.
	TokensBefore int   `json:"tokens_before"`
	TokensAfter  int   `json:"tokens_after"`
	SavedTokens  int   `json:"saved_tokens"`
	Usage        Usage `json:"usage,omitzero"`
}

// compaction is an agent's compaction configuration.
type compaction struct {
	budget   int
	policies []Compactor
}

// WithCompaction compacts the transcript before a model request whose
// estimated size (see EstimateTokens; the model's reported input tokens
// count when larger) is over budget tokens: the policies run in order, each
// only while the request is still over, until it is not. The compacted
// transcript replaces State.Messages (a resumed run goes on from it), each
// compaction is recorded in State.Compactions, and an EventCompaction says
// what was removed and how many tokens it saved. A request still over the
// budget after every policy is sent as it is. budget must be at least 1,
// and at least one policy is required.
func WithCompaction(budget int, policies ...Compactor) Option {
	return func(c *config) error {
		if budget < 1 {
			return fmt.Errorf("agent.WithCompaction(%d): budget must be at least 1", budget)
		}
		if len(policies) == 0 {
			return fmt.Errorf("agent.WithCompaction(%d): no policy", budget)
		}
		for i, p := range policies {
			if p == nil {
				return fmt.Errorf("agent.WithCompaction(%d): policy %d is nil", budget, i)
			}
			if ch, ok := p.(interface{ check() error }); ok {
				if err := ch.check(); err != nil {
					return fmt.Errorf("agent.WithCompaction(%d): %w", budget, err)
				}
			}
		}
		c.compaction = &compaction{budget: budget, policies: policies}
		return nil
	}
}

// EstimateTokens estimates a request's size in tokens: a quarter of the
// bytes of its text (the system prompt, message texts, call names and
// arguments, result texts and structured results, binary result data, the
// calls the provider ran and their results, and the tools' names,
// descriptions and schemas), rounded up. A deferred tool counts only as
// its name, which is what its provider's search reads up front. English text and
// JSON run at about four bytes a token with the common tokenizers; the
// figure is a budget's yardstick, not a bill.
func EstimateTokens(req Request) int {
	n := len(req.System) + messageBytes(req.Messages)
	for _, t := range req.Tools {
		n += len(t.Name)
		if !t.Deferred {
			n += len(t.Description) + len(t.InputSchema)
		}
	}
	return (n + 3) / 4
}

func messageBytes(msgs []Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Role) + len(m.Text)
		for _, c := range m.Calls {
			n += len(c.ID) + len(c.Name) + len(c.Args)
		}
		for _, r := range m.Results {
			n += len(r.CallID) + len(r.Name) + resultBytes(r.Result)
		}
		for _, pc := range m.ProviderCalls {
			n += len(pc.ID) + len(pc.Name) + len(pc.Args) + len(pc.Result)
		}
	}
	return n
}

func resultBytes(r toolgen.Result) int {
	n := len(r.Structured)
	for _, c := range r.Content {
		n += len(c.Text) + len(c.Data) + len(c.URI)
	}
	return n
}

// measured is the input tokens the model reported for the request of the
// state's last response, and how many messages that request had; zero when
// unknown (a new or resumed state, or after a compaction).
type measured struct{ messages, tokens int }

// tokens is the estimated size of a request of s: EstimateTokens, or, when
// the model reported the input tokens of a request that is a prefix of this
// one (the same transcript with messages added since), that count plus the
// estimate of the messages added, whichever is larger.
func (a *Agent) tokens(s *State, req Request) int {
	est := EstimateTokens(req)
	if m := s.measured; m.tokens > 0 && m.messages <= len(req.Messages) {
		est = max(est, m.tokens+(messageBytes(req.Messages[m.messages:])+3)/4)
	}
	return est
}

// overBudget reports whether the request of s is to be compacted first,
// with its estimated size: the agent compacts, the request is over the
// budget, and it was not compacted already.
func (a *Agent) overBudget(s *State) (int, bool) {
	cp := a.compaction
	if cp == nil || s.compacted == s.Turns+1 {
		return 0, false
	}
	before := a.tokens(s, a.request(s))
	return before, before > cp.budget
}

// CompactionResult is what the agent's compaction policies made of a
// request's transcript (see Agent.Compact), for ApplyCompaction.
type CompactionResult struct {
	// Messages is the compacted transcript; nil when no policy removed
	// anything.
	Messages []Message `json:"messages,omitempty"`
	// Records are the compactions, one per policy that removed something,
	// in order. Their Turn is set as ApplyCompaction records them.
	Records []CompactionRecord `json:"records,omitempty"`
	// Usage is what the policies spent (a summary's model call), those
	// that removed nothing included.
	Usage Usage `json:"usage,omitzero"`
}

// Compact runs the agent's compaction policies (WithCompaction) on req,
// estimated at tokens, as Run does before a request over the budget: each
// in order, only while the request is still over, and checks what each
// makes. It is the side effect of an ActionCompact (Summarize calls the
// model), to run where an engine runs effects; req and tokens are the
// action's. On an error, the result holds what the policies before the
// failing one made, which Run records before it fails.
func (a *Agent) Compact(ctx context.Context, req Request, tokens int) (CompactionResult, error) {
	cp := a.compaction
	if cp == nil {
		return CompactionResult{}, errors.New("agent: Compact: the agent does not compact (WithCompaction)")
	}
	var res CompactionResult
	msgs, before := req.Messages, tokens
	for _, p := range cp.policies {
		if before <= cp.budget {
			break
		}
		out, err := p.Compact(ctx, Compaction{System: req.System, Messages: msgs, Tools: req.Tools, Budget: cp.budget, Tokens: before})
		if err != nil {
			return res, fmt.Errorf("agent: compaction: %w", err)
		}
		res.Usage = res.Usage.Add(out.Usage)
		if out.Messages == nil || out.Removed == "" {
			continue // nothing to compact
		}
		if err := checkCompacted(msgs, out.Messages); err != nil {
			return res, fmt.Errorf("agent: compaction %s: %w", out.Policy, err)
		}
		// What a policy saves is estimated; the size after is the size
		// before (the model's count, when it is the larger) less that.
		saved := (messageBytes(msgs) - messageBytes(out.Messages)) / 4
		after := before - saved
		msgs = out.Messages
		res.Messages = msgs
		res.Records = append(res.Records, CompactionRecord{
			Policy: out.Policy, Removed: out.Removed,
			RemovedMessages: out.RemovedMessages, ElidedResults: out.ElidedResults,
			TokensBefore: before, TokensAfter: after, SavedTokens: saved, Usage: out.Usage,
		})
		before = after
	}
	return res, nil
}

// applyCompaction records a compaction of the request of s: the compacted
// transcript replaces s's, each compaction is recorded and reported, and
// the request is not compacted again.
func (a *Agent) applyCompaction(s *State, res CompactionResult, out sink) {
	s.Usage = s.Usage.Add(res.Usage)
	if res.Messages != nil {
		s.Messages = res.Messages
		s.measured = measured{} // the reported count was of another transcript
	}
	for _, rec := range res.Records {
		rec.Turn = s.Turns + 1
		s.Compactions = append(s.Compactions, rec)
		out.emit(s, Event{Kind: EventCompaction, RunID: s.RunID, Turn: rec.Turn, Compaction: &rec, Usage: rec.Usage})
	}
	s.compacted = s.Turns + 1
}

// checkCompacted checks that a compacted transcript is valid for every
// provider and still ends with the message being answered.
func checkCompacted(old, msgs []Message) error {
	if len(msgs) == 0 || msgs[0].Role != RoleUser {
		return errors.New("the compacted transcript does not start with a user message")
	}
	if last, was := msgs[len(msgs)-1], old[len(old)-1]; last.Role != was.Role || last.Text != was.Text || len(last.Results) != len(was.Results) {
		return errors.New("the compacted transcript does not end with the message being answered")
	}
	for i, m := range msgs {
		if m.Role != RoleTool {
			continue
		}
		if i == 0 || msgs[i-1].Role != RoleAssistant || len(msgs[i-1].Calls) != len(m.Results) {
			return fmt.Errorf("message %d: tool results that do not follow their calls", i+1)
		}
		for j, r := range m.Results {
			if r.CallID != msgs[i-1].Calls[j].ID {
				return fmt.Errorf("message %d: result %d answers call %q, not %q", i+1, j+1, r.CallID, msgs[i-1].Calls[j].ID)
			}
		}
	}
	return nil
}

// ElidedResult is the text that replaces an elided tool result's content;
// %d is the content's size in bytes.
const ElidedResult = "[result elided: %d bytes; call the tool again if needed]"

// ElideToolResults is a policy that replaces the content of every tool
// result but the last keepLast whose size (text, structured and binary
// data) is over maxBytes with the text ElidedResult: the result stays,
// answering its call (and keeps IsError), so the model reads that the call
// was made and can call the tool again. keepLast and maxBytes must not be
// negative.
func ElideToolResults(keepLast, maxBytes int) Compactor {
	return elide{keepLast: keepLast, maxBytes: maxBytes}
}

type elide struct{ keepLast, maxBytes int }

func (e elide) check() error {
	if e.keepLast < 0 || e.maxBytes < 0 {
		return fmt.Errorf("ElideToolResults(%d, %d): must not be negative", e.keepLast, e.maxBytes)
	}
	return nil
}

func (e elide) Compact(_ context.Context, c Compaction) (Compacted, error) {
	if err := e.check(); err != nil {
		return Compacted{}, err
	}
	out := Compacted{Policy: "elide_tool_results"}
	total := 0
	for _, m := range c.Messages {
		total += len(m.Results)
	}
	seen, bytes := 0, 0
	msgs := make([]Message, len(c.Messages))
	for i, m := range c.Messages {
		msgs[i] = m
		if len(m.Results) == 0 {
			continue
		}
		var results []ToolResult
		for j, r := range m.Results {
			seen++
			size := resultBytes(r.Result)
			if seen > total-e.keepLast || size <= e.maxBytes || isElided(r.Result) {
				continue
			}
			if results == nil {
				results = append([]ToolResult(nil), m.Results...)
			}
			elided := toolgen.TextResult(fmt.Sprintf(ElidedResult, size))
			elided.IsError = r.Result.IsError
			results[j].Result = elided
			out.ElidedResults++
			bytes += size
		}
		if results != nil {
			msgs[i].Results = results
		}
	}
	if out.ElidedResults == 0 {
		return out, nil
	}
	out.Messages = msgs
	out.Removed = fmt.Sprintf("%d tool results over %d bytes (%d bytes)", out.ElidedResults, e.maxBytes, bytes)
	return out, nil
}

func isElided(r toolgen.Result) bool {
	return len(r.Content) == 1 && len(r.Structured) == 0 && strings.HasPrefix(r.Content[0].Text, "[result elided: ")
}

// SummaryInstruction is the system prompt of Summarize's model call.
const SummaryInstruction = "You compact the transcript of an agent's work so that it can go on with less context. " +
	"Summarize the transcript you are given: the task, what was done and found (facts, names, paths, values, decisions), " +
	"what failed, and what remains to do. Be complete about facts and brief in words. Answer with the summary only."

// SummaryPrefix starts the user message holding a summary.
const SummaryPrefix = "[Summary of the earlier conversation, compacted]\n"

// summaryResultBytes bounds how much of each tool result the summarizing
// model reads.
const summaryResultBytes = 4096

// Summarize is a policy that replaces the messages before the last
// keepTurns turns (a turn is an assistant message and the results of its
// calls; a turn is never split) with a summary that model writes, asked
// with SummaryInstruction and the messages as text (each tool result cut
// to 4 KB). The first message, the user's prompt, is kept, and the
// summary is appended to it (after SummaryPrefix), so the transcript still
// alternates as every provider wants. The system prompt is not part of the
// transcript and is never compacted. keepTurns must be at least 1.
func Summarize(model Model, keepTurns int) Compactor {
	return summarize{model: model, keepTurns: keepTurns}
}

type summarize struct {
	model     Model
	keepTurns int
}

func (s summarize) check() error {
	if s.model == nil {
		return errors.New("Summarize: nil model")
	}
	if s.keepTurns < 1 {
		return fmt.Errorf("Summarize(%d): keepTurns must be at least 1", s.keepTurns)
	}
	return nil
}

func (s summarize) Compact(ctx context.Context, c Compaction) (Compacted, error) {
	if err := s.check(); err != nil {
		return Compacted{}, err
	}
	out := Compacted{Policy: "summarize"}
	msgs := c.Messages
	// cut is the first kept message: the keepTurns-th assistant message
	// from the end.
	cut, turns := -1, 0
	for i := len(msgs) - 1; i > 0; i-- {
		if msgs[i].Role == RoleAssistant {
			if turns++; turns == s.keepTurns {
				cut = i
				break
			}
		}
	}
	if cut <= 1 {
		return out, nil // nothing before the kept turns but the prompt
	}
	old := msgs[1:cut]
	resp, err := s.model.Generate(ctx, Request{
		System:   SummaryInstruction,
		Messages: []Message{{Role: RoleUser, Text: renderTranscript(msgs[:cut])}},
		// A summary needs no web search or code execution.
		DisabledProviderTools: providerTools(s.model),
	})
	if err != nil {
		return Compacted{}, fmt.Errorf("summarize: %w", err)
	}
	out.Usage = resp.Usage
	first := msgs[0]
	if strings.Contains(first.Text, "\n\n"+SummaryPrefix) {
		// an earlier summary is in the transcript just summarized
		first.Text = first.Text[:strings.Index(first.Text, "\n\n"+SummaryPrefix)]
	}
	first.Text += "\n\n" + SummaryPrefix + resp.Message.Text
	out.Messages = append([]Message{first}, msgs[cut:]...)
	out.RemovedMessages = len(old)
	out.Removed = fmt.Sprintf("messages 2 to %d, summarized", cut)
	return out, nil
}

// renderTranscript writes messages as text for a summarizing model.
func renderTranscript(msgs []Message) string {
	var b strings.Builder
	for _, m := range msgs {
		switch m.Role {
		case RoleUser:
			fmt.Fprintf(&b, "USER: %s\n\n", m.Text)
		case RoleAssistant:
			if m.Text != "" {
				fmt.Fprintf(&b, "ASSISTANT: %s\n\n", m.Text)
			}
			for _, c := range m.Calls {
				fmt.Fprintf(&b, "ASSISTANT called %s %s\n\n", c.Name, c.Args)
			}
		case RoleTool:
			for _, r := range m.Results {
				text := r.Result.Text()
				if len(text) > summaryResultBytes {
					n := summaryResultBytes
					for n > 0 && !utf8.RuneStart(text[n]) {
						n--
					}
					text = text[:n] + fmt.Sprintf("... [%d more bytes]", len(text)-n)
				}
				label := "result"
				if r.Result.IsError {
					label = "error"
				}
				fmt.Fprintf(&b, "TOOL %s %s: %s\n\n", r.Name, label, text)
			}
		}
	}
	return b.String()
}
