// Package hidden covers parameters the model never sees: a leading
// context.Context and a toolgen.Ctx, which dispatch supplies.
package hidden

import (
	"context"

	"github.com/toolgen-dev/toolgen"
)

// Ctx is an alias, still a context.
type Ctx = context.Context

// Query is a struct parameter beside hidden ones.
type Query struct {
	Text string `json:"text"`
}

// Both takes a context and a toolgen.Ctx, and no arguments.
//
//toolgen:tool
func Both(ctx context.Context, rc toolgen.Ctx) (string, error) { return string(rc.Tool), nil }

// CtxOnly takes only a toolgen.Ctx.
//
//toolgen:tool
func CtxOnly(rc toolgen.Ctx) error { return nil }

// CtxBetween takes toolgen.Ctx between flat parameters: any position.
//
//toolgen:tool
func CtxBetween(ctx context.Context, a string, rc toolgen.Ctx, b int) error { return nil }

// CtxLast takes a struct and then a toolgen.Ctx.
//
//toolgen:tool
func CtxLast(q Query, rc toolgen.Ctx) (string, error) { return q.Text, nil }

// CtxFirst takes a toolgen.Ctx, then a struct.
//
//toolgen:tool
func CtxFirst(rc toolgen.Ctx, q *Query) error { return nil }

// Aliased takes its context through an alias.
//
//toolgen:tool
func Aliased(ctx Ctx, q Query) error { return nil }

// Plain takes no parameters at all.
//
//toolgen:tool
func Plain() error { return nil }
