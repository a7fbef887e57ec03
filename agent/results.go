package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// Bounded results: a tool's result over its limit enters the transcript
// cut, with a note, and the whole is held in the State for read_result to
// page through; a run whose results pass its budget stops.

// ToolReadResult names the tool an agent offers its model when a tool's
// results are bounded (WithMaxResultTokens, toolgen.Tool.MaxResultTokens):
// it reads on in a result that was cut.
const ToolReadResult toolgen.ToolName = "read_result"

// bytesPerToken is EstimateTokens' yardstick: a limit of n tokens keeps
// 4n bytes of a result.
const bytesPerToken = 4

// WithMaxResultTokens bounds one result of the named tools, or of every
// other tool when no name is given, to about n tokens in the model's
// context (n bytes times four, as EstimateTokens counts; n at least 1,
// or 0 for named tools to lift a limit of their own). Without this option
// a tool's own limit applies (the directive's maxresulttokens=N,
// toolgen.Tool.MaxResultTokens), else none.
//
// A result over the limit is never dropped in silence. A text result is
// cut at the last line that fits (inside a line that alone does not fit,
// at a character); a structured result that is a JSON array, or an object
// holding one, is cut at the last whole item that fits, the kept part
// still valid JSON (any other JSON is cut as text). A note after the kept
// part tells the model what it holds, how much there is, and how to read
// on: the agent then offers ToolReadResult, which returns the next page,
// each page bounded alike (but an item larger than a page is a page of
// its own), by a byte offset into a text or an item index into an array. The whole result is held in the State (State.HeldResults),
// so a paused, saved or resumed run still pages; that costs the State the
// result's size, as it costs the transcript without a limit. Results with
// parts that are not text (images, audio, binary resources) are not cut.
// read_result's own pages and the calls a run_code program makes are not
// cut again (run_code's result is, when its limit says so).
func WithMaxResultTokens(n int, tools ...toolgen.ToolName) Option {
	return func(c *config) error {
		switch {
		case n < 0:
			return fmt.Errorf("agent.WithMaxResultTokens(%d): must not be negative", n)
		case n == 0 && len(tools) == 0:
			return errors.New("agent.WithMaxResultTokens(0): must be at least 1 (0 lifts the limit of the tools it names, and it names none)")
		}
		return perTool("agent.WithMaxResultTokens", n, tools, &c.maxResultTokens, &c.toolResultTokens)
	}
}

// WithResultBudget bounds the tokens that tool results put in a run's
// context (as they entered it: a cut result counts its kept part and note,
// and read_result's pages count), counted in State.ResultTokens; n must be
// at least 1. When a turn's results take the run over n, the run stops
// before the next request with StopResultBudget, after an
// EventResultBudget. The State is resumable: Resume (or Next) grants the
// run another n from there (State.ResultTokens starts again at 0), so a
// program that wants more for the run resumes it, possibly with an agent
// of a larger budget, and one that wants to end it does not.
func WithResultBudget(n int) Option {
	return func(c *config) error { return option.AtLeastOne("agent.WithResultBudget", n, &c.resultBudget) }
}

// HeldResult is the whole of a tool result that was cut to its tool's
// limit, kept in the State for read_result to page through.
type HeldResult struct {
	CallID string           `json:"call_id"`
	Tool   toolgen.ToolName `json:"tool"`
	// PageBytes bounds each page: the tool's limit, in bytes.
	PageBytes int `json:"page_bytes"`
	// Text is a text result (or JSON cut as text), whole; pages are byte
	// ranges of it.
	Text string `json:"text,omitempty"`
	// Items are the items of a JSON result's array, each as it was
	// written; pages are runs of them. Member names the array when the
	// result is an object holding it ("" for a result that is the array).
	Items  []json.RawMessage `json:"items,omitempty"`
	Member string            `json:"member,omitempty"`
}

// boundsResults reports whether the options or the tools of the sets give
// any tool a result limit: the agent then offers read_result.
func (c *config) boundsResults() bool {
	if c.maxResultTokens > 0 {
		return true
	}
	for _, set := range c.sets {
		for _, t := range set {
			n, ok := c.toolResultTokens[t.Name]
			if !ok {
				n = t.MaxResultTokens
			}
			if n > 0 {
				return true
			}
		}
	}
	return false
}

// addReadResult adds read_result to the tools when the options or the
// tools give any tool a result limit, and reports whether it did.
func (c *config) addReadResult() bool {
	if !c.boundsResults() {
		return false
	}
	c.sets = append(c.sets, readResultTool())
	return true
}

// callLimits are every tool's limits of failed calls in a row and of
// result tokens.
func (c *config) callLimits(box *toolgen.Toolbox) (failures, results map[toolgen.ToolName]int, err error) {
	if failures, err = c.failureLimits(box); err != nil {
		return nil, nil, err
	}
	results, err = c.resultLimits(box)
	return failures, results, err
}

// resultLimits is every tool's result limit, as failureLimits is of
// failures; read_result has none (its pages are bounded already).
func (c *config) resultLimits(box *toolgen.Toolbox) (map[toolgen.ToolName]int, error) {
	limits, err := toolLimits(box, "result limits", c.maxResultTokens, c.toolResultTokens, func(t toolgen.Tool) int { return t.MaxResultTokens })
	delete(limits, ToolReadResult)
	return limits, err
}

// readResultSchema is read_result's input schema: a package-level variable,
// as toolimpl.Tools keeps derived schemas by the bytes' address.
var readResultSchema = []byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
	`"properties":{"call_id":{"type":"string","minLength":1,"description":"The id of the call whose result was cut, as its note gives it."},` +
	`"offset":{"type":"integer","minimum":0,"description":"Where to read from, as the last note gives it: a byte offset into a text, an item index into an array."}},` +
	`"required":["call_id","offset"],"additionalProperties":false}`)

// readResultTool is read_result. Its calls are answered by the loop from
// the State (see answerReadResult), never by Call.
func readResultTool() []toolgen.Tool {
	return toolimpl.Tools([]toolgen.Tool{{
		Name: ToolReadResult,
		Description: "Read on in a tool result that was cut to fit the context: give the call_id and offset its note gives, " +
			"and get the next page, with a note saying where the page ends and the offset of the one after.",
		InputSchema: readResultSchema,
		Annotations: toolgen.Annotations{ReadOnly: true, Idempotent: true},
		Builtin:     true,
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.ErrorResult("read_result reads the results an agent's loop holds: call it as the model, not from a program"), nil
		},
	}}, []string{""})
}

// answerReadResult gives d, an allowed call of read_result, its page from
// s's held results at once: the loop answers it without running a tool,
// purely, so that an engine replaying the decisions answers it alike.
func (a *Agent) answerReadResult(s *State, d *Decision) {
	if d.Call.Name != ToolReadResult || d.Outcome != permission.OutcomeAllow || !a.readsResults {
		return
	}
	r := readPage(s.HeldResults, d.Call.Args)
	d.Result = &r
}

// reportAnswered hands out the tool events of a call the loop answered
// when it decided it (read_result), as a run reports a call that ran.
func reportAnswered(s *State, d Decision, out sink) {
	if d.Call.Name != ToolReadResult || d.Result == nil || d.Outcome != permission.OutcomeAllow {
		return
	}
	out.emit(s, Event{Kind: EventToolStarted, RunID: s.RunID, Turn: s.Turns, Call: d.Call})
	out.emit(s, Event{Kind: EventToolFinished, RunID: s.RunID, Turn: s.Turns, Call: d.Call, IsError: d.Result.IsError, Result: *d.Result, ResultTokens: resultTokens(*d.Result)})
}

// readPage is read_result's answer to args.
func readPage(held []HeldResult, args []byte) toolgen.Result {
	var in struct {
		CallID string `json:"call_id"`
		Offset *int   `json:"offset"`
	}
	if err := json.Unmarshal(args, &in); err != nil || in.CallID == "" || in.Offset == nil {
		return toolgen.ErrorResult(`read_result takes {"call_id": "...", "offset": N}, as a cut result's note gives them`)
	}
	for i := len(held) - 1; i >= 0; i-- { // the latest, should a model have used an id twice
		if held[i].CallID == in.CallID {
			return held[i].page(*in.Offset)
		}
	}
	ids := make([]string, len(held))
	for i, h := range held {
		ids[i] = h.CallID
	}
	return toolgen.ErrorResult(fmt.Sprintf("no cut result of call %q is held (held: %s)", in.CallID, orNone(ids)))
}

// page is the page of h from offset, with its note.
func (h HeldResult) page(offset int) toolgen.Result {
	if h.Items != nil {
		if offset < 0 || offset >= len(h.Items) {
			return toolgen.ErrorResult(fmt.Sprintf("offset %d: the array of call %s's result has items 0 to %d", offset, h.CallID, len(h.Items)-1))
		}
		end := max(fitItems(h.Items, offset, h.PageBytes-2), offset+1) // an item too large for a page is a page of its own
		return withNote(string(arrayJSON(h.Items[offset:end])), h.readOn(fmt.Sprintf("items %d to %d of the %d", offset, end-1, len(h.Items)), end, len(h.Items)))
	}
	if offset < 0 || offset >= len(h.Text) || !utf8.RuneStart(h.Text[offset]) {
		return toolgen.ErrorResult(fmt.Sprintf("offset %d: not an offset a note of call %s's result gave (the text has %d bytes)", offset, h.CallID, len(h.Text)))
	}
	end := offset + len(cutText(h.Text[offset:], h.PageBytes))
	return withNote(h.Text[offset:end], h.readOn(fmt.Sprintf("bytes %d to %d of %d", offset, end, len(h.Text)), end, len(h.Text)))
}

// readOn is a page's note: what it holds, and the call for the next page
// or the end.
func (h HeldResult) readOn(holds string, next, total int) string {
	what := "the result"
	if h.Member != "" {
		what = fmt.Sprintf("the array %q", h.Member)
	}
	if h.Items != nil && h.Member == "" {
		what = "the array"
	}
	if next >= total {
		return fmt.Sprintf("[read_result: %s of %s of call %s; this is the end of it]", holds, what, h.CallID)
	}
	return fmt.Sprintf("[read_result: %s of %s of call %s; read on with %s {\"call_id\": %q, \"offset\": %d}]", holds, what, h.CallID, ToolReadResult, h.CallID, next)
}

// withNote is a result of text and a note, in two text parts (Text joins
// them with a newline), so that a reader tells one from the other.
func withNote(text, note string) toolgen.Result {
	return toolgen.Result{Content: []toolgen.Content{{Type: toolgen.ContentText, Text: text}, {Type: toolgen.ContentText, Text: note}}}
}

// boundResults cuts the turn's results over their tools' limits, holding
// their wholes in s, and counts what the results put in the context, in
// all and per tool.
func (a *Agent) boundResults(s *State, results []ToolResult) {
	for i, r := range results {
		if limit := a.resultLimit[r.Name]; limit > 0 && resultBytes(r.Result) > limit*bytesPerToken {
			if held, cut, ok := holdResult(r, limit); ok {
				s.HeldResults = append(s.HeldResults, held)
				results[i].Result = cut
			}
		}
		s.ResultTokens += s.countResult(results[i])
	}
}

// holdResult cuts r to limit tokens: the cut result, with its note, and
// the whole to hold; ok is false for a result that is not cut (it has
// parts that are not text).
func holdResult(r ToolResult, limit int) (held HeldResult, cut toolgen.Result, ok bool) {
	held = HeldResult{CallID: r.CallID, Tool: r.Name, PageBytes: limit * bytesPerToken}
	intro := fmt.Sprintf("[result cut to fit the context: %s's results are limited to about %d tokens, and this one has about %d. Kept: ",
		r.Name, limit, resultTokens(r.Result))
	if arr, isArray := splitJSON(r.Result); isArray && arr.skeleton() <= held.PageBytes {
		held.Items, held.Member = arr.items, arr.member
		end := fitItems(arr.items, 0, held.PageBytes-arr.skeleton())
		kept := arr.encode(end)
		note := intro + strings.TrimPrefix(held.readOn(fmt.Sprintf("items 0 to %d of the %d", end-1, len(arr.items)), end, len(arr.items)), "[read_result: ")
		if end == 0 {
			note = intro + fmt.Sprintf("no item, the first being larger than the limit. Read the items with %s {\"call_id\": %q, \"offset\": 0}]", ToolReadResult, r.CallID)
		}
		cut = withNote(string(kept), note)
		cut.Structured, cut.IsError = kept, r.Result.IsError
		return held, cut, true
	}
	for _, c := range r.Result.Content {
		if c.Type != toolgen.ContentText {
			return held, r.Result, false
		}
	}
	held.Text = r.Result.Text()
	kept := cutText(held.Text, held.PageBytes)
	note := intro + strings.TrimPrefix(held.readOn(fmt.Sprintf("bytes 0 to %d of %d", len(kept), len(held.Text)), len(kept), len(held.Text)), "[read_result: ")
	cut = withNote(kept, note)
	cut.IsError = r.Result.IsError
	return held, cut, true
}

// cutText is the longest prefix of text of at most maxBytes that ends a
// line, or, when the first line alone is longer, that ends a character
// (one character at least, so that paging moves on).
func cutText(text string, maxBytes int) string {
	if len(text) <= maxBytes {
		return text
	}
	if i := strings.LastIndexByte(text[:maxBytes], '\n'); i >= 0 {
		return text[:i+1]
	}
	end := maxBytes
	for end > 0 && !utf8.RuneStart(text[end]) {
		end--
	}
	if end == 0 {
		_, size := utf8.DecodeRuneInString(text)
		end = size
	}
	return text[:end]
}

// fitItems is the end of the longest run of items from start whose JSON
// array, without its brackets, fits in maxBytes (start when the first
// item alone does not).
func fitItems(items []json.RawMessage, start, maxBytes int) int {
	size := 0
	for end := start; end < len(items); end++ {
		size += len(items[end])
		if end > start {
			size++ // the comma
		}
		if size > maxBytes {
			return end
		}
	}
	return len(items)
}

// arrayJSON is the JSON array of items.
func arrayJSON(items []json.RawMessage) []byte {
	out := []byte{'['}
	for i, item := range items {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, item...)
	}
	return append(out, ']')
}

// jsonArray is a structured result with an array to cut: the result
// itself, or its top-level object's largest array member, between the
// result's bytes before it and after it.
type jsonArray struct {
	before, after []byte
	member        string
	items         []json.RawMessage
}

func (j jsonArray) skeleton() int { return len(j.before) + len(j.after) + 2 }

// encode is the result with the array's first n items.
func (j jsonArray) encode(n int) json.RawMessage {
	out := append(append([]byte(nil), j.before...), arrayJSON(j.items[:n])...)
	return append(out, j.after...)
}

// splitJSON finds the array to cut in a structured result (one whose
// content, if any, is its JSON as text).
func splitJSON(r toolgen.Result) (jsonArray, bool) {
	js := bytes.TrimSpace(r.Structured)
	if len(js) == 0 || (len(r.Content) > 0 && r.Text() != string(r.Structured)) {
		return jsonArray{}, false
	}
	if js[0] != '[' {
		return largestArrayMember(js)
	}
	var items []json.RawMessage
	if json.Unmarshal(js, &items) != nil || len(items) == 0 {
		return jsonArray{}, false
	}
	return jsonArray{items: items}, true
}

// largestArrayMember finds the largest member of the JSON object js whose
// value is an array of at least one item.
func largestArrayMember(js []byte) (jsonArray, bool) {
	dec := json.NewDecoder(bytes.NewReader(js))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return jsonArray{}, false
	}
	var best jsonArray
	bestSize := 0
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return jsonArray{}, false
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return jsonArray{}, false
		}
		var items []json.RawMessage
		if value[0] != '[' || len(value) <= bestSize || json.Unmarshal(value, &items) != nil || len(items) == 0 {
			continue
		}
		end := int(dec.InputOffset()) // just after the value
		key, _ := tok.(string)
		best, bestSize = jsonArray{before: js[:end-len(value)], after: js[end:], member: key, items: items}, len(value)
	}
	return best, bestSize > 0
}

// overResultBudget reports whether s's results took more tokens than the
// run's budget.
func (a *Agent) overResultBudget(s *State) bool {
	return a.resultBudget > 0 && s.ResultTokens > a.resultBudget
}

// reportResultBudget hands out the event of a stop at the result budget.
func (a *Agent) reportResultBudget(s *State, out sink) {
	out.emit(s, Event{Kind: EventResultBudget, RunID: s.RunID, Turn: s.Turns,
		Reason: fmt.Sprintf("the tool results took about %d tokens, over the run's budget of %d", s.ResultTokens, a.resultBudget)})
}

// grantResultBudget starts the count of s's result tokens again when s
// resumes from a stop at its result budget.
func grantResultBudget(s *State) {
	if s.StopReason == StopResultBudget {
		s.ResultTokens = 0
	}
}
