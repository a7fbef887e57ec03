package builtin_test

import (
	"context"
	"fmt"
	"os"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// The file tools work inside one directory: a path that leaves it is a
// failed result for the model, not an error of the program.
func ExampleFileTools() {
	dir, _ := os.MkdirTemp("", "workspace")
	defer os.RemoveAll(dir)
	tools, err := builtin.FileTools(dir, builtin.FilesWithoutApproval())
	if err != nil {
		panic(err)
	}
	box, err := toolgen.NewToolbox(tools)
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	res, _ := box.Call(ctx, builtin.ToolWriteFile, []byte(`{"path":"notes/todo.txt","content":"ship it\n"}`))
	fmt.Println(res.Text())
	res, _ = box.Call(ctx, builtin.ToolReadFile, []byte(`{"path":"notes/todo.txt"}`))
	fmt.Println(res.Text())
	res, _ = box.Call(ctx, builtin.ToolReadFile, []byte(`{"path":"../../etc/passwd"}`))
	fmt.Println(res.IsError)
	// Output:
	// created notes/todo.txt (8 bytes)
	//      1	ship it
	// true
}

// run_command runs a shell command in the workspace, confined by the
// kernel where it can be (the tool's description says what holds here),
// and returns its output and exit code.
func ExampleShellTool() {
	dir, _ := os.MkdirTemp("", "workspace")
	defer os.RemoveAll(dir)
	tools, err := builtin.ShellTool(dir, builtin.ShellWithoutApproval())
	if err != nil {
		panic(err)
	}
	res, err := tools[0].Call(context.Background(), []byte(`{"command":"echo hello > greeting && cat greeting && exit 3"}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Text())
	// Output:
	// hello
	// [exit code 3]
}

// Under CommonNames the same tools take the AI SDK harness's names and
// arguments: read and write name the file with file_path, and the rules of
// each naming are typed.
func ExampleNaming() {
	dir, _ := os.MkdirTemp("", "workspace")
	defer os.RemoveAll(dir)
	tools, err := builtin.FileTools(dir, builtin.Naming(builtin.CommonNames), builtin.FilesWithoutApproval())
	if err != nil {
		panic(err)
	}
	var names []toolgen.ToolName
	for _, t := range tools {
		names = append(names, t.Name)
	}
	fmt.Println(names)
	box, err := toolgen.NewToolbox(tools)
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	res, _ := box.Call(ctx, builtin.ToolWrite, []byte(`{"file_path":"notes/todo.txt","content":"ship it\n"}`))
	fmt.Println(res.Text())
	res, _ = box.Call(ctx, builtin.ToolRead, []byte(`{"file_path":"notes/todo.txt"}`))
	fmt.Println(res.Text())
	fmt.Println(builtin.ReadRule{FilePath: "notes/*"}.Rule().Tool, builtin.CommonNames.Of(builtin.ToolRunCommand))
	// Output:
	// [read list_files grep glob write edit delete_file]
	// created notes/todo.txt (8 bytes)
	//      1	ship it
	// read bash
}
