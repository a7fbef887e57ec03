package mcp_test

import (
	"testing"

	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/mcp/taskstoretest"
)

func TestMemoryTaskStore(t *testing.T) {
	taskstoretest.Run(t, func(*testing.T) mcp.TaskStore { return mcp.NewMemoryTaskStore() })
}
