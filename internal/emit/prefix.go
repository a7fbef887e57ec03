package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/catalog"
)

// prefixDigests writes the digests of what the package sends up front
// (catalog.Prefix), one constant per dialect, with the table of the tools
// they cover in their doc, which toolgen -check reads back to say from
// which tool on a change cuts every cached prompt:
//
//	// ...
//	//
//	//	TOOL         DEFAULT           STRICT            GEMINI
//	//	get_weather  120 3f2a9c0b11d2  131 9e1f0a2b3c4d  118 77aa01b2c3d4
//	const (
//		PrefixDigestDefault = "..."
//		...
//	)
func (g *generator) prefixDigests() {
	p := catalog.NewPrefix(g.pkg)
	g.code.Comment(fmt.Sprintf("The prefix digests of package %s: SHA-256 of the definitions of the tools it", g.pkg.Name))
	g.code.Comment("sends up front (not deferred), in the order its Tools functions return them, as")
	g.code.Comment("each dialect sends them. A provider caches a prompt by its exact prefix, tools")
	g.code.Comment("first: when a digest changes, every cached prompt is cut at the first tool that")
	g.code.Comment("changed (toolgen -check says which, and the tokens lost). Each tool's tokens and")
	g.code.Comment("digest, per dialect:")
	g.code.Comment("")
	for _, line := range p.Table() {
		g.code.Comment("\t" + line)
	}
	defs := make([]jen.Code, len(catalog.Dialects))
	for i, d := range catalog.Dialects {
		defs[i] = jen.Id(catalog.PrefixDigestNames[d]).Op("=").Lit(p.Digest[d])
	}
	g.code.Const().Defs(defs...)
}
