// Package load reads the one package toolgen generates for: its syntax with
// comments and its types, with dependencies taken from compiler export data.
package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// When go list fails, the error is the go command's own report (asked of go
// list again when go/packages found nothing, which it does quietly for a
// go.mod that needs go mod tidy, or no go.mod); a failed import's type error
// gets go list's reason (see explainImportErrors).
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
		return nil, fmt.Errorf("loading the package in %s: %s", dir, goCommandError(err))
	}
	if len(pkgs) != 1 {
		// go/packages, reading dependencies from export data, keeps quiet
		// about a go list that failed before listing anything (no go.mod, a
		// go.mod that needs go mod tidy): ask go list itself why.
		return nil, fmt.Errorf("loading the package in %s: %s", dir, goListFailure(cfg, len(pkgs)))
	}
	p := pkgs[0]
	if p.Types == nil || len(p.Syntax) == 0 {
		return nil, fmt.Errorf("loading the package in %s: %s", dir, describeErrors(p.Errors))
	}
	explainImportErrors(cfg, p)
	return p, nil
}

// goCommandError is the go command's own report in err, an error of
// go/packages: "err: exit status 1: stderr: " followed by what the go
// command wrote, which is all that is worth showing.
func goCommandError(err error) string {
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "err: "); ok {
		if _, stderr, ok := strings.Cut(rest, ": stderr: "); ok && strings.TrimSpace(stderr) != "" {
			return strings.TrimSpace(stderr)
		}
	}
	return msg
}

// goListFailure runs go list as go/packages did, after go/packages found
// found packages instead of one, and returns what go list says: its
// stderr, or the package's error.
func goListFailure(cfg *packages.Config, found int) string {
	args := append(append([]string{"list", "-e", "-f", "{{with .Error}}{{.}}{{end}}"}, cfg.BuildFlags...), "--", ".")
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	for _, out := range []string{stderr.String(), stdout.String()} {
		if out = strings.TrimSpace(out); out != "" {
			return out
		}
	}
	if runErr != nil {
		return "go list: " + runErr.Error()
	}
	return fmt.Sprintf("go list found %d packages, want 1", found)
}

// explainImportErrors replaces, in p.Errors and p.TypeErrors (which
// analyze quotes), the type checker's "could not import P (invalid package
// name: "")", which says nothing, with go list's reason for the import at
// that position (the module providing P is not required: go mod tidy or go
// get; P does not exist; ...). go/packages reads a failed import as an
// empty package, so the type checker cannot know why; go list does.
func explainImportErrors(cfg *packages.Config, p *packages.Package) {
	failed := false
	for _, e := range p.TypeErrors {
		failed = failed || strings.HasPrefix(e.Msg, "could not import ")
	}
	if !failed {
		return
	}
	reasons := depsErrors(cfg)
	for i, te := range p.TypeErrors {
		rest, ok := strings.CutPrefix(te.Msg, "could not import ")
		if !ok || te.Fset == nil {
			continue
		}
		pos := te.Fset.Position(te.Pos)
		why, known := reasons[fmt.Sprintf("%s:%d:%d", pos.Filename, pos.Line, pos.Column)]
		if !known {
			continue
		}
		path, _, _ := strings.Cut(rest, " ")
		msg := "could not import " + path + ": " + why
		for j, e := range p.Errors {
			if e.Msg == te.Msg && e.Pos == pos.String() {
				p.Errors[j].Msg = msg
			}
		}
		p.TypeErrors[i].Msg = msg
	}
}

// depsErrors asks go list why imports of the package in cfg.Dir failed, by
// the position of the import ("/abs/file.go:line:col").
func depsErrors(cfg *packages.Config) map[string]string {
	args := append(append([]string{"list", "-e", "-json=DepsErrors"}, cfg.BuildFlags...), "--", ".")
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	var listed struct {
		DepsErrors []struct {
			Pos string
			Err string
		}
	}
	if json.Unmarshal(out, &listed) != nil {
		return nil
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil
	}
	reasons := map[string]string{}
	for _, e := range listed.DepsErrors {
		if e.Pos == "" {
			continue
		}
		pos := e.Pos
		if !filepath.IsAbs(pos) {
			pos = filepath.Join(dir, pos)
		}
		// One line, as toolgen reports each error: go list indents the
		// command that would fix it on a line of its own.
		reasons[pos] = strings.ReplaceAll(strings.ReplaceAll(e.Err, "\n\t", " "), "\n", " ")
	}
	return reasons
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
