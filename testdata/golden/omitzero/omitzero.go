package omitzero

import (
	"context"
	"strconv"
	"time"
)

// Level reads and writes itself as text, on an integer.
type Level int

// MarshalText writes the level.
func (l Level) MarshalText() ([]byte, error) { return []byte(strconv.Itoa(int(l))), nil }

// UnmarshalText reads the level.
func (l *Level) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*l = Level(n)
	return err
}

// Money is zero when its amount is, whatever its currency.
type Money struct {
	Amount   int    `json:"amount"`
	Currency string `json:"currency"`
}

// IsZero reports whether there is no money.
func (m Money) IsZero() bool { return m.Amount == 0 }

// Window is zero when both ends are, and says so with a pointer method.
type Window struct {
	From, To time.Time
	Tags     []string
}

// IsZero reports whether the window is unset.
func (w *Window) IsZero() bool { return w.From.IsZero() && w.To.IsZero() }

// Report has omitzero members of every kind that needs a test of its own.
type Report struct {
	Level  Level     `json:"level,omitzero"`
	Price  Money     `json:"price,omitzero"`
	Window Window    `json:"window,omitzero"`
	When   time.Time `json:"when,omitzero"`
	Pair   [2]int    `json:"pair,omitzero"`
}

// Summarize reports.
//
//toolgen:tool readonly
func Summarize(ctx context.Context, days int) (Report, error) { return Report{}, nil }
