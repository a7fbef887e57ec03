package chatcore

import "github.com/toolgen-dev/toolgen/agent"

// Outcome is what a UI reads of a finished call (agent.EventToolFinished):
// its result's text, or, when it failed, what went wrong; and whether it
// failed.
func Outcome(e agent.Event) (text string, failed bool) {
	if !e.IsError && !e.Result.IsError {
		return e.Result.Text(), false
	}
	text = e.Result.Text()
	if text == "" {
		text = "The tool failed: " + e.Reason
	}
	return text, true
}

// NotRun is what a UI reads of a call that a rule or the agent refused
// for reason (agent.EventCallDenied).
func NotRun(reason string) string { return "The call was not run: " + reason + "." }
