package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// mcpCommand is `toolgen mcp`'s own command. It is built when asked for,
// so that toolgen, which every package with tools runs at go generate,
// does not link the MCP SDK.
const mcpCommand = "github.com/toolgen-dev/toolgen/cmd/toolgen-mcp"

// runMCP builds toolgen-mcp in the current module and runs it with args,
// passing its output and exit status through.
func runMCP(args []string, stdout, stderr io.Writer) int {
	dir, err := os.MkdirTemp("", "toolgen-mcp-")
	if err != nil {
		fmt.Fprintln(stderr, "toolgen mcp:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "toolgen-mcp")
	build := exec.Command("go", "build", "-o", bin, mcpCommand)
	build.Stdout, build.Stderr = stderr, stderr
	if err := build.Run(); err != nil {
		fmt.Fprintf(stderr, "toolgen mcp: cannot build %s (%v); add it to the module with\n\tgo get -tool %s\nand run go tool toolgen-mcp\n", mcpCommand, err, mcpCommand)
		return 1
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	var exit *exec.ExitError
	switch err := cmd.Run(); {
	case errors.As(err, &exit):
		return exit.ExitCode()
	case err != nil:
		fmt.Fprintln(stderr, "toolgen mcp:", err)
		return 1
	}
	return 0
}
