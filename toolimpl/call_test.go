package toolimpl

import (
	"context"
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
