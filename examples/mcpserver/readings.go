package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// readings are the temperature readings this process has recorded, by city.
var readings = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

// RecordReading records a temperature reading from a weather station. Each
// call adds a reading: the same call sent twice records two, so the tool is
// annotated neither read-only nor idempotent, and a client must not send it
// again when its answer is lost.
//
// Parameters:
//   - city: the station's city, for example "Paris".
//   - celsius: the temperature read, in degrees Celsius.
//   - note: a free text kept with the reading (a client may put an id here).
//
//toolgen:tool
func RecordReading(ctx context.Context, city string, celsius float64, note string) (string, error) {
	key := strings.ToLower(city)
	readings.Lock()
	readings.n[key]++
	n := readings.n[key]
	readings.Unlock()
	return fmt.Sprintf("reading %d for %s recorded: %.1f°C", n, city, celsius), nil
}
