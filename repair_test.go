package toolgen_test

import (
	"context"
	"fmt"
	"log"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
)

func weatherTool(t *testing.T, name toolgen.ToolName) toolgen.Tool {
	t.Helper()
	box, err := toolgen.NewToolbox(weather.Tools())
	require.NoError(t, err)
	tool, ok := box.Lookup(name)
	require.True(t, ok)
	return tool
}

// A repaired call runs, and its result ends with the note; a structured
// result keeps its JSON as text before the note.
func TestCallRepairing(t *testing.T) {
	ctx := context.Background()
	get := weatherTool(t, weather.ToolGetWeather)
	res, err := get.CallRepairing(ctx, []byte(`{"City":"Paris"}`))
	require.NoError(t, err)
	want, err := get.CallSafely(ctx, []byte(`{"city":"Paris"}`))
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, []toolgen.Content{want.Content[0],
		{Type: toolgen.ContentText, Text: `arguments repaired before the call: /City: the name "City", read as "city"`}}, res.Content)

	forecast := weatherTool(t, weather.ToolGetForecast)
	res, err = forecast.CallRepairing(ctx, []byte(`{"city":"Paris","days":"2"}`))
	require.NoError(t, err)
	want, err = forecast.CallSafely(ctx, []byte(`{"city":"Paris","days":2}`))
	require.NoError(t, err)
	assert.Equal(t, want.Structured, res.Structured)
	assert.Equal(t, string(want.Structured)+"\n"+`arguments repaired before the call: /days: the string "2", read as the number 2`, res.Text())

	// Nothing to repair: the result as CallSafely returns it.
	res, err = forecast.CallRepairing(ctx, []byte(`{"city":"Paris","days":2}`))
	require.NoError(t, err)
	assert.Equal(t, want, res)
	// Refused: the error as sent.
	res, err = forecast.CallRepairing(ctx, []byte(`{"city":"Paris","days":"2 days"}`))
	require.NoError(t, err)
	assert.Equal(t, toolgen.ErrorResult(`invalid arguments: /days: expected integer, got string "2 days"`), res)
}

// The request to repair is for the call made with it: a tool called from
// within, with other arguments, repairs nothing, while one called with the
// same arguments (a wrapper) does.
func TestCallRepairingIsForItsCallAlone(t *testing.T) {
	ctx := context.Background()
	get := weatherTool(t, weather.ToolGetWeather)
	var inner toolgen.Result
	outer := toolgen.Tool{Name: "outer", Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		var err error
		inner, err = get.Call(ctx, []byte(`{"City":"Rome"}`)) // the outer call's context, other arguments
		if err != nil {
			return toolgen.Result{}, err
		}
		return get.Call(ctx, args) // a wrapper: the same arguments
	}}
	res, err := outer.CallRepairing(ctx, []byte(`{"City":"Paris"}`))
	require.NoError(t, err)
	assert.Equal(t, toolgen.ErrorResult(`invalid arguments: /City: unknown field (known fields: "city", "unit"); /city: missing (required)`), inner)
	assert.False(t, res.IsError, res.Text())
	assert.Len(t, res.Content, 2)
	assert.Equal(t, `arguments repaired before the call: /City: the name "City", read as "city"`, res.Content[1].Text)

	// A tool that is not generated repairs nothing.
	echo := toolgen.Tool{Name: "echo", Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
		return toolgen.TextResult(string(args)), nil
	}}
	res, err = echo.CallRepairing(ctx, []byte(`{"City":"Paris"}`))
	require.NoError(t, err)
	assert.Equal(t, toolgen.TextResult(`{"City":"Paris"}`), res)
}

// A model's malformed arguments: a generated tool repairs them when asked,
// if the fix is certain from the parameters' Go types, and says what it
// changed after the result.
func ExampleTool_CallRepairing() {
	ctx := context.Background()
	box, err := toolgen.NewToolbox(weather.Tools())
	if err != nil {
		log.Fatal(err)
	}
	forecast, _ := box.Lookup(weather.ToolGetForecast)
	args := []byte("```json\n{\"City\": \"Paris\", \"days\": \"2\",}\n```")

	res, _ := forecast.CallSafely(ctx, args)
	fmt.Println(res.Text())
	res, _ = forecast.CallRepairing(ctx, args)
	fmt.Println(res.Content[1].Text)
	// Output:
	// invalid arguments: not valid JSON: invalid character '`' looking for the start of a value at offset 0
	// arguments repaired before the call: the arguments in a Markdown code fence, read without it; /City: the name "City", read as "city"; /days: the string "2", read as the number 2; a trailing comma before }, left out
}

// A model that writes Python (single quotes, None) and prose around the
// arguments: the repairs are certain from the parameters' types, so the
// call runs; True where a string belongs would be refused instead.
func ExampleTool_CallRepairing_python() {
	ctx := context.Background()
	box, err := toolgen.NewToolbox(weather.Tools())
	if err != nil {
		log.Fatal(err)
	}
	get, _ := box.Lookup(weather.ToolGetWeather)

	res, _ := get.CallRepairing(ctx, []byte(`Here you go: {'city': 'Paris', 'unit': None}`))
	fmt.Println(res.Content[0].Text)
	fmt.Println(res.Content[1].Text)
	res, _ = get.CallRepairing(ctx, []byte(`{'city': True}`))
	fmt.Println(res.Text())
	// Output:
	// Paris: 17°C, sunny
	// arguments repaired before the call: text before the arguments object, left out; /city: the name 'city' in single quotes, read as "city"; /city: a string in single quotes, read as the string "Paris"; /unit: the name 'unit' in single quotes, read as "unit"; /unit: Python's None, read as null
	// invalid arguments: not valid JSON: invalid character '\'' looking for the start of an object key at offset 1
}
