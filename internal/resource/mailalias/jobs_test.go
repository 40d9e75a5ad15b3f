package mailalias_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// TestJobsShareTheFile adds aliases to one alias file with --jobs 8: the
// entries are applied one at a time, and the file ends with every one,
// in the order of a serial run.
func TestJobsShareTheFile(t *testing.T) {
	target := filepath.Join(t.TempDir(), "aliases")
	c := catalog.New("node")
	const n = 16
	for i := range n {
		r := &catalog.Resource{Type: "Mailalias", Title: fmt.Sprintf("al%02d", i), Params: []catalog.Param{
			{Name: "recipient", Value: fmt.Sprintf("user%d", i+1)}, {Name: "target", Value: target}}}
		if err := c.Add(r); err != nil {
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
	var want, got []string
	for i := range n {
		want = append(want, fmt.Sprintf("al%02d: user%d", i, i+1))
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			got = append(got, l)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("file:\n%s\nwant the entries in order:\n%s", data, strings.Join(want, "\n"))
	}
}
