// Package errdoclists covers mistakes in a list under a Parameters:
// heading, where the author clearly meant parameters.
package errdoclists

import "context"

// GetWeather looks up the weather.
//
// Parameters:
//   - ctx: the context, which the model never sends.
//   - citty: a typo.
//   - unit min=1: options for the wrong type.
//   - unit: described twice.
//   - days the number of days, with no colon.
//   - n < 0: options toolgen cannot read.
//
//toolgen:tool
func GetWeather(ctx context.Context, city string, unit string, days int, n int) (string, error) {
	return city, nil
}
