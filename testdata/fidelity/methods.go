package fidelity

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// Temp is a temperature that reads and writes itself as "21C".
type Temp float64

// MarshalJSON writes "21C".
func (t Temp) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Quote(strconv.FormatFloat(float64(t), 'f', -1, 64) + "C")), nil
}

// UnmarshalJSON reads "21C".
func (t *Temp) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "C"), 64)
	if err != nil || !strings.HasSuffix(s, "C") {
		return fmt.Errorf("%q is not a temperature like \"21C\"", s)
	}
	*t = Temp(f)
	return nil
}

// Level is a text type: it reads and writes "low" or "high".
type Level int

// MarshalText writes the level's name.
func (l Level) MarshalText() ([]byte, error) {
	switch l {
	case 0:
		return []byte("low"), nil
	case 1:
		return []byte("high"), nil
	}
	return nil, fmt.Errorf("no level %d", int(l))
}

// UnmarshalText reads a level's name.
func (l *Level) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*l = 0
	case "high":
		*l = 1
	default:
		return fmt.Errorf("%q is not low or high", b)
	}
	return nil
}

// Methods has types that read and write themselves.
type Methods struct {
	Temp   Temp             `json:"temp"`
	Temps  []Temp           `json:"temps"`
	PT     *Temp            `json:"pt,omitempty"`
	Level  Level            `json:"level"`
	Levels map[string]Level `json:"levels"`
}

// Numbers has the library's number types.
type Numbers struct {
	N    json.Number   `json:"n"`
	Big  *big.Int      `json:"big"`
	BigF *big.Float    `json:"bigf,omitempty"`
	Wait time.Duration `json:"wait"`
}

// Money is zero when its amount is, whatever its currency (omitzero calls
// IsZero).
type Money struct {
	Amount   int    `json:"amount"`
	Currency string `json:"currency"`
}

// IsZero reports whether there is no money.
func (m *Money) IsZero() bool { return m.Amount == 0 }
