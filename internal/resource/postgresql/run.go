// Package postgresql implements puppetlabs-postgresql's native types:
// postgresql_psql (SQL run through psql when its checks allow),
// postgresql_conf (one setting of a postgresql.conf, rewritten as the
// module's ruby provider rewrites it) and postgresql_conn_validator (a
// query retried until the server answers).
package postgresql

import (
	"context"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// localeVars are cleared, and LANG and LC_ALL set to C, for every command
// (Puppet's override_locale); userVars are cleared too.
var (
	localeVars = []string{"LANG", "LC_CTYPE", "LC_COLLATE", "LC_TIME", "LC_NUMERIC", "LC_MONETARY", "LC_MESSAGES", "LC_ALL", "LANGUAGE"}
	userVars   = []string{"HOME", "USER", "LOGNAME"}
)

// run is one psql command as Puppet's execute runs it.
type run struct {
	argv []string
	// user and group, when set, are the account the command runs as; a
	// user without a group runs with the user's primary group.
	user, group string
	env         []string
	dir         string
	sensitive   bool
	// stdoutOnly drops standard error (Puppet's default); else it is
	// interleaved with standard output.
	stdoutOnly bool
}

// exec logs the command as Puppet does ("Executing with uid=U gid=G:
// 'line'", the line redacted when sensitive) and runs it.
func (r run) exec(ctx context.Context, h *resource.Handle) (resource.Result, error) {
	cmd := resource.Command{Argv: r.argv, Dir: r.dir, UnsetEnv: append(append([]string(nil), localeVars...), userVars...),
		Env: append([]string{"LANG=C", "LC_ALL=C"}, r.env...), SplitStderr: r.stdoutOnly}
	line := syscmd.Line(r.argv)
	if r.sensitive {
		line = "[redacted]"
	}
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", syscmd.Executing(r.user, r.group, line))
	}
	var err error
	if cmd.UID, cmd.GID, err = syscmd.Credentials(r.user, r.group); err != nil {
		return resource.Result{}, err
	}
	return h.Runner.Run(ctx, cmd)
}

// settings is a connect_settings hash as NAME=value entries, in the
// hash's order.
func settings(v catalog.Value) []string {
	h, ok := resource.Unsensitive(v).(*catalog.Hash)
	if !ok {
		return nil
	}
	var out []string
	for _, k := range h.Keys() {
		x, _ := h.Get(k)
		out = append(out, k+"="+catalog.Scalar(resource.Unsensitive(x)))
	}
	return out
}

// rubyInt is Ruby's String#to_i: the leading integer after white space,
// 0 when there is none.
func rubyInt(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	end := 0
	if end < len(s) && (s[0] == '-' || s[0] == '+') {
		end++
	}
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '_' && end > 0 && s[end-1] >= '0' && s[end-1] <= '9') {
		end++
	}
	n, _ := strconv.ParseInt(strings.ReplaceAll(strings.TrimRight(s[:end], "_"), "_", ""), 10, 64)
	return n
}
