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
// declares only ini_setting's and ini_subsetting's attributes, so that the function's
// stand-in is checked without the real module (TestModules checks the
// same cases against it).
func TestInifileCreateIniSettings(t *testing.T) {
	mp := t.TempDir()
	typeDir := filepath.Join(mp, "inifile", "lib", "puppet", "type")
	if err := os.MkdirAll(typeDir, 0o755); err != nil {
		t.Fatal(err)
	}
	params := []string{"section", "setting", "path", "show_diff", "key_val_separator", "section_prefix", "section_suffix",
		"indent_char", "indent_width", "refreshonly", "force_new_section_creation"}
	for typ, more := range map[string][]string{
		"ini_setting":    nil,
		"ini_subsetting": {"subsetting", "subsetting_separator", "subsetting_key_val_separator", "quote_char", "use_exact_match", "insert_type", "insert_value", "delete_if_empty"},
	} {
		var decl strings.Builder
		decl.WriteString("Puppet::Type.newtype(:" + typ + ") do\n  ensurable do\n  end\n  newparam(:name, namevar: true) do\n  end\n")
		for _, p := range append(params, more...) {
			decl.WriteString("  newparam(:" + p + ") do\n  end\n")
		}
		decl.WriteString("  newproperty(:value) do\n  end\nend\n")
		if err := os.WriteFile(filepath.Join(typeDir, typ+".rb"), []byte(decl.String()), 0o644); err != nil {
			t.Fatal(err)
		}
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
