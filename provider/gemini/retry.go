package gemini

import (
	"bytes"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// The SDK retries nothing unless told, and then without reading the
// wait an answer asks for; the other adapters' SDKs retry twice, after
// that wait. So the Model's HTTP client retries as they do.

// maxRetryWait is the longest wait an answer may ask for and still be
// retried; a longer one is the caller's to decide (APIError.RetryAfter).
const maxRetryWait = time.Minute

// withRetries is c (or a new client) with its transport retrying failed
// requests up to n times. c itself is not changed.
func withRetries(c *http.Client, n int) *http.Client {
	out := &http.Client{}
	if c != nil {
		*out = *c
	}
	base := out.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	out.Transport = &retrying{base: base, max: n}
	return out
}

type retrying struct {
	base http.RoundTripper
	max  int
}

func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	for attempt := 0; ; attempt++ {
		r := req
		if attempt > 0 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			r = req.Clone(ctx)
			r.Body = body
		}
		resp, err := t.base.RoundTrip(r)
		if attempt >= t.max || ctx.Err() != nil || !retryable(resp, err) || (req.Body != nil && req.GetBody == nil) {
			return resp, err
		}
		wait, ok := retryWait(resp, attempt)
		if !ok {
			return resp, err
		}
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
	}
}

// retryable: a connection error, 408, 409, 429 or 5xx.
func retryable(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	switch s := resp.StatusCode; {
	case s == http.StatusRequestTimeout, s == http.StatusConflict, s == http.StatusTooManyRequests, s >= 500:
		return true
	}
	return false
}

// retryWait is the wait before the next attempt: what the answer asks
// for (Retry-After-Ms, Retry-After, the RetryInfo of its error body),
// else 0.5s doubled each attempt up to 8s, less up to a quarter at
// random. A wait asked for that is over maxRetryWait is no retry.
func retryWait(resp *http.Response, attempt int) (time.Duration, bool) {
	if resp != nil {
		if wait, ok := askedWait(resp); ok {
			return wait, wait <= maxRetryWait
		}
	}
	wait := min(500*time.Millisecond<<attempt, 8*time.Second)
	return wait - time.Duration(rand.Int64N(int64(wait/4)+1)), true
}

// askedWait reads the wait an answer asks for.
func askedWait(resp *http.Response) (time.Duration, bool) {
	if ms, err := strconv.ParseFloat(resp.Header.Get("Retry-After-Ms"), 64); err == nil && ms >= 0 {
		return time.Duration(ms * float64(time.Millisecond)), true
	}
	if v := resp.Header.Get("Retry-After"); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
			return time.Duration(s * float64(time.Second)), true
		}
		if at, err := http.ParseTime(v); err == nil {
			return max(time.Until(at), 0), true
		}
	}
	return bodyWait(resp)
}

// bodyWait reads the RetryInfo of an error body, putting the body back.
func bodyWait(resp *http.Response) (time.Duration, bool) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(data), resp.Body), resp.Body}
	if err != nil {
		return 0, false
	}
	var body struct {
		Error struct {
			Details []map[string]any `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal(data, &body) != nil {
		return 0, false
	}
	wait := retryInfo(body.Error.Details)
	return wait, wait > 0
}
