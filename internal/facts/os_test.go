package facts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// TestOSFacts builds os for other platforms' release files, as Facter
// 4.3's fact classes for each platform read them.
func TestOSFacts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]string
	}{
		{
			name: "ubuntu",
			files: map[string]string{"/etc/os-release": `PRETTY_NAME="Ubuntu 24.04.1 LTS"
NAME="Ubuntu"
VERSION_ID="24.04"
VERSION="24.04.1 LTS (Noble Numbat)"
VERSION_CODENAME=noble
ID=ubuntu
ID_LIKE=debian
`, "/etc/debian_version": "trixie/sid\n"},
			want: map[string]string{
				"os.name": "'Ubuntu'", "os.family": "'Debian'",
				"os.release":         "{\n  'full' => '24.04',\n  'major' => '24.04'\n}",
				"os.distro.codename": "'noble'", "os.distro.id": "'Ubuntu'",
				"os.distro.description":     "'Ubuntu 24.04.1 LTS'",
				"operatingsystemmajrelease": "'24.04'", "lsbdistcodename": "'noble'",
			},
		},
		{
			name: "rocky",
			files: map[string]string{"/etc/os-release": `NAME="Rocky Linux"
VERSION="9.3 (Blue Onyx)"
ID="rocky"
ID_LIKE="rhel centos fedora"
VERSION_ID="9.3"
PRETTY_NAME="Rocky Linux 9.3 (Blue Onyx)"
`, "/etc/redhat-release": "Rocky Linux release 9.3 (Blue Onyx)\n"},
			want: map[string]string{
				"os.name": "'Rocky'", "os.family": "'RedHat'",
				"os.release":         "{\n  'full' => '9.3',\n  'major' => '9',\n  'minor' => '3'\n}",
				"os.distro.codename": "'Blue Onyx'", "os.distro.id": "'Rocky'",
				"os.distro.description":  "'Rocky Linux release 9.3 (Blue Onyx)'",
				"operatingsystemrelease": "'9.3'", "operatingsystemmajrelease": "'9'",
			},
		},
		{
			name: "rhel",
			files: map[string]string{"/etc/os-release": `NAME="Red Hat Enterprise Linux"
VERSION="8.9 (Ootpa)"
ID="rhel"
ID_LIKE="fedora"
VERSION_ID="8.9"
`, "/etc/redhat-release": "Red Hat Enterprise Linux release 8.9 (Ootpa)\n"},
			want: map[string]string{
				"os.name": "'RedHat'", "os.family": "'RedHat'",
				"os.release":   "{\n  'full' => '8.9',\n  'major' => '8',\n  'minor' => '9'\n}",
				"os.distro.id": "'RedHatEnterprise'",
			},
		},
		{
			name: "debian-point-release",
			files: map[string]string{"/etc/os-release": "NAME=\"Debian GNU/Linux\"\nID=debian\nVERSION_ID=\"11\"\nVERSION_CODENAME=bullseye\n",
				"/etc/debian_version": "11.09\n"},
			want: map[string]string{
				"os.name":             "'Debian'",
				"os.release":          "{\n  'full' => '11.09',\n  'major' => '11',\n  'minor' => '9'\n}",
				"lsbminordistrelease": "'9'",
			},
		},
		{
			name:  "arch",
			files: map[string]string{"/etc/os-release": "NAME=\"Arch Linux\"\nID=arch\nBUILD_ID=rolling\n"},
			want: map[string]string{
				"os.name": "'Archlinux'", "os.family": "'Archlinux'",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for p, text := range tc.files {
				full := filepath.Join(root, p)
				os.MkdirAll(filepath.Dir(full), 0o755)
				if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			f := catalog.NewHash()
			Source{Root: root}.addOS(f)
			legacy := WithLegacy(f)
			for path, want := range tc.want {
				v, _ := dotted(legacy, path)
				if got := catalog.Format(v); got != want {
					t.Errorf("%s = %s, want %s", path, got, want)
				}
			}
		})
	}
}

// TestGatherEmptyRoot: a tree with none of the files facts come from
// gives facts without failing.
func TestGatherEmptyRoot(t *testing.T) {
	f, err := Source{Root: t.TempDir()}.Gather(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"os", "kernel", "identity", "path", "timezone", "networking"} {
		if _, ok := f.Get(name); !ok {
			t.Errorf("%s missing", name)
		}
	}
	WithLegacy(f)
}

func TestPartitions(t *testing.T) {
	root := t.TempDir()
	mk := func(p, text string) {
		full := filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte(text), 0o644)
	}
	os.MkdirAll(filepath.Join(root, "sys/block/sda/device"), 0o755)
	mk("/sys/block/sda/size", "2097152\n")
	mk("/sys/block/sda/sda1/size", "204800\n")
	mk("/sys/block/sda/sda2/size", "1048576\n")
	mk("/proc/mounts", "/dev/sda1 / ext4 rw 0 0\n")
	os.MkdirAll(filepath.Join(root, "dev/disk/by-uuid"), 0o755)
	os.MkdirAll(filepath.Join(root, "dev/disk/by-label"), 0o755)
	os.Symlink("../../sda1", filepath.Join(root, "dev/disk/by-uuid/0a1b-2c3d"))
	os.Symlink("../../sda2", filepath.Join(root, `dev/disk/by-label/my\x20data`))
	got := catalog.Format(Source{Root: root}.partitions())
	want := `{
  '/dev/sda1' => {
    'filesystem' => 'ext4',
    'size' => '100.00 MiB',
    'size_bytes' => 104857600,
    'uuid' => '0a1b-2c3d'
  },
  '/dev/sda2' => {
    'label' => 'my data',
    'size' => '512.00 MiB',
    'size_bytes' => 536870912
  }
}`
	if got != want {
		t.Errorf("got %s", got)
	}
}
