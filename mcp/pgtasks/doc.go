// Package pgtasks keeps an MCP server's tasks in PostgreSQL, so that a task
// outlives the replica that started it: replicas of a server behind a load
// balancer, with no affinity (stateless HTTP), answer tasks/get,
// tasks/result, tasks/cancel and tasks/list for each other's tasks, serve
// the result of a task whose replica has since died, and take over a task
// whose replica died while running it. It is a module of its own
// (github.com/jackc/pgx/v5), so that package mcp's users who keep tasks in
// memory do not download a database driver.
//
//	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
//	store, err := pgtasks.New(ctx, pool)
//	defer store.Close()
//	srv, err := mcp.NewServer("name", "1.0.0", tools,
//		mcp.WithTasks(mcp.TaskOptions{Store: store, Replica: hostname}))
//	err = srv.ListenAndServe(ctx, addr, mcp.HTTPOptions{Stateless: true, ...})
//
// A Store is an mcp.TaskStore (package mcp's "Tasks" has what the server
// does with it). Every replica gets a Store on the same table.
//
// # The table
//
// New makes the table if missing (DefaultTable, mcp_tasks; WithTable for
// another, schema-qualified if you like), one row per task:
//
//	CREATE TABLE IF NOT EXISTS "mcp_tasks" (
//		id               text PRIMARY KEY,          -- the taskId
//		owner            text NOT NULL,             -- the requestor it is bound to (TaskRecord.Owner)
//		tool             text NOT NULL,
//		arguments        json,                      -- kept to run an idempotent tool again
//		idempotent       boolean NOT NULL DEFAULT false,
//		status           text NOT NULL,             -- working, input_required, completed, failed, cancelled
//		status_message   text NOT NULL DEFAULT '',
//		created_at       timestamptz NOT NULL,
//		updated_at       timestamptz NOT NULL,
//		ttl_ns           bigint NOT NULL,           -- time.Duration, as given
//		expires_at       timestamptz NOT NULL,      -- created_at + ttl: past it, the task is gone
//		poll_interval_ns bigint NOT NULL DEFAULT 0,
//		result           json,                      -- the CallToolResult
//		error_code       bigint,                    -- the JSON-RPC error, when there is no result
//		error_message    text,
//		replica          text NOT NULL DEFAULT '',  -- the replica running it
//		lease_expiry     timestamptz NOT NULL,      -- when that replica's claim lapses
//		attempts         integer NOT NULL DEFAULT 0,
//		cancel_requested boolean NOT NULL DEFAULT false,
//		version          bigint NOT NULL DEFAULT 1, -- one more on each Update
//		revision         text NOT NULL DEFAULT '',  -- '2026-07-28' for a task of the tasks extension
//		input_requests   json,                      -- the tool's questions not answered yet (inputRequests)
//		input_responses  json                       -- answers (tasks/update) the tool has not taken yet
//	);
//	ALTER TABLE "mcp_tasks" ADD COLUMN IF NOT EXISTS revision text NOT NULL DEFAULT '';
//	ALTER TABLE "mcp_tasks" ADD COLUMN IF NOT EXISTS input_requests json;
//	ALTER TABLE "mcp_tasks" ADD COLUMN IF NOT EXISTS input_responses json;
//	CREATE INDEX IF NOT EXISTS "mcp_tasks_owner" ON "mcp_tasks" (owner, created_at, id);
//	CREATE INDEX IF NOT EXISTS "mcp_tasks_expires" ON "mcp_tasks" (expires_at);
//	CREATE INDEX IF NOT EXISTS "mcp_tasks_lease" ON "mcp_tasks" (lease_expiry) WHERE status IN ('working', 'input_required');
//	CREATE INDEX IF NOT EXISTS "mcp_tasks_finished" ON "mcp_tasks" (updated_at) WHERE status IN ('completed', 'failed', 'cancelled')
//
// CreateSQL gives this text for a table name, for a migration of your own
// when the application's role may not create tables: New then finds the
// table and its indexes and only checks its columns. Every statement is IF
// NOT EXISTS, so the migration runs again unchanged, and New runs it on a
// table that lacks an index or a column (one made by an older version); replicas
// starting at once on a database without the table make it once (New takes
// a transaction-scoped advisory lock, keyed by the table's name, around
// it). The JSON columns
// are json, not jsonb: the text is kept as written, a NUL (\u0000) too.
// Times are kept to the microsecond (PostgreSQL's precision); durations
// exactly.
//
// # What is atomic
//
// The store reads no clock: each method is given the server's time, and
// compares times it was given, so that every replica judges expiry and
// leases by the same rule (keep the replicas' clocks in step, as NTP does;
// a replica a second fast lapses leases a second early).
//
//   - Update is a transaction: SELECT ... FOR UPDATE, the change, an UPDATE
//     of the row. An Update of the same task on another replica waits for
//     the row and then sees what this one stored, so that no change is lost
//     (two replicas, one renewing the lease and one asking to cancel, both
//     take effect) and a take-over that checks the lease is still lapsed is
//     won by one replica. The store's transactions run at read committed,
//     whatever the role's default isolation: the locks order them, and a
//     statement after a lock wait reads what the other transaction
//     committed (at serializable, two replicas changing one task at once
//     would keep failing each other). The change is called once, or once
//     more per try should a transaction still fail to serialize or meet a
//     deadlock (at most 5 tries).
//   - Create checks the mcp.TaskLimits and inserts in one transaction,
//     under transaction-scoped advisory locks (the owner's for PerOwner, the
//     table's for Total), so that replicas creating tasks at once cannot
//     pass a bound together: PerOwner counts the owner's running tasks; at
//     Total, the finished task updated longest ago is deleted to make room
//     (on the partial index of finished tasks), and the create is refused
//     only when none is finished. An id whose record expired is reused.
//   - List pages an owner's unexpired tasks on (owner, created_at, id); its
//     cursor is opaque (the last task's creation time and id).
//   - Lapsed reads the partial index of running tasks' leases; DeleteExpired
//     deletes on the expires_at index. The server calls DeleteExpired now
//     and then; a schedule of your own can too ("DELETE FROM mcp_tasks
//     WHERE expires_at < now()").
//
// # When a replica dies
//
// A replica renews the lease of each task it runs (a third of
// mcp.TaskOptions.Lease), and reads CancelRequested when it does: a
// tasks/cancel answered by another replica reaches the tool's context
// within that interval. A replica killed mid-call renews nothing: once the
// lease has passed, the first replica that reads the task (its tasks/get,
// tasks/result, or a sweep) takes it over with an Update that checks the
// lease is still lapsed. An idempotent tool runs again there (at most 3 runs
// in all); any other task is failed, status message "The server running this
// task stopped; the tool may or may not have run.", and its tasks/result is
// that error (-32603). A task that completed before its replica died is a
// row like any other: every replica serves its result until it expires.
//
// # Waking waiters
//
// An Update that changes a task's status, result, error or
// CancelRequested (not a lease renewed, nor a status message) sends NOTIFY
// on the table's channel with the task's id, committed with the change.
// Watch(id), the store's mcp.TaskWatcher, turns those into a wake-up on any
// replica: the first Watch starts a listener, a connection of its own (not
// the pool's) that LISTENs on the channel, and connects again after a
// failure, waking every watch then, since a change may have been missed.
// Package mcp watches a task in two places: tasks/result waiting for a
// task that runs on another replica (answered within tens of milliseconds
// of the tool's return, instead of at the next read of the store, every
// third of the lease), and the replica running a task, so that a cancel
// asked of another replica reaches the tool at once rather than at the next
// lease renewal. Both still read the task at those intervals. The listener
// connects with the pool's configuration; behind a pooler in transaction
// mode (PgBouncer), LISTEN does not work, and waiters rely on reading
// again.
//
// # The pool
//
// Each method is one statement or one short transaction, bounded by
// WithTimeout (DefaultTimeout, 10 s): no connection is held while a tool
// runs. A running task costs one Update per lease interval.
//
// # Tests
//
// The package's tests run against a PostgreSQL cluster they start from
// Debian's binaries (internal/pgtest, shared with aisdk/pgstore): the
// contract every mcp.TaskStore keeps (mcp/taskstoretest), and two
// replicas updating one task at once (at read committed and under a
// serializable default), limits under concurrent creates,
// lapse detection and a take-over won once, expiry, owner isolation and
// paging, and NOTIFY across replicas. TestReplicaKilled runs three
// replicas (internal/taskreplica) behind nginx and kills the one running
// a task: a completed task's result is served by the others, a task of a
// tool that is not idempotent is reported failed once its lease lapses
// (about 2 s with the test's 2 s lease) and never runs again, an
// idempotent one runs again on another replica, whose result tasks/result
// returns, and a cancel asked of another replica stops the running tool;
// package mcp's client, calling through nginx, gets the re-run's result, or
// the error, as the replica it polled dies.
package pgtasks
