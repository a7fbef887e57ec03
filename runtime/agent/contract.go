package agent

import "fmt"

// CheckContract says whether the agent's tool named by fp still has the
// contract fp recorded (a fingerprint from PausedTurn.Tools, taken when the
// turn's calls were decided): nil if so, else an error saying what
// changed (the tool is gone, its input schema differs, or its
// RequiresApproval or annotations do). Resume refuses a whole paused turn
// when one of its tools changed; an engine that takes the answers to a
// pause one at a time (package temporal) checks each tool with it instead,
// and refuses the calls of a changed one.
func (a *Agent) CheckContract(fp ToolFingerprint) error {
	t, ok := a.tools.Lookup(fp.Name)
	switch {
	case !ok:
		return fmt.Errorf("tool %s changed since its calls were decided: this agent does not have it", fp.Name)
	case schemaHash(t.InputSchema) != fp.SchemaHash:
		return fmt.Errorf("tool %s changed since its calls were decided: its input schema differs", fp.Name)
	case fp.ContractHash != "" && contractHash(t) != fp.ContractHash:
		return fmt.Errorf("tool %s changed since its calls were decided: its RequiresApproval or annotations differ", fp.Name)
	}
	return nil
}
