// Package pgtasks keeps MCP tasks in PostgreSQL.
package pgtasks
