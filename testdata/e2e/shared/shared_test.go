package shared

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func call(t *testing.T, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	res, err := box.Call(context.Background(), name, []byte(args))
	require.NoError(t, err)
	return res
}

func tool(t *testing.T, name toolgen.ToolName) toolgen.Tool {
	t.Helper()
	for _, tl := range Tools() {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return toolgen.Tool{}
}

// The file dispatches the template's tools through toolimpl.Caller and
// CallerOK, and Stats, of a layout of its own, through a function of its
// own: what the rest of this file tests depends on it.
func TestTheTemplateToolsShareCaller(t *testing.T) {
	src, err := os.ReadFile("tools_gen.go")
	require.NoError(t, err)
	file := strings.Join(strings.Fields(string(src)), " ") // gofmt aligns the values
	for _, want := range []string{
		"toolimpl.Caller(&toolgenToolGreet, Greet)",
		"toolimpl.Caller(&toolgenToolWave, Wave)",
		"toolimpl.CallerOK(&toolgenToolForget, Forget)",
		"toolimpl.CallerOK(&toolgenToolRemember, Remember)",
		"Call:         toolgenCallStats,",
		"toolimpl.Caller(&toolgenToolLookup, Lookup)",
		"toolimpl.Caller(&toolgenToolFind, Find)",
		"Call:         toolgenCallInspect,",
		"In: toolimpl.NoArgs, Out: toolgenTypeClock}",
		"toolimpl.Caller(&toolgenToolShout, Shout)",
		"toolimpl.Caller(&toolgenToolWhisper, Whisper)",
		"Call:         toolgenCallDescribe,",
		"toolimpl.Caller(&toolgenToolSum, func(ctx context.Context, in toolgenParamsSum) (Total, error) { return Sum(ctx, in.a, in.b) })",
		"toolimpl.Caller(&toolgenToolEcho, func(ctx context.Context, in NameArgs) (Card, error) { return Echo(in), nil })",
		"toolimpl.Caller(&toolgenToolMirror, func(ctx context.Context, in OtherNameArgs) (Card, error) { return Mirror(&in), nil })",
		"toolimpl.Caller(&toolgenToolLater, func(ctx context.Context, in struct{}) (Clock, error) { return Later(ctx) })",
	} {
		assert.True(t, strings.Contains(file, strings.Join(strings.Fields(want), " ")), "tools_gen.go has no %s", want)
	}
}

func TestSharedCallerResults(t *testing.T) {
	res := call(t, ToolGreet, `{"name":"Ann","times":2}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"text":"hello Ann. hello Ann. "}`, string(res.Structured))

	res = call(t, ToolWave, `{"name":"Bo"}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"text":"*waves at Bo* "}`, string(res.Structured))

	res = call(t, ToolWave, `{"name":"nobody"}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "there is nobody to wave at")

	res = call(t, ToolStats, `{"values":[1,2,4.5]}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"sum":7.5,"mean":2.5}`, string(res.Structured))
}

func TestSharedCallerOK(t *testing.T) {
	res := call(t, ToolForget, `{"name":"Cy"}`)
	assert.False(t, res.IsError, res.Text())
	assert.Equal(t, "ok", res.Text())
	assert.Equal(t, "forget Cy", <-Forgotten)

	res = call(t, ToolRemember, `{"name":""}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "remember whom?")
	assert.Empty(t, Forgotten, "a failed call records nothing")
}

// Tools that share one dispatch function report their own bad arguments,
// word for word as a tool with a function of its own would: the same
// input gives each of the template's tools the same message.
func TestSharedCallerBadArguments(t *testing.T) {
	for _, args := range []string{
		`{}`,
		`{"name":""}`,
		`{"name":"a name much longer than twenty"}`,
		`{"name":"Ann","times":4}`,
		`{"name":"Ann","times":1.5}`,
		`{"name":"Ann","colour":"red"}`,
		`{"name":7}`,
		`[]`,
		`{"name":"Ann"`,
	} {
		greet, wave := call(t, ToolGreet, args), call(t, ToolWave, args)
		assert.True(t, greet.IsError, "greet %s: %s", args, greet.Text())
		assert.True(t, wave.IsError, "wave %s: %s", args, wave.Text())
		assert.Equal(t, greet.Text(), wave.Text(), "the same bad arguments, %s", args)
	}
	res := call(t, ToolGreet, `{"name":"Ann","times":4}`)
	assert.Contains(t, res.Text(), "times")
	res = call(t, ToolForget, `{"name":1}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "name")
	assert.Empty(t, Forgotten, "bad arguments call nothing")
}

// A panic in a tool that shares its dispatch is a failed result that names
// the tool, not a crash.
func TestSharedCallerPanic(t *testing.T) {
	res := call(t, ToolGreet, `{"name":"panic"}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), string(ToolGreet))
	assert.Contains(t, res.Text(), "greet was asked to panic")
}

// Validate checks arguments as Call does, without calling the tool.
func TestSharedCallerValidate(t *testing.T) {
	forget := tool(t, ToolForget)
	require.NotNil(t, forget.Validate)
	assert.NoError(t, forget.Validate(context.Background(), []byte(`{"name":"Di"}`)))
	assert.Error(t, forget.Validate(context.Background(), []byte(`{"name":2}`)))
	assert.Empty(t, Forgotten, "Validate calls nothing")

	greet := tool(t, ToolGreet)
	assert.NoError(t, greet.Validate(context.Background(), []byte(`{"name":"panic"}`)), "valid, and not run")
	assert.ErrorContains(t, greet.Validate(context.Background(), []byte(`{"name":"Ann","times":9}`)), "times")
}

// Calls in parallel of tools sharing one dispatch function each read their
// own arguments and write their own result.
func TestSharedCallerInParallel(t *testing.T) {
	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				name := fmt.Sprintf("n%d_%d", g, i)
				tool, want := ToolGreet, "hello "+name+". "
				if i%2 == 1 {
					tool, want = ToolWave, "*waves at "+name+"* "
				}
				res, err := box.Call(context.Background(), tool, []byte(`{"name":"`+name+`"}`))
				if err != nil || res.IsError || !strings.Contains(string(res.Structured), `"text":"`+want+`"`) {
					errs <- fmt.Errorf("%s %s: %s, %v", tool, name, res.Text(), err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A tool that returns a pointer to its result writes what it points to; a
// nil pointer is a failed result that says so, through a shared dispatch
// function (Lookup, Find) or one of the tool's own (Inspect).
func TestPointerResults(t *testing.T) {
	res := call(t, ToolLookup, `{"name":"Ann"}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"name":"Ann","age":42}`, string(res.Structured))
	res = call(t, ToolFind, `{"name":"Bo"}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"name":"Bo","tags":["found"]}`, string(res.Structured))
	res = call(t, ToolInspect, `{"values":[1,3]}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"sum":4,"mean":2}`, string(res.Structured))

	for name, want := range map[toolgen.ToolName]string{
		ToolLookup:  "lookup returned no result (a nil *Card) and no error",
		ToolFind:    "find returned no result (a nil *Person) and no error",
		ToolInspect: "inspect returned no result (a nil *StatsResult) and no error",
	} {
		args := `{"name":"nobody"}`
		if name == ToolInspect {
			args = `{"values":[0]}`
		}
		res := call(t, name, args)
		assert.True(t, res.IsError, "%s: %s", name, res.Text())
		assert.Equal(t, want, res.Text())
		assert.Empty(t, res.Structured, name)
	}
	res = call(t, ToolFind, `{"name":4}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "name")
}

// A tool that takes no arguments accepts an empty object and refuses any
// member.
func TestNoArguments(t *testing.T) {
	res := call(t, ToolNow, `{}`)
	assert.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"hour":10,"minute":30}`, string(res.Structured))
	for _, args := range []string{` { } `, ``} {
		res = call(t, ToolNow, args)
		assert.False(t, res.IsError, "%q: %s", args, res.Text())
	}

	res = call(t, ToolPing, `{}`)
	assert.False(t, res.IsError, res.Text())
	assert.Equal(t, "ok", res.Text())
	assert.Equal(t, "ping", <-Forgotten)

	for _, args := range []string{`{"x":1}`, `[]`, `"now"`, `{`} {
		for _, name := range []toolgen.ToolName{ToolNow, ToolPing} {
			res := call(t, name, args)
			assert.True(t, res.IsError, "%s %s: %s", name, args, res.Text())
		}
	}
	assert.Empty(t, Forgotten, "bad arguments call nothing")
}

// A tool that returns a string has it as its result's text, through a
// shared dispatch function (Shout, Whisper) or one of its own (Describe).
func TestTextResults(t *testing.T) {
	for _, c := range []struct {
		name       toolgen.ToolName
		args, want string
	}{
		{ToolShout, `{"name":"ann"}`, "ANN!"},
		{ToolWhisper, `{"name":"BO"}`, "psst, bo"},
		{ToolDescribe, `{"values":[1,2]}`, "2 values, 3 in all"},
	} {
		res := call(t, c.name, c.args)
		assert.False(t, res.IsError, "%s: %s", c.name, res.Text())
		assert.Equal(t, c.want, res.Text(), c.name)
		assert.Empty(t, res.Structured, c.name)
	}
	res := call(t, ToolShout, `{"name":""}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "shout what?")
	res = call(t, ToolDescribe, `{"values":[]}`)
	assert.True(t, res.IsError, "minItems=1: %s", res.Text())
}

// Tools of other forms share a dispatch function through adapters, and
// read, check, call and answer as any other.
func TestAdaptedCallers(t *testing.T) {
	for _, c := range []struct {
		name       toolgen.ToolName
		args, want string
	}{
		{ToolSum, `{"a":2,"b":3}`, `{"value":5}`},
		{ToolProduct, `{"a":2,"b":3}`, `{"value":6}`},
		{ToolEcho, `{"name":"Ann"}`, `{"name":"Ann","age":0}`},
		{ToolMirror, `{"name":"Bo"}`, `{"name":"BoBo","age":0}`},
		{ToolNow, `{}`, `{"hour":10,"minute":30}`},
		{ToolLater, `{}`, `{"hour":23,"minute":59}`},
	} {
		res := call(t, c.name, c.args)
		assert.False(t, res.IsError, "%s: %s", c.name, res.Text())
		assert.JSONEq(t, c.want, string(res.Structured), c.name)
	}
	for _, c := range []struct {
		name       toolgen.ToolName
		args, want string
	}{
		{ToolSum, `{"a":2}`, "/b"},
		{ToolProduct, `{"a":2,"b":"3"}`, "/b"},
		{ToolProduct, `{"a":2,"b":3,"c":4}`, "c"},
		{ToolEcho, `{"name":5}`, "/name"},
		{ToolMirror, `{}`, "/name"},
		{ToolLater, `{"x":1}`, "x"},
		{ToolProduct, `{"a":13,"b":1}`, "unlucky"},
	} {
		res := call(t, c.name, c.args)
		assert.True(t, res.IsError, "%s %s: %s", c.name, c.args, res.Text())
		assert.Contains(t, res.Text(), c.want, "%s %s", c.name, c.args)
	}
	res := call(t, ToolProduct, `{"a":13,"b":1}`)
	assert.Contains(t, res.Text(), string(ToolProduct), "a panic names its tool")
}
