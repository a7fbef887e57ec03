package toolgen

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A runner that runs a lost call again tells it the progress the earlier
// attempt reported last, through the context and the call's Ctx; a first
// attempt has none.
func TestPreviousProgress(t *testing.T) {
	ctx := WithCtx(context.Background(), Ctx{Tool: "crawl", CallID: "c1"})
	_, ok := PreviousProgress(ctx)
	assert.False(t, ok)
	_, ok = CtxFrom(ctx).PreviousProgress()
	assert.False(t, ok)

	p := Progress{Message: "page 3", Progress: 3, Total: 10, Partial: json.RawMessage(`{"next":4}`)}
	ctx = WithPreviousProgress(ctx, p)
	got, ok := PreviousProgress(ctx)
	assert.True(t, ok)
	assert.Equal(t, p, got)
	c := CtxFrom(ctx)
	got, ok = c.PreviousProgress()
	assert.True(t, ok)
	assert.Equal(t, p, got)
	assert.Equal(t, "c1", c.CallID)
	assert.False(t, c.Reporting())
}

// CtxFrom runs on every call of a generated tool and for every event the
// agent emits: it allocates nothing, whatever the context carries.
func TestCtxFromAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	ctx := WithPreviousProgress(WithProgress(WithCtx(context.Background(), Ctx{CallID: "c1"}), func(Progress) {}), Progress{Progress: 1})
	var c Ctx
	allocs := testing.AllocsPerRun(100, func() { c = CtxFrom(ctx) })
	assert.Zero(t, allocs)
	assert.True(t, c.Reporting())
}
