package providertest

import (
	"os"
	"path/filepath"
	"strings"
)

// Recorded is the recording of case c of the kind ext ("log", "files",
// "state") that ordo's run is compared with: dir/NAME.ordo.EXT where
// ordo knowingly differs from Puppet and that file exists, else Puppet's
// dir/NAME.EXT.
func Recorded(dir string, c Case, ext string) string {
	if p := filepath.Join(dir, c.Name+".ordo."+ext); exists(p) {
		return p
	}
	return filepath.Join(dir, c.Name+"."+ext)
}

// OrdoCase is c as ordo's run of it is compared: want is Puppet's lines
// (c.Want), or those of dir/NAME.ordo.log as Keep filters them; files is
// c, named NAME.ordo when dir/NAME.ordo.files holds the files ordo
// leaves (for SameFiles).
func OrdoCase(dir string, c Case) (want []string, files Case) {
	want, files = c.Want, c
	if data, err := os.ReadFile(filepath.Join(dir, c.Name+".ordo.log")); err == nil {
		want = Keep(strings.Split(strings.TrimRight(string(data), "\n"), "\n"))
	}
	if exists(filepath.Join(dir, c.Name+".ordo.files")) {
		files.Name = c.Name + ".ordo"
	}
	return want, files
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
