package cli_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ordoproject/ordo/internal/cli"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"ordo": func() {
			os.Exit(cli.Run(context.Background(), os.Args[1:], cli.Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}))
		},
	})
}

// TestScripts runs the CLI scripts in testdata/script: each applies real
// catalogs in its own work folder and checks output, exit codes and files.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		// Each script has its own run lock, so that scripts run in
		// parallel do not wait for each other.
		Setup: func(env *testscript.Env) error {
			env.Setenv("ORDO_LOCKFILE", filepath.Join(env.WorkDir, ".ordo.lock"))
			env.Setenv("ORDO_STATEDIR", filepath.Join(env.WorkDir, ".ordo-state"))
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// root FILE...: replace @ROOT@ by the script's work folder.
			"root": func(ts *testscript.TestScript, neg bool, args []string) {
				for _, name := range args {
					path := ts.MkAbs(name)
					data, err := os.ReadFile(path)
					ts.Check(err)
					data = bytes.ReplaceAll(data, []byte("@ROOT@"), []byte(ts.Getenv("WORK")))
					ts.Check(os.WriteFile(path, data, 0o644))
				}
			},
		},
	})
}
