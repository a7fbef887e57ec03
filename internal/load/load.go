// Package load reads the one package toolgen generates for: its syntax with
// comments and its types, with dependencies taken from compiler export data.
package load

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/packages"
)

// BuildTag is set while loading, so that the previous output (built with
// //go:build !toolgen) is invisible: a stale generated file never stops
// toolgen from reading the package that replaces it.
const BuildTag = "toolgen"

// Package loads the package in dir, with its module (analyze reads the
// doc comments of the module's other packages from their source). Type errors do not fail the load: code
// that uses generated names (ToolGetWeather) does not type-check while the
// generated file is hidden, so analyze decides which errors matter (those
// touching a tool's signature). The package's errors are in its Errors.
//
// The mode is stringer's: the root package is parsed and type-checked from
// source, every dependency comes from export data that go build caches. On a
// 2-core machine this takes ~0.1-0.2 s warm; loading dependencies from source
// (NeedDeps) costs ten times more, and an Overlay would disable export data
// altogether.
//
// env, if not empty, is appended to the process's environment for the go
// command (GOFLAGS=-mod=mod, GOWORK=off), so callers need not change the
// process's own.
func Package(dir string, tags, env []string) (*packages.Package, error) {
	cfg := &packages.Config{
		Mode:       packages.NeedName | packages.NeedModule | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:        dir,
		BuildFlags: []string{"-tags=" + strings.Join(append([]string{BuildTag}, tags...), ",")},
		Tests:      false,
	}
	if len(env) > 0 {
		cfg.Env = append(os.Environ(), env...)
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, fmt.Errorf("loading the package in %s: %w", dir, err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("loading the package in %s: found %d packages, want 1", dir, len(pkgs))
	}
	p := pkgs[0]
	if p.Types == nil || len(p.Syntax) == 0 {
		return nil, fmt.Errorf("loading the package in %s: %s", dir, describeErrors(p.Errors))
	}
	return p, nil
}

func describeErrors(errs []packages.Error) string {
	if len(errs) == 0 {
		return "no Go files"
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = strings.TrimPrefix(e.Error(), "-: ")
	}
	return strings.Join(msgs, "\n")
}
