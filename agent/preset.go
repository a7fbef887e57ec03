package agent

import (
	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// Preset decides calls that no permission rule matched, from the tools'
// annotations. With no preset, a tool's own RequiresApproval decides.
//
// As the AI SDK's harness keeps permission modes for its built-in tools
// and each host tool's approval for itself, a preset decides the built-in
// tools (toolgen.Tool.Builtin: package builtin's files and run_command)
// over their RequiresApproval, while a host tool that requires approval
// asks under every preset (only an allow rule naming it lifts that: see
// Permissions). For the other host tools a preset only adds asks: under
// allow-edits a destructive one asks, under allow-reads any but a
// read-only one.
type Preset string

// The presets, named as in the AI SDK harness's permission modes.
const (
	// PresetDefault: a tool asks if it RequiresApproval, else runs.
	PresetDefault Preset = ""
	// PresetAllowAll: every built-in tool runs, and every host tool that
	// does not require approval (deny and ask rules still apply).
	PresetAllowAll Preset = "allow-all"
	// PresetAllowEdits: reads and edits run; destructive tools (deleting,
	// overwriting, running shell commands) ask, and host tools that
	// require approval.
	PresetAllowEdits Preset = "allow-edits"
	// PresetAllowReads: read-only tools run, but host tools that require
	// approval; everything else asks.
	PresetAllowReads Preset = "allow-reads"
)

// decide is the preset's outcome for a call of t, and why, for a tool
// that is built in or does not require approval (Agent.decide asks for the
// others first).
func (p Preset) decide(t toolgen.Tool) (permission.Outcome, string) {
	switch {
	case p == PresetAllowAll:
		return permission.OutcomeAllow, "preset allow-all"
	case p == PresetAllowEdits && t.Annotations.Destructive && !t.Annotations.ReadOnly:
		return permission.OutcomeAsk, "preset allow-edits: the tool is destructive"
	case p == PresetAllowEdits:
		return permission.OutcomeAllow, "preset allow-edits"
	case p == PresetAllowReads && !t.Annotations.ReadOnly:
		return permission.OutcomeAsk, "preset allow-reads: the tool is not read-only"
	case p == PresetAllowReads:
		return permission.OutcomeAllow, "preset allow-reads"
	case t.RequiresApproval:
		return permission.OutcomeAsk, "the tool requires approval"
	}
	return permission.OutcomeAllow, "no rule matched"
}
