package search

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/backoff"
)

// ProviderError is a search that failed at the provider: after the last
// attempt, a status that is not retried (401, 400...), or a response that
// could not be read.
type ProviderError struct {
	Provider string // "tavily" or "searxng"
	Status   int    // the last HTTP status; 0 when no response came (connection error, timeout)
	Body     string // an excerpt of the last response body
	Attempts int    // requests sent
	Err      error  // the connection or decoding error, if any
}

func (e *ProviderError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "search: %s", e.Provider)
	if e.Status != 0 {
		fmt.Fprintf(&b, " answered HTTP %d %s", e.Status, http.StatusText(e.Status))
	} else {
		b.WriteString(" did not answer")
	}
	fmt.Fprintf(&b, " (%d attempt%s)", e.Attempts, plural(e.Attempts))
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	if e.Body != "" {
		fmt.Fprintf(&b, ": %s", e.Body)
	}
	if e.Provider == "searxng" && e.Status == http.StatusForbidden {
		b.WriteString(" (does the instance's settings.yml list json in search.formats?)")
	}
	return b.String()
}

func (e *ProviderError) Unwrap() error { return e.Err }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Why an attempt or the whole Search stopped, as the causes of their
// contexts (and ProviderError.Err).
var (
	errAttemptTimeout = errors.New("no answer within the timeout of an attempt")
	errTotalTimeout   = errors.New("no answer within the total time of a search")
	errTooLarge       = fmt.Errorf("the response is larger than the %d MiB limit", MaxResponseSize>>20)
)

// send sends query, retrying 429, 5xx and connection errors, and returns
// a 2xx body and the number of attempts. A done parent is parent's error,
// at once; any other failure a *ProviderError.
func (c *Client) send(parent context.Context, query string) ([]byte, int, error) {
	ctx, cancel := context.WithTimeoutCause(parent, c.cfg.maxTotal, errTotalTimeout)
	defer cancel()
	deadline, _ := ctx.Deadline()
	var last *ProviderError
	retryAfter := time.Duration(-1)
	for attempt := 1; attempt <= c.cfg.attempts; attempt++ {
		if attempt > 1 {
			delay := c.delay(attempt-1, retryAfter)
			if time.Until(deadline) < delay || c.sleep(ctx, delay) != nil {
				break // no time left for another attempt
			}
		}
		var body []byte
		body, retryAfter, last = c.attempt(ctx, query)
		if last == nil {
			return body, attempt, nil
		}
		last.Attempts = attempt
		if parent.Err() != nil || !retryable(last) {
			break
		}
	}
	if err := parent.Err(); err != nil {
		return nil, last.Attempts, err
	}
	return nil, last.Attempts, last
}

// attempt sends one request. It returns the body of a 2xx response, or an
// error and the response's Retry-After (-1 without one).
func (c *Client) attempt(ctx context.Context, query string) ([]byte, time.Duration, *ProviderError) {
	ctx, cancel := context.WithTimeoutCause(ctx, c.cfg.timeout, errAttemptTimeout)
	defer cancel()
	fail := func(status int, body []byte, err error) *ProviderError {
		if cause := context.Cause(ctx); cause != nil {
			err = cause // a timeout says which one, rather than "context deadline exceeded"
		}
		return &ProviderError{Provider: c.backend.name(), Status: status, Body: excerpt(body), Err: err}
	}
	req, err := c.backend.request(ctx, &c.cfg, query)
	if err != nil {
		return nil, -1, &ProviderError{Provider: c.backend.name(), Err: err}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, -1, fail(0, nil, err)
	}
	defer resp.Body.Close()
	limit := int64(MaxResponseSize)
	if resp.ContentLength > limit {
		limit = 4 * excerptLen // too large whatever it is: read what the excerpt shows
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, -1, fail(0, body, err) // cut off mid-body: as a connection error
	}
	if resp.StatusCode/100 == 2 {
		if int64(len(body)) > limit || resp.ContentLength > MaxResponseSize {
			// Said rather than left to the decoder, which would call a
			// cut-off body "unexpected end of JSON input". Not retried:
			// the same query would get the same answer.
			return nil, -1, fail(resp.StatusCode, body, errTooLarge)
		}
		return body, -1, nil
	}
	return nil, parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()), fail(resp.StatusCode, body, nil)
}

// retryable: no response, 429 Too Many Requests, or a server error.
func retryable(e *ProviderError) bool {
	return e.Status == 0 || e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// delay is the wait after the nth failed attempt: the server's Retry-After
// when it sent one, but at least MinRetryAfter, else baseDelay doubled n-1
// times, between half and all of it (jitter, so that clients failing
// together do not retry together).
func (c *Client) delay(n int, retryAfter time.Duration) time.Duration {
	if retryAfter >= 0 {
		return max(retryAfter, MinRetryAfter)
	}
	d := c.cfg.baseDelay << min(n-1, 30)
	if d <= 0 || d > c.cfg.maxTotal {
		d = c.cfg.maxTotal
	}
	return backoff.Jitter(d)
}

// parseRetryAfter reads Retry-After: seconds or an HTTP date; -1 when absent
// or unreadable.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return -1
	}
	if secs, err := strconv.Atoi(v); err == nil {
		if secs < 0 {
			return -1
		}
		return time.Duration(min(secs, 1<<30)) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return -1
}

// excerptLen bounds the body quoted in a ProviderError.
const excerptLen = 300

// excerpt is the start of body, on one line, cut at a rune boundary.
func excerpt(body []byte) string {
	s := strings.Join(strings.Fields(string(body[:min(len(body), 4*excerptLen)])), " ")
	if len(s) <= excerptLen {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	cut := excerptLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.ToValidUTF8(s[:cut], "\uFFFD") + "…"
}
