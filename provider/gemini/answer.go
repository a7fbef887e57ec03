package gemini

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// madeIDPrefix starts the ids this adapter makes for calls the API gave
// none: "gemini_" and the response's id (or random hex), then the call's
// number in the answer. They are never sent to the API.
const madeIDPrefix = "gemini_"

// answerReader turns an answer, whole (Generate) or as the chunks of a
// stream, into parts; Generate collects them, so that both give the same
// response.
type answerReader struct {
	adapter.Parts
	sigs      *signatures
	whole     bool // an answer that did not stream: it needs no finish reason
	responses int  // chunks read
	prefix    string
	made      int
	code      codeRuns
	grounding *genai.GroundingMetadata
	usage     *agent.Usage
	finish    genai.FinishReason
	message   string // the finishMessage
	textSig   []byte
}

// Read reads an answer or a chunk of one. The API's stream has no end
// event: the answer is whole when the stream ends, if a finish reason
// came (End).
func (r *answerReader) Read(resp *genai.GenerateContentResponse) (bool, error) {
	if resp == nil {
		return false, nil
	}
	r.responses++
	if r.prefix == "" {
		r.prefix = idPrefix(resp.ResponseID)
	}
	if u := resp.UsageMetadata; u != nil {
		r.usage = usageOf(u) // cumulative in a stream
	}
	if f := resp.PromptFeedback; f != nil && f.BlockReason != "" {
		return true, fmt.Errorf("gemini: the prompt was blocked (%s)%s", f.BlockReason, colon(f.BlockReasonMessage))
	}
	if len(resp.Candidates) == 0 || resp.Candidates[0] == nil {
		return false, nil
	}
	c := resp.Candidates[0]
	if c.Content != nil {
		for _, p := range c.Content.Parts {
			if p != nil {
				r.part(p)
			}
		}
	}
	if c.GroundingMetadata != nil {
		r.grounding = c.GroundingMetadata
	}
	if c.FinishReason != "" {
		r.finish, r.message = c.FinishReason, c.FinishMessage
	}
	return false, nil
}

// part reads a part: thought summaries are reasoning; a call is whole in
// one part; a signature on another part is the text's.
func (r *answerReader) part(p *genai.Part) {
	switch {
	case p.FunctionCall != nil:
		id := p.FunctionCall.ID
		if id == "" {
			id = r.makeID("call")
		}
		i := r.StartCall(id, p.FunctionCall.Name)
		r.CallArgs(i, argsJSON(p.FunctionCall.Args))
		r.EndCall(i)
		r.sigs.put(callKey(id), p.ThoughtSignature)
		return
	case p.ExecutableCode != nil:
		id := p.ExecutableCode.ID
		if id == "" {
			id = r.makeID("code")
		}
		r.code.start(id, p.ExecutableCode)
	case p.CodeExecutionResult != nil:
		if pc, ok := r.code.settle(p.CodeExecutionResult); ok {
			r.ProviderCall(pc)
		}
	case p.Thought:
		r.Reasoning(p.Text)
	default:
		r.Text(p.Text)
	}
	if len(p.ThoughtSignature) > 0 {
		r.textSig = p.ThoughtSignature
	}
}

// End completes the answer: a stream without a finish reason was cut; an
// answer cut by MAX_TOKENS while it made a call cannot run; an answer the
// API stopped (SAFETY, RECITATION, MALFORMED_FUNCTION_CALL...) is an
// error; else the code runs left, the searches and the pages they found
// (agent.Sources), the usage and the finish.
func (r *answerReader) End() error {
	if r.finish == "" && !r.whole {
		return sdk.StreamCut()
	}
	if r.finish == genai.FinishReasonMaxTokens && r.Calls() > 0 {
		out := 0
		if r.usage != nil {
			out = r.usage.OutputTokens
		}
		return sdk.CallCut(int64(out))
	}
	if stopped(r.finish) {
		return fmt.Errorf("gemini: the model stopped with finish reason %s%s", r.finish, colon(r.message))
	}
	for _, pc := range r.code.unsettled() {
		r.ProviderCall(pc)
	}
	if pc, ok := searchCall(r.makeID("search"), r.grounding); ok {
		r.ProviderCall(pc)
	}
	for _, src := range groundingSources(r.grounding, string(r.TextSoFar())) {
		r.Source(src)
	}
	if text := r.TextSoFar(); len(text) > 0 {
		r.sigs.put(textKey(string(text)), r.textSig)
	}
	finish := r.finish
	if finish == "" {
		finish = genai.FinishReasonStop
	}
	r.Finish(r.usage, string(finish))
	return nil
}

// Fail words the error that ended a stream.
func (r *answerReader) Fail(err error) error { return describe(err, 200) }

// stopped reports whether a finish reason means the API stopped the
// answer: anything but the model's end and the token limit.
func stopped(f genai.FinishReason) bool {
	switch f {
	case "", genai.FinishReasonStop, genai.FinishReasonMaxTokens, genai.FinishReasonUnspecified:
		return false
	}
	return true
}

// makeID makes an id for a call the API gave none, unique in the answer
// and, with the response's id or random hex, beyond it.
func (r *answerReader) makeID(kind string) string {
	if r.prefix == "" {
		r.prefix = idPrefix("")
	}
	r.made++
	return madeIDPrefix + kind + "_" + r.prefix + "_" + strconv.Itoa(r.made)
}

func idPrefix(responseID string) string {
	if responseID != "" {
		return responseID
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// usageOf counts the input (the prompt and what the API's tools added to
// it) and the output (the answer and the model's thoughts). Cached tokens
// (cachedContentTokenCount: an explicit cache's or the implicit one's)
// are part of the prompt's count.
func usageOf(u *genai.GenerateContentResponseUsageMetadata) *agent.Usage {
	return &agent.Usage{
		InputTokens:       int(u.PromptTokenCount + u.ToolUsePromptTokenCount),
		OutputTokens:      int(u.CandidatesTokenCount + u.ThoughtsTokenCount),
		CachedInputTokens: int(u.CachedContentTokenCount),
	}
}

// response reads a whole answer: its parts collected, as a stream's are.
func (m *Model) response(resp *genai.GenerateContentResponse) (agent.Response, error) {
	if len(resp.Candidates) == 0 && (resp.PromptFeedback == nil || resp.PromptFeedback.BlockReason == "") {
		return agent.Response{}, fmt.Errorf("gemini: the response has no candidates")
	}
	r := &answerReader{sigs: m.sigs, whole: true}
	var c agent.Collector
	_, err := r.Read(resp)
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return agent.Response{}, err
	}
	for _, p := range r.Take() {
		if err := c.Add(p); err != nil {
			return agent.Response{}, fmt.Errorf("gemini: %w", err)
		}
	}
	return c.Response(), nil
}

// colon is ": " and s, or nothing for no s.
func colon(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}
