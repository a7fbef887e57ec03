package builtin

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
)

// Glob finds the files of the workspace whose paths match a pattern, sorted.
// In the pattern, * matches within one path segment, ** any number of
// segments, ? one character, [a-z] a set: **/*.go, cmd/*/main.go.
//
// Parameters:
//   - pattern: the pattern, relative to path.
//   - path: the directory to search in, relative to the workspace root; the root when absent.
//
//toolgen:tool readonly idempotent
func (f *files) Glob(ctx context.Context, pattern string, path *string) (string, error) {
	pattern, err := f.globIn(strOr(path, ""), pattern)
	if err != nil {
		return "", err
	}
	segs, err := f.globSegments(pattern)
	if err != nil {
		return "", err
	}
	start := staticPrefix(segs)
	out := newLister(f.maxResults)
	m := newMatcher(segs)
	unread, err := f.ws.walk(ctx, filepath.FromSlash(start), func(e entry) error {
		if !e.IsDir() && m.match(e.name) {
			out.add(e.name, false)
		}
		return out.full()
	})
	if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && start != "." {
		err = nil // a pattern below a directory that is not there matches nothing
	}
	if err != nil && !errors.Is(err, errFull) {
		return "", explain(pattern, err)
	}
	return answer(out, fmt.Sprintf("no files match %q", pattern), fmt.Sprintf("no files match %q", pattern), unread)
}

// globIn is the pattern relative to the workspace root: dir's, when dir
// names a directory other than the root and the pattern is relative.
func (f *files) globIn(dir, pattern string) (string, error) {
	if dir == "" || filepath.IsAbs(pattern) {
		return pattern, nil
	}
	if _, err := f.ws.statDir(dir, f.names.Of(ToolReadFile)); err != nil {
		return "", err
	}
	if strings.Trim(dir, "/") == "." {
		return pattern, nil
	}
	return strings.TrimSuffix(dir, "/") + "/" + pattern, nil
}

// globSegments checks a pattern and splits it into path segments.
func (f *files) globSegments(pattern string) ([]string, error) {
	name, err := f.ws.name(pattern)
	if err != nil {
		return nil, err
	}
	return patternSegments("pattern", pattern, rel(name))
}

// staticPrefix is the directory the pattern's leading plain segments name,
// where the walk starts.
func staticPrefix(segs []string) string {
	var fixed []string
	for _, s := range segs[:len(segs)-1] {
		if strings.ContainsAny(s, `*?[\`) {
			break
		}
		fixed = append(fixed, s)
	}
	if len(fixed) == 0 {
		return "."
	}
	return strings.Join(fixed, "/")
}
