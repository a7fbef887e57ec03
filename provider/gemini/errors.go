package gemini

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// APIError is an error answer of the API, or an error in its stream.
type APIError struct {
	StatusCode int    // the HTTP status (the error's code in a stream)
	Status     string // the error's status, such as "RESOURCE_EXHAUSTED"
	Message    string // what the provider said
	// RetryAfter is the wait the error asked for (its RetryInfo), 0 when
	// it asked for none.
	RetryAfter time.Duration
	err        error
}

// Error says what the provider said.
func (e *APIError) Error() string {
	return adapter.APIErrorText("gemini", e.StatusCode, e.Status, e.Message, "")
}

// Unwrap returns the SDK's error.
func (e *APIError) Unwrap() error { return e.err }

// describe makes an error of the SDK say what the provider said: an
// error answer is an *APIError (streamStatus is the status of an error
// in a stream that gives no code); a connection that broke mid-stream
// is a cut stream.
func describe(err error, streamStatus int) error {
	var apiErr genai.APIError
	if !errors.As(err, &apiErr) {
		if streamStatus != 0 && errors.Is(err, io.ErrUnexpectedEOF) {
			return sdk.StreamCut()
		}
		return fmt.Errorf("gemini: %w", err)
	}
	code := apiErr.Code
	if code == 0 {
		code = streamStatus
	}
	// A body that is not a Gemini error has the HTTP status line for its
	// status ("502 Bad Gateway").
	status := strings.TrimPrefix(apiErr.Status, strconv.Itoa(code)+" ")
	return &APIError{StatusCode: code, Status: status, Message: apiErr.Message, RetryAfter: retryInfo(apiErr.Details), err: err}
}

// retryInfo is the retryDelay of an error's google.rpc.RetryInfo detail.
func retryInfo(details []map[string]any) time.Duration {
	for _, d := range details {
		if t, _ := d["@type"].(string); !strings.HasSuffix(t, "google.rpc.RetryInfo") {
			continue
		}
		if s, ok := d["retryDelay"].(string); ok {
			if wait, err := time.ParseDuration(s); err == nil && wait > 0 {
				return wait
			}
		}
	}
	return 0
}
