package providertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/resource"
)

// ReplayFileCases runs every case recorded in dir as a subtest, the way
// the cases of the providers that write files (host, mount, sshkey, cron,
// file_line) are replayed: in a fresh root whose folder r holds the files
// a case manages, with the case's Setup run (ROOT set to the root), its
// catalog applied with types (@ROOT@ standing for the root), its After
// run, and ordo's lines and the files left compared with Puppet's
// (SameLines, SameFiles), or with ordo's own recording where it knowingly
// differs (OrdoCase). prepare, when not nil, is called with the root
// before r is made. The cases' shell steps need sh: without it they are
// skipped.
func ReplayFileCases(t *testing.T, dir string, types *resource.Registry, prepare func(t *testing.T, root string)) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	for _, c := range Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			if prepare != nil {
				prepare(t, root)
			}
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			Shell(t, c.Setup, "ROOT="+root)
			got := Run(t, c, types, map[string]string{"@ROOT@": root})
			if c.After != "" {
				Shell(t, c.After, "ROOT="+root)
			}
			want, files := OrdoCase(dir, c)
			SameLines(t, got, want)
			SameFiles(t, dir, files, root)
		})
	}
}

// CaseRoot makes a fresh root for a case: a temporary folder holding an
// empty folder r, where the case's files go (@ROOT@/r in its catalog).
func CaseRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

// OpenToUsers lets every user reach dir, a folder made by t.TempDir: the
// folders between it and the system's temporary folder, which t.TempDir
// makes 0700, are made 0755, as a case that runs a command as another
// user in dir needs.
func OpenToUsers(t *testing.T, dir string) {
	t.Helper()
	for d := filepath.Dir(dir); d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}
