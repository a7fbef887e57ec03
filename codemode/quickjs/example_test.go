package quickjs_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/codemode/quickjs"
)

// A program that calls two tools: the host answers each call by the tool's
// name, and the program returns only what it needs of the results.
func Example() {
	host := func(_ context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
		switch name {
		case "list-cities":
			return json.RawMessage(`["Paris","Oslo","Lima"]`), nil
		case "get_weather":
			var in struct{ City string }
			if err := json.Unmarshal(args, &in); err != nil {
				return nil, &codemode.CallError{Message: err.Error()}
			}
			return json.RawMessage(fmt.Sprintf(`{"city":%q,"celsius":%d}`, in.City, 3*len(in.City))), nil
		}
		return nil, &codemode.CallError{Message: "no tool " + name}
	}
	res, err := quickjs.New().Run(context.Background(), codemode.Program{
		Source: `const cities: string[] = await list_cities();
const temps = await Promise.all(cities.map((city) => get_weather({city})));
console.log("asked", temps.length, "cities");
return temps.filter((t) => t.celsius > 12).map((t) => t.city);`,
		Tools: []string{"list-cities", "get_weather"},
		Clock: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}, host)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s after %d calls\n%s", res.Value, res.Calls, res.Log)
	// Output:
	// ["Paris"] after 4 calls
	// asked 3 cities
}
