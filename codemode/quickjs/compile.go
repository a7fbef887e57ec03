package quickjs

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/go-sourcemap/sourcemap"
	"github.com/toolgen-dev/toolgen/codemode"
)

// prelude is the JavaScript each runtime runs before the program (see the
// file's comments).
//
//go:embed prelude.js
var prelude string

// preludeLines pads the program's script: QuickJS names every script
// <eval>, so a frame of the program is told from a frame of the prelude by
// its line, past the prelude's.
var preludeLines = strings.Count(prelude, "\n") + 1

// The model's statements become the body of an async function expression,
// so that await and return work at the top level; the prefix adds one
// line, which position takes off again.
const (
	mainPrefix = "(async function () {\n"
	mainSuffix = "\n})"
)

// program is the model's TypeScript stripped to JavaScript, with the
// source map that takes a position back to the TypeScript.
type program struct {
	script string // the JavaScript, after preludeLines empty lines
	srcMap *sourcemap.Consumer
}

// compile strips the TypeScript with esbuild, in process. A syntax error
// is a *codemode.ProgramError at the model's line and column.
func compile(source string) (*program, error) {
	res := api.Transform(mainPrefix+source+mainSuffix, api.TransformOptions{
		Loader: api.LoaderTS, Target: api.ES2022, Sourcemap: api.SourceMapExternal,
		Sourcefile: "program.ts",
	})
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		if m.Location == nil {
			return nil, &codemode.ProgramError{Message: "SyntaxError: " + m.Text}
		}
		return nil, &codemode.ProgramError{Line: max(m.Location.Line-1, 1), Column: m.Location.Column + 1, Message: "SyntaxError: " + m.Text}
	}
	sm, err := sourcemap.Parse("program.js.map", res.Map)
	if err != nil {
		return nil, err
	}
	return &program{script: strings.Repeat("\n", preludeLines) + string(res.Code), srcMap: sm}, nil
}

// frame is a position in a QuickJS stack trace: "    at f (<eval>:4:10)".
var frame = regexp.MustCompile(`<eval>:(\d+):(\d+)`)

// position maps the first frame of a stack trace that is in the program
// to the model's line and column (0, 0 when there is none).
func (p *program) position(stack string) (line, column int) {
	for _, m := range frame.FindAllStringSubmatch(stack, -1) {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if line, col, ok := p.source(line, col); ok {
			return line, col
		}
	}
	return 0, 0
}

// source maps a line and column of the script (1-based) to the model's
// source.
func (p *program) source(line, col int) (int, int, bool) {
	line -= preludeLines
	if line < 1 {
		return 0, 0, false
	}
	_, _, srcLine, srcCol, ok := p.srcMap.Source(line, max(col-1, 0))
	if !ok || srcLine < 2 {
		return 0, 0, false
	}
	return srcLine - 1, srcCol + 1, true
}

// programError is an exception the program did not catch, or a bound the
// engine met that the program did not catch (it may catch them: then it
// goes on, within the same bounds).
func (p *program) programError(message, stack string) error {
	switch message {
	case "InternalError: out of memory", "InternalError: string too long":
		return fmt.Errorf("%w (%s)", codemode.ErrMemory, message)
	case "InternalError: stack overflow":
		return fmt.Errorf("%w (%s)", codemode.ErrStack, message)
	}
	line, col := p.position(stack)
	return &codemode.ProgramError{Line: line, Column: col, Message: message}
}
