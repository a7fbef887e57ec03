package mcp

// FastServed is how many requests srv's fast path has answered.
func FastServed(srv *Server) int64 { return srv.fast.Load() }
