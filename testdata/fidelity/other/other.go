// Package other has types the fidelity corpus uses from another package.
package other

// Unit is a string enum declared in another package.
type Unit string

// The units.
const (
	Celsius    Unit = "celsius"    // degrees Celsius
	Fahrenheit Unit = "fahrenheit" // degrees Fahrenheit
)

// Place is a struct declared in another package.
type Place struct {
	City string `json:"city"`
	Unit Unit   `json:"unit,omitempty"`
}

// Stamp is a struct embedded across packages.
type Stamp struct {
	By   string `json:"by"`
	Rev  int    `json:"rev,omitempty"`
	note string
}
