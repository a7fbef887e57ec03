//go:build layoutcheck

package shared

// WaveArgs, changed since tools_gen.go was generated (wave.go).
type WaveArgs struct {
	Name  string `json:"name"`
	Hands int    `json:"hands,omitempty"`
	Times int    `json:"times,omitempty"`
}
