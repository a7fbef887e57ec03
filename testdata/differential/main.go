// Command differential calls every tool of the end-to-end packages with
// the same arguments, valid and invalid, and prints, a line per call, what
// Validate and Call answered. internal/generate's TestTablesAndReadersAgree
// runs it on the packages as toolgen generates them (structs read through
// toolimpl's tables) and on the same packages generated with a reader per
// struct (go run -overlay), and requires the two outputs to be one: the two
// ways of reading arguments must accept, refuse and word alike.
//
// The arguments come from each tool's input schema (documents): a valid
// document, then that document with each member removed, each value (at
// every depth) replaced by values of every JSON kind, out of range, of bad
// UTF-8, very large or deeply nested, an unknown member added, and whole
// documents that are no object.
package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/toolgen-dev/toolgen"

	"toolgen.test/e2e"
	"toolgen.test/e2e/entries"
	"toolgen.test/e2e/methods"
	"toolgen.test/e2e/partial"
	"toolgen.test/e2e/shared"
	"toolgen.test/e2e/unions"
	"toolgen.test/fidelity"
	"toolgen.test/repair"
	"toolgen.test/shapes"
)

func main() {
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	go func() { // shared's Forget and Remember tell their test here
		for range shared.Forgotten {
		}
	}()
	sets := [][]toolgen.Tool{
		e2e.Tools(), new(e2e.Counter).Tools(), entries.Tools(), methods.Tools(), partial.Tools(),
		shared.Tools(), unions.Tools(), fidelity.Tools(), repair.Tools(), shapes.Tools(),
	}
	for _, tools := range sets {
		for _, tool := range tools {
			for _, args := range documents(tool.InputSchema) {
				fmt.Fprintf(out, "%s %s\n\t%s\n", tool.Name, short(strconv.Quote(args)), short(answer(tool, args)))
			}
		}
	}
}

// validateOnly are the tools whose run takes as long as their arguments
// say (a count of rows, of milliseconds): they are only validated.
var validateOnly = map[toolgen.ToolName]bool{e2e.ToolSleep: true, partial.ToolReadRows: true, partial.ToolRows: true, partial.ToolTick: true}

// answer is what tool's Validate and Call say of args, on one line.
func answer(tool toolgen.Tool, args string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	valid := "ok"
	if tool.Validate != nil {
		if err := tool.Validate(ctx, []byte(args)); err != nil {
			valid = err.Error()
		}
	}
	if validateOnly[tool.Name] {
		return strconv.Quote(valid)
	}
	res, err := tool.Call(ctx, []byte(args))
	if err != nil {
		return strconv.Quote(valid) + " call failed: " + strconv.Quote(err.Error())
	}
	return fmt.Sprintf("%q error=%t %q", valid, res.IsError, res.Text())
}

// short is text, or its start and a digest of it when long: two texts
// still compare as equal only when they are.
func short(text string) string {
	if len(text) <= 400 {
		return text
	}
	return fmt.Sprintf("%s... (%d bytes, sha256 %x)", text[:300], len(text), sha256.Sum256([]byte(text)))
}
