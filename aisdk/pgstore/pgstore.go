package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"text/template"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/toolgen-dev/toolgen/aisdk"
)

// DefaultTable is the table a Store keeps its chats in unless WithTable
// names another.
const DefaultTable = "aisdk_chats"

// DefaultMaxChatBytes bounds a chat's record and, apart, its messages (as
// JSON) unless WithMaxChatBytes says otherwise: twice the handler's
// aisdk.DefaultMaxBodyBytes, a request as large as the handler takes and
// the answer to it.
const DefaultMaxChatBytes = 2 * aisdk.DefaultMaxBodyBytes

// DefaultTimeout bounds each statement of a Store unless WithTimeout says
// otherwise. The handler saves a paused run with a context that is never
// cancelled (the client may have gone); this is what ends it when the
// database does not answer.
const DefaultTimeout = 10 * time.Second

// Store keeps an aisdk handler's chats in a PostgreSQL table: their
// records (an aisdk.Store, and an aisdk.RunTaker) and their messages (an
// aisdk.MessageStore). Replicas of a handler given Stores on the same
// table serve each other's chats. A Store is safe for concurrent use.
type Store struct {
	pool     *pgxpool.Pool
	table    string // the table's name, quoted
	index    string // its index on updated_at, quoted (no schema: an index lives in its table's)
	maxBytes int
	timeout  time.Duration
}

var (
	_ aisdk.RunTaker     = (*Store)(nil)
	_ aisdk.MessageStore = (*Store)(nil)
)

// Option configures a Store. An option given a bad value makes New fail
// with an error naming it.
type Option func(*Store) error

// WithTable keeps the chats in the table name (default DefaultTable),
// "table" or "schema.table", made if missing.
func WithTable(name string) Option {
	return func(s *Store) error {
		parts := strings.Split(name, ".")
		if len(parts) > 2 || name == "" {
			return fmt.Errorf("pgstore.WithTable(%q): a table is \"name\" or \"schema.name\"", name)
		}
		for _, p := range parts {
			if p == "" {
				return fmt.Errorf("pgstore.WithTable(%q): an empty part in the name", name)
			}
		}
		s.table = pgx.Identifier(parts).Sanitize()
		s.index = pgx.Identifier{parts[len(parts)-1] + "_updated"}.Sanitize()
		return nil
	}
}

// WithMaxChatBytes bounds a chat's record and its messages, each as JSON
// (default DefaultMaxChatBytes); n must be at least 1. A Save beyond it
// fails with an error wrapping aisdk.ErrStoreFull, and a SaveMessages
// beyond it keeps an error in the chat's messages' place.
func WithMaxChatBytes(n int) Option {
	return func(s *Store) error {
		if n < 1 {
			return fmt.Errorf("pgstore.WithMaxChatBytes(%d): must be at least 1", n)
		}
		s.maxBytes = n
		return nil
	}
}

// WithTimeout bounds each statement a Store runs (default DefaultTimeout);
// d must be positive.
func WithTimeout(d time.Duration) Option {
	return func(s *Store) error {
		if d <= 0 {
			return fmt.Errorf("pgstore.WithTimeout(%s): must be positive", d)
		}
		s.timeout = d
		return nil
	}
}

// New makes a Store on pool, and its table if missing (see the package
// doc for the table; a role that may not create it needs it made first).
// Replicas starting at once make it once: they take turns under a
// transaction-scoped advisory lock.
func New(ctx context.Context, pool *pgxpool.Pool, opts ...Option) (*Store, error) {
	if pool == nil {
		return nil, errors.New("pgstore.New: nil pool")
	}
	s := &Store{pool: pool, maxBytes: DefaultMaxChatBytes, timeout: DefaultTimeout}
	if err := WithTable(DefaultTable)(s); err != nil {
		return nil, err // never: the default is a valid name
	}
	for _, opt := range opts {
		if opt == nil {
			return nil, errors.New("pgstore.New: nil Option")
		}
		if err := opt(s); err != nil {
			return nil, err
		}
	}
	if err := s.createTable(ctx); err != nil {
		return nil, fmt.Errorf("pgstore.New: table %s: %w", s.table, err)
	}
	return s, nil
}

// createSQL makes the table and its index; see the package doc.
var createSQL = template.Must(template.New("create").Parse(`CREATE TABLE IF NOT EXISTS {{.Table}} (
	id             text PRIMARY KEY,
	principal      text NOT NULL DEFAULT '',
	pause          text NOT NULL DEFAULT '',
	chat           json,
	messages       json,
	messages_error text,
	updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS {{.Index}} ON {{.Table}} (updated_at)`))

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
	_ = createSQL.Execute(&b, map[string]string{"Table": s.table, "Index": s.index}) // strings: never fails
	return b.String()
}

// createTable makes the table unless it exists, and checks its columns.
func (s *Store) createTable(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, s.table).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		// CREATE TABLE IF NOT EXISTS run at once by two sessions may fail
		// in one (a duplicate key in pg_type): one makes it at a time.
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, s.lockKey()); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, s.createSQL())
			return err
		})
		if err != nil {
			return err
		}
	}
	_, err := s.pool.Exec(ctx, `SELECT id, principal, pause, chat, messages, messages_error, updated_at FROM `+s.table+` LIMIT 0`)
	return err
}

// lockKey is the advisory lock New takes to make the table: the table's
// name hashed, so that stores of other tables do not wait on each other.
func (s *Store) lockKey() int64 {
	h := fnv.New64a()
	h.Write([]byte("toolgen/aisdk/pgstore " + s.table))
	return int64(h.Sum64())
}

// Save keeps c as the chat's record, replacing the one saved before (the
// last save wins); a record larger than the store's bound is refused with
// an error wrapping aisdk.ErrStoreFull, and the one saved before is kept.
func (s *Store) Save(ctx context.Context, chatID string, c *aisdk.Chat) error {
	b, err := s.marshalChat(chatID, c)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	_, err = s.pool.Exec(ctx, `INSERT INTO `+s.table+` (id, principal, pause, chat, updated_at) VALUES ($1, $2, $3, $4, now())
ON CONFLICT (id) DO UPDATE SET principal = excluded.principal, pause = excluded.pause, chat = excluded.chat, updated_at = now()`,
		chatID, c.Principal, c.Pause(), b)
	if err != nil {
		return fmt.Errorf("pgstore: saving chat %q: %w", chatID, err)
	}
	return nil
}

// marshalChat is c as JSON, if it fits.
func (s *Store) marshalChat(chatID string, c *aisdk.Chat) ([]byte, error) {
	if c == nil {
		return nil, fmt.Errorf("pgstore: saving chat %q: nil chat", chatID)
	}
	b, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("pgstore: saving chat %q: %w", chatID, err)
	}
	if len(b) > s.maxBytes {
		return nil, fmt.Errorf("%w: this chat needs %d bytes, and the store keeps at most %d bytes a chat; it was not saved",
			aisdk.ErrStoreFull, len(b), s.maxBytes)
	}
	return b, nil
}

// Load returns the chat's record, a copy of its own, or nil and no error
// when none is saved.
func (s *Store) Load(ctx context.Context, chatID string) (*aisdk.Chat, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	var b []byte
	err := s.pool.QueryRow(ctx, `SELECT chat FROM `+s.table+` WHERE id = $1`, chatID).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && b == nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pgstore: loading chat %q: %w", chatID, err)
	}
	var c aisdk.Chat
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("pgstore: loading chat %q: %w", chatID, err)
	}
	return &c, nil
}

// Delete drops the chat's record (its messages stay: see Prune).
func (s *Store) Delete(ctx context.Context, chatID string) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	_, err := s.pool.Exec(ctx, `UPDATE `+s.table+` SET chat = NULL, principal = '', pause = '', updated_at = now() WHERE id = $1 AND chat IS NOT NULL`, chatID)
	if err != nil {
		return fmt.Errorf("pgstore: deleting chat %q: %w", chatID, err)
	}
	return nil
}

// TakeRun replaces the chat's record with next (drops it, next nil) if the
// record is still paused as paused is, in one statement: of requests
// taking the same run at once, on any replica, one gets true (see
// aisdk.RunTaker). The statement locks the chat's row while it runs; a
// second one waits for the first to commit, finds the pause gone and
// changes nothing. Under serializable or repeatable read isolation (a
// default_transaction_isolation of the pool's role), the second fails to
// serialize instead, which is the same answer: taken.
func (s *Store) TakeRun(ctx context.Context, chatID string, paused, next *aisdk.Chat) (bool, error) {
	pause := paused.Pause()
	if pause == "" {
		return false, nil
	}
	var b []byte
	if next != nil {
		var err error
		if b, err = s.marshalChat(chatID, next); err != nil {
			return false, err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	var tag pgconn.CommandTag
	var err error
	if next == nil {
		tag, err = s.pool.Exec(ctx, `UPDATE `+s.table+` SET chat = NULL, principal = '', pause = '', updated_at = now()
WHERE id = $1 AND pause = $2 AND chat IS NOT NULL`, chatID, pause)
	} else {
		tag, err = s.pool.Exec(ctx, `UPDATE `+s.table+` SET chat = $3, principal = $4, pause = $5, updated_at = now()
WHERE id = $1 AND pause = $2 AND chat IS NOT NULL`, chatID, pause, b, next.Principal, next.Pause())
	}
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == "40001" {
		return false, nil // serialization_failure: another transaction changed the row
	}
	if err != nil {
		return false, fmt.Errorf("pgstore: taking chat %q's paused run: %w", chatID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// SaveMessages keeps msgs as the chat's messages, replacing those saved
// before. Messages larger than the store's bound are not kept: an error
// saying so takes their place, and LoadMessages returns it.
func (s *Store) SaveMessages(ctx context.Context, chatID string, msgs []aisdk.UIMessage) error {
	b, err := json.Marshal(msgs)
	var why error
	switch {
	case err != nil:
		why = fmt.Errorf("pgstore: chat %q's messages do not marshal: %w", chatID, err)
	case len(b) > s.maxBytes:
		why = fmt.Errorf("pgstore: chat %q's messages are %d bytes, more than the %d bytes a chat this store keeps", chatID, len(b), s.maxBytes)
	}
	var whyText *string
	if why != nil {
		b, whyText = nil, new(why.Error())
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	_, err = s.pool.Exec(ctx, `INSERT INTO `+s.table+` (id, messages, messages_error, updated_at) VALUES ($1, $2, $3, now())
ON CONFLICT (id) DO UPDATE SET messages = excluded.messages, messages_error = excluded.messages_error, updated_at = now()`,
		chatID, b, whyText)
	if err != nil {
		return fmt.Errorf("pgstore: saving chat %q's messages: %w", chatID, err)
	}
	return why
}

// LoadMessages returns the chat's messages, or nil and no error when none
// are kept, or the error that took their place.
func (s *Store) LoadMessages(ctx context.Context, chatID string) ([]aisdk.UIMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	var b []byte
	var why *string
	err := s.pool.QueryRow(ctx, `SELECT messages, messages_error FROM `+s.table+` WHERE id = $1`, chatID).Scan(&b, &why)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("pgstore: loading chat %q's messages: %w", chatID, err)
	case why != nil:
		return nil, errors.New(*why)
	case b == nil:
		return nil, nil
	}
	var msgs []aisdk.UIMessage
	if err := json.Unmarshal(b, &msgs); err != nil {
		return nil, fmt.Errorf("pgstore: loading chat %q's messages: %w", chatID, err)
	}
	return msgs, nil
}

// Prune drops the chats saved last before before, records and messages
// together (a chat's row is saved whenever its record or its messages
// are), and returns how many it dropped: the table grows with every chat
// until something prunes it. A chat pruned while it waits for approval
// loses its run; with WithPrincipal, its binding to its principal too (the
// next request naming it starts it over, as the principal's who sent it).
func (s *Store) Prune(ctx context.Context, before time.Time) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	tag, err := s.pool.Exec(ctx, `DELETE FROM `+s.table+` WHERE updated_at < $1`, before)
	if err != nil {
		return 0, fmt.Errorf("pgstore: pruning: %w", err)
	}
	return tag.RowsAffected(), nil
}
