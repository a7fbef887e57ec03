// Package hidden covers parameters the model never sees: a leading
// context.Context and a runtime.Ctx, which dispatch supplies.
package hidden

import (
	"context"

	"github.com/toolgen-dev/toolgen/runtime"
)

// Ctx is an alias, still a context.
type Ctx = context.Context

// Query is a struct parameter beside hidden ones.
type Query struct {
	Text string `json:"text"`
}

// Both takes a context and a runtime.Ctx, and no arguments.
//
//toolgen:tool
func Both(ctx context.Context, rc runtime.Ctx) (string, error) { return string(rc.Tool), nil }

// CtxOnly takes only a runtime.Ctx.
//
//toolgen:tool
func CtxOnly(rc runtime.Ctx) error { return nil }

// CtxBetween takes runtime.Ctx between flat parameters: any position.
//
//toolgen:tool
func CtxBetween(ctx context.Context, a string, rc runtime.Ctx, b int) error { return nil }

// CtxLast takes a struct and then a runtime.Ctx.
//
//toolgen:tool
func CtxLast(q Query, rc runtime.Ctx) (string, error) { return q.Text, nil }

// CtxFirst takes a runtime.Ctx, then a struct.
//
//toolgen:tool
func CtxFirst(rc runtime.Ctx, q *Query) error { return nil }

// Aliased takes its context through an alias.
//
//toolgen:tool
func Aliased(ctx Ctx, q Query) error { return nil }

// Plain takes no parameters at all.
//
//toolgen:tool
func Plain() error { return nil }
