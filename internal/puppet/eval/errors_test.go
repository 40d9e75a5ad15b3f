package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

var rubyAddress = regexp.MustCompile(`(#<Puppet::Resource::Type:)0x[0-9a-f]+>`)

// TestErrorPositions compiles every testdata/errors/*.pp, each a mistake
// users often make, and every testdata/cases/*.pp with a recorded error,
// and compares the error with Puppet 7.23's whole first error
// (CASE.error, recorded with testdata/record-errors): the text, the
// file, the line and the column.
func TestErrorPositions(t *testing.T) {
	cases, err := filepath.Glob("testdata/errors/*.pp")
	if err != nil {
		t.Fatal(err)
	}
	recorded, err := filepath.Glob("testdata/cases/*.error")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range recorded {
		cases = append(cases, strings.TrimSuffix(e, ".error")+".pp")
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".pp")
		t.Run(name, func(t *testing.T) { checkError(t, path, "") })
	}
}

// TestModuleErrors compiles every testdata/modules/*.pp with a recorded
// CASE.error (calls of the Forge modules' functions that Puppet
// refuses) against the modules ORDO_TEST_MODULEPATH names, and compares
// the error with Puppet's, as TestErrorPositions does.
func TestModuleErrors(t *testing.T) {
	mp := os.Getenv("ORDO_TEST_MODULEPATH")
	if mp == "" {
		t.Skip("ORDO_TEST_MODULEPATH is not set")
	}
	mp, err := filepath.Abs(mp)
	if err != nil {
		t.Fatal(err)
	}
	recorded, _ := filepath.Glob("testdata/modules/*.error")
	for _, e := range recorded {
		path := strings.TrimSuffix(e, ".error") + ".pp"
		t.Run(filepath.Base(path), func(t *testing.T) { checkError(t, path, mp) })
	}
}

// checkError compiles the case at path, against the modules of
// modulepath when it is not "", and compares the error with the one
// Puppet gave (CASE.error).
func checkError(t *testing.T, path, modulepath string) {
	want, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".error")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, manifest := layoutCase(t, src)
	opts := eval.Options{Node: "node.example", Facts: testFacts(), Types: compiler.Types()}
	first, _, _ := strings.Cut(string(src), "\n")
	mp, ok := strings.CutPrefix(first, "# modulepath: ")
	if ok {
		mp = filepath.Join("testdata", mp)
	}
	if modulepath != "" {
		mp, ok = modulepath, true
	}
	if ok {
		// As the recorder does: the modules are the environment's.
		abs, err := filepath.Abs(mp)
		if err != nil {
			t.Fatal(err)
		}
		link := filepath.Join(root, ".pcode/environments/production/modules")
		if err := os.Symlink(abs, link); err != nil {
			t.Fatal(err)
		}
		opts, err = compiler.Options(context.Background(), manifest, compiler.Setup{Node: "node.example", ModulePath: []string{link}})
		if err != nil {
			t.Fatal(err)
		}
	}
	if strings.Contains(first, "--strict_variables") {
		opts.StrictVariables = true
	}
	_, err = eval.Compile(context.Background(), manifest, opts)
	if err == nil {
		t.Fatalf("compiled; Puppet says\n%s", want)
	}
	got := "Error: " + err.Error()
	if e, ok := err.(*eval.Error); !ok || !e.Bare {
		got += " on node node.example"
	}
	got = strings.ReplaceAll(got, root, "@ROOT@")
	// Puppet names a resource type by its Ruby object's address.
	want = rubyAddress.ReplaceAll(want, []byte("${1}0x0>"))
	if got != strings.TrimRight(string(want), "\n") {
		t.Errorf("error differs from Puppet's\npuppet: %s\nordo:   %s", strings.TrimSpace(string(want)), got)
	}
}
