package fidelity

// Tagged has json tags at their edges.
type Tagged struct {
	Dash    int    `json:"-,"`
	Uni     string `json:"naïve"`
	Space   string `json:"with space"`
	Quote   string `json:"it's"`
	Bslash  string `json:"a\\b"`
	Empty   int    `json:",omitempty"`
	Punct   string `json:"a-b.c:d"`
	Slash   string `json:"a/b~c"`
	Pct     string `json:"100%"`
	Skipped string `json:"-"`
	NoName  bool   `json:",omitzero"`
	Upper   int    `json:"UPPER,omitempty"`
	unexp   int
}
