package toolgen

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingEncoder writes ints with encoding/json and counts its calls.
func countingEncoder(calls *int) func(int) ([]byte, error) {
	return func(v int) ([]byte, error) {
		*calls++
		return json.Marshal(v)
	}
}

// Without a receiver, a Partial is inactive: Send and Report do nothing,
// encode nothing and allocate nothing.
func TestPartialWithoutAReceiver(t *testing.T) {
	calls := 0
	p := NewPartial(context.Background(), countingEncoder(&calls))
	assert.False(t, p.Active())
	assert.NoError(t, p.Send(1))
	assert.NoError(t, p.SendWith(Progress{Message: "m"}, 2))
	p.Report(Progress{Message: "m"})
	assert.Zero(t, calls)

	var zero Partial[int]
	assert.False(t, zero.Active())
	assert.NoError(t, zero.Send(1))
	zero.Report(Progress{})

	if !raceEnabled {
		assert.Zero(t, testing.AllocsPerRun(100, func() { _ = p.Send(3) }))
		assert.Zero(t, testing.AllocsPerRun(100, func() { _ = NewPartial(context.Background(), countingEncoder(&calls)).Send(3) }))
	}
	assert.Zero(t, calls)
}

// With a receiver, each Send reports the value's JSON, SendWith beside a
// message and progress, and Report reports as it is.
func TestPartialReports(t *testing.T) {
	var got []Progress
	ctx := WithProgress(context.Background(), func(p Progress) { got = append(got, p) })
	calls := 0
	p := NewPartial(ctx, countingEncoder(&calls))
	require.True(t, p.Active())
	require.NoError(t, p.Send(1))
	require.NoError(t, p.SendWith(Progress{Message: "two", Progress: 2, Total: 3, Partial: json.RawMessage(`"replaced"`)}, 2))
	p.Report(Progress{Message: "three", Progress: 3, Total: 3})
	assert.Equal(t, []Progress{
		{Partial: json.RawMessage(`1`)},
		{Message: "two", Progress: 2, Total: 3, Partial: json.RawMessage(`2`)},
		{Message: "three", Progress: 3, Total: 3},
	}, got)
	assert.Equal(t, 2, calls)
}

// A value the encoder cannot write is no report: Send returns why.
func TestPartialEncoderError(t *testing.T) {
	reports := 0
	ctx := WithProgress(context.Background(), func(Progress) { reports++ })
	bad := errors.New("NaN")
	p := NewPartial(ctx, func(float64) ([]byte, error) { return nil, bad })
	err := p.Send(0)
	assert.ErrorIs(t, err, bad)
	assert.EqualError(t, err, "toolgen: writing a partial result: NaN")
	assert.Zero(t, reports)
}

func TestNewPartialNeedsAnEncoder(t *testing.T) {
	assert.PanicsWithValue(t, "toolgen: NewPartial needs an encoder", func() { NewPartial[int](context.Background(), nil) })
}
