package pgstore_test

import (
	"context"
	"errors"
	"log"
	"net/http"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/aisdk/pgstore"
)

// A replica of a chat server: its chats in PostgreSQL, so that any
// replica behind the load balancer serves any chat, and the chats not
// touched for 30 days pruned once an hour.
func Example() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	store, err := pgstore.New(ctx, pool)
	if err != nil {
		log.Fatal(err)
	}
	go func() {
		for range time.Tick(time.Hour) {
			if _, err := store.Prune(ctx, time.Now().Add(-30*24*time.Hour)); err != nil {
				log.Print(err)
			}
		}
	}()

	var model agent.Model // your provider's (provider/openai, provider/anthropic)
	a, err := agent.New(model)
	if err != nil {
		log.Fatal(err)
	}
	h, err := aisdk.Handler(a, aisdk.WithStore(store), aisdk.WithMessageStore(store),
		aisdk.WithPrincipal(func(r *http.Request) (string, error) {
			if u := r.Header.Get("X-Authenticated-User"); u != "" { // set by your authentication
				return u, nil
			}
			return "", errors.New("sign in first")
		}))
	if err != nil {
		log.Fatal(err)
	}
	http.Handle("/api/chat", h)
	srv := &http.Server{Addr: "127.0.0.1:8080", ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	log.Fatal(srv.ListenAndServe())
}
