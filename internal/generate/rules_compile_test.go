package generate

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRuleTypos builds testdata/rulecheck, which uses the rule types
// generated for testdata/e2e: as it is it compiles, and each build tag adds a
// file with a typo that the compiler must reject, since a rule about a
// misspelled tool or argument would match nothing and silently allow.
func TestRuleTypos(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package of the testdata module with the go command")
	}
	t.Parallel()
	tests := []struct {
		name, tags, want string // want: "" to compile, else the compiler's message
	}{
		{"correct rules", "", ""},
		{"misspelled tool", "rulecheck_tool", "undefined: e2e.SerchRule"},
		{"misspelled argument", "rulecheck_arg", "unknown field Qeury in struct literal of type e2e.SearchRule"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command("go", "vet", "-tags="+tt.tags, "./rulecheck")
			cmd.Dir = testModule
			cmd.Env = append(os.Environ(), hermeticEnv...)
			out, err := cmd.CombinedOutput()
			if tt.want == "" {
				require.NoError(t, err, "go vet ./rulecheck:\n%s", out)
				return
			}
			require.Error(t, err, "go vet -tags=%s ./rulecheck compiled a typo", tt.tags)
			assert.Contains(t, string(out), tt.want)
		})
	}
}

// TestSharedTableGuard builds testdata/e2e/shared, where WaveArgs shares
// GreetArgs's table since the two have one layout, with the tag
// layoutcheck, which gives WaveArgs another layout, as if it had changed
// since the file was generated: the file must not compile, since its table
// would read another layout's offsets.
func TestSharedTableGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package of the testdata module with the go command")
	}
	t.Parallel()
	for _, tags := range []string{"", "layoutcheck"} {
		cmd := exec.Command("go", "vet", "-tags="+tags, "./e2e/shared")
		cmd.Dir = testModule
		cmd.Env = append(os.Environ(), hermeticEnv...)
		out, err := cmd.CombinedOutput()
		if tags == "" {
			require.NoError(t, err, "go vet ./e2e/shared:\n%s", out)
			continue
		}
		require.Error(t, err, "go vet -tags=layoutcheck ./e2e/shared compiled a stale shared table")
		assert.Contains(t, string(out), "cannot convert WaveArgs{} (value of struct type WaveArgs) to type GreetArgs")
	}
}
