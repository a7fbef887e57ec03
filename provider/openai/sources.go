package openai

import (
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// Web search's citations. Both APIs cite the pages a search found as
// url_citation annotations of the answer's text: Chat Completions on the
// message (its fields in "url_citation"), the Responses API on each
// output_text (its fields on the annotation). Their start_index and
// end_index count characters (code points) of that text, end exclusive;
// they become agent.Sources with a Citation at byte offsets of the whole
// answer's text. Annotations of other kinds (file citations) are not web
// pages.

// annotation is an annotation of either API.
type annotation struct {
	Type string `json:"type"`
	// The Responses API's url_citation.
	citation
	// Chat Completions' url_citation.
	URLCitation *citation `json:"url_citation"`
}

// citation is what a url_citation says.
type citation struct {
	URL        string `json:"url"`
	Title      string `json:"title"`
	StartIndex int    `json:"start_index"`
	EndIndex   int    `json:"end_index"`
}

// addSources adds the web pages annotations cite to msg's Sources (one per
// URL, in order). Their indices count in text, whose first byte is at base
// in msg.Text.
func addSources(msg *agent.Message, annotations []annotation, text string, base int) {
	for _, a := range annotations {
		if src, ok := a.source(msg.Text, text, base); ok {
			msg.AddSource(src)
		}
	}
}

// source is the page a url_citation cites, with the piece of answer it
// cites when its indices hold one.
func (a annotation) source(answer, text string, base int) (agent.Source, bool) {
	c := a.citation
	if a.URLCitation != nil {
		c = *a.URLCitation
	}
	if a.Type != "url_citation" || c.URL == "" {
		return agent.Source{}, false
	}
	src := agent.Source{URL: c.URL, Title: c.Title}
	if start, end, ok := adapter.RuneSpan(text, c.StartIndex, c.EndIndex); ok {
		if cited, ok := adapter.Cite(answer, base+start, base+end, ""); ok {
			src.Citations = []agent.Citation{cited}
		}
	}
	return src, true
}
