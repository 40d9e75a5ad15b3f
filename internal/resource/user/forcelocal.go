package user

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// With forcelocal, as Puppet's useradd provider does where libuser is
// installed, a user is read from /etc/passwd alone (never from another
// name service) and changed with libuser's tools, told by a
// configuration of ordo's own to use the local files only: luseradd,
// lusermod, luserdel and lchage; its groups and expiry still go through
// usermod, which libuser cannot set. Without libuser the useradd provider
// lacks the feature forcelocal needs, and the parameter is dropped, as in
// Puppet.

// libuserTools are the programs whose presence gives the useradd provider
// its manages_local_users_and_groups feature (Puppet's libuser feature).
var libuserTools = []string{"/usr/sbin/lgroupadd", "/usr/sbin/luseradd"}

// hasLibuser reports whether libuser's tools are installed.
func hasLibuser() bool {
	for _, p := range libuserTools {
		if fi, err := os.Stat(p); err != nil || fi.Mode()&0o111 == 0 {
			return false
		}
	}
	return true
}

// libuser reports whether the type can force local accounts here.
func (t Type) libuser() bool {
	if t.Libuser != nil {
		return t.Libuser()
	}
	return hasLibuser()
}

// libuserConf is the libuser configuration the luser* tools get through
// LIBUSER_CONF: the local files and the shadow file only, whatever the
// machine's own /etc/libuser.conf says (LDAP, say).
const libuserConf = `[import]
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

// execLocal runs one of libuser's tools with ordo's configuration,
// written to a temporary file for the command's time.
func (u *instance) execLocal(ctx context.Context, h *resource.Handle, argv []string, redact bool) error {
	f, err := os.CreateTemp("", "ordo-libuser-*.conf")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.WriteString(libuserConf); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return u.files.ExecCommand(ctx, h, resource.Command{Argv: argv, Env: []string{"LIBUSER_CONF=" + f.Name()}}, redact)
}

// localTool is the libuser counterpart of a shadow-utils tool.
var localTool = map[string]string{"useradd": "luseradd", "usermod": "lusermod", "userdel": "luserdel", "chage": "lchage"}

// runTool returns the sync of param by the account tool named tool
// (useradd, usermod, userdel, chage) with args and the user's name last:
// libuser's counterpart under forcelocal, except for the groups and the
// expiry, which only usermod sets.
func (u *instance) runTool(param, tool string, args ...string) func(context.Context, *resource.Handle) error {
	return func(ctx context.Context, h *resource.Handle) error {
		argv, local := u.toolArgv(param, tool, args...)
		var err error
		if local {
			err = u.execLocal(ctx, h, argv, false)
		} else {
			err = u.files.Exec(ctx, h, argv, nil, false)
		}
		if err != nil {
			return fmt.Errorf("Could not set %s on user[%s]: %w", param, u.name, err)
		}
		return nil
	}
}

// toolArgv is the command line of tool with args and the user's name, and
// whether it is one of libuser's.
func (u *instance) toolArgv(param, tool string, args ...string) ([]string, bool) {
	local := u.forcelocal && param != "groups" && param != "expiry"
	if local {
		tool = localTool[tool]
	}
	return append(append([]string{ns.Program(tool)}, args...), u.name), local
}

// checkLocalDupe is Puppet's check before a forced local account gets
// uid: libuser takes a duplicate uid, so without allowdupe one that
// /etc/passwd holds already is refused.
func (u *instance) checkLocalDupe(uid string) error {
	if !u.forcelocal || u.allowdupe || uid == "" {
		return nil
	}
	taken, err := u.files.LocalUIDTaken(uid)
	if err != nil {
		return err
	}
	if taken {
		return fmt.Errorf("UID %s already exists, use allowdupe to force user creation", uid)
	}
	return nil
}

// withoutForcelocal drops the line saying forcelocal is not managed.
func withoutForcelocal(dropped []string) []string {
	var out []string
	for _, d := range dropped {
		if !strings.HasSuffix(d, "not managing attribute forcelocal") {
			out = append(out, d)
		}
	}
	return out
}
