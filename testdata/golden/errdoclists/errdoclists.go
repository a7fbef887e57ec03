// Package errdoclists covers mistakes in a list under a Parameters:
// heading, where the author clearly meant parameters.
package errdoclists

// GetWeather looks up the weather.
//
// Parameters:
//   - citty: a typo.
//   - unit min=1: options for the wrong type.
//   - unit: described twice.
//   - days the number of days, with no colon.
//   - n < 0: options toolgen cannot read.
//
//toolgen:tool
func GetWeather(city string, unit string, days int, n int) (string, error) { return city, nil }
