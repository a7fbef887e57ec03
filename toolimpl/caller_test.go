package toolimpl

import (
	"context"
	"errors"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func echo(ctx context.Context, in dispatchIn) (dispatchOut, error) {
	if in.A == "panic" {
		panic("boom")
	}
	if in.A == "fail" {
		return dispatchOut{}, errors.New("it failed")
	}
	return dispatchOut{B: in.A + "!"}, nil
}

// callerTool is dispatchTool's tables for Caller's tests, a Tool of its own
// since Dispatch keeps a result size per Tool.
var callerTool = &Tool{Name: "c", In: dispatchInTable, Out: dispatchOutTable}

// echoByFunc is echo's dispatch as a function of its own, as generated
// code writes it for a tool of a layout of its own.
func echoByFunc(ctx context.Context, args []byte) (toolgen.Result, error) {
	var in dispatchIn
	var out dispatchOut
	return Dispatch(ctx, args, callerTool, unsafe.Pointer(&in), unsafe.Pointer(&out), func(ctx context.Context) (err error) {
		out, err = echo(ctx, in)
		return err
	})
}

// Caller's Call reads, checks, calls and writes as a dispatch function of
// the tool's own does.
func TestCaller(t *testing.T) {
	ctx := context.Background()
	byCaller := Caller(callerTool, echo)
	for _, args := range []string{`{"a":"x"}`, `{"a":1}`, `{}`, `{"a":"x","z":2}`, `{"a":"panic"}`, `{"a":"fail"}`, `[`, ``} {
		want, wantErr := echoByFunc(ctx, []byte(args))
		got, err := byCaller(ctx, []byte(args))
		assert.Equal(t, wantErr, err, args)
		assert.Equal(t, want.IsError, got.IsError, args)
		assert.Equal(t, want.Text(), got.Text(), args)
	}
	res, err := byCaller(ctx, []byte(`{"a":"x"}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"b":"x!"}`, string(res.Structured))
	res, err = byCaller(ctx, []byte(`{"a":"panic"}`))
	require.NoError(t, err)
	assert.Contains(t, res.Text(), "tool c failed: panic: boom")

	called := false
	check := Validator(Caller(callerTool, func(context.Context, dispatchIn) (dispatchOut, error) {
		called = true
		return dispatchOut{}, nil
	}))
	require.NoError(t, check(ctx, []byte(`{"a":"x"}`)))
	require.Error(t, check(ctx, []byte(`{"a":2}`)))
	assert.False(t, called, "checking the arguments does not call the tool")
}

func TestCallerOK(t *testing.T) {
	ctx := context.Background()
	var got []string
	call := CallerOK(&Tool{Name: "ok", In: dispatchInTable}, func(ctx context.Context, in dispatchIn) error {
		if in.A == "" {
			return errors.New("empty")
		}
		got = append(got, in.A)
		return nil
	})
	res, err := call(ctx, []byte(`{"a":"x"}`))
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, "ok", res.Text())
	res, err = call(ctx, []byte(`{"a":""}`))
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "empty")
	res, err = call(ctx, []byte(`{"a":3}`))
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Equal(t, []string{"x"}, got, "neither a failed call nor bad arguments record anything")

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = CallerOK(&Tool{Name: "ok", In: dispatchInTable}, func(ctx context.Context, in dispatchIn) error { return ctx.Err() })(cctx, []byte(`{"a":"x"}`))
	assert.ErrorIs(t, err, context.Canceled)
}

// BenchmarkCaller compares a tool's dispatch through Caller with a
// dispatch function of its own.
func BenchmarkCaller(b *testing.B) {
	ctx := context.Background()
	args := []byte(`{"a":"a string of some length"}`)
	for _, c := range []struct {
		name string
		call func(context.Context, []byte) (toolgen.Result, error)
	}{{"func", echoByFunc}, {"caller", Caller(callerTool, echo)}} {
		b.Run("via="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res, err := c.call(ctx, args); err != nil || res.IsError {
					b.Fatal(res.Text(), err)
				}
			}
		})
	}
}
