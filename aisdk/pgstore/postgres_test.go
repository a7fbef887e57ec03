package pgstore_test

import (
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/pgtest"
)

// The package's throwaway PostgreSQL and nginx come from internal/pgtest
// (a child of the test, skipped without PostgreSQL or nginx unless
// TOOLGEN_PG_REQUIRE=1).

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) } // and no goroutine leaked

// pool connects to the package's PostgreSQL (starting it first if this
// is the first test to ask), or skips the test when PostgreSQL is not
// installed, unless TOOLGEN_PG_REQUIRE=1. The pool is closed when the test
// ends.
func pool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	p, err := pgxpool.New(t.Context(), pgtest.Shared(t).URL)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// tableName is a table of the test's own.
func tableName(t *testing.T) string { return pgtest.TableName(t, "chats") }
