// Package weather is the example from the README: two weather tools, one
// with flat parameters and one taking a struct, made into LLM tools by
// toolgen.
package weather

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"
)

// Unit is a temperature unit.
type Unit string

const (
	Celsius    Unit = "c" // degrees Celsius
	Fahrenheit Unit = "f" // degrees Fahrenheit
)

// Forecast asks for the weather ahead.
type Forecast struct {
	// City to look up, for example "Paris".
	City string `json:"city" toolgen:"minLength=1"`
	// Days ahead, 1 to 14.
	Days int   `json:"days,omitempty" toolgen:"min=1,max=14,default=3"`
	Unit *Unit `json:"unit,omitempty"` // temperature unit; Celsius when absent
}

// Report is a forecast, day by day.
type Report struct {
	City string `json:"city"`
	Unit Unit   `json:"unit"`
	Days []Day  `json:"days"`
}

// Day is one day of a forecast.
type Day struct {
	Day  int     `json:"day"`  // 1 is tomorrow
	High float64 `json:"high"` // the highest temperature
	Low  float64 `json:"low"`  // the lowest temperature
	Sky  string  `json:"sky"`  // "sunny", "cloudy" or "rain"
}

// GetWeather looks up the current weather for a city.
//
// Parameters:
//   - city: the city, for example "Paris".
//   - unit: the temperature unit; Celsius when absent.
//
//toolgen:tool readonly idempotent
func GetWeather(ctx context.Context, city string, unit *Unit) (string, error) {
	if strings.EqualFold(city, "atlantis") {
		return "", fmt.Errorf("no weather station in %s", city)
	}
	u := Celsius
	if unit != nil {
		u = *unit
	}
	return fmt.Sprintf("%s: %s, sunny", city, temperature(city, 0, u)), nil
}

// GetForecast returns the forecast for the coming days.
//
//toolgen:tool name=forecast readonly
func GetForecast(ctx context.Context, in Forecast) (Report, error) {
	u := Celsius
	if in.Unit != nil {
		u = *in.Unit
	}
	r := Report{City: in.City, Unit: u}
	skies := []string{"sunny", "cloudy", "rain"}
	for day := 1; day <= in.Days; day++ {
		high := degrees(city(in.City)+day, u)
		r.Days = append(r.Days, Day{Day: day, High: high, Low: high - 8, Sky: skies[(len(in.City)+day)%3]})
	}
	return r, nil
}

// city turns a name into a stable number, so that the example's weather is
// made up but repeatable.
func city(name string) int {
	n := 0
	for _, r := range strings.ToLower(name) {
		n = (n*31 + int(r)) % 97
	}
	return n % 15
}

func degrees(base int, u Unit) float64 {
	c := float64(10 + base)
	if u == Fahrenheit {
		return c*9/5 + 32
	}
	return c
}

func temperature(name string, day int, u Unit) string {
	return fmt.Sprintf("%.0f°%s", degrees(city(name)+day, u), strings.ToUpper(string(u)))
}
