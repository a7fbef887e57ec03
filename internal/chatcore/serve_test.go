package chatcore

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestAdmit(t *testing.T) {
	c := NewConfig[store]("pkg")
	if err := Apply(&c, "pkg.New", []Option[store]{
		WithAllowedOrigins[store]("https://app.example"), WithAllowedHosts[store]("agent.example"),
	}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, method, host, origin, preflight string
		goesOn                                bool
		status                                int // when it does not go on
		cors                                  string
	}{
		{"own host, no origin", http.MethodPost, "agent.example", "", "", true, 0, ""},
		{"another host", http.MethodPost, "evil.example", "", "", false, http.StatusForbidden, ""},
		{"foreign origin", http.MethodPost, "agent.example", "https://evil.example", "", false, http.StatusForbidden, ""},
		{"allowed origin", http.MethodPost, "agent.example", "https://app.example", "", true, 0, "https://app.example"},
		{"allowed origin's preflight", http.MethodOptions, "agent.example", "https://app.example", "POST", false, http.StatusNoContent, "https://app.example"},
		{"OPTIONS without preflight", http.MethodOptions, "agent.example", "https://app.example", "", true, 0, "https://app.example"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest(tc.method, "http://"+tc.host+"/chat", nil)
			if tc.origin != "" {
				r.Header.Set("Origin", tc.origin)
			}
			if tc.preflight != "" {
				r.Header.Set("Access-Control-Request-Method", tc.preflight)
			}
			w := httptest.NewRecorder()
			if got := c.Admit(w, r); got != tc.goesOn {
				t.Fatalf("Admit = %v; want %v (answered %d %s)", got, tc.goesOn, w.Code, w.Body)
			}
			if !tc.goesOn && w.Code != tc.status && !(tc.status == http.StatusNoContent && w.Code < 300) {
				t.Errorf("status %d; want %d", w.Code, tc.status)
			}
			if got := w.Header().Get("Access-Control-Allow-Origin"); got != tc.cors {
				t.Errorf("Access-Control-Allow-Origin %q; want %q", got, tc.cors)
			}
		})
	}
}

func TestPrincipalOf(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/", nil)
	c := NewConfig[store]("pkg")
	if p, err := c.PrincipalOf(r); p != "" || err != nil {
		t.Fatalf("without WithPrincipal: %q, %v; want none", p, err)
	}
	for _, tc := range []struct {
		p, err, want, wantErr string
	}{
		{"ana", "", "ana", ""},
		{"", "", "", "the request has no principal"},
		{"", "signed out", "", "signed out"},
	} {
		c.Principal = func(*http.Request) (string, error) {
			if tc.err != "" {
				return "", errors.New(tc.err)
			}
			return tc.p, nil
		}
		p, err := c.PrincipalOf(r)
		if p != tc.want || (err == nil) != (tc.wantErr == "") || err != nil && err.Error() != tc.wantErr {
			t.Errorf("principal %q, %q: got %q, %v; want %q, %q", tc.p, tc.err, p, err, tc.want, tc.wantErr)
		}
	}
}

func TestReadJSON(t *testing.T) {
	c := NewConfig[store]("pkg")
	c.MaxBody = 16
	for _, tc := range []struct {
		body, wantErr string
		status        int
	}{
		{`{"a":"b"}`, "", 0},
		{`{"a":"` + strings.Repeat("x", 16) + `"}`, "pkg: the request is larger than 16 bytes", http.StatusRequestEntityTooLarge},
		{`{"a":`, "pkg: the request is not a thing: ", http.StatusBadRequest},
		{`[1]`, "pkg: the request is not a thing: ", http.StatusBadRequest},
	} {
		var v struct{ A string }
		status, err := c.ReadJSON(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tc.body)), &v, "a thing")
		if status != tc.status || (err == nil) != (tc.wantErr == "") || err != nil && !strings.HasPrefix(err.Error(), tc.wantErr) {
			t.Errorf("body %s: %d, %v; want %d, %q", tc.body, status, err, tc.status, tc.wantErr)
		}
		if tc.wantErr == "" && v.A != "b" {
			t.Errorf("body %s read as %+v", tc.body, v)
		}
	}
}

func TestBusyLetsOneRequestOfAConversationIn(t *testing.T) {
	var b Busy
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if _, ok := b.Claim("c"); ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 1 {
		t.Fatalf("%d concurrent claims won; want 1", won.Load())
	}
	if _, ok := b.Claim("other"); !ok {
		t.Fatal("another conversation was busy")
	}
	b.release("c")
	release, ok := b.Claim("c")
	if !ok {
		t.Fatal("a released conversation stayed busy")
	}
	release()
	release() // a second call does nothing
	release2, ok := b.Claim("c")
	if !ok {
		t.Fatal("a conversation released by its release function stayed busy")
	}
	release() // the first claim's release frees nothing of the second's
	if _, ok := b.Claim("c"); ok {
		t.Fatal("an old release function freed a new claim")
	}
	release2()
}

func TestNewID(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := NewID("msg-")
		rest, ok := strings.CutPrefix(id, "msg-")
		if !ok || len(rest) != 32 || strings.Trim(rest, "0123456789abcdef") != "" || seen[id] {
			t.Fatalf("NewID = %q: want msg- and 32 new hex digits", id)
		}
		seen[id] = true
	}
}
