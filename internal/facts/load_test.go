package facts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func TestLoadAndOverride(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"f.yaml":      "os:\n  family: RedHat\nordo_flag: yes\n",
		"f.json":      `{"os": {"family": "RedHat"}, "ordo_flag": true}`,
		"puppet.json": `{"name": "vm", "values": {"os": {"family": "RedHat"}, "ordo_flag": true}, "timestamp": "x"}`,
		"noext":       `{"os": {"family": "RedHat"}, "ordo_flag": true}`,
	}
	base := catalog.NewHash()
	baseOS := catalog.NewHash()
	baseOS.Set("family", "Debian")
	baseOS.Set("name", "Debian")
	base.Set("os", baseOS)
	base.Set("kernel", "Linux")
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		over, err := Load(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := Override(base, over)
		if want := "{\n  'os' => {\n    'family' => 'RedHat'\n  },\n  'kernel' => 'Linux',\n  'ordo_flag' => true\n}"; catalog.Format(got) != want {
			t.Errorf("%s: got %s", name, catalog.Format(got))
		}
	}
	if _, err := Load(filepath.Join(dir, "missing.yaml")); err == nil {
		t.Error("a missing file loaded")
	}
	bad := filepath.Join(dir, "list.yaml")
	os.WriteFile(bad, []byte("- a\n"), 0o644)
	if _, err := Load(bad); err == nil {
		t.Error("a list loaded as facts")
	}
}

func TestSelect(t *testing.T) {
	f := catalog.NewHash()
	os := catalog.NewHash()
	rel := catalog.NewHash()
	rel.Set("major", "12")
	os.Set("release", rel)
	f.Set("os", os)
	f.Set("processors", mapOf("models", []catalog.Value{"A", "B"}))
	got := Select(f, []string{"os.release.major", "processors.models.1", "missing", "os.release.major.x"})
	want := "{\n  'missing' => undef,\n  'os.release.major' => '12',\n  'os.release.major.x' => undef,\n  'processors.models.1' => 'B'\n}"
	if catalog.Format(got) != want {
		t.Errorf("got %s", catalog.Format(got))
	}
}

func mapOf(k string, v catalog.Value) *catalog.Hash {
	h := catalog.NewHash()
	h.Set(k, v)
	return h
}

func TestTrusted(t *testing.T) {
	for certname, want := range map[string]string{
		"vm":              "{\n  'authenticated' => 'local',\n  'certname' => 'vm',\n  'extensions' => {},\n  'hostname' => 'vm',\n  'domain' => undef,\n  'external' => {}\n}",
		"web.example.org": "{\n  'authenticated' => 'local',\n  'certname' => 'web.example.org',\n  'extensions' => {},\n  'hostname' => 'web',\n  'domain' => 'example.org',\n  'external' => {}\n}",
	} {
		if got := catalog.Format(Trusted(certname)); got != want {
			t.Errorf("%s: got %s", certname, got)
		}
	}
}

// The expected strings are what Facter 4.3's UnitConverter returns.
func TestHumanSizes(t *testing.T) {
	for _, tc := range []struct {
		bytes int64
		want  string
	}{
		{0, "0 bytes"}, {1023, "1023 bytes"}, {1024, "1.00 KiB"}, {1536, "1.50 KiB"},
		{333193216, "317.76 MiB"}, {25276502016, "23.54 GiB"}, {1073741824, "1.00 GiB"},
		{1073741823, "1.00 GiB"}, {274877906944, "256.00 GiB"}, {1099511627775, "1.00 TiB"}, {5, "5 bytes"},
	} {
		if got := bytesHuman(tc.bytes); got != tc.want {
			t.Errorf("bytesHuman(%d) = %q, want %q", tc.bytes, got, tc.want)
		}
	}
	for _, tc := range []struct {
		hz   int64
		want string
	}{
		{2596000000, "2.60 GHz"}, {800000000, "800.00 MHz"}, {3000000000, "3.00 GHz"}, {999, "999.00 Hz"},
	} {
		if got := hertzHuman(tc.hz); got != tc.want {
			t.Errorf("hertzHuman(%d) = %q, want %q", tc.hz, got, tc.want)
		}
	}
}

// TestSwap checks memory.swap and the swap legacy names on a prepared
// /proc/meminfo; the strings are what Facter 4.3's UnitConverter gives.
func TestSwap(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "proc"), 0o755)
	os.WriteFile(filepath.Join(root, "proc", "meminfo"), []byte("MemTotal:       4000000 kB\nMemFree:   100 kB\nMemAvailable:    3000000 kB\nSwapTotal:       2097148 kB\nSwapFree:        1048000 kB\n"), 0o644)
	f := catalog.NewHash()
	Source{Root: root}.addMemory(f)
	legacy := WithLegacy(f)
	for path, want := range map[string]string{
		"memory.swap.total":      "'2.00 GiB'",
		"memory.swap.available":  "'1023.44 MiB'",
		"memory.swap.used":       "'1.00 GiB'",
		"memory.swap.capacity":   "'50.03%'",
		"memory.swap.used_bytes": "1074327552",
		"swapsize":               "'2.00 GiB'",
		"swapfree":               "'1023.44 MiB'",
		"swapsize_mb":            "2047.996094",
		"swapfree_mb":            "1023.437500",
	} {
		v, ok := dotted(legacy, path)
		if !ok || catalog.Format(v) != want {
			t.Errorf("%s = %s, want %s", path, catalog.Format(v), want)
		}
	}
}
