// Package pgtest starts a throwaway PostgreSQL server for tests, as a child
// of the test process, and a cluster of a server's replicas behind nginx
// (StartCluster), which the tests kill and start again. It is shared by the modules that keep state in PostgreSQL
// (aisdk/pgstore, mcp/pgtasks): an internal package of the root module,
// importable by the nested modules whose path is under it.
//
// It uses the standard library and goleak only (the root module does not
// depend on a PostgreSQL driver): the server is ready when its postmaster.pid says so
// and its port takes connections.
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
//	func TestX(t *testing.T) {
//		pg := pgtest.Shared(t) // skips without PostgreSQL, unless TOOLGEN_PG_REQUIRE=1
//		pool, err := pgxpool.New(t.Context(), pg.URL)
//	}
//
// Shared finds initdb and postgres on PATH or in Debian's
// /usr/lib/postgresql/VERSION/bin (the newest), makes a cluster in a
// temporary directory (no durability: fsync off), and serves it on a free
// port of 127.0.0.1. As root, initdb and postgres refuse to run: they run
// as the user postgres (Debian's package makes it).
package pgtest

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// RequireEnv, set to 1, turns the skip for a missing PostgreSQL or nginx
// into a failure (.ci/run installs Debian's postgresql and nginx and sets
// it).
const RequireEnv = "TOOLGEN_PG_REQUIRE"

// Server is a PostgreSQL server, a child of the test, on 127.0.0.1 with its
// data in a temporary directory.
type Server struct {
	// URL is postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable
	// (trust authentication).
	URL string

	dir    string
	cmd    *exec.Cmd
	exited chan struct{}
}

// shared is the process's server: started by the first test that asks,
// stopped by Main.
var shared struct {
	once sync.Once
	pg   *Server
	err  error
}

// Main runs the tests, then stops the shared server and, when the tests
// passed, checks that no goroutine leaked (every pool and listener closed,
// every process waited for); it returns the exit code for os.Exit.
func Main(m *testing.M) int {
	code := m.Run()
	if shared.pg != nil {
		shared.pg.Stop()
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	return code
}

// Shared is the test process's PostgreSQL server, started on first use;
// without PostgreSQL the test is skipped (fails with TOOLGEN_PG_REQUIRE=1).
// Tests share it: each should keep to tables of its own (TableName).
func Shared(t testing.TB) *Server {
	t.Helper()
	bin, err := FindPostgres()
	if err != nil {
		skipOrFail(t, fmt.Sprintf("PostgreSQL not found (Debian: apt-get install postgresql): %v", err))
	}
	shared.once.Do(func() { shared.pg, shared.err = Start(bin) })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.pg
}

// skipOrFail skips the test saying why, or fails it with RequireEnv=1.
func skipOrFail(t testing.TB, why string) {
	t.Helper()
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("%s, and %s=1", why, RequireEnv)
	}
	t.Skipf("%s (%s=1 makes this a failure)", why, RequireEnv)
}

// FindPostgres finds the directory of initdb and postgres: on PATH, else
// Debian's /usr/lib/postgresql/<version>/bin, the newest.
func FindPostgres() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if p, err := filepath.EvalSymlinks(p); err == nil {
			dir := filepath.Dir(p)
			if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
				return dir, nil
			}
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	version := func(dir string) int {
		n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
		return n
	}
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "initdb")); err == nil {
			return dir, nil
		}
	}
	return "", errors.New("no initdb on PATH nor in /usr/lib/postgresql/*/bin")
}

// Start makes a cluster in a temporary directory with the binaries in bin
// and starts its server on a free port of 127.0.0.1 (and a socket in the
// directory). Stop ends it.
func Start(bin string) (_ *Server, err error) {
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	pg := &Server{dir: dir}
	defer func() {
		if err != nil {
			pg.Stop()
		}
	}()
	cred, err := serverUser(dir)
	if err != nil {
		return nil, err
	}
	data, sock := filepath.Join(dir, "data"), filepath.Join(dir, "sock")
	for _, d := range []string{data, sock} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return nil, err
		}
		if cred != nil {
			if err := os.Chown(d, int(cred.Uid), int(cred.Gid)); err != nil {
				return nil, err
			}
		}
	}
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	// A free port can be taken between the check and the bind: try again.
	for try := 0; ; try++ {
		err = pg.start(bin, data, sock, cred)
		if err == nil || try == 2 {
			return pg, err
		}
	}
}

// serverUser is who runs the server: nil (this process's user) unless this
// process is root, then the user postgres; dir is made reachable to it.
func serverUser(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("running as root, and PostgreSQL refuses root: %w (Debian's postgresql package makes the user)", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// start starts the server on a free port and waits until it takes
// connections (at most 30 s).
func (pg *Server) start(bin, data, sock string, cred *syscall.Credential) error {
	port, err := FreePort()
	if err != nil {
		return err
	}
	logFile, err := os.Create(filepath.Join(pg.dir, "postgres.log"))
	if err != nil {
		return err
	}
	defer logFile.Close()
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-k", sock, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=200")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-exited:
			log, _ := os.ReadFile(logFile.Name())
			return fmt.Errorf("postgres exited before it took connections:\n%s", log)
		default:
		}
		if ready(data, addr) {
			pg.URL = fmt.Sprintf("postgres://postgres@%s/postgres?sslmode=disable", addr)
			pg.cmd, pg.exited = cmd, exited
			return nil
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
			return errors.New("postgres took no connection within 30 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ready reports whether the server accepts connections: the status line of
// its postmaster.pid (the 8th, PostgreSQL 10 and later; what pg_ctl waits
// for) says "ready", and its port takes a connection.
func ready(data, addr string) bool {
	b, err := os.ReadFile(filepath.Join(data, "postmaster.pid"))
	if err != nil {
		return false
	}
	lines := bytes.Split(b, []byte("\n"))
	if len(lines) < 8 || strings.TrimSpace(string(lines[7])) != "ready" {
		return false
	}
	conn, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	_ = conn.Close()
	return true
}

// Stop ends the server (fast shutdown, then SIGKILL after 10 s) and removes
// its directory.
func (pg *Server) Stop() {
	if pg.cmd != nil {
		_ = pg.cmd.Process.Signal(syscall.SIGINT)
		select {
		case <-pg.exited:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-pg.cmd.Process.Pid, syscall.SIGKILL)
			<-pg.exited
		}
		pg.cmd = nil
	}
	_ = os.RemoveAll(pg.dir)
}

// FreePort is a TCP port free on 127.0.0.1 a moment ago.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// tables are the table names handed out, by test: tests share the server,
// and each run of a test (-count) has tables of its own.
var tables struct {
	sync.Mutex
	made   int
	byTest map[testing.TB]string
}

// TableName is a table name of the test's own, prefix and a number and the
// test's name (the same name each time the test asks).
func TableName(t testing.TB, prefix string) string {
	tables.Lock()
	defer tables.Unlock()
	if name, ok := tables.byTest[t]; ok {
		return name
	}
	if tables.byTest == nil {
		tables.byTest = map[testing.TB]string{}
	}
	tables.made++
	name := fmt.Sprintf("%s%d_%s", prefix, tables.made, strings.ToLower(nonWord.ReplaceAllString(t.Name(), "_")))
	// PostgreSQL truncates identifiers to 63 bytes; keep the number's
	// uniqueness with room for a suffix of the caller's.
	if len(name) > 48 {
		name = name[:48]
	}
	tables.byTest[t] = name
	return name
}

var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)
