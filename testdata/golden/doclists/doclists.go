// Package doclists covers lists in tool doc comments: which are parameter
// lists (under a heading, or every item naming a parameter with options
// toolgen reads) and which are prose kept in the description.
package doclists

import "strings"

// At books a slot. A colon inside an option's value (the pattern) does not
// end the options: the description starts at the first colon followed by a
// space.
//
//   - hhmm pattern=^[0-2][0-9]:[0-5][0-9]$: the time, as hh:mm.
//   - room minLength=1: the room.
//
//toolgen:tool
func At(hhmm string, room string) (string, error) { return hhmm + " " + room, nil }

// SplitN slices s into substrings separated by sep and returns a slice of
// the substrings between those separators.
//
// The count determines the number of substrings to return:
//   - n > 0: at most n substrings; the last substring will be the unsplit remainder;
//   - n == 0: the result is nil (zero substrings);
//   - n < 0: all substrings.
//
//toolgen:tool
func SplitN(s, sep string, n int) ([]string, error) { return strings.SplitN(s, sep, n), nil }

// GetWeather looks up the weather.
//
// Parameters:
//   - city minLength=1: the city, for example "Paris".
//   - unit_name: the unit, "C" or "F".
//
//toolgen:tool
func GetWeather(city string, unitName *string) (string, error) { return city, nil }

// Notes keeps a list whose items do not all name parameters: it is prose.
//
//   - text: what to note.
//   - tags: no such parameter, so the whole list stays.
//
//toolgen:tool
func Notes(text string) (string, error) { return text, nil }
