// Package stdtypes covers standard library types with their own JSON form:
// math/big, json.Number, net/netip, log/slog.Level, regexp and
// time.Duration.
package stdtypes

import (
	"encoding/json"
	"log/slog"
	"math/big"
	"net/netip"
	"regexp"
	"time"
)

// Std holds standard library types with their own JSON form.
type Std struct {
	Int      *big.Int       `json:"int,omitempty"`
	IntValue big.Int        `json:"int_value"`
	Float    *big.Float     `json:"float,omitempty"`
	Rat      *big.Rat       `json:"rat,omitempty"`
	Number   json.Number    `json:"number"`
	Numbers  []json.Number  `json:"numbers,omitempty"`
	Addr     netip.Addr     `json:"addr"`
	Prefix   netip.Prefix   `json:"prefix"`
	Level    slog.Level     `json:"level"`
	Pattern  *regexp.Regexp `json:"pattern,omitempty"`
	Timeout  time.Duration  `json:"timeout"`
	Month    time.Month     `json:"month,omitempty"`
}

// EchoStd returns what it was given.
//
//toolgen:tool
func EchoStd(s Std) (*Std, error) { return &s, nil }

// Wait takes a duration directly.
//
// Parameters:
//   - timeout: how long to wait.
//
//toolgen:tool
func Wait(timeout time.Duration) time.Duration { return timeout }
