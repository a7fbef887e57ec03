package toolgen

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func echoTool(name ToolName) Tool {
	return Tool{Name: name, Call: func(_ context.Context, args []byte) (Result, error) {
		return TextResult(string(name) + ":" + string(args)), nil
	}}
}

func TestToolboxFindsAndCallsTools(t *testing.T) {
	box, err := NewToolbox([]Tool{echoTool("b"), echoTool("a")}, []Tool{echoTool("c")})
	require.NoError(t, err)
	assert.Equal(t, []ToolName{"a", "b", "c"}, box.Names())
	require.Len(t, box.Tools(), 3)
	assert.Equal(t, ToolName("b"), box.Tools()[0].Name, "tools keep their order")

	res, err := box.Call(context.Background(), "c", []byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, "c:{}", res.Text())

	_, ok := box.Lookup("zzz")
	assert.False(t, ok)
	res, err = box.Call(context.Background(), "zzz", nil)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Equal(t, `unknown tool "zzz"; the tools are: a, b, c`, res.Text())
}

func TestToolboxRejectsDuplicatesAndBrokenTools(t *testing.T) {
	_, err := NewToolbox([]Tool{echoTool("a")}, []Tool{echoTool("a")})
	assert.EqualError(t, err, `toolbox: two tools are named "a"`)
	_, err = NewToolbox([]Tool{{Name: "x"}})
	assert.EqualError(t, err, `toolbox: a tool needs a name and a Call function (got name "x")`)
}

func TestResultText(t *testing.T) {
	assert.Equal(t, `{"a":1}`, Result{Structured: []byte(`{"a":1}`)}.Text())
	assert.Equal(t, "a\nb", Result{Content: []Content{
		{Type: ContentText, Text: "a"}, {Type: ContentImage, Data: []byte{1}}, {Type: ContentText, Text: "b"},
	}}.Text())
	r := ErrorResult("bad")
	assert.True(t, r.IsError)
	assert.Equal(t, "bad", r.Text())
}

func TestCtxTravelsInTheContext(t *testing.T) {
	assert.Equal(t, Ctx{}, CtxFrom(context.Background()))
	ctx := WithCtx(context.Background(), Ctx{Deps: 42, Tool: "t", CallID: "c1"})
	c := CtxFrom(ctx)
	n, ok := DepsAs[int](c)
	assert.True(t, ok)
	assert.Equal(t, 42, n)
	_, ok = DepsAs[string](c)
	assert.False(t, ok)
	assert.Equal(t, "c1", c.CallID)
}

func TestToolboxCallSurvivesAPanickingTool(t *testing.T) {
	boom := Tool{Name: "boom", Call: func(context.Context, []byte) (Result, error) { panic("kaboom") }}
	box, err := NewToolbox([]Tool{boom})
	require.NoError(t, err)
	res, err := box.Call(context.Background(), "boom", nil)
	require.NoError(t, err)
	assert.Equal(t, ErrorResult("tool boom failed: panic: kaboom"), res)
}
