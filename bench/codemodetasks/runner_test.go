package codemodetasks

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	interp "github.com/toolgen-dev/toolgen/bench/codemode"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// runner runs the programs. STAND-IN until codemode/quickjs is merged.
var runner codemode.Runner = standIn{}

type standIn struct{}

func (standIn) Run(ctx context.Context, p codemode.Program, host codemode.Host) (codemode.Result, error) {
	var prelude strings.Builder
	for _, name := range p.Tools {
		fmt.Fprintf(&prelude, "const %s = (a: any) => tools[%q](a);\n", toolimpl.CodeModeIdent(name), name)
	}
	prog, err := interp.Compile(prelude.String() + p.Source)
	if err != nil {
		return codemode.Result{}, err
	}
	calls := 0
	out, err := interp.QuickJS{}.Run(prog, func(name, args string) (string, error) {
		calls++
		v, err := host(ctx, name, json.RawMessage(args))
		return string(v), err
	}, interp.DefaultLimits(p.Tools...))
	return codemode.Result{Value: json.RawMessage(out), Calls: calls}, err
}
