// Command taskreplica is one replica of an MCP server whose tasks are kept
// in PostgreSQL (pgtasks), for the replicas test of package pgtasks. It
// serves stateless streamable HTTP at http://ADDR/mcp, so that any replica
// answers any request, and two tools that run as tasks when the client
// asks:
//
//   - crunch {"name": NAME}: idempotent (it may run again on another
//     replica when this one dies);
//   - charge {"name": NAME}: neither idempotent nor read-only (never run
//     twice: failed when its replica dies).
//
// Both append "REPLICA TOOL NAME" to the file -runs names when they start,
// and answer "TOOL NAME by REPLICA". A NAME beginning with "held" holds the
// call until the file release-NAME exists in the directory of -runs (at
// most a minute), or until the call is cancelled, which appends "REPLICA
// TOOL NAME cancelled". A third, confirm {"name": NAME}, asks the client
// to confirm (mcp.ElicitRaw: a task of the 2026-07-28 extension waits
// input_required) and answers "confirm NAME by REPLICA: ACTION". It prints
// "listening on http://ADDR/mcp" to standard error once it serves.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/mcp/pgtasks"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "listen on `ADDR`")
	db := flag.String("db", "", "the PostgreSQL `URL`")
	table := flag.String("table", pgtasks.DefaultTable, "the tasks' `TABLE`")
	name := flag.String("name", "", "this replica's `NAME`")
	lease := flag.Duration("lease", 3*time.Second, "a running task's lease")
	runs := flag.String("runs", "", "append the tools' calls to `FILE`")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve(ctx, *listen, *db, *table, *name, *runs, *lease); err != nil {
		log.Fatal(err)
	}
}

func serve(ctx context.Context, listen, db, table, name, runs string, lease time.Duration) error {
	pool, err := pgxpool.New(ctx, db)
	if err != nil {
		return err
	}
	defer pool.Close()
	store, err := pgtasks.New(ctx, pool, pgtasks.WithTable(table))
	if err != nil {
		return err
	}
	defer store.Close()
	t := &tools{replica: name, runs: runs}
	srv, err := mcp.NewServer("taskreplica", "1.0.0", []toolgen.Tool{t.tool("crunch", true), t.tool("charge", false), t.confirm()},
		mcp.WithTasks(mcp.TaskOptions{Store: store, Replica: name, Lease: lease}))
	if err != nil {
		return err
	}
	ln, err := mcp.Listen(listen)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "listening on http://%s%s\n", ln.Addr(), mcp.Path)
	return srv.Serve(ctx, ln, mcp.HTTPOptions{Stateless: true})
}

// tools are the replica's tools, logging their calls to runs.
type tools struct {
	replica, runs string
	mu            sync.Mutex
}

func (t *tools) tool(name string, idempotent bool) toolgen.Tool {
	return toolgen.Tool{
		Name:        toolgen.ToolName(name),
		Description: name + " NAME; a NAME beginning with held waits until released",
		InputSchema: []byte(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
		Annotations: toolgen.Annotations{Idempotent: idempotent},
		Task:        toolgen.TaskOptional,
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			var in struct{ Name string }
			if err := json.Unmarshal(args, &in); err != nil {
				return toolgen.ErrorResult("invalid arguments: " + err.Error()), nil
			}
			t.log(name + " " + in.Name)
			if strings.HasPrefix(in.Name, "held") {
				if err := t.hold(ctx, in.Name); err != nil {
					t.log(name + " " + in.Name + " cancelled")
					return toolgen.Result{}, err
				}
			}
			return toolgen.TextResult(fmt.Sprintf("%s %s by %s", name, in.Name, t.replica)), nil
		},
	}
}

// confirm is a tool that asks its client (mcp.ElicitRaw, in a task of the
// 2026-07-28 tasks extension) to confirm NAME, and says who answered what.
func (t *tools) confirm() toolgen.Tool {
	return toolgen.Tool{
		Name:        "confirm",
		Description: "confirm NAME: asks the client to confirm",
		InputSchema: []byte(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
		Task:        toolgen.TaskOptional,
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			var in struct{ Name string }
			if err := json.Unmarshal(args, &in); err != nil {
				return toolgen.ErrorResult("invalid arguments: " + err.Error()), nil
			}
			t.log("confirm " + in.Name)
			a, err := mcp.ElicitRaw(ctx, "ok", &sdkmcp.ElicitParams{Mode: "form", Message: "Confirm " + in.Name + "?",
				RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}}})
			var declined *mcp.DeclinedError
			if err != nil && !errors.As(err, &declined) {
				return toolgen.Result{}, err
			}
			return toolgen.TextResult(fmt.Sprintf("confirm %s by %s: %s", in.Name, t.replica, a.Action)), nil
		},
	}
}

// hold waits until release-NAME exists (at most a minute) or ctx is done.
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
		case <-time.After(20 * time.Millisecond):
		}
	}
	return errors.New("not released within a minute")
}

// log appends "REPLICA LINE" to the runs file.
func (t *tools) log(line string) {
	if t.runs == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	f, err := os.OpenFile(t.runs, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		log.Print(err)
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s %s\n", t.replica, line)
}
