package archive

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// succeed answers every command with success.
type succeed struct{}

func (succeed) Run(context.Context, resource.Command) (resource.Result, error) {
	return resource.Result{}, nil
}

// TestDownloadCommandLines checks the curl and wget command lines the
// download options make, as the providers build them.
func TestDownloadCommandLines(t *testing.T) {
	if _, err := os.Stat("/usr/bin/curl"); err != nil {
		t.Skip("needs curl")
	}
	for _, c := range []struct {
		name string
		s    spec
		want string
		warn bool
	}{
		{name: "curl options", s: spec{provider: "curl", headers: []string{"X-A: b"}, proxyServer: "http://proxy:3128", insecure: true, options: []string{"--retry", "3"}, cookie: "k=v"},
			want: "/usr/bin/curl --header 'X-A: b' http://h/x.tgz -o TMP -fsSLg --max-redirs 5 --proxy http://proxy:3128 --insecure --retry 3 --cookie k=v"},
		{name: "curl credentials with a space", s: spec{provider: "curl", username: "a b", password: "p", hasUser: true, hasPassword: true},
			want: "/usr/bin/curl http://h/x.tgz -o TMP -fsSLg --max-redirs 5 --user 'a b:p'", warn: true},
		{name: "wget options", s: spec{provider: "wget", username: "u", password: "p w", hasUser: true, hasPassword: true, proxyServer: "http://proxy:3128", proxyType: "http", insecure: true, cookie: "k=v"},
			want: `/bin/sh -c 'wget http://h/x.tgz -O TMP --max-redirect=5 --user=u --password=p\ w --header="Cookie: k=v" -e use_proxy=yes -e http_proxy=http://proxy:3128 --no-check-certificate'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			fake := &command.Fake{Next: succeed{}}
			log := &resourcetest.Logger{}
			a := &instance{spec: c.s}
			if err := a.download(context.Background(), &resource.Handle{Runner: fake, Log: log}, "http://h/x.tgz", "TMP"); err != nil {
				t.Fatal(err)
			}
			lines := fake.Lines()
			if len(lines) != 1 || lines[0] != c.want {
				t.Errorf("ran %q\nwant %q", lines, c.want)
			}
			if got := strings.Contains(log.String(), "Unable to use netrc file"); got != c.warn {
				t.Errorf("warning %v, want %v:\n%s", got, c.warn, log.String())
			}
		})
	}
}
