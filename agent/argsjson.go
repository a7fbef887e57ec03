package agent

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/callargs"
)

// PendingCall and Call keep their arguments as ToolCall does (see
// internal/callargs for the JSON form).

// pendingCallJSON is PendingCall's JSON form.
type pendingCallJSON struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	callargs.Fields
	Reason        string `json:"reason"`
	ProgramCallID string `json:"program_call_id,omitempty"`
}

// MarshalJSON writes p with its arguments exactly as the model sent them,
// as ToolCall does.
func (p PendingCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(pendingCallJSON{ID: p.ID, Name: p.Name, Fields: callargs.Write(p.Args), Reason: p.Reason, ProgramCallID: p.ProgramCallID})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *PendingCall) UnmarshalJSON(data []byte) error {
	var w pendingCallJSON
	args, err := callargs.Decode(data, &w, &w.ID, &w.Fields)
	if err != nil {
		return err
	}
	*p = PendingCall{ID: w.ID, Name: w.Name, Args: args, Reason: w.Reason, ProgramCallID: w.ProgramCallID}
	return nil
}

// callJSON is Call's JSON form: its ToolCall's members, then its own.
type callJSON struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	callargs.Fields
	Turn           int         `json:"turn"`
	IdempotencyKey string      `json:"idempotency_key"`
	Program        *ProgramRun `json:"program,omitempty"`
}

// MarshalJSON writes c with its arguments exactly as the model sent them,
// as ToolCall does (Call needs its own, or ToolCall's, promoted, would
// leave out Turn and IdempotencyKey).
func (c Call) MarshalJSON() ([]byte, error) {
	return json.Marshal(callJSON{ID: c.ID, Name: c.Name, Fields: callargs.Write(c.Args), Turn: c.Turn, IdempotencyKey: c.IdempotencyKey, Program: c.Program})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Call) UnmarshalJSON(data []byte) error {
	var w callJSON
	args, err := callargs.Decode(data, &w, &w.ID, &w.Fields)
	if err != nil {
		return err
	}
	*c = Call{ToolCall: ToolCall{ID: w.ID, Name: w.Name, Args: args}, Turn: w.Turn, IdempotencyKey: w.IdempotencyKey, Program: w.Program}
	return nil
}
