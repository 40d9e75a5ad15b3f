package user

import (
	"context"
	"fmt"
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

// libuser reports whether the type can force local accounts here.
func (t Type) libuser() bool {
	if t.Libuser != nil {
		return t.Libuser()
	}
	return ns.HasLibuser()
}

// execLocal runs one of libuser's tools with ordo's configuration.
func (u *instance) execLocal(ctx context.Context, h *resource.Handle, argv []string, redact bool) error {
	return u.files.ExecLocal(ctx, h, argv, redact)
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
