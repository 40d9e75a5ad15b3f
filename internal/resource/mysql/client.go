// Package mysql implements puppetlabs-mysql's mysql_database, mysql_user,
// mysql_grant and mysql_plugin types: the state of a MySQL or MariaDB
// server read and changed through its command-line client, with the statements, the
// listing queries and the version rules of the module's mysql providers.
package mysql

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// Config says where the types find what the module's providers take from
// Facter. The zero value reads this machine.
type Config struct {
	// RootHome returns root's home folder (stdlib's root_home fact),
	// which holds the client's option files .my.cnf and .mylogin.cnf.
	// Unset: FACTER_root_home when set (as Facter lets the environment
	// give a fact), else root's entry in /etc/passwd.
	RootHome func() string
	// ServerVersion returns what `mysqld -V` prints (the module's
	// mysqld_version fact), which picks the SQL dialect. Unset:
	// FACTER_mysqld_version when set, else the server binary found on
	// PATH asked for its version; "" when there is none.
	ServerVersion func(ctx context.Context, h *resource.Handle) string
}

// extraPath is what the module appends to PATH to find the client.
var extraPath = []string{"/usr/libexec", "/usr/local/libexec", "/usr/local/bin"}

func searchPath() []string {
	return append(filepath.SplitList(os.Getenv("PATH")), extraPath...)
}

func (c Config) rootHome() string {
	if c.RootHome != nil {
		return c.RootHome()
	}
	if v, ok := os.LookupEnv("FACTER_root_home"); ok {
		return v
	}
	data, err := os.ReadFile("/etc/passwd")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Split(line, ":"); len(f) >= 6 && f[0] == "root" {
			return f[5]
		}
	}
	return ""
}

func (c Config) serverVersion(ctx context.Context, h *resource.Handle) string {
	if c.ServerVersion != nil {
		return c.ServerVersion(ctx, h)
	}
	if v, ok := os.LookupEnv("FACTER_mysqld_version"); ok {
		return v
	}
	dirs := searchPath()
	bin := syscmd.Find("mysqld", dirs...)
	if bin == "" {
		bin = syscmd.Find("mariadbd", dirs...)
	}
	if bin == "" {
		return ""
	}
	res, err := h.Runner.Run(ctx, resource.Command{Argv: []string{bin, "--no-defaults", "-V"}, SplitStderr: true})
	if err != nil || res.ExitCode != 0 {
		return ""
	}
	return strings.TrimSpace(string(res.Output))
}

// server is what one provider's prefetch learnt about the server and how
// to reach it: the client, the option file, the dialect.
type server struct {
	client   string   // the client program, as found on PATH
	defaults []string // --defaults-extra-file=..., or nothing
	env      []string // MYSQL_TEST_LOGIN_FILE when root has a .mylogin.cnf
	kind     string   // mysql, mariadb or percona
	version  string   // x.y.z, "" when unknown
}

var (
	versionNumber = lazyre.New(`\d+\.\d+\.\d+`)
	mariadb       = lazyre.New(`(?i)mariadb`)
	percona       = lazyre.New(`(?i)\s\(percona`)
)

// connect finds the client and its options as the module's providers do.
func connect(ctx context.Context, h *resource.Handle, c Config) *server {
	s := &server{kind: "mysql"}
	v := c.serverVersion(ctx, h)
	switch {
	case mariadb.MatchString(v):
		s.kind = "mariadb"
	case percona.MatchString(v):
		s.kind = "percona"
	}
	s.version = versionNumber.FindString(v)
	name := "mysql"
	// From MariaDB 11 the client is called mariadb only.
	if s.newerThan(map[string]string{"mariadb": "11.0.0"}) {
		name = "mariadb"
	}
	s.client = syscmd.Find(name, searchPath()...)
	if s.client == "" {
		s.client = name
	}
	home := c.rootHome()
	if isFile(filepath.Join(home, ".mylogin.cnf")) {
		s.env = []string{"MYSQL_TEST_LOGIN_FILE=" + filepath.Join(home, ".mylogin.cnf")}
	} else if isFile(filepath.Join(home, ".my.cnf")) {
		s.defaults = []string{"--defaults-extra-file=" + filepath.Join(home, ".my.cnf")}
	}
	return s
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// query runs sql with the client in batch mode without column names (the
// module's "regular" calls) and returns its output.
func (s *server) query(ctx context.Context, h *resource.Handle, sql string, args ...string) (string, error) {
	argv := append(append([]string{s.client}, s.defaults...), "-NBe", sql)
	argv = append(argv, args...)
	return s.run(ctx, h, argv)
}

// system runs sql on the mysql system database (the module's "system"
// calls), as statements that change users and grants are run.
func (s *server) system(ctx context.Context, h *resource.Handle, sql string) (string, error) {
	argv := append(append([]string{s.client}, s.defaults...), "--database=mysql", "-e", sql)
	return s.run(ctx, h, argv)
}

func (s *server) run(ctx context.Context, h *resource.Handle, argv []string) (string, error) {
	if s.client == "" || !filepath.IsAbs(s.client) {
		return "", &notFound{name: argv[0]}
	}
	out, err := syscmd.Exec(ctx, h, argv, syscmd.Options{Env: s.env})
	return strings.ToValidUTF8(out, "\uFFFD"), err
}

type notFound struct{ name string }

func (e *notFound) Error() string { return "Command " + e.name + " is missing" }

// newerThan is the module's newer_than: the server is of one of the given
// kinds and at least at its version.
func (s *server) newerThan(v map[string]string) bool {
	want, ok := v[s.kind]
	return ok && s.version != "" && versionCmp(s.version, want) >= 0
}

// olderThan is the module's older_than.
func (s *server) olderThan(v map[string]string) bool {
	want, ok := v[s.kind]
	return ok && s.version != "" && versionCmp(s.version, want) < 0
}

// versionCmp compares dotted versions number by number, as Puppet's
// versioncmp does for plain numeric versions.
func versionCmp(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		if i >= len(pa) {
			return -1
		}
		if i >= len(pb) {
			return 1
		}
		x, errx := strconv.Atoi(pa[i])
		y, erry := strconv.Atoi(pb[i])
		if errx != nil || erry != nil {
			if c := strings.Compare(pa[i], pb[i]); c != 0 {
				return c
			}
			continue
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// lines splits the client's output into lines, as Ruby's split("\n")
// does: no trailing empty lines.
func lines(out string) []string {
	out = strings.TrimRight(out, "\n")
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

// quoteUser is the module's cmd_user: user@host as 'user'@'host', split
// at the last @. Unlike the module, a user part given quoted is written
// without its own quotes, and quotes and backslashes in the name are
// escaped, so that the statement is what the name means.
func quoteUser(name string) string {
	a := account(name)
	i := strings.LastIndexByte(a, '@')
	if i < 0 {
		return "'" + literal(a) + "'"
	}
	return "'" + literal(a[:i]) + "'@'" + literal(a[i+1:]) + "'"
}

// account is the name of the account a user name means, as the server
// lists it (CONCAT(User, '@', Host)): a user part quoted with ', ` or "
// loses its quotes.
func account(name string) string {
	if name == "" || !strings.ContainsRune("'`\"", rune(name[0])) {
		return name
	}
	q := name[0]
	for i := len(name) - 2; i >= 2; i-- {
		if name[i] == '@' && name[i-1] == q {
			return name[1:i-1] + name[i:]
		}
	}
	return name
}

// literal escapes s for a string literal in single quotes.
func literal(s string) string {
	if !strings.ContainsAny(s, `'\`) {
		return s
	}
	return strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s)
}
