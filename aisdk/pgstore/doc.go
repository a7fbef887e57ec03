// Package pgstore keeps an aisdk handler's chats in PostgreSQL, so that
// replicas of the handler behind a load balancer, with no affinity, serve
// each other's chats: a run paused for approval on one replica is answered
// on another, a page reloaded on any replica gets its chat back, and a
// chat outlives the replica that served it. It is a module of its own
// (github.com/jackc/pgx/v5), so that aisdk's users who keep chats in
// memory do not download a database driver.
//
//	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
//	store, err := pgstore.New(ctx, pool)
//	h, err := aisdk.Handler(a, aisdk.WithStore(store), aisdk.WithMessageStore(store),
//		aisdk.WithPrincipal(signedInUser))
//
// A Store is the handler's aisdk.Store (the chat's principal and its run
// paused for approval), its aisdk.RunTaker (the paused run taken out once,
// whichever replica asks first) and its aisdk.MessageStore (the chat's
// messages, for a reload). Give it to both options.
//
// # The table
//
// New makes the table if missing (DefaultTable, aisdk_chats; WithTable
// for another, schema-qualified if you like), one row per chat:
//
//	CREATE TABLE IF NOT EXISTS "aisdk_chats" (
//		id             text PRIMARY KEY,            -- the chat's id (useChat's)
//		principal      text NOT NULL DEFAULT '',    -- who started it (aisdk.WithPrincipal)
//		pause          text NOT NULL DEFAULT '',    -- aisdk.Chat.Pause: its paused run's approval ids, '' when none waits
//		chat           json,                        -- the aisdk.Chat; NULL when none is kept
//		messages       json,                        -- its []aisdk.UIMessage, for a reload; NULL when none
//		messages_error text,                        -- why its last messages were not kept
//		updated_at     timestamptz NOT NULL DEFAULT now()
//	);
//	CREATE INDEX IF NOT EXISTS "aisdk_chats_updated" ON "aisdk_chats" (updated_at)
//
// CreateSQL gives this text for a table name, for a migration of your
// own when the application's role may not create tables: New then finds
// the table and only checks its columns. Replicas starting at once on a
// database without the table make it once (New takes a transaction-scoped
// advisory lock, keyed by the table's name, around CREATE TABLE).
//
// The columns are json, not jsonb: the text is kept as written, and a
// tool's output holding a NUL (\u0000) is kept, which jsonb refuses. A
// chat's record and its messages are each at most WithMaxChatBytes of
// JSON (DefaultMaxChatBytes, 16 MiB): a record beyond it fails the save
// with aisdk.ErrStoreFull, which the user reads with the limit; messages
// beyond it are replaced by an error that a reload reads. There is no
// bound on the number of chats: the table grows until Prune drops the
// chats saved last before a time (records and messages together), which
// you run on a schedule (a ticker in one replica, pg_cron, a cron job):
//
//	n, err := store.Prune(ctx, time.Now().Add(-30*24*time.Hour))
//
// # The pool
//
// The Store runs single statements on the pool (no transaction held
// across a request, no connection held during a run or a stream), each
// bounded by WithTimeout (DefaultTimeout, 10 s): a handler saves a paused
// run with a context that is never cancelled, since the client may have
// gone, and the timeout is what ends a save when the database does not
// answer. A chat's request makes a few short statements (a load, then a
// take or a save, a save when its run pauses, a save of its messages at
// its end), so a pool of the default size serves many concurrent
// streams. Behind a pooler in transaction mode (PgBouncer), set the pool's
// ConnConfig.DefaultQueryExecMode to pgx.QueryExecModeExec, which keeps
// no prepared statements on the server.
//
// # What is locked
//
// Nothing is held while a run or a stream goes on. A save replaces the
// chat's record whole, and of two saves of one chat the last to commit
// wins (a record is never made of two). The one decision that must not be
// made twice is resuming a paused run: the handler, before it resumes
// one, takes it out with TakeRun, a single UPDATE ... WHERE id = $1 AND
// pause = $2. The UPDATE locks the chat's row while it runs; a second one,
// on the same approval, waits for the first to commit, finds the pause
// gone, and changes
// nothing, so that its request is told the run is not waiting any more
// (an error chunk: "chat ID has no run waiting for approval (it was
// answered, or dropped)"), and the approved calls run once. Under
// serializable or repeatable read isolation the second fails to
// serialize instead, which TakeRun reads the same way.
//
// Each replica refuses a second request of a chat while one streams
// (409), but only its own: a chat's requests that reach two replicas at
// once are both served (and, for one approval, TakeRun lets one resume
// the run). Likewise a reload's GET says streaming: true only on the
// replica streaming the answer; another replica answers what was kept at
// the end of the chat's last stream.
//
// # When a replica dies
//
// A replica killed mid-answer leaves nothing half-written: what a chat
// keeps is saved when a run pauses and when a stream ends. Its client
// reads the chunks sent so far, then the response stops short (behind
// nginx: no finish chunk, no [DONE], the body cut without its last chunk,
// which Go reads as io.ErrUnexpectedEOF and useChat as an error). Then:
//
//   - A reload on any replica gets the chat as its last complete answer
//     left it (the answer cut short, and the request that asked for it,
//     are not there).
//   - The same request again (useChat's regenerate) is served by another
//     replica from the start: the turn runs again, its tools that need no
//     approval too.
//   - If the replica was running calls the user had approved, the run was
//     taken out of the store before they began: the same approval again
//     is refused ("no run waiting for approval"), so an approved call
//     runs at most once. useChat's regenerate starts the turn over: the
//     model asks again, and the call runs again only if the user approves
//     it again; the user's next message goes on with the chat. Whether the
//     call took effect is the tool's to tell.
//
// The package's tests run this with two replicas behind nginx
// (TestReplicas; internal/chatreplica is the server), against a
// PostgreSQL cluster they start from Debian's binaries.
package pgstore
