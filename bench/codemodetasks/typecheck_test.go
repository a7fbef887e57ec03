package codemodetasks

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProgramsTypeCheck checks that the code mode model's programs are
// TypeScript that tsc --strict accepts against the package's declarations,
// as a model's program would be written: each is the body of an async
// function. It runs where testdata/npm has TypeScript installed (CI's npm
// install), and is skipped elsewhere.
func TestProgramsTypeCheck(t *testing.T) {
	tsc, err := filepath.Abs("../../testdata/npm/node_modules/typescript/bin/tsc")
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if _, statErr := os.Stat(tsc); err != nil || statErr != nil {
		t.Skip("Node and TypeScript (npm install in testdata/npm) type-check the programs")
	}
	var src strings.Builder
	src.WriteString(CodeModeDeclarations() + "\n")
	for i, tk := range tasks {
		fmt.Fprintf(&src, "\nasync function task%d() {\n%s\n}\n", i, tk.program)
	}
	src.WriteString("export {};\n")
	file := filepath.Join(t.TempDir(), "programs.ts")
	if err := os.WriteFile(file, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, node, tsc, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022", file).CombinedOutput()
	if err != nil {
		t.Fatalf("tsc --strict over the programs: %v\n%s", err, out)
	}
}
