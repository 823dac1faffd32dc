// Package pgtest starts a throwaway PostgreSQL for tests: a primary and a
// streaming replica (a hot standby) in a temporary folder, on free ports
// of 127.0.0.1, run by a user who is not root, stopped when the test
// ends. It needs Debian's postgresql (scripts/install-tools.sh
// postgresql); without it the test is skipped with a message.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"
)

// A Cluster is a running primary and its replica.
type Cluster struct {
	// URL and ReplicaURL name the database docqa on each, as user
	// docqa, without the password: it is in PassFile.
	URL, ReplicaURL string
	// PassFile is a ~/.pgpass-style file with the user's password.
	PassFile string
	// Password is the user's password.
	Password string
	dir      string
	run      func(ctx context.Context, name string, args ...string) *exec.Cmd
	bin      string
	uid, gid int // the server's user when the tests run as root; uid -1 otherwise
}

// Bin returns the folder of PostgreSQL's server programs (initdb,
// pg_ctl, pg_basebackup, postgres), or "" when none is installed.
func Bin() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			if _, err := os.Stat(filepath.Join(filepath.Dir(real), "pg_basebackup")); err == nil {
				return filepath.Dir(real)
			}
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d
		}
	}
	return ""
}

func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Async is an option of [Start]: the replica applies the primary's
// commits when it can, as replicas usually run, instead of before the
// primary reports each one (a load test's setting).
const Async = true

// Start starts a cluster for t, or skips t when PostgreSQL is not
// installed or cannot run here. It is stopped by t's cleanup. The
// replica is synchronous unless async: each commit is applied on it
// before the primary reports it, so a test that reads the replica sees
// what it wrote.
func Start(t testing.TB, async ...bool) *Cluster {
	t.Helper()
	bin := Bin()
	if bin == "" {
		t.Skip("PostgreSQL is not installed: scripts/install-tools.sh postgresql installs it (Debian's postgresql)")
	}
	c, err := start(bin, len(async) > 0 && async[0])
	if c != nil {
		t.Cleanup(c.Stop)
	}
	if err != nil {
		t.Skipf("PostgreSQL cannot run here: %v", err)
	}
	return c
}

// start runs initdb, the primary, the user and database, and the
// replica.
func start(bin string, async bool) (*Cluster, error) {
	dir, err := os.MkdirTemp("", "docqa-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin, Password: "docqa-test-secret", uid: -1}
	c.run = exec.CommandContext
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root: Debian's package makes the
		// user postgres
		u, err := user.Lookup("postgres")
		if err != nil {
			return c, fmt.Errorf("running as root and no user postgres to run the server as: %w", err)
		}
		c.uid, _ = strconv.Atoi(u.Uid)
		c.gid, _ = strconv.Atoi(u.Gid)
		if err := os.Chmod(dir, 0o755); err != nil {
			return c, err
		}
		if err := c.own(dir); err != nil {
			return c, err
		}
		c.run = func(ctx context.Context, name string, args ...string) *exec.Cmd {
			return exec.CommandContext(ctx, "runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
		}
	}
	primary, replica := filepath.Join(dir, "primary"), filepath.Join(dir, "replica")
	pw := filepath.Join(dir, "pw")
	if err := c.write(pw, "postgres-"+c.Password+"\n"); err != nil {
		return c, err
	}
	for _, locale := range []string{"C.UTF-8", "C"} { // C where the system has no C.UTF-8
		if err = c.cmd("initdb", "-D", primary, "-U", "postgres", "--auth-local=trust", "--auth-host=scram-sha-256", "--pwfile", pw, "-E", "UTF8", "--locale="+locale); err == nil {
			break
		}
	}
	if err != nil {
		return c, err
	}
	port, err := freePort()
	if err != nil {
		return c, err
	}
	conf := fmt.Sprintf("listen_addresses = '127.0.0.1'\nport = %d\nunix_socket_directories = '%s'\nwal_level = replica\nmax_wal_senders = 4\nhot_standby = on\nfsync = off\nfull_page_writes = off\n", port, dir)
	if err := c.appendTo(filepath.Join(primary, "postgresql.conf"), conf); err != nil {
		return c, err
	}
	if err := c.appendTo(filepath.Join(primary, "pg_hba.conf"), "host replication postgres 127.0.0.1/32 scram-sha-256\n"); err != nil {
		return c, err
	}
	if err := c.cmd("pg_ctl", "-D", primary, "-l", filepath.Join(dir, "primary.log"), "-w", "-t", "60", "start"); err != nil {
		return c, c.withLog(err, "primary.log")
	}
	if err := c.sql(port, fmt.Sprintf("CREATE ROLE docqa LOGIN PASSWORD '%s'", c.Password), "CREATE DATABASE docqa OWNER docqa"); err != nil {
		return c, err
	}
	rport, err := freePort()
	if err != nil {
		return c, err
	}
	pass := filepath.Join(dir, "pgpass")
	if err := c.write(pass, fmt.Sprintf("127.0.0.1:%d:*:postgres:postgres-%s\n", port, c.Password)); err != nil {
		return c, err
	}
	if err := os.Chmod(pass, 0o600); err != nil {
		return c, err
	}
	// the replica's copy reads the superuser's password from pass
	if err := c.cmd("pg_basebackup", "-D", replica, "-d", fmt.Sprintf("host=127.0.0.1 port=%d user=postgres passfile=%s", port, pass), "-R", "-X", "stream", "-c", "fast"); err != nil {
		return c, err
	}
	if err := c.appendTo(filepath.Join(replica, "postgresql.conf"), fmt.Sprintf("port = %d\n", rport)); err != nil {
		return c, err
	}
	if err := c.cmd("pg_ctl", "-D", replica, "-l", filepath.Join(dir, "replica.log"), "-w", "-t", "60", "start"); err != nil {
		return c, c.withLog(err, "replica.log")
	}
	if !async {
		if err := c.sql(port, "ALTER SYSTEM SET synchronous_standby_names = '*'", "ALTER SYSTEM SET synchronous_commit = 'remote_apply'", "SELECT pg_reload_conf()"); err != nil {
			return c, err
		}
	}
	c.PassFile = filepath.Join(dir, "docqa.pgpass")
	if err := os.WriteFile(c.PassFile, []byte(fmt.Sprintf("127.0.0.1:*:docqa:docqa:%s\n", c.Password)), 0o600); err != nil {
		return c, err
	}
	c.URL = fmt.Sprintf("postgres://docqa@127.0.0.1:%d/docqa?sslmode=disable", port)
	c.ReplicaURL = fmt.Sprintf("postgres://docqa@127.0.0.1:%d/docqa?sslmode=disable", rport)
	return c, nil
}

// cmd runs one of PostgreSQL's programs, within two minutes.
func (c *Cluster) cmd(name string, args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	path := filepath.Join(c.bin, name)
	if _, err := os.Stat(path); err != nil {
		path = name // psql is in the client's package, on PATH
	}
	cmd := c.run(ctx, path, args...)
	cmd.Dir = c.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v: %s", name, err, out)
	}
	return nil
}

// sql runs statements, one psql each (CREATE DATABASE cannot share a
// transaction), as the superuser on the primary's socket.
func (c *Cluster) sql(port int, statements ...string) error {
	for _, s := range statements {
		if err := c.cmd("psql", "-h", c.dir, "-p", strconv.Itoa(port), "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", s); err != nil {
			return err
		}
	}
	return nil
}

// write writes a file the server's user can read.
func (c *Cluster) write(path, text string) error {
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return err
	}
	return c.own(path)
}

// appendTo appends text to a file of the cluster's.
func (c *Cluster) appendTo(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	return errors.Join(err, f.Close())
}

// own gives path to the server's user when the tests run as root.
func (c *Cluster) own(path string) error {
	if c.uid < 0 {
		return nil
	}
	return os.Chown(path, c.uid, c.gid)
}

func (c *Cluster) withLog(err error, name string) error {
	log, _ := os.ReadFile(filepath.Join(c.dir, name))
	return fmt.Errorf("%w\n%s", err, log)
}

// Stop stops the servers and removes their folder.
func (c *Cluster) Stop() {
	for _, d := range []string{"replica", "primary"} {
		if _, err := os.Stat(filepath.Join(c.dir, d, "postmaster.pid")); err == nil {
			_ = c.cmd("pg_ctl", "-D", filepath.Join(c.dir, d), "-m", "immediate", "-w", "stop")
		}
	}
	os.RemoveAll(c.dir)
}

// Dir is the cluster's folder; its primary's data is Dir()/primary.
func (c *Cluster) Dir() string { return c.dir }

// freePort returns a TCP port of 127.0.0.1 free at the moment.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
