package facts

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

// commandFact is a module's custom fact whose Ruby code runs a command
// of this machine (Facter's which and execute), computed in Go the same
// way. value returns false when the fact has no value: the command is
// not there, or it failed where Facter's execute would raise.
type commandFact struct {
	module, name string
	value        func(s Source, ctx context.Context, core *catalog.Hash) (catalog.Value, bool)
}

var commandFacts = []commandFact{
	{module: "filebeat", name: "filebeat_version", value: Source.filebeatVersion},
	{module: "nftables", name: "nftables", value: Source.nftables},
	{module: "openssl", name: "openssl_version", value: Source.opensslVersion},
	{module: "unbound", name: "unbound_version", value: Source.unboundVersion},
	{module: "wireguard", name: "wireguard_pubkeys", value: Source.wireguardPubkeys},
}

// execute runs name with args as Facter's execute does: the command's
// output, or false where it is not on PATH or exits non-zero. A
// prepared tree (Root other than /) runs nothing. Run, when set,
// stands in for the machine's commands.
func (s Source) execute(ctx context.Context, name string, args ...string) (string, bool) {
	if s.Run != nil {
		return s.Run(ctx, name, args...)
	}
	if s.Root != "" && s.Root != "/" {
		return "", false
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return "", false
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// Facter runs the command through a shell with 2>&1 where the fact
	// asks for it; these facts read both streams or only stdout as
	// their Ruby code does (see each caller).
	out, err := exec.CommandContext(ctx, path, args...).Output()
	if err != nil {
		return "", false
	}
	return string(out), true
}

var nftVersion = lazyre.New(`(?m)^.*v(\d+\.\d+.\d+)\s.*$`)

// nftables is puppet-nftables' nftables fact: the tables `nft list
// tables` prints (family-name) and the version `nft --version` prints.
func (s Source) nftables(ctx context.Context, _ *catalog.Hash) (catalog.Value, bool) {
	list, ok := s.execute(ctx, "nft", "list", "tables")
	if !ok {
		return nil, false
	}
	tables := []catalog.Value{}
	for _, line := range strings.Split(strings.TrimRight(list, "\n"), "\n") {
		fields := strings.Fields(line)
		// Ruby's split[1, 2].join('-'): what there is of the second
		// and third words.
		switch {
		case len(fields) >= 3:
			tables = append(tables, fields[1]+"-"+fields[2])
		case len(fields) == 2:
			tables = append(tables, fields[1])
		case len(fields) == 1:
			tables = append(tables, "")
		}
	}
	h := catalog.NewHash()
	h.Set("tables", tables)
	var version catalog.Value
	if out, ok := s.execute(ctx, "nft", "--version"); ok {
		if m := nftVersion.FindStringSubmatch(out); m != nil {
			version = m[1]
		}
	} else {
		return nil, false
	}
	h.Set("version", version)
	return h, true
}

var opensslVersionRe = lazyre.New(`(?m)^OpenSSL ([\w.-]+)(\s+FIPS)?( +)([\d.]+)( +)([\w.]+)( +)([\d.]+)`)

// opensslVersion is puppet-openssl's openssl_version: the version `openssl
// version` prints.
func (s Source) opensslVersion(ctx context.Context, _ *catalog.Hash) (catalog.Value, bool) {
	out, ok := s.execute(ctx, "openssl", "version")
	if !ok {
		return nil, false
	}
	if m := opensslVersionRe.FindStringSubmatch(out); m != nil {
		return m[1], true
	}
	return nil, false
}

// filebeatPaths are where pcfens-filebeat's fact looks for filebeat, in
// its order, with the argument it tries first.
var filebeatPaths = []struct{ path, arg string }{
	{"/usr/bin/filebeat", "version"},
	{"/usr/local/bin/filebeat", "version"},
	{"/opt/local/bin/filebeat", "version"},
	{"/usr/share/filebeat/bin/filebeat", "--version"},
	{"/usr/local/sbin/filebeat", "version"},
}

var filebeatVersionRe = lazyre.New(`(?m)^filebeat version ([^\s]+)?`)

// filebeatVersion is pcfens-filebeat's filebeat_version: false where no
// filebeat is installed, else the version its first executable prints
// (`version`, then `--version` where that prints nothing); no value
// where the output holds no version.
func (s Source) filebeatVersion(ctx context.Context, core *catalog.Hash) (catalog.Value, bool) {
	kernel, _ := core.Get("kernel")
	k, _ := kernel.(string)
	switch strings.ToLower(k) {
	case "freebsd", "openbsd", "linux", "windows", "sunos":
	default:
		return nil, false
	}
	for _, fb := range filebeatPaths {
		st, err := os.Stat(s.path(fb.path))
		if err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
			continue
		}
		out, _ := s.execute(ctx, fb.path, fb.arg)
		if strings.TrimSpace(out) == "" && fb.arg == "version" {
			out, _ = s.execute(ctx, fb.path, "--version")
		}
		if m := filebeatVersionRe.FindStringSubmatch(out); m != nil && m[1] != "" {
			return m[1], true
		}
		return nil, false
	}
	return false, true
}

var unboundVersionRe = lazyre.New(`Version\s+(\d+(?:\.\d+){2})\s+`)

// unboundVersion is puppet-unbound's unbound_version: the version `unbound
// -V` prints, off Windows.
func (s Source) unboundVersion(ctx context.Context, core *catalog.Hash) (catalog.Value, bool) {
	if kernel, _ := core.Get("kernel"); kernel == "windows" {
		return nil, false
	}
	out, ok := s.execute(ctx, "unbound", "-V")
	if !ok {
		return nil, false
	}
	if m := unboundVersionRe.FindStringSubmatch(out); m != nil {
		return m[1], true
	}
	return nil, false
}

// wireguardPubkeys is puppet-wireguard's wireguard_pubkeys: where
// /etc/wireguard is a folder, the content (less its final newline) of
// each NAME.pub in it by NAME.
func (s Source) wireguardPubkeys(_ context.Context, _ *catalog.Hash) (catalog.Value, bool) {
	dir := s.path("/etc/wireguard")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return nil, false
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pub"))
	sort.Strings(files)
	h := catalog.NewHash()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		name := strings.ReplaceAll(filepath.Base(f), ".pub", "")
		h.Set(name, strings.TrimSuffix(strings.TrimSuffix(string(data), "\n"), "\r"))
	}
	return h, true
}
