package chatcore

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

type store interface{ Name() string }

type namedStore string

func (s namedStore) Name() string { return string(s) }

func TestOptionsRefuseBadValuesNamingTheHandlersPackage(t *testing.T) {
	for _, tc := range []struct {
		opt  Option[store]
		want string
	}{
		{WithStore[store](nil), "pkg.WithStore(nil): nil Store"},
		{WithMaxBodyBytes[store](0), "pkg.WithMaxBodyBytes(0): must be at least 1"},
		{WithMaxBodyBytes[store](-1), "pkg.WithMaxBodyBytes(-1): must be at least 1"},
		{WithDeps[store](nil), "pkg.WithDeps(nil): nil function"},
		{WithPrincipal[store](nil), "pkg.WithPrincipal(nil): nil function"},
		{WithWriteStallTimeout[store](0), "pkg.WithWriteStallTimeout(0s): must be positive"},
		{WithWriteStallTimeout[store](-time.Second), "pkg.WithWriteStallTimeout(-1s): must be positive"},
		{WithErrorText[store](nil), "pkg.WithErrorText(nil): nil function"},
		{WithAllowedOrigins[store]("https://ok.example", "*"), `pkg.WithAllowedOrigins("*"): not an origin`},
		{WithAllowedHosts[store]("ok.example", "http://x"), `pkg.WithAllowedHosts("http://x"): not a host name`},
	} {
		c := NewConfig[store]("pkg")
		err := Apply(&c, "pkg.New", []Option[store]{tc.opt})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("error %v; want it to begin %q", err, tc.want)
		}
	}
	c := NewConfig[store]("pkg")
	if err := Apply(&c, "pkg.New", []Option[store]{nil}); err == nil || err.Error() != "pkg.New: nil Option" {
		t.Errorf("a nil option: %v; want pkg.New: nil Option", err)
	}
}

func TestDefaultsAndOptionsSet(t *testing.T) {
	c := NewConfig[store]("pkg")
	if c.Store != nil || c.MaxBody != DefaultMaxBodyBytes || c.WriteStall != DefaultWriteStallTimeout || c.Principal != nil {
		t.Fatalf("defaults: %+v", c)
	}
	if deps, err := c.Deps(nil); deps != nil || err != nil {
		t.Fatalf("default deps = %v, %v; want none", deps, err)
	}
	if got := c.ErrorText(errors.New("secret")); got != "An error occurred." {
		t.Fatalf("default error text %q tells the error", got)
	}
	err := Apply(&c, "pkg.New", []Option[store]{
		WithStore[store](namedStore("s")),
		WithMaxBodyBytes[store](1),
		WithDeps[store](func(*http.Request) (any, error) { return "deps", nil }),
		WithPrincipal[store](func(*http.Request) (string, error) { return "ana", nil }),
		WithWriteStallTimeout[store](time.Millisecond),
		WithErrorText[store](func(err error) string { return "failed: " + err.Error() }),
	})
	if err != nil {
		t.Fatal(err)
	}
	deps, _ := c.Deps(nil)
	principal, _ := c.Principal(nil)
	if c.Store.Name() != "s" || c.MaxBody != 1 || deps != "deps" || principal != "ana" ||
		c.WriteStall != time.Millisecond || c.ErrorText(errors.New("x")) != "failed: x" {
		t.Fatalf("options not set: %+v", c)
	}
}
