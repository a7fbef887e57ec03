package pgtasks_test

import (
	"context"
	"log"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/mcp/pgtasks"
)

// A replica of an MCP server whose tasks are kept in PostgreSQL: stateless,
// so that any replica behind the load balancer answers any request, and
// named, so that a task's record says which replica runs it. The forecast
// tool runs as a task when the client asks.
func Example() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	store, err := pgtasks.New(ctx, pool)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()
	srv, err := mcp.NewServer("weather", "1.0.0", weather.Tools(),
		mcp.WithTasks(mcp.TaskOptions{Store: store, Replica: os.Getenv("HOSTNAME")}),
		mcp.WithTaskSupport(toolgen.TaskOptional, weather.ToolGetForecast)) // forecast may run as a task
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(srv.ListenAndServe(ctx, "0.0.0.0:8080", mcp.HTTPOptions{Stateless: true, TokenVerifier: mcp.StaticToken(os.Getenv("MCP_TOKEN"))}))
}
