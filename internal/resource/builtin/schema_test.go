package builtin

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
)

// What a declared attribute does when a resource sets it.
type outcome int

const (
	// effect: the instance differs from the one without the attribute.
	effect outcome = iota
	// refused: instantiating fails with an error naming the attribute.
	refused
	// dropped: the provider lacks the feature; the instance records
	// Puppet's "does not support features" debug line for it.
	dropped
	// inert: accepted and checked, and without effect in what ordo
	// supports, as in Puppet (the reason says why).
	inert
	// generated: passed to the resources the type makes before the run
	// (resource.PreGenerator), which differ from those made without it.
	generated
)

type attrCase struct {
	value  catalog.Value
	want   outcome
	reason string // for inert
}

// pgHost is a connect_settings hash.
var pgHost = func() *catalog.Hash {
	h := catalog.NewHash()
	h.Set("PGHOST", "/tmp")
	return h
}()

// base is the resource each attribute is added to.
var base = map[string]*catalog.Resource{
	"alternatives": {Type: "Alternatives", Title: "ordoschema"},
	"alternative_entry": {Type: "Alternative_entry", Title: "/tmp/ordoschema-alt", Params: []catalog.Param{{Name: "altlink", Value: "/tmp/ordoschema-link"},
		{Name: "altname", Value: "ordoschema"}}},
	"anchor":          {Type: "Anchor", Title: "ordoschema"},
	"apt_key":         {Type: "Apt_key", Title: "B4CE14FDB51E2968E459FB903D8AE9050A35CD4E"},
	"archive":         {Type: "Archive", Title: "/tmp/ordoschema.tar.gz"},
	"debconf":         {Type: "Debconf", Title: "ordoschema/q", Params: []catalog.Param{{Name: "type", Value: "string"}}},
	"augeas":          {Type: "Augeas", Title: "ordoschema", Params: []catalog.Param{{Name: "changes", Value: "set a b"}}},
	"concat_file":     {Type: "Concat_file", Title: "/tmp/ordoschema-concat"},
	"concat_fragment": {Type: "Concat_fragment", Title: "ordoschema", Params: []catalog.Param{{Name: "target", Value: "/tmp/ordoschema-concat"}, {Name: "content", Value: "x"}}},
	"cron":            {Type: "Cron", Title: "ordoschema", Params: []catalog.Param{{Name: "command", Value: "/bin/true"}}},
	"ssl_pkey":        {Type: "Ssl_pkey", Title: "/tmp/ordoschema.key", Params: []catalog.Param{{Name: "ensure", Value: "present"}}},
	"x509_request":    {Type: "X509_request", Title: "/tmp/ordoschema.csr", Params: []catalog.Param{{Name: "ensure", Value: "present"}}},
	"x509_cert":       {Type: "X509_cert", Title: "/tmp/ordoschema.crt", Params: []catalog.Param{{Name: "ensure", Value: "present"}}},
	"cert_file":       {Type: "Cert_file", Title: "/tmp/ordoschema.pem", Params: []catalog.Param{{Name: "ensure", Value: "present"}, {Name: "source", Value: "http://127.0.0.1/ca.crt"}}},
	"dhparam":         {Type: "Dhparam", Title: "/tmp/ordoschema.pem", Params: []catalog.Param{{Name: "ensure", Value: "present"}}},
	"java_ks":         {Type: "Java_ks", Title: "ordoschema:/tmp/ordoschema.jks", Params: []catalog.Param{{Name: "certificate", Value: "/tmp/ordoschema.pem"}, {Name: "password", Value: "changeit"}}},
	"firewall":        {Type: "Firewall", Title: "001 ordoschema", Params: []catalog.Param{{Name: "dport", Value: int64(22)}}},
	"firewallchain":   {Type: "Firewallchain", Title: "INPUT:filter:IPv4"},
	"file_line":       {Type: "File_line", Title: "ordoschema", Params: []catalog.Param{{Name: "path", Value: "/tmp/ordoschema-fl"}, {Name: "line", Value: "x"}}},
	"ini_setting":     {Type: "Ini_setting", Title: "ordoschema", Params: []catalog.Param{{Name: "path", Value: "/tmp/ordoschema-ini"}, {Name: "setting", Value: "k"}}},
	"ini_subsetting":  {Type: "Ini_subsetting", Title: "ordoschema", Params: []catalog.Param{{Name: "path", Value: "/tmp/ordoschema-ini"}, {Name: "setting", Value: "s"}, {Name: "subsetting", Value: "x"}}},
	"host":            {Type: "Host", Title: "ordoschema.example", Params: []catalog.Param{{Name: "ip", Value: "192.0.2.1"}}},
	"mailalias":       {Type: "Mailalias", Title: "ordoschema", Params: []catalog.Param{{Name: "target", Value: "/tmp/ordoschema-aliases"}}},
	"file_capability": {Type: "File_capability", Title: "/tmp/ordoschema-cap", Params: []catalog.Param{{Name: "capability", Value: "cap_chown=ep"}}},
	"mount":           {Type: "Mount", Title: "/tmp/ordoschema-mnt"},
	"mysql_database":  {Type: "Mysql_database", Title: "ordoschema"},
	"mysql_user":      {Type: "Mysql_user", Title: "ordoschema@localhost"},
	"mysql_plugin":    {Type: "Mysql_plugin", Title: "ordoschema"},
	"mysql_grant": {Type: "Mysql_grant", Title: "ordoschema@localhost/d.*", Params: []catalog.Param{{Name: "user", Value: "ordoschema@localhost"},
		{Name: "table", Value: "d.*"}, {Name: "privileges", Value: []catalog.Value{"SELECT"}}}},
	"package":                     {Type: "Package", Title: "ordoschema-pkg"},
	"postgresql_psql":             {Type: "Postgresql_psql", Title: "ordoschema", Params: []catalog.Param{{Name: "command", Value: "SELECT 1"}}},
	"postgresql_conf":             {Type: "Postgresql_conf", Title: "ordoschema", Params: []catalog.Param{{Name: "target", Value: "/tmp/ordoschema.conf"}}},
	"postgresql_conn_validator":   {Type: "Postgresql_conn_validator", Title: "ordoschema"},
	"postgresql_replication_slot": {Type: "Postgresql_replication_slot", Title: "ordoschema"},
	"sshkey":                      {Type: "Sshkey", Title: "ordoschema.example@ssh-rsa"},
	"resources":                   {Type: "Resources", Title: "group", Params: []catalog.Param{{Name: "purge", Value: true}}},
	"tidy":                        {Type: "Tidy", Title: tidyTree, Params: []catalog.Param{{Name: "recurse", Value: int64(1)}, {Name: "matches", Value: []catalog.Value{"ss*", "passwd"}}}},
	"ssh_authorized_key":          {Type: "Ssh_authorized_key", Title: "ordoschema", Params: []catalog.Param{{Name: "user", Value: "nobody"}}},
	"service":                     {Type: "Service", Title: "ordoschema-svc", Params: []catalog.Param{{Name: "provider", Value: "debian"}}},
	"exec":                        {Type: "Exec", Title: "/bin/true"},
	"file":                        {Type: "File", Title: "/tmp/ordoschema-table"},
	"filebucket":                  {Type: "Filebucket", Title: "ordoschema"},
	"group":                       {Type: "Group", Title: "ordoschemag"},
	"notify":                      {Type: "Notify", Title: "ordoschema"},
	"schedule":                    {Type: "Schedule", Title: "ordoschema"},
	"user":                        {Type: "User", Title: "ordoschemau"},
	"vcsrepo":                     {Type: "Vcsrepo", Title: "/tmp/ordoschema-vcs", Params: []catalog.Param{{Name: "provider", Value: "git"}}},
}

const (
	noRecursion  = "only recursion reads it, and the base file does not recurse"
	noSELinux    = "Puppet ignores SELinux contexts where SELinux is not enabled (ordo refuses them where it is)"
	aixOnly      = "only AIX attributes use it, and those are dropped"
	noSchedules  = "schedules are checked; matching resources to them (the schedule metaparameter) is the engine's"
	solarisOnly  = "only Solaris attributes use it, and those are dropped"
	remoteBucket = "only a remote bucket uses it, and ordo refuses a server"
	readOnly     = "a read-only parameter the package sets itself"
)

// cases lists every attribute of every built-in type with what setting it
// does. The test fails when a type declares an attribute not listed here,
// so that no attribute can be accepted and silently ignored.
var cases = map[string]map[string]attrCase{
	"alternatives": {
		"name": {value: "other"}, "path": {value: "/tmp/ordoschema-alt"}, "mode": {value: "auto"},
		"provider": {value: "dpkg", want: inert, reason: "dpkg is the provider ordo has (chkconfig is Red Hat's)"},
	},
	"alternative_entry": {
		"ensure": {value: "absent"}, "name": {value: "/tmp/ordoschema-other"}, "altlink": {value: "/tmp/ordoschema-other-link"},
		"altlink_ro": {value: "/tmp/x"}, "altname": {value: "other"}, "priority": {value: int64(5)},
		"provider": {value: "dpkg", want: inert, reason: "dpkg is the provider ordo has (chkconfig is Red Hat's)"},
	},
	"anchor": {
		"name": {value: "other", want: inert, reason: "an anchor has no state"},
	},
	"apt_key": {
		"ensure": {value: "absent"}, "id": {value: "0x0a35cd4e"}, "content": {value: "key"}, "source": {value: "/tmp/k.asc"},
		"server": {value: "keys.example.org"}, "options": {value: "timeout=5"}, "refresh": {value: true}, "weak_ssl": {value: true},
		"fingerprint": {value: "B4CE14FDB51E2968E459FB903D8AE9050A35CD4E"}, "long": {value: "3D8AE9050A35CD4E"}, "short": {value: "0A35CD4E"},
		"expired": {value: "false"}, "expiry": {value: "2030-01-01"}, "size": {value: "2048"}, "type": {value: "rsa"}, "created": {value: "2026-01-01"},
		"provider": {value: "apt_key", want: inert, reason: "apt_key is apt_key's only provider"},
	},
	"archive": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other.zip"},
		"filename": {value: "x.zip", want: inert, reason: "puppet-archive sets it from path, whatever the resource says"},
		"extract":  {value: "true"}, "extract_path": {value: "/tmp"}, "target": {value: "/tmp"},
		"extract_command": {value: "7z x %s"}, "temp_dir": {value: "/var/tmp"}, "extract_flags": {value: "xvf"},
		"creates": {value: "/tmp/ordoschema-x"}, "cleanup": {value: "false"}, "source": {value: "/tmp/a.tar.gz"},
		"url": {value: "/tmp/a.tar.gz"}, "cookie": {value: "a=b"}, "checksum": {value: "abcdef1"},
		"digest_string": {value: "abcdef1"}, "checksum_url": {value: "http://x/sum"}, "digest_url": {value: "http://x/sum"},
		"checksum_type": {value: "md5"}, "digest_type": {value: "md5"}, "checksum_verify": {value: "false"},
		"username": {value: "u"}, "password": {value: "p"}, "headers": {value: []catalog.Value{"X-A: b"}},
		"user": {value: "nobody"}, "group": {value: "nogroup"},
		"proxy_type":   {value: "https", want: inert, reason: "puppet-archive sets it to none without proxy_server"},
		"proxy_server": {value: "http://proxy:3128"}, "allow_insecure": {value: true}, "download_options": {value: "--foo"},
		"provider": {value: "wget"},
	},
	"debconf": {
		"ensure": {value: "absent"}, "name": {value: "ordoschema/other"}, "item": {value: "ordoschema/other"},
		"package": {value: "other"}, "type": {value: "boolean"}, "value": {value: "v"}, "seen": {value: true},
		"provider": {value: "debian", want: inert, reason: "debian is debconf's only provider"},
	},
	"augeas": {
		"name":    {value: "other", want: inert, reason: "the name only identifies the resource"},
		"context": {value: "/files/etc"}, "onlyif": {value: "match * size > 0"}, "changes": {value: "set c d"},
		"root": {value: "/tmp"}, "load_path": {value: "/tmp/lenses"}, "force": {value: true}, "type_check": {value: "true"},
		"lens": {value: "Hosts.lns", want: refused}, "incl": {value: "/etc/hosts", want: refused},
		"show_diff": {value: false}, "returns": {value: int64(1)},
		"provider": {value: "augeas", want: inert, reason: "augeas is the type's only provider"},
	},
	"concat_file": {
		"ensure": {value: "absent", want: generated}, "path": {value: "/tmp/ordoschema-other"}, "owner": {value: "root", want: generated}, "group": {value: "root", want: generated},
		"mode": {value: "0600", want: generated}, "order": {value: "alpha"}, "backup": {value: ".bak", want: generated}, "replace": {value: false, want: generated},
		"validate_cmd": {value: "/bin/true %", want: generated}, "ensure_newline": {value: true}, "format": {value: "json"},
		"force":                   {value: true},
		"selinux_ignore_defaults": {want: inert, value: true, reason: noSELinux}, "selrange": {want: inert, value: "s0", reason: noSELinux},
		"selrole": {want: inert, value: "r", reason: noSELinux}, "seltype": {want: inert, value: "t", reason: noSELinux},
		"seluser": {want: inert, value: "u", reason: noSELinux}, "show_diff": {value: false, want: generated}, "create_empty_file": {value: false},
	},
	"concat_fragment": {
		"name": {value: "other"}, "target": {value: "/tmp/ordoschema-other"}, "content": {value: "y"},
		"source": {value: "/etc/hostname", want: refused}, "order": {value: "20"},
	},
	"cron": {
		"ensure": {value: "absent"}, "command": {value: "/bin/false"}, "special": {value: "daily"},
		"minute": {value: int64(5)}, "hour": {value: []catalog.Value{"1", "2"}}, "weekday": {value: "Monday"},
		"month": {value: "jan"}, "monthday": {value: "*/2"}, "environment": {value: "PATH=/bin"},
		"name": {value: "other"}, "user": {value: "nobody"}, "target": {value: "nobody"},
		"provider": {value: "crontab", want: inert, reason: "crontab is cron's only provider"},
	},
	"file_capability": {
		"ensure": {value: "absent"}, "file": {value: "/tmp/ordoschema-other"}, "capability": {value: []catalog.Value{"cap_net_raw=ep", "cap_kill+p"}},
		"provider": {value: "linux", want: inert, reason: "linux is file_capability's only provider"},
	},
	"mailalias": {
		"ensure": {value: "absent"}, "name": {value: "other"}, "recipient": {value: []catalog.Value{"a", "b"}},
		"file": {value: "/etc/mail/lists"}, "target": {value: "/tmp/ordoschema-other"},
		"provider": {value: "aliases", want: inert, reason: "aliases is mailalias's only provider"},
	},
	"file_line": {
		"ensure": {value: "absent"}, "name": {value: "other", want: inert, reason: "the name only identifies the resource"},
		"match": {value: "^x"}, "match_for_absence": {value: true}, "multiple": {value: true}, "after": {value: "^y"},
		"line": {value: "z"}, "path": {value: "/tmp/ordoschema-other"}, "replace": {value: false},
		"replace_all_matches_not_matching_line": {value: true},
		"encoding":                              {value: "ISO-8859-1", want: inert, reason: "ordo reads and writes the file's bytes as they are"},
		"append_on_no_match":                    {value: false},
		"provider":                              {value: "ruby", want: inert, reason: "ruby is file_line's only provider"},
	},
	"host": {
		"ensure": {value: "absent"}, "ip": {value: "192.0.2.2"}, "host_aliases": {value: []catalog.Value{"a", "b"}},
		"comment": {value: "c"}, "target": {value: "/tmp/ordoschema-hosts"}, "name": {value: "other.example"},
		"provider": {value: "parsed", want: inert, reason: "parsed is host's only provider"},
	},
	"ini_setting": {
		"ensure": {value: "absent"}, "name": {value: "other", want: inert, reason: "the name only identifies the resource"},
		"section": {value: "s"}, "setting": {value: "other"}, "force_new_section_creation": {value: false},
		"path": {value: "/tmp/ordoschema-other"}, "show_diff": {value: "md5"}, "key_val_separator": {value: "="},
		"value": {value: "v"}, "section_prefix": {value: "<"}, "section_suffix": {value: ">"},
		"indent_char": {value: "\t"}, "indent_width": {value: int64(2)}, "refreshonly": {value: true},
		"provider": {value: "ruby", want: inert, reason: "ruby is ini_setting's only provider"},
	},
	"ini_subsetting": {
		"ensure": {value: "absent"}, "name": {value: "other", want: inert, reason: "the name only identifies the resource"},
		"section": {value: "s"}, "setting": {value: "other"}, "subsetting": {value: "y"},
		"subsetting_separator": {value: ","}, "subsetting_key_val_separator": {value: "="},
		"path": {value: "/tmp/ordoschema-other"}, "show_diff": {value: "md5"}, "key_val_separator": {value: "="},
		"quote_char": {value: `"`}, "use_exact_match": {value: true}, "value": {value: "v"},
		"insert_type": {value: "start"}, "insert_value": {value: "y"},
		"delete_if_empty": {value: true, want: inert, reason: "inifile 6.3 removes a setting left empty whatever it says (its test takes :false for true)"},
		"provider":        {value: "ruby", want: inert, reason: "ruby is ini_subsetting's only provider"},
	},
	"java_ks": {
		"ensure": {value: "absent"}, "name": {value: "other"}, "target": {value: "/tmp/ordoschema-other.jks"},
		"certificate": {value: "/tmp/ordoschema-other.pem"}, "certificate_content": {want: refused, value: "x"},
		"storetype": {value: "jceks"}, "private_key": {value: "/tmp/ordoschema.key"}, "private_key_content": {value: "k"},
		"private_key_type": {value: "ec", want: inert, reason: "openssl reads the key's type from the key itself"},
		"chain":            {value: "/tmp/ordoschema-chain.pem"}, "password": {value: "otherpass"}, "password_file": {want: refused, value: "/tmp/pw"},
		"password_fail_reset": {value: true}, "destkeypass": {value: "keypass"}, "trustcacerts": {value: true},
		"path": {value: "/usr/bin"}, "keytool_timeout": {value: int64(5)}, "source_password": {value: "srcpass"},
		"source_alias": {value: "src"},
		"provider":     {value: "keytool", want: inert, reason: "keytool is java_ks's only provider"},
	},
	"ssl_pkey": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other.key"}, "authentication": {value: "ec"},
		"size": {value: int64(4096)}, "curve": {value: "secp521r1"}, "password": {value: "secret"},
		"owner": {value: "root"}, "group": {value: "root"}, "mode": {value: "0600"},
		"provider": {value: "openssl", want: inert, reason: "openssl is ssl_pkey's only provider"},
	},
	"x509_request": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other.csr"}, "force": {value: false},
		"password": {value: "secret"}, "template": {value: "/tmp/ordoschema-t.cnf"}, "private_key": {value: "/tmp/ordoschema-other.key"},
		"encrypted": {value: false, want: inert, reason: "puppet-openssl 4.2.0 takes its false (a Ruby symbol) for true and never passes -nodes"},
		"owner":     {value: "root"}, "group": {value: "root"}, "mode": {value: "0600"},
		"provider": {value: "openssl", want: inert, reason: "openssl is x509_request's only provider"},
	},
	"x509_cert": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other.crt"}, "private_key": {value: "/tmp/ordoschema-other.key"},
		"days": {value: int64(30)}, "force": {value: true}, "password": {value: "secret"}, "req_ext": {value: true},
		"template": {value: "/tmp/ordoschema-t.cnf"}, "csr": {value: "/tmp/ordoschema.csr"}, "ca": {value: "/tmp/ca.crt"},
		"cakey": {value: "/tmp/ca.key"}, "cakey_password": {value: "secret"},
		"owner": {value: "root"}, "group": {value: "root"}, "mode": {value: "0600"},
		"provider": {value: "openssl", want: inert, reason: "openssl is x509_cert's only provider"},
	},
	"cert_file": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other.pem"}, "source": {value: "https://127.0.0.1/other.crt"},
		"format":   {value: "der"},
		"provider": {value: "posix", want: inert, reason: "posix is cert_file's only provider"},
	},
	"dhparam": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other.pem"}, "size": {value: int64(1024)}, "fastmode": {value: true},
		"owner": {value: "root"}, "group": {value: "root"}, "mode": {value: "0600"},
		"provider": {value: "openssl", want: inert, reason: "openssl is dhparam's only provider"},
	},
	"mysql_database": {
		"ensure": {value: "absent"}, "name": {value: "other"}, "charset": {value: "latin1"}, "collate": {value: "latin1_bin"},
		"provider": {value: "mysql", want: inert, reason: "mysql is mysql_database's only provider"},
	},
	"mysql_plugin": {
		"ensure": {value: "absent"}, "name": {value: "other"}, "soname": {value: "other.so"},
		"provider": {value: "mysql", want: inert, reason: "mysql is mysql_plugin's only provider"},
	},
	"mysql_user": {
		"ensure": {value: "absent"}, "name": {value: "other@localhost"}, "password_hash": {value: "*AB"}, "plugin": {value: "unix_socket"},
		"max_user_connections": {value: "1"}, "max_connections_per_hour": {value: "1"}, "max_queries_per_hour": {value: "1"},
		"max_updates_per_hour": {value: "1"}, "tls_options": {value: "SSL"},
		"provider": {value: "mysql", want: inert, reason: "mysql is mysql_user's only provider"},
	},
	"mysql_grant": {
		"ensure": {value: "absent"}, "privileges": {value: []catalog.Value{"INSERT"}}, "options": {value: []catalog.Value{"GRANT"}},
		// The name must be user/table: changing one alone is refused.
		"name": {value: "other@localhost/d.*", want: refused}, "table": {value: "e.*", want: refused}, "user": {value: "other@localhost", want: refused},
		"provider": {value: "mysql", want: inert, reason: "mysql is mysql_grant's only provider"},
	},
	"postgresql_psql": {
		"name":    {value: "other", want: inert, reason: "with command set, the name only identifies the resource"},
		"command": {value: "SELECT 2"}, "unless": {value: "SELECT 1"}, "onlyif": {value: "SELECT 1"},
		"connect_settings": {value: pgHost}, "db": {value: "other"}, "port": {value: int64(5433)},
		"search_path": {value: []catalog.Value{"a", "b"}}, "psql_path": {value: "/usr/bin/psql"}, "psql_user": {value: "nobody"},
		"psql_group": {value: "nogroup"}, "cwd": {value: "/"}, "environment": {value: "PGAPPNAME=x"},
		"refreshonly": {value: true}, "sensitive": {value: true},
		"instance": {value: "other", want: inert, reason: "it only names the anchor the resource autorequires"},
		"provider": {value: "ruby", want: inert, reason: "ruby is postgresql_psql's only provider"},
	},
	"postgresql_conf": {
		"ensure": {value: "absent"}, "name": {value: "other"}, "key": {value: "port"}, "value": {value: "5432"},
		"comment": {value: "c"}, "target": {value: "/tmp/ordoschema-other.conf"},
		"provider": {value: "ruby", want: inert, reason: "ruby is postgresql_conf's only provider"},
	},
	"postgresql_conn_validator": {
		"ensure": {value: "absent"}, "name": {value: "other", want: inert, reason: "the name only identifies the resource"},
		"db_name": {value: "d"}, "db_username": {value: "u"}, "db_password": {value: "p"}, "host": {value: "h"},
		"port": {value: int64(5433)}, "connect_settings": {value: pgHost}, "sleep": {value: int64(1)}, "tries": {value: int64(1)},
		"psql_path": {value: "/usr/bin/psql"}, "run_as": {value: "postgres"}, "command": {value: "SELECT 2"},
		"provider": {value: "ruby", want: inert, reason: "ruby is postgresql_conn_validator's only provider"},
	},
	"postgresql_replication_slot": {
		"ensure": {value: "absent"}, "name": {value: "other"},
		"provider": {value: "ruby", want: inert, reason: "ruby is postgresql_replication_slot's only provider"},
	},
	"mount": {
		"ensure": {value: "defined"}, "device": {value: "tmpfs"}, "fstype": {value: "tmpfs"}, "options": {value: "size=1m"},
		"pass": {value: "2"}, "dump": {value: "1"}, "target": {value: "/tmp/ordoschema-fstab"}, "name": {value: "/tmp/ordoschema-other"},
		"remounts": {value: false}, "blockdevice": {value: "/dev/x", want: inert, reason: solarisOnly},
		"atboot":   {value: "yes", want: inert, reason: solarisOnly},
		"provider": {value: "parsed", want: inert, reason: "parsed is mount's only provider"},
	},
	"package": {
		"ensure": {value: "absent"}, "name": {value: "ordoschema-other"}, "command": {value: "/usr/bin/pip", want: dropped},
		"package_settings": {value: "x", want: dropped}, "flavor": {value: "f", want: dropped}, "source": {value: "/tmp/x.deb"},
		"instance": {value: "x", want: inert, reason: readOnly}, "status": {value: "x", want: inert, reason: readOnly},
		"adminfile": {value: "/tmp/admin", want: inert, reason: solarisOnly}, "responsefile": {value: "/tmp/answers"},
		"configfiles": {value: "replace"}, "category": {value: "x", want: inert, reason: readOnly},
		"platform": {value: "x", want: inert, reason: readOnly}, "root": {value: "x", want: inert, reason: readOnly},
		"vendor": {value: "x", want: inert, reason: readOnly}, "description": {value: "x", want: inert, reason: readOnly},
		"allowcdrom":   {value: true, want: inert, reason: "ordo does not refuse cdrom sources, so it has nothing to allow"},
		"enable_only":  {value: true, want: inert, reason: "only dnf modules use it"},
		"install_only": {value: true, want: dropped}, "install_options": {value: []catalog.Value{"--no-install-recommends"}},
		"uninstall_options":    {value: []catalog.Value{"x"}, want: dropped},
		"allow_virtual":        {value: true, want: inert, reason: "ordo does not resolve virtual package names; apt and dpkg default to false"},
		"reinstall_on_refresh": {value: true, want: inert, reason: "apt and dpkg cannot reinstall, so Puppet ignores it for them too"},
		"mark":                 {value: "hold"}, "provider": {value: "dpkg"},
	},
	"ssh_authorized_key": {
		"ensure": {value: "absent"}, "name": {value: "other"},
		"drop_privileges": {value: false, want: inert, reason: "ordo always writes the file itself and gives it to the user"},
		"type":            {value: "rsa"}, "key": {value: "AAAA"}, "user": {value: "root"}, "target": {value: "/tmp/ordoschema-keys"},
		"options": {value: []catalog.Value{"no-pty"}}, "provider": {value: "parsed", want: inert, reason: "parsed is the only provider"},
	},
	"resources": {
		"name": {value: "host", want: generated}, "purge": {value: false, want: generated},
		"unless_system_user": {value: int64(100), want: inert, reason: "only the purging of users reads it"},
		"unless_uid":         {value: int64(100), want: inert, reason: "only the purging of users reads it"},
	},
	"sshkey": {
		"ensure": {value: "absent"}, "name": {value: "other.example"}, "type": {value: "ssh-ed25519"}, "key": {value: "AAAA"},
		"host_aliases": {value: []catalog.Value{"a", "b"}}, "target": {value: "/tmp/ordoschema-known"},
		"provider": {value: "parsed", want: inert, reason: "parsed is sshkey's only provider"},
	},
	"tidy": {
		"path": {value: tidyTree + "/ssh", want: generated}, "recurse": {value: false, want: refused}, "max_files": {value: int64(1), want: generated},
		"matches": {value: "group", want: generated}, "backup": {value: ".bak", want: inert, reason: "tidied files are never backed up, as in Puppet"},
		"age": {value: "100000w", want: generated}, "size": {value: "1000000000", want: generated}, "type": {value: "ctime", want: inert, reason: "only age reads it"},
		"rmdirs": {value: true, want: generated},
	},
	"service": {
		"ensure": {value: "running"}, "enable": {value: true}, "logonaccount": {value: "x", want: dropped},
		"logonpassword": {value: "x", want: dropped}, "flags": {value: "-x", want: dropped}, "binary": {value: "/bin/sleep"},
		"hasstatus": {value: false}, "name": {value: "ordoschema-other"}, "path": {value: "/etc/rc.d"}, "pattern": {value: "x"},
		"restart": {value: "/bin/true"}, "start": {value: "/bin/true"}, "status": {value: "/bin/true"}, "stop": {value: "/bin/true"},
		"control":    {value: "X_START", want: inert, reason: "only the BSD providers' rc.conf uses it"},
		"hasrestart": {value: true}, "manifest": {value: "/tmp/m.xml", want: inert, reason: "only Solaris SMF imports manifests"},
		"timeout": {value: int64(5), want: dropped}, "provider": {value: "base"},
	},
	"exec": {
		"returns": {value: "1"}, "command": {value: "/bin/echo"}, "path": {value: "/bin"},
		"user": {value: "nobody"}, "group": {value: "nogroup"}, "cwd": {value: "/tmp"},
		"logoutput": {value: "true"}, "refresh": {value: "/bin/false"}, "environment": {value: "A=b"},
		"umask": {value: "077"}, "timeout": {value: int64(5)}, "tries": {value: int64(2)},
		"try_sleep": {value: int64(1)}, "refreshonly": {value: true}, "creates": {value: "/tmp/x"},
		"unless": {value: "/bin/false"}, "onlyif": {value: "/bin/true"}, "provider": {value: "shell"},
	},
	"file": {
		"path": {value: "/tmp/ordoschema-other"}, "ensure": {value: "file"}, "content": {value: "x"},
		"target": {value: "/tmp"}, "owner": {value: "root"}, "group": {value: "root"}, "mode": {value: "0600"},
		"type": {value: "file", want: refused}, "checksum_value": {value: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}, // without a source Puppet cannot create the file (file-checksum-value-alone)
		"seluser": {value: "u"}, "selrole": {value: "r"}, "seltype": {value: "t"}, "selrange": {value: "s0"}, // a debug line each
		"selinux_ignore_defaults": {want: inert, value: true, reason: noSELinux},
		"ctime":                   {value: "x", want: refused}, "mtime": {value: "x", want: refused},
		"backup": {value: ".bak"}, "recurse": {value: true},
		"recurselimit": {value: "3", want: inert, reason: noRecursion}, "max_files": {value: "10", want: inert, reason: noRecursion},
		"ignore": {value: "*.bak", want: inert, reason: noRecursion}, "purge": {value: true, want: inert, reason: noRecursion},
		"sourceselect": {value: "all", want: inert, reason: noRecursion},
		"replace":      {value: false}, "force": {value: true}, "links": {value: "follow"},
		"show_diff": {value: false}, "validate_cmd": {value: "/bin/true %"}, "validate_replacement": {value: "@@"},
		"checksum": {value: "md5"}, "source": {value: "/etc/hostname"}, "source_permissions": {value: "use", want: inert, reason: "without a source there is nothing to copy"},
		"staging_location": {value: "/tmp"}, "provider": {value: "windows"},
	},
	"filebucket": {
		"name":   {value: "other", want: inert, reason: "a bucket's name is only how files name it"},
		"server": {value: "puppet", want: refused}, "path": {value: "/tmp/bucket", want: refused},
		"port": {value: int64(8140), want: inert, reason: remoteBucket},
	},
	"group": {
		"ensure": {value: "absent"}, "gid": {value: int64(4242)}, "members": {value: []catalog.Value{"a"}},
		"auth_membership": {value: true}, "name": {value: "ordoschemag2"}, "allowdupe": {value: true},
		"ia_load_module": {value: "m", want: dropped}, "attributes": {value: "a=b", want: dropped},
		"attribute_membership": {value: "inclusive", want: inert, reason: aixOnly},
		"system":               {value: true}, "forcelocal": {value: true, want: dropped}, "provider": {value: "ldap"},
	},
	"notify": {
		"message": {value: "m"}, "name": {value: "other"}, "withpath": {value: true},
	},
	"schedule": {
		"name": {value: "other", want: inert, reason: noSchedules}, "range": {value: "2 - 4", want: inert, reason: noSchedules},
		"periodmatch": {value: "number", want: inert, reason: noSchedules}, "period": {value: "daily", want: inert, reason: noSchedules},
		"repeat": {value: int64(1), want: inert, reason: noSchedules}, "weekday": {value: "Mon", want: inert, reason: noSchedules},
	},
	"firewall": firewallCases(),
	"firewallchain": {
		"ensure": {value: "absent"}, "name": {value: "OUTPUT:filter:IPv6"}, "policy": {value: "drop"},
		"purge": {value: true}, "ignore": {value: "keep"}, "ignore_foreign": {value: true},
		"provider": {value: "iptables_chain", want: inert, reason: "iptables_chain is firewallchain's only provider"},
	},
	"user": {
		"ensure": {value: "absent"}, "home": {value: "/home/x"}, "uid": {value: int64(4242)}, "gid": {value: int64(4242)},
		"comment": {value: "X"}, "shell": {value: "/bin/sh"}, "password": {value: "!"},
		"password_min_age": {value: int64(1)}, "password_max_age": {value: int64(99)}, "password_warn_days": {value: int64(7)},
		"groups": {value: []catalog.Value{"g"}}, "name": {value: "ordoschemau2"}, "membership": {value: "inclusive"},
		"system": {value: true}, "allowdupe": {value: true}, "managehome": {value: true}, "expiry": {value: "2030-01-01"},
		"roles": {value: "r", want: dropped}, "role_membership": {value: "inclusive", want: inert, reason: solarisOnly},
		"auths": {value: "a", want: dropped}, "auth_membership": {value: "inclusive", want: inert, reason: solarisOnly},
		"profiles": {value: "p", want: dropped}, "profile_membership": {value: "inclusive", want: inert, reason: solarisOnly},
		"keys": {value: "k=v", want: dropped}, "key_membership": {value: "inclusive", want: inert, reason: solarisOnly},
		"project": {value: "p", want: dropped}, "ia_load_module": {value: "m", want: dropped},
		"attributes": {value: "a=b", want: dropped}, "attribute_membership": {value: "inclusive", want: inert, reason: aixOnly},
		"salt": {value: "s", want: dropped}, "iterations": {value: int64(3), want: dropped},
		"forcelocal": {value: true, want: dropped}, "purge_ssh_keys": {value: true}, "loginclass": {value: "c", want: dropped},
		"provider": {value: "ldap"},
	},
	"vcsrepo": {
		"ensure": {value: "absent"}, "path": {value: "/tmp/ordoschema-other"}, "source": {value: "/tmp/src"},
		"revision": {value: "main"}, "owner": {value: "nobody"}, "group": {value: "nogroup"}, "user": {value: "nobody"},
		"excludes": {value: []catalog.Value{"x"}}, "includes": {value: []catalog.Value{"x"}}, "force": {value: true},
		"identity": {value: "/root/.ssh/id"}, "remote": {value: "upstream"}, "depth": {value: "1"}, "branch": {value: "dev"},
		"submodules": {value: false}, "trust_server_cert": {value: true}, "keep_local_changes": {value: true},
		"safe_directory": {value: true}, "skip_hooks": {value: true}, "umask": {value: "0077"},
		"http_proxy": {value: "http://127.0.0.1:3128"}, "provider": {value: "hg"},
		"fstype": {value: "ext4", want: dropped}, "compression": {value: "1", want: dropped},
		"basic_auth_username": {value: "u", want: dropped}, "basic_auth_password": {value: "p", want: dropped},
		"module": {value: "m", want: dropped}, "configuration": {value: "/etc/x", want: dropped},
		"cvs_rsh": {value: "ssh", want: dropped}, "p4config": {value: "/x", want: dropped},
		"conflict": {value: "theirs-full", want: inert, reason: "only the svn provider reads it"},
		"tmpdir":   {value: "/tmp", want: inert, reason: "the git provider writes a wrapper script there only for git before 2.3, which ordo does not support"},
	},
}

// with returns r with name set to v, replacing the value r has.
func with(r *catalog.Resource, name string, v catalog.Value) *catalog.Resource {
	out := *r
	out.Params = append([]catalog.Param(nil), r.Params...)
	out.Set(name, v)
	return &out
}

// TestEveryAttribute proves the schema is the only list of attributes:
// every attribute a type declares is honoured, refused with an error
// naming it, dropped for a missing provider feature, or inert with a
// stated reason; anything else is refused as unknown.
// tidyTree is the tree tidy's attributes are tried on; the test makes it
// (a tree of the machine, such as /etc, changes while other tests run).
const tidyTree = "/tmp/ordoschema-tidy"

func makeTidyTree(t *testing.T) {
	t.Helper()
	if err := os.RemoveAll(tidyTree); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tidyTree) })
	for _, name := range []string{"ssh/ssh_host_key", "ssh_config", "passwd", "group", "hosts"} {
		p := filepath.Join(tidyTree, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(name+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEveryAttribute(t *testing.T) {
	makeTidyTree(t)
	reg := Registry()
	if got, want := reg.Names(), sortedKeys(cases); !reflect.DeepEqual(got, want) {
		t.Fatalf("types %v, table has %v", got, want)
	}
	for _, typ := range reg.Names() {
		s := reg.Schema(typ)
		table := cases[typ]
		declared := map[string]bool{}
		for _, a := range s.Attrs {
			if a.Kind == resource.KindMeta {
				continue
			}
			declared[a.Name] = true
			c, ok := table[a.Name]
			if !ok {
				t.Errorf("%s: attribute %s is declared but not in this table", typ, a.Name)
				continue
			}
			t.Run(typ+"/"+a.Name, func(t *testing.T) { checkAttr(t, reg, typ, a, c) })
		}
		for name := range table {
			if !declared[name] {
				t.Errorf("%s: the table lists %s, which the schema does not declare", typ, name)
			}
		}
		// Anything the schema does not declare is refused, naming it.
		_, err := reg.Instantiate(with(base[typ], "ordoschema_bogus", "x"))
		if err == nil || !strings.Contains(err.Error(), "no parameter named 'ordoschema_bogus'") {
			t.Errorf("%s: unknown attribute: %v", typ, err)
		}
		// Every metaparameter is declared on every type.
		for _, m := range resource.Metaparams() {
			if s.Attr(m.Name) == nil || s.Attr(m.Name).Kind != resource.KindMeta {
				t.Errorf("%s: metaparameter %s missing", typ, m.Name)
			}
		}
	}
}

// metaparams says where each metaparameter is honoured: the engine and
// the graph read them from the catalog resource, not the instance.
var metaparams = map[string]string{
	"alias":     "graph: another title the resource is found by",
	"audit":     "apply: audited values recorded in the state store, with Puppet's audit lines",
	"before":    "graph: an order edge",
	"loglevel":  "apply: the level of the resource's lines",
	"noop":      "apply: the resource's own noop",
	"notify":    "graph: a refresh edge",
	"require":   "graph: an order edge",
	"schedule":  "apply: the schedule must exist, and it must match now and when the resource was last checked",
	"stage":     "graph: the run stage",
	"subscribe": "graph: a refresh edge",
	"tag":       "apply: --tags and --skip_tags",
}

func TestEveryMetaparameter(t *testing.T) {
	reg := Registry()
	var names []string
	for _, m := range resource.Metaparams() {
		names = append(names, m.Name)
		where, ok := metaparams[m.Name]
		if !ok {
			t.Errorf("metaparameter %s is declared but not in this table", m.Name)
			continue
		}
		if where == "refused" {
			_, err := reg.Instantiate(with(base["notify"], m.Name, "x"))
			if err == nil || !strings.Contains(err.Error(), m.Name) {
				t.Errorf("%s: want an error naming it, got %v", m.Name, err)
			}
		}
	}
	if len(names) != len(metaparams) {
		t.Errorf("metaparameters %v, table has %v", names, sortedKeys(metaparams))
	}
	// Puppet 7 has no consume or export metaparameter.
	for _, gone := range []string{"consume", "export"} {
		if _, err := reg.Instantiate(with(base["notify"], gone, "x")); err == nil || !strings.Contains(err.Error(), "no parameter named '"+gone+"'") {
			t.Errorf("%s: %v", gone, err)
		}
	}
}

func checkAttr(t *testing.T, reg *resource.Registry, typ string, a resource.Attr, c attrCase) {
	without, err := reg.Instantiate(base[typ])
	if err != nil {
		t.Fatalf("base resource: %v", err)
	}
	withRes := with(base[typ], a.Name, c.value)
	inst, err := reg.Instantiate(withRes)
	switch c.want {
	case refused:
		if err == nil || !strings.Contains(err.Error(), a.Name) {
			t.Errorf("want an error naming %s, got %v", a.Name, err)
		}
		return
	case dropped:
		if err != nil {
			t.Fatal(err)
		}
		v := resource.NewValues(reg.Schema(typ), withRes)
		lines := strings.Join(v.Dropped(v.Provider()), "\n")
		if !strings.Contains(lines, "; not managing attribute "+a.Name) {
			t.Errorf("no debug line for %s: %q", a.Name, lines)
		}
		if !differ(inst, without) {
			t.Errorf("the instance does not record that %s is dropped", a.Name)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s => %v: %v", a.Name, c.value, err)
	}
	if a.Check != nil {
		if _, err := a.Check.Munge(c.value); err != nil {
			t.Errorf("sample value refused by its own check: %v", err)
		}
	}
	switch c.want {
	case generated:
		var madeWith, madeWithout []*catalog.Resource
		switch pg := reg.Lookup(typ).(type) {
		case resource.PreGenerator:
			madeWith, madeWithout = pg.PreGenerate(withRes, catalog.New("ordoschema"), nil), pg.PreGenerate(base[typ], catalog.New("ordoschema"), nil)
		case resource.MachinePreGenerator:
			h := &resource.Handle{Runner: command.Runner{}}
			var err1, err2 error
			madeWith, err1 = pg.PreGenerateFrom(context.Background(), h, withRes, catalog.New("ordoschema"))
			madeWithout, err2 = pg.PreGenerateFrom(context.Background(), h, base[typ], catalog.New("ordoschema"))
			if err2 != nil {
				t.Fatal(err2)
			}
			if err1 != nil {
				return // a failed generation: the value reached it
			}
		default:
			t.Fatalf("%s makes no resources before the run", typ)
		}
		if reflect.DeepEqual(params(madeWith), params(madeWithout)) {
			t.Errorf("%s => %v does not reach the resources %s makes", a.Name, c.value, typ)
		}
	case effect:
		if !differ(inst, without) {
			t.Errorf("%s => %v is accepted and changes nothing", a.Name, c.value)
		}
	case inert:
		if c.reason == "" {
			t.Errorf("inert without a reason")
		}
		if differ(inst, without) {
			t.Errorf("%s is listed inert but changes the instance", a.Name)
		}
	}
}

// params are the references and parameters of rs.
func params(rs []*catalog.Resource) [][]catalog.Param {
	var out [][]catalog.Param
	for _, r := range rs {
		out = append(out, append([]catalog.Param{{Name: "(ref)", Value: r.Ref().String()}}, r.Params...))
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// differ compares two instances field by field, following pointers and
// interfaces, and leaving out the catalog resource an instance keeps for
// its messages (it differs by construction).
func differ(a, b any) bool {
	return !same(reflect.ValueOf(a), reflect.ValueOf(b), map[[2]uintptr]bool{})
}

var resourcePtr = reflect.TypeOf((*catalog.Resource)(nil))

func same(a, b reflect.Value, seen map[[2]uintptr]bool) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	if a.Type() == resourcePtr {
		return true
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		key := [2]uintptr{a.Pointer(), b.Pointer()}
		if seen[key] {
			return true
		}
		seen[key] = true
		return same(a.Elem(), b.Elem(), seen)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return same(a.Elem(), b.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !same(a.Field(i), b.Field(i), seen) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !same(a.Index(i), b.Index(i), seen) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		it := a.MapRange()
		for it.Next() {
			if !same(it.Value(), b.MapIndex(it.Key()), seen) {
				return false
			}
		}
		return true
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return a.IsNil() == b.IsNil()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	}
	return true
}

// An attribute the provider lacks the feature for is dropped before its
// value is looked at, as Puppet drops it.
func TestDroppedNotChecked(t *testing.T) {
	if _, err := Registry().Instantiate(with(base["group"], "forcelocal", "maybe")); err != nil {
		t.Errorf("forcelocal => maybe on groupadd: %v", err)
	}
}

// firewallCases lists firewall's attributes: those ordo manages change
// the rule; the module's others are refused, naming them.
func firewallCases() map[string]attrCase {
	c := map[string]attrCase{
		"ensure": {value: "absent"}, "name": {value: "002 other"}, "protocol": {value: "IPv6"}, "table": {value: "nat"},
		"chain": {value: "OUTPUT"}, "source": {value: "10.0.0.0/8"}, "destination": {value: "! 192.0.2.1"},
		"iniface": {value: "eth0"}, "outiface": {value: "eth1"}, "proto": {value: "udp"}, "sport": {value: "1024-2048"},
		"dport": {value: []catalog.Value{int64(80), "443"}}, "state": {value: "NEW"}, "ctstate": {value: []catalog.Value{"NEW", "RELATED"}},
		"icmp": {value: "echo-request"}, "limit": {value: "5/sec"}, "burst": {value: int64(3)}, "jump": {value: "accept"},
		"goto": {value: "OTHER"}, "todest": {value: "10.0.0.1:80"}, "tosource": {value: "192.0.2.1"}, "toports": {value: "8080"},
		"log_prefix": {value: "x: "}, "log_level": {value: "info"}, "reject": {value: "tcp-reset"}, "set_mark": {value: "0x1/0xff"},
		"src_range": {value: "192.0.2.1-192.0.2.9"}, "dst_range": {value: "192.0.2.1-192.0.2.9"}, "tcp_flags": {value: "SYN,ACK SYN"},
		"uid": {value: "root"}, "gid": {value: int64(0)}, "mac_source": {value: "00:11:22:33:44:55"}, "pkttype": {value: "broadcast"},
		"clamp_mss_to_pmtu": {value: true}, "set_mss": {value: int64(1400)}, "match_mark": {value: "0x1"},
		"connlimit_above": {value: int64(10)}, "connlimit_mask": {value: int64(24)},
	}
	// The module's other attributes are declared for ordo to refuse,
	// each with its reason (resource.Attr.Unsupported).
	for _, a := range Registry().Schema("firewall").Attrs {
		if a.Unsupported != "" {
			c[a.Name] = attrCase{value: "x", want: refused}
		}
	}
	c["provider"] = attrCase{value: "iptables", want: inert, reason: "iptables is firewall's only provider"}
	return c
}
