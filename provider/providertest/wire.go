package providertest

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
)

// Adapter describes an agent.Model adapter to RunModelSuite: its options
// (Opt is its Option type), its model (M) and its provider's wire format.
// An adapter's test fills it in with its package's functions and a Wire
// written after the provider's documentation.
type Adapter[Opt any, M agent.StreamingModel] struct {
	// Name is the adapter's package name, which starts its errors and
	// names its options ("openai").
	Name string
	// KeyEnv is the environment variable New reads the API key from.
	KeyEnv string
	// TokenLimit names the token limit in the error of an answer cut while
	// making a tool call ("max_tokens").
	TokenLimit string
	// DefaultMaxTokens is the cap a request has without WithMaxTokens (0:
	// none).
	DefaultMaxTokens int
	// StrictSchemas: a tool with an OpenAI-strict schema goes with it,
	// marked strict.
	StrictSchemas bool
	// GeminiSchemas: a tool goes with its schema in Gemini's dialect, and
	// a tool whose schema has no such form is refused, naming it.
	GeminiSchemas bool
	// StreamsWholeCalls: the API streams each call whole, its arguments
	// in one piece (Gemini).
	StreamsWholeCalls bool
	// Key reads the API key a request carries; nil: the bearer token of
	// its Authorization header.
	Key func(http.Header) string

	New            func(...Opt) (M, error)
	WithAPIKey     func(string) Opt
	WithModel      func(string) Opt
	WithMaxTokens  func(int) Opt
	WithBaseURL    func(string) Opt
	WithHeader     func(key, value string) Opt
	WithMaxRetries func(int) Opt
	// WithHTTPClient is WithRequestOptions with the SDK's
	// option.WithHTTPClient; WithNilRequestOption is
	// WithRequestOptions(nil).
	WithHTTPClient       func(*http.Client) Opt
	WithNilRequestOption func() Opt
	// AsAPIError reads the adapter's *APIError in err's chain.
	AsAPIError func(err error) (status int, kind string, ok bool)

	Wire Wire
}

// Wire is a provider's wire format, as the fake API speaks it: the
// answers it writes and the requests it reads.
type Wire interface {
	// Path is the path the adapter posts to ("/v1/messages").
	Path() string
	// Answer is a whole answer, as the API answers a request that does
	// not stream, with usage 100 input and 20 output tokens.
	Answer(Answer) Reply
	// Stream is the same answer streamed: its pieces in the order the API
	// streams them, then its end, unless it breaks off (Answer.Break).
	Stream(Answer) Reply
	// Error is an error answer: the status, and a body with the error's
	// type and message.
	Error(status int, kind, message string) Reply
	// FinishReason is the provider's word for f, which finish parts carry.
	FinishReason(f Finish) string
	// MarksFailedResults reports whether the wire says which tool results
	// are errors (Anthropic's is_error).
	MarksFailedResults() bool
	// Read reads a request the adapter sent, failing t where the request
	// strays from the documented format.
	Read(t *testing.T, body []byte) Request
}

// URLWire is a Wire whose API says part of a request in its URL (Gemini:
// the model, and whether the answer streams).
type URLWire interface {
	Wire
	// Serves reports whether the adapter may post to path.
	Serves(path string) bool
	// ReadURL is Read for a request to u.
	ReadURL(t *testing.T, u *url.URL, body []byte) Request
}

// Finish is why an answer ends.
type Finish int

const (
	FinishStop   Finish = iota // the model ended its turn
	FinishTools                // it calls tools
	FinishLength               // it reached the token limit
)

// Break is how a stream breaks off after an answer's reasoning and text
// pieces, instead of going on to its calls and its end.
type Break int

const (
	NoBreak         Break = iota
	BreakCut              // the connection ends
	BreakErrorEvent       // the provider's error event, with OverloadedType and OverloadedMessage
	BreakMalformed        // an event whose data is MalformedJSON
)

// The error of a BreakErrorEvent, and the data of a BreakMalformed event.
const (
	OverloadedType    = "overloaded_error"
	OverloadedMessage = "Overloaded"
	MalformedJSON     = `{"not json`
)

// Answer is a model's answer in the suite's terms.
type Answer struct {
	Reasoning []string // the reasoning, in the pieces a stream sends
	Text      []string // the text, in the pieces a stream sends (joined when not streamed)
	Calls     []Call
	Finish    Finish
	Break     Break // a stream only
}

// Call is a tool call of an answer, or of an earlier answer a request
// carries back.
type Call struct {
	ID   string
	Name string
	// Args are the JSON arguments in the pieces a stream sends (joined
	// when not streamed); none for a tool without input. A request's
	// call has them in one piece, compact.
	Args []string
}

// Request is a request an adapter sent, in the suite's terms.
type Request struct {
	Model     string
	System    string
	Messages  []Message
	Tools     []Tool
	MaxTokens int // 0: none
	Stream    bool
}

// Message is a message of a request's transcript: a user's text, an
// earlier answer (its text and calls) or the results of its calls.
type Message struct {
	Role    agent.Role
	Text    string
	Calls   []Call
	Results []Result
}

// Result is a tool result a request carries.
type Result struct {
	CallID  string
	Text    string
	IsError bool // false where the wire does not say (Wire.MarksFailedResults)
}

// Tool is a tool a request offers.
type Tool struct {
	Name        string
	Description string
	Schema      any // the JSON Schema, decoded
	Strict      bool
}

// APIErrorAs is an AsAPIError for an adapter whose API errors are E, with
// fields that reads E's status and kind.
func APIErrorAs[E error](fields func(E) (status int, kind string)) func(error) (int, string, bool) {
	return func(err error) (int, string, bool) {
		e, ok := errors.AsType[E](err)
		if !ok {
			return 0, "", false
		}
		status, kind := fields(e)
		return status, kind, true
	}
}

// The test's key and model name, which Serve gives the adapter.
const (
	TestKey   = "sk-test"
	TestModel = "model-test"
)

// Serve starts the fake API on 127.0.0.1, answering with script, and
// makes the adapter's model for it: with TestKey, TestModel and the
// server's HTTP client, then opts.
func (a *Adapter[Opt, M]) Serve(t *testing.T, script []Reply, opts ...Opt) (*FakeAPI, M) {
	t.Helper()
	return a.serve(t, script, append([]Opt{a.WithAPIKey(TestKey)}, opts...)...)
}

// serve is Serve without the key.
func (a *Adapter[Opt, M]) serve(t *testing.T, script []Reply, opts ...Opt) (*FakeAPI, M) {
	t.Helper()
	f := &FakeAPI{Path: a.Wire.Path(), Script: script,
		BadRequest: a.Wire.Error(http.StatusBadRequest, "invalid_request_error", "bad request to the fake").Body,
		Exhausted:  a.Wire.Error(http.StatusBadRequest, "invalid_request_error", "script exhausted").Body}
	if uw, ok := a.Wire.(URLWire); ok {
		f.Serves = uw.Serves
	}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	all := append([]Opt{a.WithBaseURL(srv.URL), a.WithModel(TestModel), a.WithHTTPClient(srv.Client())}, opts...)
	m, err := a.New(all...)
	require.NoError(t, err)
	return f, m
}

// Read reads the requests f has had, with the adapter's Wire.
func (a *Adapter[Opt, M]) Read(t *testing.T, f *FakeAPI) []Request {
	t.Helper()
	var reqs []Request
	uw, byURL := a.Wire.(URLWire)
	urls := f.URLs()
	for i, body := range f.Bodies() {
		if byURL {
			reqs = append(reqs, uw.ReadURL(t, urls[i], body))
			continue
		}
		reqs = append(reqs, a.Wire.Read(t, body))
	}
	return reqs
}

// key is the API key a request carried.
func (a *Adapter[Opt, M]) key(h http.Header) string {
	if a.Key != nil {
		return a.Key(h)
	}
	return strings.TrimPrefix(h.Get("Authorization"), "Bearer ")
}
