package toolimpl

import "testing"

func TestCodeModeIdent(t *testing.T) {
	for name, want := range map[string]string{
		"get_weather": "get_weather",
		"get-user":    "get_user",
		"fs.read":     "fs_read",
		"3d_render":   "_3d_render",
		"delete":      "delete_",
		"Promise":     "Promise_",
		"eval":        "eval_",
		"webSearch":   "webSearch",
		"naïve":       "naïve",
	} {
		if got := CodeModeIdent(name); got != want {
			t.Errorf("CodeModeIdent(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCodeModeDeclarationsOfATool(t *testing.T) {
	c := CodeMode{Types: []string{"type A = 1;", "type B = 2;", "type C = 3;"}, Tools: []CodeModeTool{
		{Name: "x", Text: "declare function x(): Promise<C>;", Types: []int{2}},
		{Name: "y", Text: "declare function y(): Promise<A>;", Types: []int{0}},
		{Name: "z", Text: "declare function z(): Promise<void>;"},
	}}
	if got, want := c.Declarations("y", "x"), "type A = 1;\ntype C = 3;\ndeclare function x(): Promise<C>;\ndeclare function y(): Promise<A>;"; got != want {
		t.Errorf("Declarations(y, x) = %q, want %q: the types once, in order, then the tools in order", got, want)
	}
	if got, want := c.Declarations("z"), "declare function z(): Promise<void>;"; got != want {
		t.Errorf("Declarations(z) = %q, want %q", got, want)
	}
	if got := c.Declarations("other"); got != "" {
		t.Errorf("Declarations(other) = %q, want nothing", got)
	}
}
