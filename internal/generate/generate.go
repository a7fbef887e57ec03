// Package generate runs toolgen's pipeline (load -> analyze -> schema -> emit) on one
// package and returns the file it would write; it writes nothing itself,
// except through Write, so tests run the whole pipeline in memory.
package generate

import (
	"errors"
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/analyze"
	"github.com/toolgen-dev/toolgen/internal/catalog"
	"github.com/toolgen-dev/toolgen/internal/emit"
	"github.com/toolgen-dev/toolgen/internal/genfile"
	"github.com/toolgen-dev/toolgen/internal/load"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/schema"
	"github.com/toolgen-dev/toolgen/internal/tsdecl"
)

// DefaultOutput is the generated file's name.
const DefaultOutput = "tools_gen.go"

// Config says what to generate.
type Config struct {
	Dir    string   // the package's directory
	Output string   // the file name, relative to Dir; DefaultOutput if empty
	Tags   []string // extra build tags for loading
	// WorkDir is where positions in errors are relative to; Dir if empty.
	WorkDir string
	// Env holds extra KEY=value settings for the go command that loads the
	// package, after the process's environment (so they win).
	Env []string
	// Budget, when above zero, caps the tokens of the definitions of the
	// tools sent up front, in every dialect (toolgen -budget); the
	// package's //toolgen:budget holds too.
	Budget int
	// Dialects, when set, makes a tool whose input schema has no form in
	// a provider dialect an error rather than a warning (toolgen -dialects).
	Dialects bool
}

// File is one generated file.
type File struct {
	Path    string
	Content []byte
	Package *model.Package
	// Warnings say, one per place, where a tool's input schema has no form
	// in a provider dialect, why, and the way out, and which namespaces
	// hold more deferred tools than OpenAI's tool search advises, with a
	// split (NamespaceSizes), with positions relative to Config.WorkDir.
	Warnings analyze.Errors
}

// Run generates the file for the package in cfg.Dir. User mistakes come
// back as analyze.Errors, with positions relative to cfg.WorkDir, and so
// does a //toolgen:budget the tools exceed (cfg.Budget's overruns are a
// plain error).
func Run(cfg Config) (*File, error) {
	m, dir, err := Load(cfg)
	if err != nil {
		return nil, err
	}
	work, err := workDir(cfg, dir)
	if err != nil {
		return nil, err
	}
	if err := CheckBudgets([]*model.Package{m}, cfg.Budget, work); err != nil {
		return nil, err
	}
	warnings := DialectGaps([]*model.Package{m}, work)
	if cfg.Dialects && len(warnings) > 0 {
		return nil, warnings
	}
	warnings = append(warnings, NamespaceSizes([]*model.Package{m}, work)...)
	src, err := emit.File(m, false)
	if err != nil {
		return nil, err
	}
	return &File{Path: filepath.Join(dir, outputName(cfg)), Content: src, Package: m, Warnings: warnings}, nil
}

// DialectGaps says, for each place where a tool's input schema has no form
// in a provider dialect (OpenAI's strict mode, Gemini's subset), which
// tool and argument, what is there, what the provider gets instead and the
// way out, at the argument's position (else the tool's) relative to work.
// Nothing a dialect cannot say is dropped in silence.
func DialectGaps(pkgs []*model.Package, work string) analyze.Errors {
	var out analyze.Errors
	for _, pkg := range pkgs {
		for _, t := range pkg.Tools {
			for _, g := range t.Gaps {
				pos := token.Position{Filename: g.Pos.File, Line: g.Pos.Line, Column: g.Pos.Col}
				out = append(out, analyze.Error{Pos: pos, Msg: "tool " + t.Name + ": " + g.Sentence()})
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out.Relative(work)
}

// Load runs the pipeline up to the file: the package's tools, their
// schemas and their token counts. It checks no budget. dir is the
// package's directory, absolute.
func Load(cfg Config) (m *model.Package, dir string, err error) {
	if dir, err = filepath.Abs(cfg.Dir); err != nil {
		return nil, "", err
	}
	work, err := workDir(cfg, dir)
	if err != nil {
		return nil, "", err
	}
	pkg, err := load.Package(dir, cfg.Tags, cfg.Env)
	if err != nil {
		return nil, "", err
	}
	m, errs := analyze.Package(pkg, work)
	if len(errs) > 0 {
		return nil, "", errs.Relative(work)
	}
	if len(m.Tools)+len(m.Prompts)+len(m.Resources) == 0 {
		return nil, "", fmt.Errorf("package %s has no functions marked //toolgen:tool, //toolgen:prompt or //toolgen:resource", pkg.PkgPath)
	}
	schema.Derive(m) // the stage between analyze and emit
	tsdecl.Derive(m)
	catalog.Count(m)
	return m, dir, nil
}

// workDir is cfg.WorkDir, absolute, or dir.
func workDir(cfg Config, dir string) (string, error) {
	if cfg.WorkDir == "" {
		return dir, nil
	}
	return filepath.Abs(cfg.WorkDir)
}

// CheckBudgets checks each package's tools against its //toolgen:budget,
// and the tools of all pkgs together against limit (-budget) when it is
// above zero: the tools sent up front (not deferred) must take no more
// tokens than a budget in any dialect, nor in code mode's declarations. It returns one line per dialect
// over a budget: the directive's at its position relative to work (as
// analyze.Errors), the limit's naming the flag and the packages.
func CheckBudgets(pkgs []*model.Package, limit int, work string) error {
	var positioned analyze.Errors
	for _, pkg := range pkgs {
		if b := pkg.Budget; b != nil {
			for _, o := range catalog.OverBudget([]*model.Package{pkg}, b.Tokens) {
				pos := token.Position{Filename: b.Pos.File, Line: b.Pos.Line, Column: b.Pos.Col}
				positioned = append(positioned, analyze.Error{Pos: pos, Msg: "//toolgen:budget: " + o.Message()})
			}
		}
	}
	var errs []error
	if len(positioned) > 0 {
		errs = append(errs, positioned.Relative(work))
	}
	if limit > 0 {
		paths := make([]string, len(pkgs))
		for i, pkg := range pkgs {
			paths[i] = pkg.Path
		}
		for _, o := range catalog.OverBudget(pkgs, limit) {
			errs = append(errs, fmt.Errorf("toolgen -budget %d (%s): %s", limit, strings.Join(paths, ", "), o.Message()))
		}
	}
	return errors.Join(errs...)
}

func outputName(cfg Config) string {
	if cfg.Output == "" {
		return DefaultOutput
	}
	return cfg.Output
}

// Write writes f unless the file on disk already has its bytes (keeping its
// modification time, and so go build's cache). It reports whether it wrote.
func Write(f *File) (bool, error) { return genfile.Write(f.Path, f.Content) }

// Check compares f with the file on disk and returns a unified diff from
// disk to f, or "" when the file is fresh.
func Check(f *File, name string) (string, error) { return genfile.Check(f.Path, name, f.Content) }
