// Package database is the database-operations domain of the benchmark
// catalog: SQL queries and statements, schema and migrations, indexes,
// performance, users and privileges, backups and replicas of a managed
// PostgreSQL-like service, plus a key-value cache and a document store.
package database

//go:generate sh -c "cd ../../.. && go run ./cmd/toolgen ./bench/catalog/database"

import (
	"context"
	"errors"
	"time"
)

var errNotImplemented = errors.New("not implemented")

// Privilege is a table privilege.
type Privilege string

const (
	Select        Privilege = "SELECT"     // read rows
	Insert        Privilege = "INSERT"     // add rows
	Update        Privilege = "UPDATE"     // change rows
	Delete        Privilege = "DELETE"     // remove rows
	Truncate      Privilege = "TRUNCATE"   // empty the table
	References    Privilege = "REFERENCES" // create foreign keys to it
	AllPrivileges Privilege = "ALL"        // every privilege
)

// MigrationState is the state of a schema migration.
type MigrationState string

const (
	Applied MigrationState = "applied" // already run
	Pending MigrationState = "pending" // not yet run
	Failed  MigrationState = "failed"  // ran and failed
)

// ColumnType is a column's SQL type.
type ColumnType string

const (
	Integer   ColumnType = "integer"     // 32-bit integer
	BigInt    ColumnType = "bigint"      // 64-bit integer
	Numeric   ColumnType = "numeric"     // exact decimal
	Text      ColumnType = "text"        // variable-length text
	Boolean   ColumnType = "boolean"     // true or false
	Timestamp ColumnType = "timestamptz" // date and time with time zone
	Date      ColumnType = "date"        // calendar date
	UUID      ColumnType = "uuid"        // UUID
	JSONB     ColumnType = "jsonb"       // binary JSON
)

// Column is a column definition.
type Column struct {
	Name       string     `json:"name"`
	Type       ColumnType `json:"type"`
	Nullable   bool       `json:"nullable,omitempty"`
	Default    *string    `json:"default,omitempty"` // an SQL expression, "now()"
	PrimaryKey bool       `json:"primary_key,omitempty"`
	Unique     bool       `json:"unique,omitempty"`
	// References is a foreign key, "customers(id)".
	References *string `json:"references,omitempty"`
}

// QueryResult is the rows a query returned.
type QueryResult struct {
	Columns   []string   `json:"columns"`
	Rows      [][]string `json:"rows"`
	Truncated bool       `json:"truncated,omitempty"`
	Millis    float64    `json:"millis"`
}

// TableInfo describes a table.
type TableInfo struct {
	Schema    string   `json:"schema"`
	Name      string   `json:"name"`
	Columns   []Column `json:"columns,omitempty"`
	RowCount  int64    `json:"row_estimate"`
	SizeBytes int64    `json:"size_bytes"`
}

// SlowQuery is a normalized query and its statistics.
type SlowQuery struct {
	Query       string  `json:"query"`
	Calls       int64   `json:"calls"`
	MeanMillis  float64 `json:"mean_millis"`
	TotalMillis float64 `json:"total_millis"`
	Rows        int64   `json:"rows"`
}

// Session is a connection and what it is running.
type Session struct {
	PID       int       `json:"pid"`
	User      string    `json:"user"`
	Database  string    `json:"database"`
	State     string    `json:"state"`
	Query     string    `json:"query"`
	Since     time.Time `json:"since"`
	WaitingOn string    `json:"waiting_on,omitempty"`
}

// Backup is a stored backup of an instance.
type Backup struct {
	ID        string    `json:"id"`
	Instance  string    `json:"instance"`
	SizeBytes int64     `json:"size_bytes"`
	CreatedAt time.Time `json:"created_at"`
	Automatic bool      `json:"automatic"`
}

// Migration is a schema migration.
type Migration struct {
	Version   string         `json:"version"`
	Name      string         `json:"name"`
	State     MigrationState `json:"state"`
	AppliedAt *time.Time     `json:"applied_at,omitempty"`
}

// NewTable describes a table to create.
type NewTable struct {
	Database string   `json:"database"`
	Schema   string   `json:"schema,omitempty" toolgen:"default=public"`
	Name     string   `json:"name"`
	Columns  []Column `json:"columns" toolgen:"minItems=1"`
	// IfNotExists does nothing when the table exists.
	IfNotExists bool `json:"if_not_exists,omitempty"`
}

// RunSQLQuery runs a read-only SQL query (SELECT) and returns its rows.
//
// Parameters:
//   - database: the database.
//   - sql: the query.
//   - max_rows min=1,max=10000: the most rows to return.
//   - timeout_seconds min=1,max=300: cancel the query after this long.
//
//toolgen:tool readonly
func RunSQLQuery(ctx context.Context, database, sql string, maxRows, timeoutSeconds int) (QueryResult, error) {
	return QueryResult{}, errNotImplemented
}

// ExecuteSQLStatement runs an SQL statement that changes data or schema
// (INSERT, UPDATE, DELETE, ALTER...) in a transaction and returns the rows
// affected.
//
// Parameters:
//   - database: the database.
//   - sql: the statement.
//   - dry_run: roll the transaction back instead of committing.
//
//toolgen:tool destructive requires_approval
func ExecuteSQLStatement(ctx context.Context, database, sql string, dryRun bool) (int64, error) {
	return 0, errNotImplemented
}

// ExplainQuery shows the plan the database would use for a query, and with
// analyze, runs it and reports actual times.
//
// Parameters:
//   - database: the database.
//   - sql: the query.
//   - analyze: run the query and report actual row counts and times.
//
//toolgen:tool readonly
func ExplainQuery(ctx context.Context, database, sql string, analyze bool) (string, error) {
	return "", errNotImplemented
}

// ListDatabases lists the databases of an instance with their sizes.
//
// Parameters:
//   - instance: the database server.
//
//toolgen:tool readonly idempotent
func ListDatabases(ctx context.Context, instance string) ([]string, error) {
	return nil, errNotImplemented
}

// ListTables lists the tables of a database schema with row estimates and
// sizes.
//
// Parameters:
//   - database: the database.
//   - schema: the schema; "public" when absent.
//
//toolgen:tool readonly idempotent
func ListTables(ctx context.Context, database string, schema *string) ([]TableInfo, error) {
	return nil, errNotImplemented
}

// DescribeTable returns a table's columns, types, constraints, indexes and
// foreign keys.
//
// Parameters:
//   - database: the database.
//   - table: the table, "schema.table" or "table".
//
//toolgen:tool readonly idempotent
func DescribeTable(ctx context.Context, database, table string) (TableInfo, error) {
	return TableInfo{}, errNotImplemented
}

// GetTableStats returns a table's size, dead rows, last vacuum and analyze
// times, and sequential versus index scans.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//
//toolgen:tool readonly idempotent
func GetTableStats(ctx context.Context, database, table string) (map[string]string, error) {
	return nil, errNotImplemented
}

// CreateTable creates a table from column definitions.
//
//toolgen:tool
func CreateTable(ctx context.Context, in NewTable) (TableInfo, error) {
	return TableInfo{}, errNotImplemented
}

// DropTable deletes a table and its data.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - cascade: also drop the views and foreign keys that depend on it.
//
//toolgen:tool destructive requires_approval
func DropTable(ctx context.Context, database, table string, cascade bool) error {
	return errNotImplemented
}

// AddColumn adds a column to a table.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - column: the column's definition.
//
//toolgen:tool
func AddColumn(ctx context.Context, database, table string, column Column) (TableInfo, error) {
	return TableInfo{}, errNotImplemented
}

// CreateIndex creates an index on columns of a table.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - columns minItems=1: the columns, in order.
//   - unique: make it a unique index.
//   - name: the index's name; generated when absent.
//   - concurrently: build it without locking writes to the table.
//
//toolgen:tool
func CreateIndex(ctx context.Context, database, table string, columns []string, unique bool, name *string, concurrently bool) (string, error) {
	return "", errNotImplemented
}

// DropIndex deletes an index.
//
// Parameters:
//   - database: the database.
//   - name: the index.
//
//toolgen:tool destructive idempotent
func DropIndex(ctx context.Context, database, name string) error {
	return errNotImplemented
}

// ListIndexes lists a table's indexes with their size and how often each is
// used.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//
//toolgen:tool readonly idempotent
func ListIndexes(ctx context.Context, database, table string) ([]map[string]string, error) {
	return nil, errNotImplemented
}

// GetSlowQueries lists the queries that took the most time, from the query
// statistics.
//
// Parameters:
//   - database: the database.
//   - min_mean_millis: only queries slower than this on average.
//   - limit min=1,max=100: how many queries.
//
//toolgen:tool readonly idempotent
func GetSlowQueries(ctx context.Context, database string, minMeanMillis *float64, limit int) ([]SlowQuery, error) {
	return nil, errNotImplemented
}

// ListActiveQueries lists the connections and the queries they are running
// now.
//
// Parameters:
//   - database: only this database.
//   - min_duration_seconds: only queries running at least this long.
//
//toolgen:tool readonly idempotent
func ListActiveQueries(ctx context.Context, database *string, minDurationSeconds *int) ([]Session, error) {
	return nil, errNotImplemented
}

// ListBlockingLocks lists sessions waiting on locks and the sessions holding
// them.
//
// Parameters:
//   - database: the database.
//
//toolgen:tool readonly idempotent
func ListBlockingLocks(ctx context.Context, database string) ([]Session, error) {
	return nil, errNotImplemented
}

// CancelRunningQuery cancels the query of a session, or terminates the
// session.
//
// Parameters:
//   - pid: the session's process id.
//   - terminate: close the connection rather than only cancel its query.
//
//toolgen:tool destructive
func CancelRunningQuery(ctx context.Context, pid int, terminate bool) error {
	return errNotImplemented
}

// VacuumTable reclaims the space of dead rows in a table and updates its
// planner statistics.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - full: rewrite the table to return space to the operating system; locks it.
//
//toolgen:tool
func VacuumTable(ctx context.Context, database, table string, full bool) error {
	return errNotImplemented
}

// InsertRows inserts rows into a table.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - rows minItems=1: one object per row, column name to value.
//
//toolgen:tool
func InsertRows(ctx context.Context, database, table string, rows []map[string]any) (int64, error) {
	return 0, errNotImplemented
}

// UpdateRows sets columns of the rows of a table that match a condition.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - set: column name to new value.
//   - where: the SQL condition, "status = 'trial' AND created_at < now() - interval '30 days'".
//
//toolgen:tool destructive requires_approval
func UpdateRows(ctx context.Context, database, table string, set map[string]any, where string) (int64, error) {
	return 0, errNotImplemented
}

// DeleteRows deletes the rows of a table that match a condition.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - where minLength=1: the SQL condition; required, so that a table is never emptied by mistake.
//
//toolgen:tool destructive requires_approval
func DeleteRows(ctx context.Context, database, table, where string) (int64, error) {
	return 0, errNotImplemented
}

// ExportQueryResults runs a query and writes its rows to a CSV file in a
// storage bucket.
//
// Parameters:
//   - database: the database.
//   - sql: the query.
//   - destination: the file's address, "gs://exports/users.csv".
//
//toolgen:tool readonly
func ExportQueryResults(ctx context.Context, database, sql, destination string) (int64, error) {
	return 0, errNotImplemented
}

// ImportCSVIntoTable loads the rows of a CSV file into a table.
//
// Parameters:
//   - database: the database.
//   - table: the table.
//   - source: the file's address.
//   - header: the first line holds column names.
//   - delimiter: the field separator; a comma when absent.
//
//toolgen:tool
func ImportCSVIntoTable(ctx context.Context, database, table, source string, header bool, delimiter *string) (int64, error) {
	return 0, errNotImplemented
}

// ListSchemaMigrations lists the schema migrations and whether each has run.
//
// Parameters:
//   - database: the database.
//   - state: only migrations in this state.
//
//toolgen:tool readonly idempotent
func ListSchemaMigrations(ctx context.Context, database string, state *MigrationState) ([]Migration, error) {
	return nil, errNotImplemented
}

// ApplyMigrations runs the pending schema migrations, all or up to a version.
//
// Parameters:
//   - database: the database.
//   - to_version: stop after this version.
//
//toolgen:tool requires_approval
func ApplyMigrations(ctx context.Context, database string, toVersion *string) ([]Migration, error) {
	return nil, errNotImplemented
}

// RollbackMigration reverts the most recently applied schema migrations.
//
// Parameters:
//   - database: the database.
//   - steps min=1,max=50: how many migrations to revert.
//
//toolgen:tool destructive requires_approval
func RollbackMigration(ctx context.Context, database string, steps int) ([]Migration, error) {
	return nil, errNotImplemented
}

// DiffDatabaseSchemas compares the schemas of two databases and returns the
// SQL that makes the second match the first.
//
// Parameters:
//   - source: the reference database, "staging/app".
//   - target: the database to compare, "prod/app".
//
//toolgen:tool readonly idempotent
func DiffDatabaseSchemas(ctx context.Context, source, target string) (string, error) {
	return "", errNotImplemented
}

// CreateDatabaseUser creates a login role with a generated password.
//
// Parameters:
//   - instance: the database server.
//   - username: the role's name.
//   - connection_limit: the most connections it may open.
//
//toolgen:tool
func CreateDatabaseUser(ctx context.Context, instance, username string, connectionLimit *int) (string, error) {
	return "", errNotImplemented
}

// GrantTablePrivileges grants a role privileges on tables.
//
// Parameters:
//   - database: the database.
//   - role: the user or role.
//   - tables: the tables; "schema.*" for every table of a schema.
//   - privileges: the privileges.
//
//toolgen:tool idempotent requires_approval
func GrantTablePrivileges(ctx context.Context, database, role string, tables []string, privileges []Privilege) error {
	return errNotImplemented
}

// RevokeTablePrivileges takes privileges on tables away from a role.
//
// Parameters:
//   - database: the database.
//   - role: the user or role.
//   - tables: the tables.
//   - privileges: the privileges.
//
//toolgen:tool destructive idempotent
func RevokeTablePrivileges(ctx context.Context, database, role string, tables []string, privileges []Privilege) error {
	return errNotImplemented
}

// CreateDatabaseBackup takes an on-demand backup of an instance.
//
// Parameters:
//   - instance: the database server.
//   - description: why, "before the orders migration".
//
//toolgen:tool
func CreateDatabaseBackup(ctx context.Context, instance string, description *string) (Backup, error) {
	return Backup{}, errNotImplemented
}

// ListDatabaseBackups lists an instance's automatic and on-demand backups.
//
// Parameters:
//   - instance: the database server.
//
//toolgen:tool readonly idempotent
func ListDatabaseBackups(ctx context.Context, instance string) ([]Backup, error) {
	return nil, errNotImplemented
}

// RestoreDatabaseBackup restores a backup, or a point in time, into a new or
// existing instance.
//
// Parameters:
//   - backup_id: the backup; or point_in_time.
//   - point_in_time: restore the instance as it was at this time.
//   - target_instance: where to restore; overwriting an existing instance needs approval.
//
//toolgen:tool destructive requires_approval
func RestoreDatabaseBackup(ctx context.Context, backupID *string, pointInTime *time.Time, targetInstance string) error {
	return errNotImplemented
}

// CreateReadReplica creates a read-only copy of an instance that follows its
// changes.
//
// Parameters:
//   - instance: the primary.
//   - region: where to put the replica.
//   - tier: the replica's machine tier; the primary's when absent.
//
//toolgen:tool
func CreateReadReplica(ctx context.Context, instance, region string, tier *string) (string, error) {
	return "", errNotImplemented
}

// GetReplicationLag returns how far behind the primary each replica is.
//
// Parameters:
//   - instance: the primary.
//
//toolgen:tool readonly idempotent
func GetReplicationLag(ctx context.Context, instance string) (map[string]float64, error) {
	return nil, errNotImplemented
}

// PromoteReplica makes a replica a standalone primary, for a failover or a
// migration.
//
// Parameters:
//   - replica: the replica.
//
//toolgen:tool destructive requires_approval
func PromoteReplica(ctx context.Context, replica string) error {
	return errNotImplemented
}

// ResizeDatabaseInstance changes an instance's machine tier or storage size.
//
// Parameters:
//   - instance: the database server.
//   - tier: the new tier, "db-custom-8-32768".
//   - storage_gb: the new storage size; storage can only grow.
//
//toolgen:tool requires_approval
func ResizeDatabaseInstance(ctx context.Context, instance string, tier *string, storageGB *int) error {
	return errNotImplemented
}

// GetCacheValue reads a key from the key-value cache.
//
// Parameters:
//   - key: the key.
//
//toolgen:tool readonly idempotent
func GetCacheValue(ctx context.Context, key string) (string, error) {
	return "", errNotImplemented
}

// SetCacheValue writes a key to the key-value cache, with an expiry.
//
// Parameters:
//   - key: the key.
//   - value: the value.
//   - ttl_seconds min=1: expire it after this long; never when absent.
//
//toolgen:tool idempotent
func SetCacheValue(ctx context.Context, key, value string, ttlSeconds *int) error {
	return errNotImplemented
}

// InvalidateCacheKeys deletes the cache keys that match a pattern.
//
// Parameters:
//   - pattern: a glob, "session:*" or "product:42:*".
//
//toolgen:tool destructive idempotent
func InvalidateCacheKeys(ctx context.Context, pattern string) (int64, error) {
	return 0, errNotImplemented
}

// FindDocumentsInCollection queries a document-store collection with a JSON
// filter.
//
// Parameters:
//   - collection: the collection.
//   - filter: a JSON filter, {"status": "active", "age": {"$gt": 30}}.
//   - projection: the fields to return; all when empty.
//   - limit min=1,max=1000: the most documents to return.
//
//toolgen:tool readonly idempotent
func FindDocumentsInCollection(ctx context.Context, collection, filter string, projection []string, limit int) ([]map[string]any, error) {
	return nil, errNotImplemented
}
