package main

// Region is where a query runs, mirrored into the header Mcp-Param-Region
// (x-mcp-header) for the suite's http-custom-header-server-validation:
// the server checks the header against the body before the call runs.
type Region struct {
	// Region is the region to run in, for example "us-west1".
	Region string `json:"region" toolgen:"header=Region"`
	// Query is what to run there.
	Query string `json:"query,omitempty"`
}

// TestXMcpHeader echoes the region its header and body agreed on.
//
//toolgen:tool name=test_x_mcp_header readonly idempotent
func TestXMcpHeader(in Region) string {
	return "region " + in.Region
}
