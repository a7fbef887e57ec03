// Command chatreplica is one replica of a chat server, for the replicas
// test of package pgstore: an aisdk handler whose chats are kept in
// PostgreSQL (pgstore), bound to the principal the X-User header names,
// over a scripted model (agenttest) that calls the tool the user's message
// names:
//
//   - "write NAME": write, which needs approval;
//   - "work NAME": work, which does not;
//   - anything else: a text answer.
//
// Both tools append "REPLICA TOOL NAME" to the file -runs names when they
// start, and a NAME beginning with "held" holds the call until the file
// release-NAME exists in the directory of -runs (at most a minute): the
// test kills a replica there, mid-stream. Every response carries
// X-Replica: REPLICA. It prints "listening on http://ADDR" to standard
// error once it serves.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/aisdk/pgstore"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "listen on `ADDR`")
	db := flag.String("db", "", "the PostgreSQL `URL`")
	table := flag.String("table", pgstore.DefaultTable, "the chats' `TABLE`")
	name := flag.String("name", "", "this replica's `NAME`")
	runs := flag.String("runs", "", "append the tools' calls to `FILE`")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *listen, *db, *table, *name, *runs); err != nil {
		log.Fatal(err)
	}
}

func serve(ctx context.Context, listen, db, table, name, runs string) error {
	pool, err := pgxpool.New(ctx, db)
	if err != nil {
		return err
	}
	defer pool.Close()
	store, err := pgstore.New(ctx, pool, pgstore.WithTable(table))
	if err != nil {
		return err
	}
	t := &tools{replica: name, runs: runs}
	a, err := agent.New(scriptedModel(), agent.WithTools([]toolgen.Tool{t.tool("write", true), t.tool("work", false)}))
	if err != nil {
		return err
	}
	h, err := aisdk.Handler(a, aisdk.WithStore(store), aisdk.WithMessageStore(store),
		aisdk.WithPrincipal(func(r *http.Request) (string, error) {
			if u := r.Header.Get("X-User"); u != "" {
				return u, nil
			}
			return "", errors.New("no X-User")
		}))
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/api/chat", h)
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Replica", name)
			mux.ServeHTTP(w, r)
		}),
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, IdleTimeout: time.Minute,
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "listening on http://%s\n", ln.Addr())
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// scriptedModel answers from the request alone, so that any replica
// answers any turn of a chat the same: a tool message's results are
// answered "Done: RESULT.", a user's message "write NAME" or "work NAME"
// with that call (its id numbered by the transcript's length, so that a
// chat's calls have ids of their own), anything else with a greeting.
func scriptedModel() *agenttest.Model {
	reply := agenttest.Respond(func(req agent.Request) agent.Response {
		last := req.Messages[len(req.Messages)-1]
		msg := agent.Message{Role: agent.RoleAssistant}
		if last.Role == agent.RoleTool {
			var texts []string
			for _, r := range last.Results {
				texts = append(texts, r.Result.Text())
			}
			msg.Text = "Done: " + strings.Join(texts, ", ") + "."
			return agent.Response{Message: msg}
		}
		tool, arg, _ := strings.Cut(last.Text, " ")
		if tool != "write" && tool != "work" {
			msg.Text = "Hello, " + last.Text + "."
			return agent.Response{Message: msg}
		}
		args, _ := json.Marshal(map[string]string{"name": arg})
		msg.Calls = []agent.ToolCall{agenttest.Call(fmt.Sprintf("call-%d", len(req.Messages)), toolgen.ToolName(tool), string(args))}
		return agent.Response{Message: msg}
	})
	return agenttest.NewModel(slices.Repeat([]agenttest.Reply{reply}, 100_000)...)
}

// tools are the replica's tools, which log their calls to runs.
type tools struct {
	replica, runs string
	mu            sync.Mutex
}

func (t *tools) tool(name toolgen.ToolName, approval bool) toolgen.Tool {
	return toolgen.Tool{
		Name: name, Description: string(name) + " NAME", RequiresApproval: approval,
		InputSchema: []byte(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
		Call: func(ctx context.Context, raw []byte) (toolgen.Result, error) {
			var args struct{ Name string }
			if err := json.Unmarshal(raw, &args); err != nil {
				return toolgen.ErrorResult(err.Error()), nil
			}
			if err := t.log(fmt.Sprintf("%s %s %s\n", t.replica, name, args.Name)); err != nil {
				return toolgen.Result{}, err
			}
			if strings.HasPrefix(args.Name, "held") {
				if err := t.hold(ctx, args.Name); err != nil {
					return toolgen.Result{}, err
				}
			}
			return toolgen.TextResult(fmt.Sprintf("%s %s by %s", name, args.Name, t.replica)), nil
		},
	}
}

// log appends line to the runs file, written before the call goes on: the
// test kills the process once it reads it there.
func (t *tools) log(line string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := os.OpenFile(t.runs, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// hold waits until the test releases the call (the file release-NAME),
// the call's context ends, or a minute passed.
func (t *tools) hold(ctx context.Context, name string) error {
	release := filepath.Join(filepath.Dir(t.runs), "release-"+name)
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(release); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return errors.New("held a minute: not released")
}
