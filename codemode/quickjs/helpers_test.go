package quickjs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen/codemode"
)

// testTools are the tools testHost answers.
var testTools = []string{"get_weather", "step", "big", "deny", "pause", "echo", "list-items", "slow", "panic"}

// errPause is the error of the tool pause: not a *codemode.CallError, so
// it stops the program, as a call waiting for a person's approval does.
var errPause = errors.New("waiting for approval")

// recorder is a host that records the calls it answers.
type recorder struct {
	mu    sync.Mutex
	calls []string // name + " " + arguments
}

// host answers: get_weather a city's temperature, step n+1 (a dependent
// chain), big an n-item list (a large result), deny a *codemode.CallError,
// pause errPause, echo its arguments, list-items three ids, slow
// a string after ms milliseconds (or ctx's error), panic panics.
func (r *recorder) host(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
	r.mu.Lock()
	r.calls = append(r.calls, name+" "+string(args))
	r.mu.Unlock()
	var a struct {
		City string `json:"city"`
		N    int    `json:"n"`
		MS   int    `json:"ms"`
	}
	if err := json.Unmarshal(args, &a); err != nil {
		return nil, err
	}
	switch name {
	case "get_weather":
		return json.RawMessage(fmt.Sprintf(`{"city":%q,"celsius":%d}`, a.City, len(a.City))), nil
	case "step":
		return json.RawMessage(fmt.Sprintf(`{"n":%d}`, a.N+1)), nil
	case "big":
		return json.RawMessage(bigResult(a.N)), nil
	case "deny":
		return nil, &codemode.CallError{Message: "denied: not allowed here"}
	case "pause":
		return nil, errPause
	case "echo":
		return args, nil
	case "list-items":
		return json.RawMessage(`[1,2,3]`), nil
	case "slow":
		select {
		case <-time.After(time.Duration(a.MS) * time.Millisecond):
			return json.RawMessage(`"slept"`), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	case "panic":
		panic("the tool broke")
	}
	return nil, fmt.Errorf("no tool %q", name)
}

func (r *recorder) made() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.calls...)
}

// bigResult is a list of n items of about 100 bytes each.
func bigResult(n int) string {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"item number %d","status":%q,"score":%d,"note":"padding to make a line"}`,
			i, i, [...]string{"open", "closed", "stale"}[i%3], i%97)
	}
	b.WriteString(`]}`)
	return b.String()
}

// testClock is the Clock of the tests' programs.
var testClock = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func testProgram(src string) codemode.Program {
	return codemode.Program{Source: src, Tools: testTools, Clock: testClock, Seed: 46}
}

// runProgram runs src with the test tools and a new recorder.
func runProgram(t testing.TB, src string) (codemode.Result, *recorder, error) {
	t.Helper()
	rec := &recorder{}
	res, err := New().Run(context.Background(), testProgram(src), rec.host)
	return res, rec, err
}

// wantValue runs src and checks what it returns.
func wantValue(t *testing.T, src, want string) codemode.Result {
	t.Helper()
	res, _, err := runProgram(t, src)
	if err != nil || string(res.Value) != want {
		t.Errorf("got %s, %v; want %s", res.Value, err, want)
	}
	return res
}
