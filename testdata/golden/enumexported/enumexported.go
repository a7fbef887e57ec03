// Package enumexported covers enums and unexported constants: only a type's
// exported constants make its enum, so an iota sentinel is no value a model
// may send, and a type with only unexported constants is no enum.
package enumexported

// Day is a day of the week.
type Day int

const (
	Monday  Day = iota // the first day
	Tuesday            // the second day
	Wednesday
	numDays // a sentinel, not a day
)

// Level has only unexported constants: it is a plain integer.
type Level int

const (
	low  Level = 1
	high Level = 2
)

// Color is a string enum with an unexported default.
type Color string

const (
	Red   Color = "red"
	Green Color = "green"
	blank Color = ""
)

var _ = []any{numDays, low, high, blank}

// Plan schedules work.
//
// Parameters:
//   - day: the day.
//   - level: how hard.
//   - color: the label.
//
//toolgen:tool
func Plan(day Day, level Level, color Color) (Day, error) { return day, nil }
