package nameservice

import (
	"context"
	"os"

	"github.com/ordoproject/ordo/internal/resource"
)

// LibuserConf is the libuser configuration libuser's tools (luseradd,
// lgroupadd, ...) get through LIBUSER_CONF under forcelocal: the local
// files and the shadow file only, whatever the machine's own
// /etc/libuser.conf says (LDAP, say).
const LibuserConf = `[import]
login_defs = /etc/login.defs
default_useradd = /etc/default/useradd

[defaults]
modules = files shadow
create_modules = files shadow

[userdefaults]
LU_USERNAME = %n
LU_GIDNUMBER = %u

[groupdefaults]
LU_GROUPNAME = %n
`

// ExecLocal runs one of libuser's tools as Exec runs argv, with
// LibuserConf written to a temporary file for the command's time.
func (f Files) ExecLocal(ctx context.Context, h *resource.Handle, argv []string, redact bool) error {
	conf, err := os.CreateTemp("", "ordo-libuser-*.conf")
	if err != nil {
		return err
	}
	defer os.Remove(conf.Name())
	if _, err := conf.WriteString(LibuserConf); err != nil {
		conf.Close()
		return err
	}
	if err := conf.Close(); err != nil {
		return err
	}
	return f.ExecCommand(ctx, h, resource.Command{Argv: argv, Env: []string{"LIBUSER_CONF=" + conf.Name()}}, redact)
}

// HasLibuser reports whether libuser's tools are installed: Puppet's
// libuser feature, which gives the useradd and groupadd providers
// forcelocal (and groupadd its members).
func HasLibuser() bool {
	for _, p := range []string{"/usr/sbin/lgroupadd", "/usr/sbin/luseradd"} {
		if fi, err := os.Stat(p); err != nil || fi.Mode()&0o111 == 0 {
			return false
		}
	}
	return true
}
