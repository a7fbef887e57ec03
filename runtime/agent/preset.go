package agent

import (
	"github.com/toolgen-dev/toolgen/runtime"
)

// Preset decides calls that no permission rule matched, from the tools'
// annotations. With no preset, a tool's own RequiresApproval decides.
type Preset string

// The presets, named as in the AI SDK harness's permission modes.
const (
	// PresetDefault: a tool asks if it RequiresApproval, else runs.
	PresetDefault Preset = ""
	// PresetAllowAll: every call runs (deny and ask rules still apply).
	PresetAllowAll Preset = "allow-all"
	// PresetAllowEdits: reads and edits run; destructive tools (deleting,
	// overwriting, running shell commands) ask.
	PresetAllowEdits Preset = "allow-edits"
	// PresetAllowReads: read-only tools run; everything else asks.
	PresetAllowReads Preset = "allow-reads"
)

// decide is the preset's outcome for a call of t, and why.
func (p Preset) decide(t runtime.Tool) (Outcome, string) {
	switch {
	case p == PresetAllowAll:
		return OutcomeAllow, "preset allow-all"
	case p == PresetAllowEdits && t.Annotations.Destructive && !t.Annotations.ReadOnly:
		return OutcomeAsk, "preset allow-edits: the tool is destructive"
	case p == PresetAllowEdits:
		return OutcomeAllow, "preset allow-edits"
	case p == PresetAllowReads && !t.Annotations.ReadOnly:
		return OutcomeAsk, "preset allow-reads: the tool is not read-only"
	case p == PresetAllowReads:
		return OutcomeAllow, "preset allow-reads"
	case t.RequiresApproval:
		return OutcomeAsk, "the tool requires approval"
	}
	return OutcomeAllow, "no rule matched"
}
