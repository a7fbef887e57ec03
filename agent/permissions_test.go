package agent

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

func schemaTool(name toolgen.ToolName, schema string) toolgen.Tool {
	return toolgen.Tool{Name: name, InputSchema: []byte(schema)}
}

func TestNewRefusesMisspelledArgument(t *testing.T) {
	tools := []toolgen.Tool{schemaTool("run_command", `{"type":"object","properties":{"command":{"type":"string"}}}`)}
	tools[0].Call = func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ran"), nil }
	_, err := New(nopModel{}, WithTools(tools), WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "run_command", Args: map[string]string{"cmd": "rm *"}}}}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `tool run_command takes no argument "cmd"`)
}

type nopModel struct{}

func (nopModel) Generate(context.Context, Request) (Response, error) { return Response{}, nil }
