// Package gemini is an agent.Model over the Gemini API (generateContent,
// v1beta), with Google's official SDK (google.golang.org/genai). It is a
// module of its own: the SDK brings gRPC, Google Cloud's auth libraries
// and OpenCensus, which the main module's users should not have to take.
//
//	model, err := gemini.New(gemini.WithModel("gemini-2.5-flash")) // key from GEMINI_API_KEY or GOOGLE_API_KEY
//	a, err := agent.New(model, agent.WithTools(weather.Tools()))
//
// What is where:
//
//   - gemini.go: the Model, its options, Generate.
//   - messages.go: the transcript as contents: a user's text; an answer's
//     text, function calls and code runs (role "model"); a turn's results
//     as functionResponse parts of one user content ({"output": ...}, or
//     {"error": ...} for a failed call).
//   - tools.go: function declarations, each with the tool's schema in
//     Gemini's dialect (ToolSpec.GeminiSchema, or derived from the input
//     schema for a tool made by hand). A schema the dialect cannot say (a
//     map, a recursive type, a value of any type, an integer enum) is
//     refused before the first request, with an error naming the tool,
//     what and where; nothing is sent.
//   - answer.go: an answer (whole, or a stream's chunks) as parts; Generate
//     collects them, so that Generate and Stream give the same response.
//   - stream.go: Stream (agent.StreamingModel), over
//     streamGenerateContent?alt=sse.
//   - signatures.go: thought signatures, kept and sent back.
//   - servertools.go: the API's own tools (WithGoogleSearch,
//     WithCodeExecution) as agent.ProviderCalls.
//   - errors.go, retry.go: *APIError, and the retries.
//
// Calls: the parallel calls of an answer become Message.Calls, with the
// ids the API gives; a call without one gets an id made from the
// response's id and its number ("gemini_call_<response>_1"), the same in
// its stream parts and the transcript, and never sent to the API. The API
// streams calls whole: a call's start, its arguments in one piece and the
// call come together. Arguments pass through the SDK as a map: their
// members come back in key order, and numbers beyond 2^53 lose
// precision.
//
// Thinking: WithThoughts asks for thought summaries, which come as
// reasoning parts; WithThinkingBudget caps the thinking. Thinking models
// sign their answers (thoughtSignature), and Gemini 3 refuses a request
// whose current turn has a call without its signature. The transcript has
// no place for them, so the Model keeps the signatures of its answers (by
// call id, and by the hash of an answer's text; the last 4096) and puts
// them back on the parts it sends. A call of the current turn it does not
// know (another provider's, or from before a restart) goes with the
// signature the API documents for that case,
// "skip_thought_signature_validator".
//
// Usage: input is promptTokenCount (cached tokens included) plus
// toolUsePromptTokenCount, of which cachedContentTokenCount were read from
// the cache (agent.Usage.CachedInputTokens); output is candidatesTokenCount plus
// thoughtsTokenCount. Finish: the stream's finish part has the API's
// finishReason ("STOP", "MAX_TOKENS"). An answer cut by MAX_TOKENS while
// it made a call is an error (the call is incomplete); one the API stopped
// (SAFETY, RECITATION, MALFORMED_FUNCTION_CALL...) is an error naming the
// reason, after the parts that streamed; a blocked prompt is an error.
//
// Errors: an error answer, or an error in the stream, is an *APIError
// with the HTTP status (or the error's code), the error's status
// ("RESOURCE_EXHAUSTED"), its message and the wait its RetryInfo asks
// for, worded as the other adapters word theirs: "gemini: 429
// RESOURCE_EXHAUSTED: Quota exceeded". A stream that ends without a
// finish reason, or whose connection breaks, is an error wrapping
// io.ErrUnexpectedEOF, after the parts that came. Requests that fail with
// a connection error, 408, 409, 429 or 5xx are retried as the other
// adapters' SDKs retry them (WithMaxRetries).
//
// The API's tools: WithGoogleSearch and WithCodeExecution enable Google
// Search grounding and code execution. The API runs them itself; they
// come back as agent.ProviderCalls (Provider "gemini", Name
// "google_search" or "code_execution"), which the agent never runs. Code
// runs go back with the history, as parts; searches do not (the API takes
// no grounding metadata). The pages a search grounded the answer on are its
// agent.Sources: groundingChunks' web pages (uri, which is the API's
// redirect link, and title) in their order, one per URL, each citing the
// pieces of the answer groundingSupports give it (segment offsets in
// bytes, checked against the segment's text, which is looked for in the
// answer when they do not hold it); a stream gives them as source parts at
// its end. The Model is an agent.ProviderToolModel: an
// agent whose permission rules deny or ask about one of these tools sends
// its requests without it (Request.DisabledProviderTools), since the API
// runs them without asking.
package gemini
