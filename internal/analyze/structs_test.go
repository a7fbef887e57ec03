package analyze

import "testing"

// TestParseJSONTag checks json tag names against encoding/json's rule: a
// name it does not take leaves the field its Go name.
func TestParseJSONTag(t *testing.T) {
	for tag, want := range map[string]string{
		"name": "name", "-,": "-", "naïve,omitempty": "naïve", "with space": "with space", "a-b.c:d/e~f": "a-b.c:d/e~f",
		"100%": "100%", ",omitempty": "", "it's": "", `a\b`: "", `a"b`: "", "a`b": "", "": "", "x\x00": "",
	} {
		if name, _ := parseJSONTag(tag); name != want {
			t.Errorf("parseJSONTag(%q) names %q, want %q", tag, name, want)
		}
	}
}
