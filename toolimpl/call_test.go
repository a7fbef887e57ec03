package toolimpl

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func TestToolFailedAndRecover(t *testing.T) {
	res, err := ToolFailed(context.Background(), assert.AnError)
	require.NoError(t, err)
	assert.Equal(t, toolgen.ErrorResult(assert.AnError.Error()), res)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = ToolFailed(ctx, context.Canceled)
	assert.ErrorIs(t, err, context.Canceled, "a cancelled call is the caller's error")
	res, err = ToolFailed(ctx, assert.AnError)
	require.NoError(t, err, "other errors stay results even when ctx is done")
	assert.True(t, res.IsError)

	panicking := func() (res toolgen.Result, err error) {
		defer Recover("boom", &res, &err)
		panic("kaboom")
	}
	res, err = panicking()
	require.NoError(t, err)
	assert.Equal(t, toolgen.ErrorResult("tool boom failed: panic: kaboom"), res)
}

// A generated tool's Validate decodes and validates without running the
// tool, and words a refusal as the model reads it.
func TestValidatorStopsBeforeTheTool(t *testing.T) {
	ran := 0
	call := func(ctx context.Context, args []byte) (toolgen.Result, error) {
		if string(args) != `{}` {
			return BadArgs(errors.New("invalid arguments: /n: missing (required)")), nil
		}
		if Checking(ctx) {
			return toolgen.Result{}, nil
		}
		ran++
		return toolgen.TextResult("ran"), nil
	}
	validate := Validator(call)
	require.NoError(t, validate(context.Background(), []byte(`{}`)))
	require.EqualError(t, validate(context.Background(), []byte(`{"x":1}`)), "invalid arguments: /n: missing (required)")
	assert.Zero(t, ran, "checking never runs the tool")
	res, err := call(context.Background(), []byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, "ran", res.Text())
	assert.False(t, Checking(context.Background()))
}
