package eval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

// TestInifileCreateIniSettings compiles the inifile cases of
// testdata/modules against a stand-in for puppetlabs-inifile that
// declares only ini_setting's attributes, so that the function's
// stand-in is checked without the real module (TestModules checks the
// same cases against it).
func TestInifileCreateIniSettings(t *testing.T) {
	mp := t.TempDir()
	typeDir := filepath.Join(mp, "inifile", "lib", "puppet", "type")
	if err := os.MkdirAll(typeDir, 0o755); err != nil {
		t.Fatal(err)
	}
	var decl strings.Builder
	decl.WriteString("Puppet::Type.newtype(:ini_setting) do\n  ensurable do\n  end\n  newparam(:name, namevar: true) do\n  end\n")
	for _, p := range []string{"section", "setting", "path", "show_diff", "key_val_separator"} {
		decl.WriteString("  newparam(:" + p + ") do\n  end\n")
	}
	decl.WriteString("  newproperty(:value) do\n  end\nend\n")
	if err := os.WriteFile(filepath.Join(typeDir, "ini_setting.rb"), []byte(decl.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob("testdata/modules/inifile-*.pp")
	if len(cases) == 0 {
		t.Fatal("no inifile cases")
	}
	for _, path := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".pp"), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".catalog")
			if err != nil {
				t.Fatal(err)
			}
			got, _ := compileCase(t, path, mp)
			if d := diff.Diff("puppet", want, "ordo", []byte(got)); d != nil {
				t.Errorf("catalog differs:\n%s", d)
			}
		})
	}
}
