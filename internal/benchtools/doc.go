// Package benchtools holds the packages toolgen's benchmarks run on: weather,
// a realistic five-parameter tool, and hundred, a package of 100 tools. Each
// has its generated tools_gen.go checked in (kept fresh by the tests).
package benchtools
