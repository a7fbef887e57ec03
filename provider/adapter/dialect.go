package adapter

import "github.com/toolgen-dev/toolgen/internal/dialect"

// GeminiSchema is an input schema in Gemini's dialect, or an error saying
// what the dialect cannot say and where: for a tool without a generated
// Gemini form (ToolSpec.GeminiSchema), such as one made by hand or an MCP
// server's.
func GeminiSchema(input []byte) ([]byte, error) { return dialect.Gemini(input) }
