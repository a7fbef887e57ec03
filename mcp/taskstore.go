package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// TaskStatus is a task's status, as MCP's Tasks utility names it.
type TaskStatus string

// The statuses of a task. working and input_required are not terminal; a
// task in completed, failed or cancelled never changes again.
const (
	TaskWorking       TaskStatus = "working"
	TaskInputRequired TaskStatus = "input_required"
	TaskCompleted     TaskStatus = "completed"
	TaskFailed        TaskStatus = "failed"
	TaskCancelled     TaskStatus = "cancelled"
)

// Terminal reports whether a task in status s is finished for good.
func (s TaskStatus) Terminal() bool {
	return s == TaskCompleted || s == TaskFailed || s == TaskCancelled
}

// TaskRecord is one task as a TaskStore keeps it. A store keeps every field
// as given and returns copies: a caller may change a record it got without
// changing the stored one. The server fills every field; a store computes
// none of them.
type TaskRecord struct {
	// ID is the taskId the client sees: 26 random characters, unique over
	// every replica sharing the store.
	ID string
	// Owner is the requestor the task is bound to: "sub:" and the bearer
	// token's subject when the request was authenticated, else "session:"
	// and the MCP session id, else "" (stdio, in-memory, or unauthenticated
	// stateless HTTP: one client; and every unauthenticated request of
	// protocol 2026-07-28, which has no sessions: there the id is the key).
	// Only requests of the same owner get, list, cancel or read the task; a
	// store compares owners as opaque strings.
	Owner string
	// Tool is the tool's name; Arguments the call's arguments (a JSON
	// object), kept so that another replica can run an idempotent tool again
	// when the replica running it died (see Replica).
	Tool      string
	Arguments json.RawMessage
	// Idempotent is the tool's idempotentHint when the task was made.
	Idempotent bool

	Status        TaskStatus
	StatusMessage string
	CreatedAt     time.Time
	UpdatedAt     time.Time
	// TTL is how long the task and its result are kept, from CreatedAt
	// (the server caps what clients ask). ExpiresAt is CreatedAt + TTL,
	// stored so that a store can index it: a record whose ExpiresAt has
	// passed is gone, whether or not DeleteExpired has removed it yet (Get
	// and Update answer ErrTaskNotFound, List skips it).
	TTL       time.Duration
	ExpiresAt time.Time
	// PollInterval is what the server suggests clients wait between
	// tasks/get requests.
	PollInterval time.Duration

	// Result is the tool's CallToolResult as JSON (what tasks/result
	// answers, without the related-task _meta), set with status completed,
	// and also failed when the tool's result had isError. Nil otherwise.
	Result json.RawMessage
	// Error is set with status failed when there is no result to give: the
	// JSON-RPC error tasks/result answers (a panic that escaped, the task's
	// server stopping). Nil otherwise.
	Error *TaskError

	// Replica names the server process running the task (each Server has a
	// random name unless mcp.WithReplicaName sets one), and LeaseExpiry is
	// when its claim lapses: the running replica renews it (Update) every
	// lease interval, a third of the lease, while the tool runs. A task not
	// terminal whose LeaseExpiry has passed (Lapsed lists them) had its
	// replica die or lose the store. Any replica that finds one takes it,
	// with an Update that checks the lease is still lapsed: if Idempotent, it
	// sets itself as Replica, renews the lease, adds one to Attempts and
	// runs the tool again with Arguments (at most 3 attempts in all);
	// otherwise, or past the attempts, it marks the task failed with
	// StatusMessage "the server running this task stopped" and an Error of
	// code -32603 saying the same, since the tool may or may not have run.
	// A terminal record's lease means nothing.
	Replica     string
	LeaseExpiry time.Time
	Attempts    int

	// Revision is the protocol revision the task was made under: "" for
	// 2025-11-25's experimental tasks, "2026-07-28" for the tasks extension
	// (io.modelcontextprotocol/tasks). It decides the task's wire form and
	// how a tool's error result is reported (failed before 2026-07-28,
	// completed with isError in the extension).
	Revision string
	// InputRequests are the requests the tool waits on while the task is
	// input_required: a JSON object of key to {"method", "params"}, the
	// extension's inputRequests; nil when none is outstanding. tasks/update
	// moves each answered key from here to InputResponses, on any replica;
	// the replica running the tool takes the answers from there, deleting
	// them. A key is never asked twice in a task's life.
	InputRequests json.RawMessage
	// InputResponses are the client's answers (tasks/update's
	// inputResponses) that the tool has not taken yet: a JSON object of key
	// to the answer, nil when none.
	InputResponses json.RawMessage

	// CancelRequested is set by tasks/cancel (on any replica); the running
	// replica reads it each time it renews the lease, and cancels the tool's
	// context. The status becomes cancelled at once: the replica running the
	// tool drops the result the tool returns after that.
	CancelRequested bool
}

// TaskError is a failed task's JSON-RPC error.
type TaskError struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
}

// TaskLimits bound what a TaskStore holds, checked by Create. Zero means no
// limit.
type TaskLimits struct {
	// PerOwner bounds the unexpired records of one owner that are not
	// terminal: the tasks a client has running at once.
	PerOwner int
	// Total bounds the unexpired records of the store, terminal or not
	// (results take room too). At the bound, Create first deletes the
	// terminal record updated longest ago (its result was most likely
	// read), and refuses only when no record is terminal.
	Total int
}

var (
	// ErrTaskNotFound is a store's answer for an id it does not have, or
	// whose record has expired.
	ErrTaskNotFound = errors.New("mcp: task not found")
	// ErrTooManyTasks is Create's answer when a TaskLimits bound is reached;
	// wrap it to say which.
	ErrTooManyTasks = errors.New("mcp: too many tasks")
	// ErrTaskExists is Create's answer for an id already stored.
	ErrTaskExists = errors.New("mcp: task id already exists")
)

// TaskStore keeps tasks for a Server (see "Tasks" in the package
// documentation). Package mcp/taskstoretest checks an implementation
// against this contract: run its suite in the implementation's tests.
//
// mcp.NewMemoryTaskStore() keeps tasks in the process (the default; tasks
// die with it); a shared database lets several replicas serve one
// another's tasks. Every method is safe for
// concurrent use, by goroutines and by replicas sharing the store. "now" is
// the server's clock, passed in so that every replica judges expiry and
// leases alike; a store compares times, never reads its own clock.
type TaskStore interface {
	// Create stores a new record, unless the store already holds
	// limits.PerOwner unexpired records of rec.Owner that are not terminal,
	// or limits.Total unexpired records none of which is terminal
	// (ErrTooManyTasks, wrapped), or one with the same ID (ErrTaskExists).
	// At limits.Total with a terminal record, it deletes the terminal
	// record with the oldest UpdatedAt to make room. The checks, the
	// deletion and the insert are one atomic step.
	Create(ctx context.Context, rec TaskRecord, limits TaskLimits, now time.Time) error

	// Get returns the record with this id, or ErrTaskNotFound if there is
	// none or it expired before now. It does not check the owner: the
	// server does.
	Get(ctx context.Context, id string, now time.Time) (TaskRecord, error)

	// Update applies change to the record with this id atomically (no other
	// Update of that record in between: a row lock, or compare-and-swap
	// retried, in which case change may be called more than once and must
	// only depend on the record it is given) and stores what change left in
	// it, returning it. change returning an error stores nothing and Update
	// returns that error; ErrTaskNotFound if there is no unexpired record.
	// change must not alter ID, Owner or CreatedAt.
	Update(ctx context.Context, id string, now time.Time, change func(*TaskRecord) error) (TaskRecord, error)

	// List returns up to limit unexpired records of owner, oldest first
	// (by CreatedAt, then ID), starting after cursor ("" for the first
	// page), and the cursor of the next page, "" after the last. A cursor is
	// opaque to the server; one the store did not make is an error wrapping
	// ErrBadCursor.
	List(ctx context.Context, owner, cursor string, limit int, now time.Time) ([]TaskRecord, string, error)

	// Lapsed returns up to limit records not terminal whose LeaseExpiry is
	// before now, so that a replica can take them over (see
	// TaskRecord.Replica).
	Lapsed(ctx context.Context, now time.Time, limit int) ([]TaskRecord, error)

	// DeleteExpired removes records whose ExpiresAt is before now, and
	// returns how many it removed. The server calls it now and then; a store
	// may also expire records on its own.
	DeleteExpired(ctx context.Context, now time.Time) (int, error)
}

// ErrBadCursor is List's answer for a cursor it did not make.
var ErrBadCursor = errors.New("mcp: invalid task cursor")

// TaskWatcher is a TaskStore that can tell a replica when a task changed on
// any replica (a database's notifications: mcp/pgtasks's LISTEN/NOTIFY).
// tasks/result waiting for a task run elsewhere watches it, and the replica
// running a task watches it for a cancel asked on another replica; each
// reads the task again when woken, as well as every poll interval (lease
// renewal) as without a watcher.
type TaskWatcher interface {
	// Watch returns a channel that receives a value soon after the task id
	// changes status, result, error, CancelRequested, InputRequests or
	// InputResponses (AskInput waits on the last; not its status
	// message or lease; changes made while nobody reads may coalesce into
	// one value, and a value may come with no change), and stop, which ends
	// the watch.
	Watch(id string) (changed <-chan struct{}, stop func())
}
