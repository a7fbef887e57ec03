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
	if what := a.contractChange(fp); what != "" {
		return fmt.Errorf("tool %s changed since its calls were decided: %s", fp.Name, what)
	}
	return nil
}

// contractChange is what changed in the tool fp names since fp was taken
// ("" if nothing did).
func (a *Agent) contractChange(fp ToolFingerprint) string {
	t, ok := a.tools.Lookup(fp.Name)
	switch {
	case !ok:
		return "this agent does not have it"
	case schemaHash(t.InputSchema) != fp.SchemaHash:
		return "its input schema differs"
	case fp.ContractHash != "" && contractHash(t) != fp.ContractHash:
		return "its RequiresApproval or annotations differ"
	}
	return ""
}
