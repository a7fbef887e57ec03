package toolimpl

import (
	"context"
	"errors"

	"github.com/toolgen-dev/toolgen"
)

// checking is the context a Validator runs a generated tool's dispatch
// with: the dispatch decodes and validates the arguments, then returns
// before calling the tool (Checking).
type checking struct{ context.Context }

// Checking reports whether ctx is a Validator's: generated dispatch code
// returns right after decoding the arguments when it is. A type
// assertion, not a context value: it costs a call nothing to ask.
func Checking(ctx context.Context) bool {
	_, ok := ctx.(checking)
	return ok
}

// Validator is a generated tool's Validate: call (the tool's dispatch)
// with a context that stops it once the arguments are decoded; the
// failed result it returns for bad arguments becomes the error, worded as
// the model would read it.
func Validator(call func(context.Context, []byte) (toolgen.Result, error)) func(context.Context, []byte) error {
	return func(ctx context.Context, args []byte) error {
		res, err := call(checking{ctx}, args)
		switch {
		case err != nil:
			return err
		case res.IsError:
			return errors.New(res.Text())
		}
		return nil
	}
}
