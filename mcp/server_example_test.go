package mcp_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// Generated tools are served over MCP as they are: their schemas are sent
// verbatim and a call hands the raw arguments to the generated decoder.
// Here the server listens on a free local port and a client of this package
// calls it; a program would use srv.ListenAndServe(ctx, ":8080", opts) or
// srv.ServeStdio(ctx).
func ExampleServer_Serve() {
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := mcp.NewServer("weather", "1.0.0", weather.Tools())
	if err != nil {
		log.Fatal(err)
	}
	ln, err := mcp.Listen("127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln, mcp.HTTPOptions{}) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			log.Fatal(err)
		}
	}()

	client, err := mcp.Connect(ctx, mcp.URL("http://"+ln.Addr().String()+mcp.Path, nil))
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()
	tools, err := client.Tools(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, t := range tools {
		fmt.Printf("%s read-only=%v\n", t.Name, t.Annotations.ReadOnly)
	}

	res, err := client.CallTool(ctx, "get_weather", []byte(`{"city":"Paris"}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Text())

	// Bad arguments come back as a failed result (and a *mcp.ToolError),
	// with the text the model reads.
	res, err = client.CallTool(ctx, "get_weather", []byte(`{"city":"Paris","unit":"kelvin"}`))
	fmt.Println(res.IsError, res.Text())
	var toolErr *mcp.ToolError
	fmt.Println(errors.As(err, &toolErr))
	// Output:
	// forecast read-only=true
	// get_weather read-only=true
	// Paris: 17°C, sunny
	// true invalid arguments: /unit: "kelvin" is not one of "c", "f"
	// true
}
