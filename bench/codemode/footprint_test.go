package codemode

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestFootprint measures the peak resident memory (VmHWM) of one execution
// of each benchmark program, each in a process of its own, against a process
// that runs nothing: QuickJS allocates outside the Go heap, so -benchmem
// does not see its memory. Only with TOOLGEN_CODEMODE_FOOTPRINT=1 (Linux):
//
//	cd bench && TOOLGEN_CODEMODE_FOOTPRINT=1 go test -run TestFootprint -v ./codemode
func TestFootprint(t *testing.T) {
	if child := os.Getenv("CODEMODE_FOOTPRINT_CHILD"); child != "" {
		footprintChild(t, child)
		return
	}
	if os.Getenv("TOOLGEN_CODEMODE_FOOTPRINT") != "1" || runtime.GOOS != "linux" {
		t.Skip("set TOOLGEN_CODEMODE_FOOTPRINT=1 (Linux)")
	}
	base := footprintOf(t, "none/start")
	t.Logf("a process that runs nothing: %d KiB", base)
	for _, prog := range []string{"start", "calls", "filter"} {
		for _, in := range Interpreters {
			kib := footprintOf(t, in.Name()+"/"+prog)
			t.Logf("%-8s %-7s peak RSS %6d KiB, %+6d KiB over nothing", in.Name(), prog, kib, kib-base)
		}
	}
}

// footprintOf runs this test binary as a child that runs one program once
// and prints its peak RSS in KiB.
func footprintOf(t *testing.T, what string) int {
	cmd := exec.Command(os.Args[0], "-test.run", "^TestFootprint$")
	cmd.Env = append(os.Environ(), "CODEMODE_FOOTPRINT_CHILD="+what)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	var kib int
	for line := range strings.Lines(string(out)) {
		if _, err := fmt.Sscanf(line, "VmHWM %d", &kib); err == nil {
			return kib
		}
	}
	t.Fatalf("%s printed no VmHWM: %s", what, out)
	return 0
}

func footprintChild(t *testing.T, what string) {
	name, prog, _ := strings.Cut(what, "/")
	ts := map[string]string{"start": progEmpty, "calls": progCalls, "filter": progFilter}[prog]
	p := mustCompile(t, ts)
	host := benchHost()
	lim := DefaultLimits(testTools...)
	lim.Calls = 2 * callsPerRun
	lim.Memory = 256 << 20
	for _, in := range Interpreters {
		if in.Name() == name {
			if _, err := in.Run(p, host, lim); err != nil {
				t.Fatal(err)
			}
		}
	}
	fmt.Printf("VmHWM %d\n", peakRSS(t))
}

// peakRSS reads VmHWM from /proc/self/status, in KiB.
func peakRSS(t *testing.T) int {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		var kib int
		if _, err := fmt.Sscanf(s.Text(), "VmHWM: %d kB", &kib); err == nil {
			return kib
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}
