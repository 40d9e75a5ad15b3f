package apply_test

import (
	"context"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// TestJobsShareOneFile adds entries of one type to one file with --jobs
// 8: the entries are applied one at a time, and the file ends with every
// one, in the order of a serial run. Each row makes the i-th resource and
// says how the i-th entry reads (entry: the part of a line compared).
func TestJobsShareOneFile(t *testing.T) {
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	key := func(i int) string { return fmt.Sprintf("AAAAC3NzaC1lZDI1NTE5AAAAIKey%02d", i) }
	tests := []struct {
		typ, file string
		resource  func(i int, target string) (title string, params []catalog.Param)
		entry     func(line string) string
		want      func(i int) string
	}{
		{
			typ: "Host", file: "hosts",
			resource: func(i int, target string) (string, []catalog.Param) {
				return fmt.Sprintf("host%02d", i), []catalog.Param{{Name: "ip", Value: fmt.Sprintf("192.0.2.%d", i+1)}, {Name: "target", Value: target}}
			},
			want: func(i int) string { return fmt.Sprintf("192.0.2.%d\thost%02d", i+1, i) },
		},
		{
			typ: "Mount", file: "fstab",
			resource: func(i int, target string) (string, []catalog.Param) {
				return fmt.Sprintf("/mnt/ordo%02d", i), []catalog.Param{{Name: "ensure", Value: "defined"}, {Name: "device", Value: fmt.Sprintf("/dev/ordo%02d", i)},
					{Name: "fstype", Value: "ext4"}, {Name: "options", Value: "defaults"}, {Name: "target", Value: target}}
			},
			entry: func(line string) string { return strings.Fields(line)[0] },
			want:  func(i int) string { return fmt.Sprintf("/dev/ordo%02d", i) },
		},
		{
			typ: "Sshkey", file: "known_hosts",
			resource: func(i int, target string) (string, []catalog.Param) {
				return fmt.Sprintf("host%02d@ssh-ed25519", i), []catalog.Param{{Name: "key", Value: key(i)}, {Name: "target", Value: target}}
			},
			want: func(i int) string { return fmt.Sprintf("host%02d ssh-ed25519 %s", i, key(i)) },
		},
		{
			typ: "Ssh_authorized_key", file: "authorized_keys",
			resource: func(i int, target string) (string, []catalog.Param) {
				return fmt.Sprintf("key%02d", i), []catalog.Param{{Name: "type", Value: "ssh-ed25519"}, {Name: "key", Value: key(i)},
					{Name: "user", Value: me.Username}, {Name: "target", Value: target}}
			},
			want: func(i int) string { return fmt.Sprintf("ssh-ed25519 %s key%02d", key(i), i) },
		},
	}
	const n = 16
	for _, tt := range tests {
		t.Run(tt.typ, func(t *testing.T) {
			target := filepath.Join(t.TempDir(), tt.file)
			c := catalog.New("node")
			for i := range n {
				title, params := tt.resource(i, target)
				if err := c.Add(&catalog.Resource{Type: tt.typ, Title: title, Params: params}); err != nil {
					t.Fatal(err)
				}
			}
			log := &resourcetest.Logger{}
			if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 8}); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			data, err := os.ReadFile(target)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				if strings.HasPrefix(l, "#") {
					continue
				}
				if tt.entry != nil {
					l = tt.entry(l)
				}
				got = append(got, l)
			}
			for i := range n {
				want = append(want, tt.want(i))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("file:\n%s\nwant the entries in order:\n%s\n%s", data, strings.Join(want, "\n"), log.String())
			}
		})
	}
}
