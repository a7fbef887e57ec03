package runtime

import (
	"context"
	"errors"
	"fmt"
)

// Ctx is what a tool learns about the run that called it. A tool receives it
// by declaring a runtime.Ctx parameter, which toolgen hides from the schema.
// Outside an agent run it is the zero Ctx.
type Ctx struct {
	// Deps is the value the program passed to the run (a database handle, a
	// user's identity...); nil outside a run. See DepsAs.
	Deps any
	// Tool is the name the tool was called by.
	Tool ToolName
	// CallID is the model's id for this call, when there is one.
	CallID string
	// RunID names the agent run, stable across pause and resume.
	RunID string
	// Turn is the number of model responses so far in the run.
	Turn int
	// Messages is the transcript up to the call, to read, not to modify.
	Messages []Message
}

// IdempotencyKey is a key that stays the same if this very call is made
// again (a run resumed after a crash, say): the run id and the call id. A
// tool with side effects can use it to do them once. It is "" outside a run.
func (c Ctx) IdempotencyKey() string {
	if c.RunID == "" {
		return ""
	}
	return c.RunID + "/" + c.CallID
}

type ctxKey struct{}

// WithCtx returns a context carrying c, for tools called through it.
func WithCtx(ctx context.Context, c Ctx) context.Context {
	return context.WithValue(ctx, ctxKey{}, c)
}

// CtxFrom returns the Ctx carried by ctx, or the zero Ctx.
func CtxFrom(ctx context.Context) Ctx {
	c, _ := ctx.Value(ctxKey{}).(Ctx)
	return c
}

// DepsAs returns c.Deps as a T, and whether it is one.
func DepsAs[T any](c Ctx) (T, bool) {
	d, ok := c.Deps.(T)
	return d, ok
}

// ToolFailed turns an error returned by a tool into its result. When ctx is
// done and the error is the context's, the call itself failed: it returns the
// context's error so that the caller stops; otherwise the error's text is a
// result the model sees.
//
// For generated code.
func ToolFailed(ctx context.Context, err error) (Result, error) {
	if cerr := ctx.Err(); cerr != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return Result{}, cerr
	}
	return ErrorResult(err.Error()), nil
}

// Recover turns a panic in a tool into a failed result naming the tool. Generated
// dispatch defers it first thing:
//
//	defer runtime.Recover(ToolGetWeather, &res, &err)
//
// For generated code.
func Recover(name ToolName, res *Result, err *error) {
	if p := recover(); p != nil {
		*res = ErrorResult(fmt.Sprintf("tool %s failed: panic: %s", name, panicText(p)))
		*err = nil
	}
}

// panicText formats a panic value as %v does. fmt survives an Error or
// String method that panics, but not one whose panic value panics again
// when printed: that panic would escape Recover and end the program. Then
// only the value's type is given, which fmt reads without calling methods.
func panicText(p any) (text string) {
	defer func() {
		if recover() != nil {
			text = fmt.Sprintf("a %T whose description panics", p)
		}
	}()
	return fmt.Sprintf("%v", p)
}
