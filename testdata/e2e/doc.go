// Package e2e holds tools that cover every mapping toolgen makes; its tests
// call them through the generated dispatch.
package e2e
