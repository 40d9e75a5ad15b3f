package file

import (
	"context"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// checksumValueProp is checksum_value beside a source (Puppet's static
// catalogs carry one for every sourced file): the file's content is in
// sync when its checksum is that value, and a change copies the source,
// refusing content whose checksum is not the value.
type checksumValueProp instance

func (p *checksumValueProp) Name() string { return "checksum_value" }

// Current is the file's checksum without its {type} prefix, as Puppet's
// property shows it.
func (p *checksumValueProp) Current() catalog.Value {
	f := (*instance)(p)
	if f.curType != "file" {
		return "absent"
	}
	sum := f.currentSum()
	if i := strings.IndexByte(sum, '}'); i >= 0 {
		return sum[i+1:]
	}
	return sum
}

func (p *checksumValueProp) Desired() catalog.Value { return p.odd.sourceSum }
func (p *checksumValueProp) Event() string          { return "checksum_value_changed" }

// InSync follows Puppet: only a file that is or is to be a plain file is
// compared (a missing one without ensure => file stays missing).
func (p *checksumValueProp) InSync() bool {
	f := (*instance)(p)
	switch {
	case f.ensure == "file":
		if f.curType != "file" {
			return false
		}
	case f.ensure == "" || f.ensure == "present":
		if f.curType != "file" {
			return true
		}
	default:
		return true
	}
	if !f.replace {
		return true
	}
	cur := p.Current()
	if cur == p.odd.sourceSum {
		return true
	}
	return f.timeSum() && notOlder("{}"+catalog.Scalar(cur), "{}"+p.odd.sourceSum)
}

func (p *checksumValueProp) Message() string {
	return "checksum_value changed " + catalog.Format(p.Current()) + " to " + catalog.Format(p.odd.sourceSum)
}

func (p *checksumValueProp) Sync(ctx context.Context, h *resource.Handle) error {
	f := (*instance)(p)
	f.currentSum() // remember the old checksum for the message
	return rubyError(f.writeSourceWithSum(ctx, h))
}

// checksumError is content whose checksum is not the checksum_value:
// nothing is written. Puppet raises it as it is, unwrapped.
type checksumError struct{ got, want string }

func (e *checksumError) Error() string {
	return fmt.Sprintf("File written to disk did not match desired checksum; discarding changes (%s vs %s)", e.got, e.want)
}

// writeSourceWithSum copies the first source that exists, if its content
// has the checksum checksum_value names; an http(s) source is streamed.
func (f *instance) writeSourceWithSum(ctx context.Context, h *resource.Handle) error {
	var data []byte
	found := false
	want := ""
	if !f.timeSum() && f.checksum != "none" {
		want = "{" + f.checksum + "}" + f.odd.sourceSum
	}
	for i := range f.sources {
		if f.remote[i] != "" {
			m, err := f.host.fetch.metadata(ctx, fetchLog(h), f.remote[i], f.checksum)
			if err != nil {
				return fmt.Errorf("Could not retrieve file metadata for %s: %w", f.sourceURI[i], err)
			}
			if m != nil {
				return f.writeRemote(ctx, h, f.remote[i], want)
			}
			continue
		}
		s := f.sourcePath(i, h)
		if s == "" {
			continue
		}
		b, err := readRegular(s)
		if err != nil {
			continue
		}
		data, found = b, true
		break
	}
	if !found {
		return fmt.Errorf("Could not retrieve information from environment production source(s) %s", strings.Join(f.sourceURI, ", "))
	}
	if want != "" {
		if got := f.sum(string(data)); got != want {
			return &checksumError{got: got, want: want}
		}
	}
	f.content = string(data)
	return f.write(ctx, h)
}
