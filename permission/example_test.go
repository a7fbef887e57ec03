package permission_test

import (
	"fmt"
	"log"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
)

// Rules match tool names and argument values with globs. Generated rule
// types (weather.GetWeatherRule) name the arguments, so that a typo is a
// compile error. Deny is checked first, then Allow, then Ask.
func ExamplePermissions_Decide() {
	perms := permission.Permissions{
		Allow: []toolgen.Rule{weather.GetWeatherRule{City: "Par*"}.Rule()},
		Ask:   []toolgen.Rule{{Tool: weather.ToolGetWeather}},
		Deny:  []toolgen.Rule{weather.GetForecastRule{Days: "1[0-4]"}.Rule()},
	}
	if err := perms.Check(weather.Tools()); err != nil {
		log.Fatal(err)
	}
	for _, call := range []struct {
		name toolgen.ToolName
		args string
	}{
		{weather.ToolGetWeather, `{"city":"Paris"}`},
		{weather.ToolGetWeather, `{"city":"Oslo"}`},
		{weather.ToolGetForecast, `{"city":"Oslo","days":12.0}`},
		{weather.ToolGetForecast, `{"city":"Oslo","days":3}`},
	} {
		outcome, rule := perms.Decide(call.name, []byte(call.args))
		if rule == nil {
			fmt.Printf("%s %s: no rule\n", call.name, call.args)
			continue
		}
		fmt.Printf("%s %s: %s by %s\n", call.name, call.args, outcome, rule)
	}
	// Output:
	// get_weather {"city":"Paris"}: allow by get_weather(city="Par*")
	// get_weather {"city":"Oslo"}: ask by get_weather
	// forecast {"city":"Oslo","days":12.0}: deny by forecast(days="1[0-4]")
	// forecast {"city":"Oslo","days":3}: no rule
}

// Globs match the whole string; * crosses / and spaces.
func ExampleMatch() {
	fmt.Println(permission.Match("git *", "git add src/main.go"))
	fmt.Println(permission.Match("git *", "sudo git push"))
	fmt.Println(permission.Match("get_*", "get_weather"))
	fmt.Println(permission.Match("day[1-3]", "day2"))
	fmt.Println(permission.Match("file?.txt", "file10.txt"))
	fmt.Println(permission.Match(`\*`, "*"))
	// Output:
	// true
	// false
	// true
	// true
	// false
	// true
}

// MatchRule tells whether one rule matches a call: its tool name, and each
// argument it names, by glob. Numbers are matched by their value.
func ExampleMatchRule() {
	r := weather.GetForecastRule{City: "O*", Days: "[1-3]"}.Rule()
	fmt.Println(permission.MatchRule(r, weather.ToolGetForecast, []byte(`{"city":"Oslo","days":2.0}`)))
	fmt.Println(permission.MatchRule(r, weather.ToolGetForecast, []byte(`{"city":"Oslo","days":7}`)))
	fmt.Println(permission.MatchRule(r, weather.ToolGetForecast, []byte(`{"city":"Oslo"}`))) // days absent
	fmt.Println(permission.MatchRule(r, weather.ToolGetWeather, []byte(`{"city":"Oslo","days":2}`)))
	// Output:
	// true
	// false
	// false
	// false
}
