package permission

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/callargs"
)

// ToolCall is a model's request to call a tool: what a permission decision
// and an approval are about.
type ToolCall struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	Args json.RawMessage  `json:"args"`
}

// toolCallJSON is ToolCall's JSON form.
type toolCallJSON struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	callargs.Fields
}

// MarshalJSON writes c with its arguments exactly as the model sent them,
// whatever the bytes (see agent.State for the form).
func (c ToolCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(toolCallJSON{ID: c.ID, Name: c.Name, Fields: callargs.Write(c.Args)})
}

// UnmarshalJSON reads what MarshalJSON writes, and the form of states
// written before arguments had one ("args" only).
func (c *ToolCall) UnmarshalJSON(data []byte) error {
	var w toolCallJSON
	args, err := callargs.Decode(data, &w, &w.ID, &w.Fields)
	if err != nil {
		return err
	}
	*c = ToolCall{ID: w.ID, Name: w.Name, Args: args}
	return nil
}
