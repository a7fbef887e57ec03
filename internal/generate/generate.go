// Package generate runs toolgen's pipeline (load -> analyze -> schema -> emit) on one
// package and returns the file it would write; it writes nothing itself,
// except through Write, so tests run the whole pipeline in memory.
package generate

import (
	"fmt"
	"path/filepath"

	"github.com/toolgen-dev/toolgen/internal/analyze"
	"github.com/toolgen-dev/toolgen/internal/emit"
	"github.com/toolgen-dev/toolgen/internal/genfile"
	"github.com/toolgen-dev/toolgen/internal/load"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/schema"
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
}

// File is one generated file.
type File struct {
	Path    string
	Content []byte
	Package *model.Package
}

// Run generates the file for the package in cfg.Dir. User mistakes come
// back as analyze.Errors, with positions relative to cfg.WorkDir.
func Run(cfg Config) (*File, error) {
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, err
	}
	work := cfg.WorkDir
	if work == "" {
		work = dir
	}
	if work, err = filepath.Abs(work); err != nil {
		return nil, err
	}
	pkg, err := load.Package(dir, cfg.Tags, cfg.Env)
	if err != nil {
		return nil, err
	}
	m, errs := analyze.Package(pkg, work)
	if len(errs) > 0 {
		return nil, errs.Relative(work)
	}
	if len(m.Tools) == 0 {
		return nil, fmt.Errorf("package %s has no functions marked //toolgen:tool", pkg.PkgPath)
	}
	schema.Derive(m) // the stage between analyze and emit
	src, err := emit.File(m)
	if err != nil {
		return nil, err
	}
	return &File{Path: filepath.Join(dir, outputName(cfg)), Content: src, Package: m}, nil
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
