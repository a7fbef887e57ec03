package gemini_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/gemini"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// geminiAPI speaks the Gemini API (v1beta) as Google documents it
// (ai.google.dev/api: generateContent, streamGenerateContent with
// alt=sse, function calling, thinking, errors), for the shared suite and
// this package's own tests.
type geminiAPI struct{}

// adapter is this package, for the shared suite.
var adapter = providertest.Adapter[gemini.Option, *gemini.Model]{
	Name:              "gemini",
	KeyEnv:            "GEMINI_API_KEY",
	TokenLimit:        "MAX_TOKENS",
	GeminiSchemas:     true,
	StreamsWholeCalls: true,
	Key:               func(h http.Header) string { return h.Get("X-Goog-Api-Key") },
	New:               gemini.New,
	WithAPIKey:        gemini.WithAPIKey,
	WithModel:         gemini.WithModel,
	WithMaxTokens:     gemini.WithMaxTokens,
	WithBaseURL:       gemini.WithBaseURL,
	WithHeader:        gemini.WithHeader,
	WithMaxRetries:    gemini.WithMaxRetries,
	WithHTTPClient: func(c *http.Client) gemini.Option {
		return gemini.WithRequestOptions(func(cfg *genai.ClientConfig) { cfg.HTTPClient = c })
	},
	WithNilRequestOption: func() gemini.Option { return gemini.WithRequestOptions(nil) },
	AsAPIError:           providertest.APIErrorAs(func(e *gemini.APIError) (int, string) { return e.StatusCode, e.Status }),
	Wire:                 geminiAPI{},
}

type reply = providertest.Reply

const (
	generatePath = "/v1beta/models/" + providertest.TestModel + ":generateContent"
	streamPath   = "/v1beta/models/" + providertest.TestModel + ":streamGenerateContent"
)

func (geminiAPI) Path() string { return generatePath }

func (geminiAPI) Serves(path string) bool { return path == generatePath || path == streamPath }

// FinishReason: the API has no finish reason of its own for calls.
func (geminiAPI) FinishReason(f providertest.Finish) string {
	return [...]string{providertest.FinishStop: "STOP", providertest.FinishTools: "STOP", providertest.FinishLength: "MAX_TOKENS"}[f]
}

// MarksFailedResults: a failed call's functionResponse has "error"
// rather than "output".
func (geminiAPI) MarksFailedResults() bool { return true }

func (geminiAPI) Error(status int, kind, message string) reply {
	return reply{Status: status, Body: errorBody(status, kind, message)}
}

func errorBody(code int, status, message string) string {
	return `{"error":{"code":` + jsonOf(code) + `,"message":` + jsonOf(message) + `,"status":` + jsonOf(status) + `}}`
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

const usage = `{"promptTokenCount":100,"candidatesTokenCount":20,"totalTokenCount":120}`

// Answer is a GenerateContentResponse: a thought summary part, a text
// part, then a functionCall part a call.
func (geminiAPI) Answer(a providertest.Answer) reply {
	var parts []string
	if len(a.Reasoning) > 0 {
		parts = append(parts, thoughtPart(strings.Join(a.Reasoning, "")))
	}
	if len(a.Text) > 0 {
		parts = append(parts, textPart(strings.Join(a.Text, "")))
	}
	for _, c := range a.Calls {
		parts = append(parts, callPart(c.ID, c.Name, strings.Join(c.Args, ""), ""))
	}
	return reply{Status: 200, Body: response(parts, finishReason(a.Finish), usage)}
}

// Stream is the same answer as server-sent events (alt=sse): a chunk per
// piece of thought and text, a chunk per call (the API streams calls
// whole), then a chunk with the finish reason and the usage.
func (w geminiAPI) Stream(a providertest.Answer) reply {
	var events []string
	for _, piece := range a.Reasoning {
		events = append(events, response([]string{thoughtPart(piece)}, "", `{"promptTokenCount":100}`))
	}
	for _, piece := range a.Text {
		events = append(events, response([]string{textPart(piece)}, "", `{"promptTokenCount":100}`))
	}
	switch a.Break {
	case providertest.BreakCut:
		return sse(events...)
	case providertest.BreakErrorEvent:
		return sse(append(events, `{"error":{"message":`+jsonOf(providertest.OverloadedMessage)+`,"status":`+jsonOf(providertest.OverloadedType)+`}}`)...)
	case providertest.BreakMalformed:
		return sse(append(events, providertest.MalformedJSON)...)
	}
	for _, c := range a.Calls {
		events = append(events, response([]string{callPart(c.ID, c.Name, strings.Join(c.Args, ""), "")}, "", `{"promptTokenCount":100}`))
	}
	events = append(events, response([]string{textPart("")}, finishReason(a.Finish), usage))
	return sse(events...)
}

func finishReason(f providertest.Finish) string { return geminiAPI{}.FinishReason(f) }

// response is a GenerateContentResponse with one candidate of parts.
func response(parts []string, finish, usage string) string {
	c := `{"content":{"role":"model","parts":[` + strings.Join(parts, ",") + `]},"index":0`
	if finish != "" {
		c += `,"finishReason":"` + finish + `"`
	}
	return `{"candidates":[` + c + `}],"usageMetadata":` + usage + `,"modelVersion":"model-test","responseId":"resp-1"}`
}

func textPart(text string) string    { return `{"text":` + jsonOf(text) + `}` }
func thoughtPart(text string) string { return `{"text":` + jsonOf(text) + `,"thought":true}` }

// callPart is a functionCall part, with its id and thought signature
// when they are not empty.
func callPart(id, name, args, signature string) string {
	fc := `{"name":` + jsonOf(name)
	if id != "" {
		fc += `,"id":` + jsonOf(id)
	}
	if args != "" && json.Valid([]byte(args)) { // a call cut short has none
		fc += `,"args":` + args
	}
	fc += `}`
	part := `{"functionCall":` + fc
	if signature != "" {
		part += `,"thoughtSignature":` + jsonOf(signature)
	}
	return part + `}`
}

// sse is a stream of data events, as streamGenerateContent?alt=sse sends.
func sse(events ...string) reply {
	var b strings.Builder
	for _, e := range events {
		b.WriteString("data: " + e + "\r\n\r\n")
	}
	return reply{Status: 200, Header: map[string]string{"Content-Type": "text/event-stream"}, Body: b.String()}
}

// request is a generateContent request body, as documented; unknown
// members fail Read.
type request struct {
	Contents          []content         `json:"contents"`
	SystemInstruction *content          `json:"systemInstruction"`
	Tools             []tool            `json:"tools"`
	GenerationConfig  *generationConfig `json:"generationConfig"`
	ToolConfig        json.RawMessage   `json:"toolConfig"`
	SafetySettings    []json.RawMessage `json:"safetySettings"`
	CachedContent     string            `json:"cachedContent"`
}

type content struct {
	Role  string `json:"role"`
	Parts []part `json:"parts"`
}

type part struct {
	Text             *string `json:"text"`
	Thought          bool    `json:"thought"`
	ThoughtSignature []byte  `json:"thoughtSignature"`
	FunctionCall     *struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string                     `json:"id"`
		Name     string                     `json:"name"`
		Response map[string]json.RawMessage `json:"response"`
	} `json:"functionResponse"`
	ExecutableCode      json.RawMessage `json:"executableCode"`
	CodeExecutionResult json.RawMessage `json:"codeExecutionResult"`
}

type tool struct {
	FunctionDeclarations []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Parameters  any    `json:"parameters"`
	} `json:"functionDeclarations"`
	GoogleSearch  *struct{} `json:"googleSearch"`
	CodeExecution *struct{} `json:"codeExecution"`
}

type generationConfig struct {
	MaxOutputTokens int             `json:"maxOutputTokens"`
	ThinkingConfig  json.RawMessage `json:"thinkingConfig"`
}

// decode reads a request body strictly.
func decode(t *testing.T, body []byte) request {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	var r request
	require.NoError(t, d.Decode(&r), "a generateContent request: %s", body)
	return r
}

func (w geminiAPI) Read(t *testing.T, body []byte) providertest.Request {
	t.Helper()
	return w.ReadURL(t, &url.URL{Path: generatePath}, body)
}

// ReadURL reads the model and whether the answer streams from the URL,
// the rest from the body.
func (geminiAPI) ReadURL(t *testing.T, u *url.URL, body []byte) providertest.Request {
	t.Helper()
	model, method, ok := strings.Cut(strings.TrimPrefix(u.Path, "/v1beta/models/"), ":")
	require.True(t, ok, "a model's method: %s", u.Path)
	stream := method == "streamGenerateContent"
	if stream {
		require.Equal(t, "sse", u.Query().Get("alt"), "a stream of server-sent events")
	}
	r := decode(t, body)
	out := providertest.Request{Model: model, Stream: stream}
	if r.SystemInstruction != nil {
		out.System = texts(r.SystemInstruction.Parts)
	}
	if r.GenerationConfig != nil {
		out.MaxTokens = r.GenerationConfig.MaxOutputTokens
	}
	for _, c := range r.Contents {
		out.Messages = append(out.Messages, message(t, c))
	}
	for _, tl := range r.Tools {
		for _, d := range tl.FunctionDeclarations {
			out.Tools = append(out.Tools, providertest.Tool{Name: d.Name, Description: d.Description, Schema: d.Parameters})
		}
	}
	return out
}

func texts(parts []part) string {
	var s string
	for _, p := range parts {
		if p.Text != nil && !p.Thought {
			s += *p.Text
		}
	}
	return s
}

// message reads a content: a user's text, the results of calls (a user
// content of functionResponse parts) or an answer.
func message(t *testing.T, c content) providertest.Message {
	t.Helper()
	switch c.Role {
	case "user":
		if len(c.Parts) > 0 && c.Parts[0].FunctionResponse != nil {
			return results(t, c.Parts)
		}
		return providertest.Message{Role: agent.RoleUser, Text: texts(c.Parts)}
	case "model":
		m := providertest.Message{Role: agent.RoleAssistant, Text: texts(c.Parts)}
		for _, p := range c.Parts {
			if fc := p.FunctionCall; fc != nil {
				call := providertest.Call{ID: fc.ID, Name: fc.Name}
				if len(fc.Args) > 0 {
					var b bytes.Buffer
					require.NoError(t, json.Compact(&b, fc.Args))
					call.Args = []string{b.String()}
				}
				m.Calls = append(m.Calls, call)
			}
		}
		return m
	}
	t.Fatalf("a content of role %q", c.Role)
	return providertest.Message{}
}

func results(t *testing.T, parts []part) providertest.Message {
	t.Helper()
	m := providertest.Message{Role: agent.RoleTool}
	for _, p := range parts {
		fr := p.FunctionResponse
		require.NotNil(t, fr, "a user content of results has only functionResponse parts")
		require.NotEmpty(t, fr.Name, "a functionResponse names its function")
		r := providertest.Result{CallID: fr.ID}
		raw, ok := fr.Response["output"]
		if e, failed := fr.Response["error"]; failed {
			raw, r.IsError = e, true
		} else {
			require.True(t, ok, "a functionResponse's response has output or error: %v", fr.Response)
		}
		require.NoError(t, json.Unmarshal(raw, &r.Text))
		m.Results = append(m.Results, r)
	}
	return m
}
