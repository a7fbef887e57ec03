package hundred

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func TestHundredTools(t *testing.T) {
	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	require.Len(t, box.Tools(), 100)
	_, ok := box.Lookup(ToolTool042)
	require.True(t, ok)
}

// BenchmarkRegister100 is what a program pays at start to have 100 tools
// ready to call by name: the generated Tools() and a Toolbox.
func BenchmarkRegister100(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := toolgen.NewToolbox(Tools()); err != nil {
			b.Fatal(err)
		}
	}
}
