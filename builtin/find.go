package builtin

import (
	"context"
	"errors"
)

// ListFiles lists a directory of the workspace: its entries, or with
// recursive every file and directory below it. Directories end with "/";
// .git directories are left out.
//
// Parameters:
//   - path: the directory, relative to the workspace root; the root when absent.
//   - recursive: list everything below the directory; false when absent.
//
//toolgen:tool readonly idempotent
func (f *files) ListFiles(ctx context.Context, path *string, recursive *bool) (string, error) {
	dir, err := f.ws.statDir(strOr(path, "."), f.names.Of(ToolReadFile))
	if err != nil {
		return "", err
	}
	out := newLister(f.maxResults)
	var unread walkProblems
	if recursive != nil && *recursive {
		unread, err = f.ws.walk(ctx, dir, func(e entry) error {
			out.add(e.name, e.IsDir())
			return out.full()
		})
	} else {
		err = f.listDir(dir, out)
	}
	if err != nil && !errors.Is(err, errFull) {
		return "", explain(strOr(path, "."), err)
	}
	return answer(out, "(empty directory)", "nothing found", unread)
}

func (f *files) listDir(dir string, out *lister) error {
	entries, err := f.ws.readDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == ".git" {
			continue
		}
		out.add(join(rel(dir), e.Name()), e.IsDir())
		if out.full() != nil {
			return errFull
		}
	}
	return nil
}

func strOr(p *string, def string) string {
	if p == nil || *p == "" {
		return def
	}
	return *p
}
