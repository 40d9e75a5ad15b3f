// Package builtin assembles the resource types ordo ships with.
package builtin

import (
	"sync"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/alternatives"
	"github.com/ordoproject/ordo/internal/resource/anchor"
	"github.com/ordoproject/ordo/internal/resource/aptkey"
	"github.com/ordoproject/ordo/internal/resource/archive"
	"github.com/ordoproject/ordo/internal/resource/augeas"
	"github.com/ordoproject/ordo/internal/resource/concat"
	"github.com/ordoproject/ordo/internal/resource/cron"
	"github.com/ordoproject/ordo/internal/resource/debconf"
	"github.com/ordoproject/ordo/internal/resource/exec"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/filebucket"
	"github.com/ordoproject/ordo/internal/resource/filecap"
	"github.com/ordoproject/ordo/internal/resource/fileline"
	"github.com/ordoproject/ordo/internal/resource/firewall"
	"github.com/ordoproject/ordo/internal/resource/group"
	"github.com/ordoproject/ordo/internal/resource/host"
	"github.com/ordoproject/ordo/internal/resource/inifile"
	"github.com/ordoproject/ordo/internal/resource/javaks"
	"github.com/ordoproject/ordo/internal/resource/knownhost"
	"github.com/ordoproject/ordo/internal/resource/mailalias"
	"github.com/ordoproject/ordo/internal/resource/mount"
	"github.com/ordoproject/ordo/internal/resource/mysql"
	"github.com/ordoproject/ordo/internal/resource/notify"
	"github.com/ordoproject/ordo/internal/resource/openssl"
	"github.com/ordoproject/ordo/internal/resource/pkg"
	"github.com/ordoproject/ordo/internal/resource/postgresql"
	"github.com/ordoproject/ordo/internal/resource/resources"
	"github.com/ordoproject/ordo/internal/resource/schedule"
	"github.com/ordoproject/ordo/internal/resource/service"
	"github.com/ordoproject/ordo/internal/resource/sshkey"
	"github.com/ordoproject/ordo/internal/resource/tidy"
	"github.com/ordoproject/ordo/internal/resource/user"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
	"github.com/ordoproject/ordo/internal/resource/vcsrepo"
)

// Types returns the built-in types.
func Types() []resource.Type {
	// user and group change the same account databases.
	accounts := ns.Files{Changes: new(sync.Mutex)}
	files := file.NewType()
	concatFile := concat.NewType(files)
	iniSetting, iniSubsetting := inifile.NewTypes()
	types := []resource.Type{
		alternatives.Type{},
		alternatives.EntryType{},
		anchor.Type{},
		aptkey.Type{},
		archive.Type{},
		augeas.NewType(),
		concatFile,
		concatFile.FragmentType(),
		cron.Type{},
		debconf.Type{},
		exec.Type{},
		files,
		filebucket.Type{},
		filecap.Type{},
		fileline.Type{},
		group.Type{Files: accounts},
		host.Type{},
		iniSetting,
		iniSubsetting,
		javaks.Type{},
		knownhost.Type{},
		mailalias.Type{},
		mount.Type{},
		notify.Type{},
		pkg.NewType(),
		schedule.Type{},
		service.NewType(),
		sshkey.Type{},
		tidy.Type{},
		user.Type{Files: accounts},
		vcsrepo.Type{},
	}
	types = append(types, mysql.NewTypes(mysql.Config{})...)
	types = append(types, firewall.NewTypes()...)
	types = append(types, postgresql.NewTypes()...)
	types = append(types, openssl.NewTypes()...)
	// The metatype purges the others: it knows them all.
	return append(types, resources.NewType(types))
}

// Registry returns a registry of all built-in types.
func Registry() *resource.Registry { return resource.NewRegistry(Types()...) }
