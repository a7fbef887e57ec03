// Package benchtools holds the packages toolgen's benchmarks run on: weather,
// a realistic five-parameter tool; shapes, three tools of other shapes (a
// result that lists structs, floats, a time and a slice of structs among
// the arguments); and hundred, a package of 100 tools. Each
// has its generated tools_gen.go checked in (kept fresh by the tests).
// HandWritten is a tool called without toolgen, the other side of the
// dispatch benchmarks. Source and WriteModule make packages of any number of tools from
// hundred's template; BenchmarkGenerate1000 (internal/generate) writes one
// of 1000 tools to a temporary module rather than checking in its 3 MB
// generated file.
package benchtools
