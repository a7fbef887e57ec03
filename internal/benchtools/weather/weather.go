// Package weather is the benchmark tool: five parameters, among them an
// enum, a slice and an optional nested struct.
package weather

//go:generate go tool toolgen

import "context"

// Unit is a temperature unit.
type Unit string

const (
	Celsius    Unit = "c" // degrees Celsius
	Fahrenheit Unit = "f" // degrees Fahrenheit
)

// Where is a point on Earth.
type Where struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// Args are the tool's arguments.
type Args struct {
	City  string   `json:"city"`                                  // the city
	Unit  Unit     `json:"unit,omitempty"`                        // the unit
	Days  int      `json:"days,omitempty" toolgen:"min=1,max=14"` // days ahead
	Tags  []string `json:"tags,omitempty"`                        // labels to echo
	Where *Where   `json:"where,omitempty"`                       // a precise place
}

// Forecast is the tool's result.
type Forecast struct {
	City  string  `json:"city"`
	Unit  Unit    `json:"unit"`
	Days  int     `json:"days"`
	High  float64 `json:"high"`
	Sunny bool    `json:"sunny"`
}

// GetWeather returns a forecast.
//
//toolgen:tool readonly
func GetWeather(ctx context.Context, in Args) (Forecast, error) {
	return Forecast{City: in.City, Unit: in.Unit, Days: in.Days, High: 21.5, Sunny: len(in.Tags) > 0}, nil
}
