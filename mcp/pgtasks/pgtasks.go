package pgtasks

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/toolgen-dev/toolgen/mcp"
)

// DefaultTable is the table a Store keeps its tasks in unless WithTable
// names another.
const DefaultTable = "mcp_tasks"

// DefaultTimeout bounds each statement (or transaction) of a Store unless
// WithTimeout says otherwise: a replica renewing a lease or storing a
// result must not hang on a database that does not answer.
const DefaultTimeout = 10 * time.Second

// Store is an mcp.TaskStore on a PostgreSQL table. Replicas of an MCP
// server given Stores on the same table serve each other's tasks. A Store
// is safe for concurrent use; Close stops its listener (see Watch).
type Store struct {
	pool    *pgxpool.Pool
	name    string // the table's name as given, for messages
	table   string // quoted
	prefix  string // the unqualified name, for its indexes and channel
	schema  string // quoted schema and a dot, or ""
	timeout time.Duration
	watch   *watcher
}

var (
	_ mcp.TaskStore   = (*Store)(nil)
	_ mcp.TaskWatcher = (*Store)(nil)
)

// Option configures a Store. An option given a bad value makes New fail
// with an error naming it.
type Option func(*Store) error

// WithTable keeps the tasks in the table name (default DefaultTable),
// "table" or "schema.table", made if missing.
func WithTable(name string) Option {
	return func(s *Store) error {
		parts := strings.Split(name, ".")
		if len(parts) > 2 || name == "" {
			return fmt.Errorf("pgtasks.WithTable(%q): a table is \"name\" or \"schema.name\"", name)
		}
		for _, p := range parts {
			if p == "" {
				return fmt.Errorf("pgtasks.WithTable(%q): an empty part in the name", name)
			}
		}
		s.name = name
		s.table = pgx.Identifier(parts).Sanitize()
		s.prefix = parts[len(parts)-1]
		s.schema = ""
		if len(parts) == 2 {
			s.schema = pgx.Identifier{parts[0]}.Sanitize() + "."
		}
		return nil
	}
}

// WithTimeout bounds each statement a Store runs (default DefaultTimeout);
// d must be positive.
func WithTimeout(d time.Duration) Option {
	return func(s *Store) error {
		if d <= 0 {
			return fmt.Errorf("pgtasks.WithTimeout(%s): must be positive", d)
		}
		s.timeout = d
		return nil
	}
}

// New makes a Store on pool, and its table if missing (see the package doc;
// a role that may not create it needs it made first, with CreateSQL).
// Replicas starting at once make it once: they take turns under a
// transaction-scoped advisory lock.
func New(ctx context.Context, pool *pgxpool.Pool, opts ...Option) (*Store, error) {
	if pool == nil {
		return nil, errors.New("pgtasks.New: nil pool")
	}
	s := &Store{pool: pool, timeout: DefaultTimeout}
	if err := WithTable(DefaultTable)(s); err != nil {
		return nil, err // never: the default is a valid name
	}
	for _, opt := range opts {
		if opt == nil {
			return nil, errors.New("pgtasks.New: nil Option")
		}
		if err := opt(s); err != nil {
			return nil, err
		}
	}
	if err := s.createTable(ctx); err != nil {
		return nil, fmt.Errorf("pgtasks.New: table %s: %w", s.table, err)
	}
	s.watch = newWatcher(s)
	return s, nil
}

// Close stops the Store's listener, if Watch started one, and waits for
// it. The pool is the caller's to close.
func (s *Store) Close() { s.watch.close() }

// createSQL makes the table and its indexes; see the package doc.
var createSQL = template.Must(template.New("create").Parse(`CREATE TABLE IF NOT EXISTS {{.Table}} (
	id               text PRIMARY KEY,
	owner            text NOT NULL,
	tool             text NOT NULL,
	arguments        json,
	idempotent       boolean NOT NULL DEFAULT false,
	status           text NOT NULL,
	status_message   text NOT NULL DEFAULT '',
	created_at       timestamptz NOT NULL,
	updated_at       timestamptz NOT NULL,
	ttl_ns           bigint NOT NULL,
	expires_at       timestamptz NOT NULL,
	poll_interval_ns bigint NOT NULL DEFAULT 0,
	result           json,
	error_code       bigint,
	error_message    text,
	replica          text NOT NULL DEFAULT '',
	lease_expiry     timestamptz NOT NULL,
	attempts         integer NOT NULL DEFAULT 0,
	cancel_requested boolean NOT NULL DEFAULT false,
	version          bigint NOT NULL DEFAULT 1,
	revision         text NOT NULL DEFAULT '',
	input_requests   json,
	input_responses  json
);
ALTER TABLE {{.Table}} ADD COLUMN IF NOT EXISTS revision text NOT NULL DEFAULT '';
ALTER TABLE {{.Table}} ADD COLUMN IF NOT EXISTS input_requests json;
ALTER TABLE {{.Table}} ADD COLUMN IF NOT EXISTS input_responses json;
CREATE INDEX IF NOT EXISTS {{.OwnerIndex}} ON {{.Table}} (owner, created_at, id);
CREATE INDEX IF NOT EXISTS {{.ExpiresIndex}} ON {{.Table}} (expires_at);
CREATE INDEX IF NOT EXISTS {{.LeaseIndex}} ON {{.Table}} (lease_expiry) WHERE status IN ('working', 'input_required');
CREATE INDEX IF NOT EXISTS {{.FinishedIndex}} ON {{.Table}} (updated_at) WHERE status IN ('completed', 'failed', 'cancelled')`))

// indexSuffixes name the table's indexes: the table's name and these.
var indexSuffixes = map[string]string{"OwnerIndex": "_owner", "ExpiresIndex": "_expires", "LeaseIndex": "_lease", "FinishedIndex": "_finished"}

// CreateSQL is the SQL New runs to make the table of WithTable(table)
// (DefaultTable when table is ""), for a migration of your own.
func CreateSQL(table string) (string, error) {
	if table == "" {
		table = DefaultTable
	}
	var s Store
	if err := WithTable(table)(&s); err != nil {
		return "", err
	}
	return s.createSQL(), nil
}

func (s *Store) createSQL() string {
	var b strings.Builder
	names := map[string]string{"Table": s.table}
	for key, suffix := range indexSuffixes {
		names[key] = pgx.Identifier{s.prefix + suffix}.Sanitize() // an index lives in its table's schema
	}
	_ = createSQL.Execute(&b, names) // strings: never fails
	return b.String()
}

// made reports whether the table and each of its indexes exist.
func (s *Store) made(ctx context.Context) (bool, error) {
	for _, suffix := range append([]string{""}, slices.Collect(maps.Values(indexSuffixes))...) {
		name := s.table
		if suffix != "" {
			name = s.schema + pgx.Identifier{s.prefix + suffix}.Sanitize()
		}
		var exists bool
		if err := s.pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, name).Scan(&exists); err != nil || !exists {
			return false, err
		}
	}
	return true, nil
}

// columns are the table's columns, in the order scanRecord reads them.
const columns = `id, owner, tool, arguments, idempotent, status, status_message, created_at, updated_at, ttl_ns, expires_at,
poll_interval_ns, result, error_code, error_message, replica, lease_expiry, attempts, cancel_requested, version,
revision, input_requests, input_responses`

// excludedColumns are the columns of the row an INSERT ... ON CONFLICT
// proposed: "excluded.id, excluded.owner, ...".
var excludedColumns = func() string {
	var b strings.Builder
	for i, c := range strings.Split(columns, ",") {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("excluded." + strings.TrimSpace(c))
	}
	return b.String()
}()

// createTable makes the table and its indexes unless they exist, and
// checks its columns. Every statement of the SQL is IF NOT EXISTS, so
// running it on a table of an older version adds the indexes it lacks and
// changes nothing that is there.
func (s *Store) createTable(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	made, err := s.made(ctx)
	if err != nil {
		return err
	}
	if made {
		// A table of a version before the tasks extension lacks its
		// columns: the SQL adds them.
		_, err := s.pool.Exec(ctx, `SELECT `+columns+` FROM `+s.table+` LIMIT 0`)
		made = err == nil
	}
	if !made {
		// CREATE TABLE IF NOT EXISTS run at once by two sessions may fail
		// in one (a duplicate key in pg_type): one makes it at a time.
		// A table made by an older version gets the indexes it lacks.
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, s.lockKey("create")); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, s.createSQL())
			return err
		})
		if err != nil {
			return err
		}
	}
	_, err = s.pool.Exec(ctx, `SELECT `+columns+` FROM `+s.table+` LIMIT 0`)
	return err
}

// lockKey is an advisory lock's key: what, the table's name and key
// hashed, so that stores of other tables do not wait on each other.
func (s *Store) lockKey(what string, key ...string) int64 {
	h := fnv.New64a()
	h.Write([]byte("toolgen/mcp/pgtasks " + what + " " + s.table))
	for _, k := range key {
		h.Write([]byte{0})
		h.Write([]byte(k))
	}
	return int64(h.Sum64())
}

// Create stores rec, unless limits are reached (mcp.ErrTooManyTasks) or an
// unexpired record has its ID (mcp.ErrTaskExists); an expired one is
// replaced. At limits.Total, the finished task updated longest ago is
// deleted to make room. With limits, the counts, the deletion and the
// insert run under advisory locks (the owner's for PerOwner, the table's
// for Total), so that replicas creating tasks at once cannot pass a bound
// together.
func (s *Store) Create(ctx context.Context, rec mcp.TaskRecord, limits mcp.TaskLimits, now time.Time) error {
	if rec.ID == "" {
		return errors.New("pgtasks: creating a task: empty id")
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		if err := s.checkLimits(ctx, tx, rec.Owner, limits, now); err != nil {
			return err
		}
		args := recordArgs(rec, 1)
		tag, err := tx.Exec(ctx, `INSERT INTO `+s.table+` (`+columns+`)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
ON CONFLICT (id) DO UPDATE SET (`+columns+`) = (`+excludedColumns+`)
WHERE `+s.table+`.expires_at < $24`, append(args, now)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return mcp.ErrTaskExists
		}
		return s.notify(ctx, tx, rec.ID)
	})
	if errors.Is(err, mcp.ErrTaskExists) || errors.Is(err, mcp.ErrTooManyTasks) {
		return err
	}
	if err != nil {
		return fmt.Errorf("pgtasks: creating task %q: %w", rec.ID, err)
	}
	return nil
}

// running and finished are the statuses of tasks running and done, as SQL.
const (
	running  = `('working', 'input_required')`
	finished = `('completed', 'failed', 'cancelled')`
)

// checkLimits counts the unexpired records against limits, under the
// advisory locks that make the counts and the insert after them one step,
// and makes room at limits.Total.
func (s *Store) checkLimits(ctx context.Context, tx pgx.Tx, owner string, limits mcp.TaskLimits, now time.Time) error {
	if limits.Total > 0 {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, s.lockKey("total")); err != nil {
			return err
		}
	}
	if limits.PerOwner > 0 {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, s.lockKey("owner", owner)); err != nil {
			return err
		}
		var owned int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+s.table+` WHERE owner = $1 AND expires_at >= $2 AND status IN `+running,
			owner, now).Scan(&owned); err != nil {
			return err
		}
		if owned >= limits.PerOwner {
			return fmt.Errorf("%w: this client has %d tasks running, the most it may have", mcp.ErrTooManyTasks, owned)
		}
	}
	if limits.Total > 0 {
		var total int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+s.table+` WHERE expires_at >= $1`, now).Scan(&total); err != nil {
			return err
		}
		if total < limits.Total {
			return nil
		}
		tag, err := tx.Exec(ctx, `DELETE FROM `+s.table+` WHERE id = (
	SELECT id FROM `+s.table+` WHERE status IN `+finished+` AND expires_at >= $1 ORDER BY updated_at LIMIT 1)`, now)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("%w: the server runs %d tasks, the most it may hold", mcp.ErrTooManyTasks, total)
		}
	}
	return nil
}

// Get returns the record with this id, or mcp.ErrTaskNotFound if there is
// none or it expired before now.
func (s *Store) Get(ctx context.Context, id string, now time.Time) (mcp.TaskRecord, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	rec, _, err := s.scanRecord(s.pool.QueryRow(ctx, `SELECT `+columns+` FROM `+s.table+` WHERE id = $1 AND expires_at >= $2`, id, now))
	if errors.Is(err, pgx.ErrNoRows) {
		return mcp.TaskRecord{}, mcp.ErrTaskNotFound
	}
	if err != nil {
		return mcp.TaskRecord{}, fmt.Errorf("pgtasks: getting task %q: %w", id, err)
	}
	return rec, nil
}

// Update applies change to the record under a row lock (SELECT ... FOR
// UPDATE in a transaction): an Update of the same record on any replica
// waits until this one commits, then sees what it stored. change is called
// once (again only if the transaction is tried again: see inTx), and
// returning an error or panicking stores nothing. A change to the status, the result or error, or CancelRequested is
// announced to Watch on every replica sharing the table.
func (s *Store) Update(ctx context.Context, id string, now time.Time, change func(*mcp.TaskRecord) error) (mcp.TaskRecord, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	var out mcp.TaskRecord
	var changeErr error
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		changeErr = nil
		old, version, err := s.scanRecord(tx.QueryRow(ctx, `SELECT `+columns+` FROM `+s.table+` WHERE id = $1 AND expires_at >= $2 FOR UPDATE`, id, now))
		if err != nil {
			return err
		}
		rec := clone(old)
		if changeErr = safeChange(id, change, &rec); changeErr != nil {
			return changeErr
		}
		rec.ID, rec.Owner, rec.CreatedAt = old.ID, old.Owner, old.CreatedAt
		args := recordArgs(rec, version+1)
		if _, err := tx.Exec(ctx, `UPDATE `+s.table+` SET (`+columns+`) = ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
WHERE id = $1`, args...); err != nil {
			return err
		}
		if announced(old, rec) {
			if err := s.notify(ctx, tx, id); err != nil {
				return err
			}
		}
		out = rec
		return nil
	})
	switch {
	case changeErr != nil:
		return mcp.TaskRecord{}, changeErr
	case errors.Is(err, pgx.ErrNoRows):
		return mcp.TaskRecord{}, mcp.ErrTaskNotFound
	case err != nil:
		return mcp.TaskRecord{}, fmt.Errorf("pgtasks: updating task %q: %w", id, err)
	}
	// What is returned is what a Get would read: times as stored.
	return roundTrip(out), nil
}

// safeChange calls change, turning a panic into an error so that the
// transaction is rolled back and the connection returned.
func safeChange(id string, change func(*mcp.TaskRecord) error, rec *mcp.TaskRecord) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("pgtasks: the change of task %q panicked: %v", id, v)
		}
	}()
	return change(rec)
}

// announced reports whether a change from old to rec is one a waiter
// wants to hear of (mcp.TaskWatcher): not a lease renewed, nor a status
// message (a tool's progress, written up to ten times a second, would wake
// the replica running it as often). A tool's questions and the client's
// answers are: the replica running the tool waits for the answers.
func announced(old, rec mcp.TaskRecord) bool {
	return old.Status != rec.Status || old.CancelRequested != rec.CancelRequested ||
		string(old.Result) != string(rec.Result) || (old.Error == nil) != (rec.Error == nil) ||
		string(old.InputRequests) != string(rec.InputRequests) || string(old.InputResponses) != string(rec.InputResponses)
}

// cursor is List's cursor: the last record's creation time (microseconds,
// PostgreSQL's precision) and id, base64url so that it is one opaque word.
func cursor(rec mcp.TaskRecord) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(rec.CreatedAt.UnixMicro(), 10) + " " + rec.ID))
}

func parseCursor(c string) (time.Time, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, "", fmt.Errorf("%w: %q", mcp.ErrBadCursor, c)
	}
	micros, id, ok := strings.Cut(string(b), " ")
	n, err := strconv.ParseInt(micros, 10, 64)
	if !ok || err != nil || id == "" {
		return time.Time{}, "", fmt.Errorf("%w: %q", mcp.ErrBadCursor, c)
	}
	return time.UnixMicro(n), id, nil
}

// List returns up to limit unexpired records of owner, oldest first, after
// cursor, and the next page's cursor ("" after the last), on the index
// (owner, created_at, id). A limit below 1 means every record.
func (s *Store) List(ctx context.Context, owner, after string, limit int, now time.Time) ([]mcp.TaskRecord, string, error) {
	var afterTime *time.Time // nil: from the first
	afterID := ""
	if after != "" {
		t, id, err := parseCursor(after)
		if err != nil {
			return nil, "", err
		}
		afterTime, afterID = &t, id
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	fetch := int64(-1)
	if limit > 0 {
		fetch = int64(limit) + 1 // one more tells whether there is a next page
	}
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM `+s.table+`
WHERE owner = $1 AND expires_at >= $2 AND ($3::timestamptz IS NULL OR (created_at, id) > ($3, $4::text))
ORDER BY created_at, id LIMIT CASE WHEN $5::bigint < 0 THEN NULL ELSE $5::bigint END`,
		owner, now, afterTime, afterID, fetch)
	if err != nil {
		return nil, "", fmt.Errorf("pgtasks: listing tasks: %w", err)
	}
	recs, err := s.scanRows(rows)
	if err != nil {
		return nil, "", fmt.Errorf("pgtasks: listing tasks: %w", err)
	}
	next := ""
	if limit > 0 && len(recs) > limit {
		recs = recs[:limit]
		next = cursor(recs[limit-1])
	}
	return recs, next, nil
}

// Lapsed returns up to limit unexpired records not terminal whose lease
// expired before now, the longest lapsed first, on the partial index of
// leases of running tasks.
func (s *Store) Lapsed(ctx context.Context, now time.Time, limit int) ([]mcp.TaskRecord, error) {
	if limit < 1 {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT `+columns+` FROM `+s.table+`
WHERE status IN `+running+` AND lease_expiry < $1 AND expires_at >= $1
ORDER BY lease_expiry LIMIT $2`, now, limit)
	if err != nil {
		return nil, fmt.Errorf("pgtasks: finding lapsed tasks: %w", err)
	}
	recs, err := s.scanRows(rows)
	if err != nil {
		return nil, fmt.Errorf("pgtasks: finding lapsed tasks: %w", err)
	}
	return recs, nil
}

// DeleteExpired removes the records whose ExpiresAt is before now.
func (s *Store) DeleteExpired(ctx context.Context, now time.Time) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM `+s.table+` WHERE expires_at < $1`, now)
	if err != nil {
		return 0, fmt.Errorf("pgtasks: deleting expired tasks: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// recordArgs are rec's columns, in the order of columns.
func recordArgs(rec mcp.TaskRecord, version int64) []any {
	var code *int64
	var message *string
	if rec.Error != nil {
		code, message = &rec.Error.Code, &rec.Error.Message
	}
	return []any{rec.ID, rec.Owner, rec.Tool, nullJSON(rec.Arguments), rec.Idempotent, string(rec.Status), rec.StatusMessage,
		rec.CreatedAt, rec.UpdatedAt, int64(rec.TTL), rec.ExpiresAt, int64(rec.PollInterval), nullJSON(rec.Result), code, message,
		rec.Replica, rec.LeaseExpiry, rec.Attempts, rec.CancelRequested, version,
		rec.Revision, nullJSON(rec.InputRequests), nullJSON(rec.InputResponses)}
}

// nullJSON is raw as a json parameter: NULL when empty. (A []byte would be
// sent as bytea, a string is sent as the text it is.)
func nullJSON(raw json.RawMessage) *string {
	if len(raw) == 0 {
		return nil
	}
	s := string(raw)
	return &s
}

// scanRecord reads one row of columns, and its version.
func (s *Store) scanRecord(row pgx.Row) (mcp.TaskRecord, int64, error) {
	var rec mcp.TaskRecord
	var args, result, asked, answered *string
	var status string
	var ttl, poll, version int64
	var code *int64
	var message *string
	err := row.Scan(&rec.ID, &rec.Owner, &rec.Tool, &args, &rec.Idempotent, &status, &rec.StatusMessage,
		&rec.CreatedAt, &rec.UpdatedAt, &ttl, &rec.ExpiresAt, &poll, &result, &code, &message,
		&rec.Replica, &rec.LeaseExpiry, &rec.Attempts, &rec.CancelRequested, &version,
		&rec.Revision, &asked, &answered)
	if err != nil {
		return mcp.TaskRecord{}, 0, err
	}
	rec.Status, rec.TTL, rec.PollInterval = mcp.TaskStatus(status), time.Duration(ttl), time.Duration(poll)
	if args != nil {
		rec.Arguments = json.RawMessage(*args)
	}
	if result != nil {
		rec.Result = json.RawMessage(*result)
	}
	if asked != nil {
		rec.InputRequests = json.RawMessage(*asked)
	}
	if answered != nil {
		rec.InputResponses = json.RawMessage(*answered)
	}
	if code != nil && message != nil {
		rec.Error = &mcp.TaskError{Code: *code, Message: *message}
	}
	return rec, version, nil
}

func (s *Store) scanRows(rows pgx.Rows) ([]mcp.TaskRecord, error) {
	defer rows.Close()
	var recs []mcp.TaskRecord
	for rows.Next() {
		rec, _, err := s.scanRecord(rows)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, rows.Err()
}

// clone is rec with slices and the error of its own.
func clone(rec mcp.TaskRecord) mcp.TaskRecord {
	rec.Arguments = append(json.RawMessage(nil), rec.Arguments...)
	rec.Result = append(json.RawMessage(nil), rec.Result...)
	rec.InputRequests = append(json.RawMessage(nil), rec.InputRequests...)
	rec.InputResponses = append(json.RawMessage(nil), rec.InputResponses...)
	if rec.Error != nil {
		e := *rec.Error
		rec.Error = &e
	}
	return rec
}

// roundTrip is rec as it reads back: times to the microsecond, in local
// time (as pgx scans timestamptz), nil slices kept nil.
func roundTrip(rec mcp.TaskRecord) mcp.TaskRecord {
	for _, t := range []*time.Time{&rec.CreatedAt, &rec.UpdatedAt, &rec.ExpiresAt, &rec.LeaseExpiry} {
		*t = t.Round(0).Truncate(time.Microsecond).Local()
	}
	if len(rec.Arguments) == 0 {
		rec.Arguments = nil
	}
	if len(rec.Result) == 0 {
		rec.Result = nil
	}
	if len(rec.InputRequests) == 0 {
		rec.InputRequests = nil
	}
	if len(rec.InputResponses) == 0 {
		rec.InputResponses = nil
	}
	return rec
}

// maxTxTries bounds how often inTx runs a transaction that failed to
// serialize or met a deadlock.
const maxTxTries = 5

// inTx runs fn in a transaction at read committed, whatever the role's
// default isolation: the row lock (Update) and the advisory locks (Create)
// are what order two replicas' transactions, and at read committed a
// statement after a lock wait reads what the other committed. (At
// serializable, a transaction whose first statement waits on a row lock
// fails to serialize once the other commits, and two replicas changing one
// task in a loop make each other fail again and again.) A transaction that
// fails to serialize or meets a deadlock anyway is tried again, at most
// maxTxTries times.
func (s *Store) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	var err error
	for try := range maxTxTries {
		if err = pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, fn); !isSerialization(err) {
			return err
		}
		// The transaction that won may run again at once: a pause of up
		// to a few milliseconds, at random, lets this one through.
		pause := time.Duration(rand.Int64N(int64(time.Millisecond) << try))
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
	}
	return err
}

// isSerialization reports a serialization failure or a deadlock, which
// PostgreSQL asks the client to retry.
func isSerialization(err error) bool {
	pgErr, ok := errors.AsType[*pgconn.PgError](err)
	return ok && (pgErr.Code == "40001" || pgErr.Code == "40P01")
}
