package anthropic

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// The web pages of an answer (agent.Sources) come from two places: the
// result blocks of the API's web search and web fetch (every page found,
// with its title), and the citations of the answer's text blocks
// (web_search_result_location: the page a block's text cites, so the
// block's text is the citation). Other citations (of documents the request
// sent) are not web pages.

// resultSources are the pages a server tool's result block lists: the
// web_search_result items of a web_search_tool_result (its content is
// their list), or the web_fetch_result of a web_fetch_tool_result (its
// content is that one object, the page's title in its document).
func resultSources(block json.RawMessage) []agent.Source {
	var b struct {
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(block, &b) != nil || len(b.Content) == 0 {
		return nil
	}
	type item struct {
		Type     string `json:"type"`
		URL      string `json:"url"`
		Title    string `json:"title"`
		Document struct {
			Title string `json:"title"`
		} `json:"content"` // web_fetch_result
	}
	var items []item
	if b.Content[0] == '{' {
		var one item
		if json.Unmarshal(b.Content, &one) != nil {
			return nil
		}
		items = []item{one}
	} else if json.Unmarshal(b.Content, &items) != nil {
		return nil
	}
	var msg agent.Message
	for _, it := range items {
		if it.Type != "web_search_result" && it.Type != "web_fetch_result" {
			continue
		}
		title := it.Title
		if title == "" {
			title = it.Document.Title
		}
		msg.AddSource(agent.Source{URL: it.URL, Title: title})
	}
	return msg.Sources
}

// webCitation is a citation of a text block, as far as it names a web
// page.
type webCitation struct {
	Type  string `json:"type"`
	URL   string `json:"url"`
	Title string `json:"title"`
}

// blockCitations are the citations of a text block, from its JSON.
func blockCitations(raw string) []webCitation {
	var b struct {
		Citations []webCitation `json:"citations"`
	}
	if raw == "" || json.Unmarshal([]byte(raw), &b) != nil {
		return nil
	}
	return b.Citations
}

// citedSources are the pages citations name, each citing answer[start:end]
// (the text block's text, byte offsets in the whole answer).
func citedSources(citations []webCitation, answer string, start, end int) []agent.Source {
	var msg agent.Message
	for _, c := range citations {
		if c.Type != "web_search_result_location" {
			continue
		}
		src := agent.Source{URL: c.URL, Title: c.Title}
		if cited, ok := adapter.Cite(answer, start, end, ""); ok {
			src.Citations = []agent.Citation{cited}
		}
		msg.AddSource(src)
	}
	return msg.Sources
}
