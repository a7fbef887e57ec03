package generate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen/internal/emit"
	"github.com/toolgen-dev/toolgen/runtime/toolimpl"
)

// The generator does not import the runtime; these keep what it assumes
// about the runtime true.

func TestGenVersionMatchesRuntime(t *testing.T) {
	assert.Equal(t, toolimpl.GenVersion, emit.GenVersion, "generated files must declare the version the runtime of this module supports")
}
