// Package headers holds arguments mirrored into HTTP headers (the header
// option, x-mcp-header of MCP 2026-07-28): struct fields, nested members
// reached through objects, and flat parameters described in a doc list.
package headers

import "time"

// Tier is a service tier.
type Tier string

// The tiers.
const (
	Free Tier = "free"
	Paid Tier = "paid"
)

// Target is where a query runs.
type Target struct {
	// Region is the region to run in.
	Region string `json:"region" toolgen:"header=Region"`
	// Zone is the zone within the region.
	Zone *int `json:"zone,omitempty" toolgen:"min=1,header=Zone"`
}

// Query is a query and where to run it.
type Query struct {
	// SQL is the query.
	SQL string `json:"sql"`
	// Tenant is the tenant's id.
	Tenant string `json:"tenant" toolgen:"pattern=^[a-z-]+$,header=Tenant-Id"`
	// Target is where it runs; its members are sent in headers too.
	Target Target `json:"target"`
	// DryRun only plans the query.
	DryRun bool `json:"dry_run,omitempty" toolgen:"header=Dry-Run"`
	// Tier is the service tier.
	Tier Tier `json:"tier,omitempty" toolgen:"header=Tier"`
	// Level is the log level.
	Level Level `json:"level,omitempty" toolgen:"header=Level"`
	// Since is when the data starts.
	Since *time.Time `json:"since,omitempty" toolgen:"header=Since"`
	// Shard is the shard to use.
	Shard uint16 `json:"shard,omitempty" toolgen:"header=Shard"`
}

// Level is a log level.
type Level int

// The levels.
const (
	Quiet Level = 0
	Loud  Level = 1
)

// Run runs a query.
//
//toolgen:tool
func Run(q Query) (string, error) { return q.SQL, nil }

// Report generates a report.
//
// Parameters:
//   - kind: the kind of report
//   - priority header=Priority: low, normal or high
//   - pages min=1,header=Pages: how many pages at most
//
//toolgen:tool
func Report(kind string, priority *string, pages int) (string, error) { return kind, nil }
