package pgstore_test

import (
	"context"
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

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// requireEnv, set to 1, turns the skip for a missing PostgreSQL into a
// failure (.ci/run installs Debian's postgresql and sets it).
const requireEnv = "TOOLGEN_PG_REQUIRE"

// cluster is the package's throwaway PostgreSQL: started by the first test
// that needs it, stopped by TestMain.
var cluster struct {
	once sync.Once
	pg   *postgres
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if cluster.pg != nil {
		cluster.pg.stop()
	}
	if code == 0 {
		// Every pool closed, every process waited for.
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// postgres is a PostgreSQL server, a child of the test, on 127.0.0.1 with
// its data in a temporary directory.
type postgres struct {
	dir    string
	url    string // postgres://postgres@127.0.0.1:PORT/postgres
	cmd    *exec.Cmd
	exited chan struct{}
}

// pool connects to the package's PostgreSQL (starting it first if this
// is the first test to ask), or skips the test when PostgreSQL is not
// installed, unless TOOLGEN_PG_REQUIRE=1. The pool is closed when the test
// ends.
func pool(t *testing.T) *pgxpool.Pool {
	t.Helper()
	pg := server(t)
	p, err := pgxpool.New(t.Context(), pg.url)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// server is the package's PostgreSQL, started if needed (see pool).
func server(t testing.TB) *postgres {
	t.Helper()
	bin, err := findPostgres()
	if err != nil {
		if os.Getenv(requireEnv) == "1" {
			t.Fatalf("PostgreSQL not found and %s=1: %v", requireEnv, err)
		}
		t.Skipf("PostgreSQL not found (Debian: apt-get install postgresql; %s=1 makes this a failure): %v", requireEnv, err)
	}
	cluster.once.Do(func() { cluster.pg, cluster.err = startPostgres(bin) })
	require.NoError(t, cluster.err)
	return cluster.pg
}

// findPostgres finds the directory of initdb and postgres: on PATH, else
// Debian's /usr/lib/postgresql/<version>/bin, the newest.
func findPostgres() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
			return dir, nil
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

// startPostgres makes a cluster in a temporary directory and starts its
// server on a free port of 127.0.0.1 (and a socket in the directory), with
// no durability (fsync off): a test's. As root, initdb and postgres refuse
// to run: they run as the user postgres (Debian's package makes it).
func startPostgres(bin string) (_ *postgres, err error) {
	dir, err := os.MkdirTemp("", "pgstore-test-")
	if err != nil {
		return nil, err
	}
	pg := &postgres{dir: dir}
	defer func() {
		if err != nil {
			pg.stop()
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

// serverUser is who runs the server: nil (this process's user) unless
// this process is root, then the user postgres; dir is made reachable to
// it.
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
func (pg *postgres) start(bin, data, sock string, cred *syscall.Credential) error {
	port, err := freePort()
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
	url := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-exited:
			log, _ := os.ReadFile(logFile.Name())
			return fmt.Errorf("postgres exited before it took connections:\n%s", log)
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			_ = conn.Close(ctx)
		}
		cancel()
		if err == nil {
			pg.url, pg.cmd, pg.exited = url, cmd, exited
			return nil
		}
		if time.Now().After(deadline) {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
			return fmt.Errorf("postgres took no connection within 30 s: %w", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends the server (fast shutdown, then SIGKILL after 10 s) and
// removes its directory.
func (pg *postgres) stop() {
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

// freePort is a TCP port free on 127.0.0.1 a moment ago.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// tables are the tables tests made, by test: tests share the server, and
// each run of a test (-count) has tables of its own.
var tables struct {
	sync.Mutex
	made   int
	byTest map[*testing.T]string
}

// tableName is a table of the test's own.
func tableName(t *testing.T) string {
	tables.Lock()
	defer tables.Unlock()
	if name, ok := tables.byTest[t]; ok {
		return name
	}
	if tables.byTest == nil {
		tables.byTest = map[*testing.T]string{}
	}
	tables.made++
	name := fmt.Sprintf("chats%d_%s", tables.made, strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(t.Name(), "_")))
	tables.byTest[t] = name
	return name
}
