package search_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/toolgen-dev/toolgen/search"
)

// A SearXNG instance needs no key; here a stand-in on 127.0.0.1 answers
// as SearXNG's JSON API does.
func ExampleNewSearXNG() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"query":"golang","results":[{"url":"https://go.dev/","title":"The Go Programming Language",
			"content":"Go is an open source programming language.","engine":"duckduckgo","score":4.0}]}`)
	}))
	defer srv.Close()

	c, err := search.NewSearXNG(srv.URL, search.WithMaxResults(3))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	res, err := c.Tools()[0].Call(context.Background(), []byte(`{"query":"golang"}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Text())
	// Output:
	// Results for "golang":
	// 1. The Go Programming Language — https://go.dev/
	//    Go is an open source programming language.
}
