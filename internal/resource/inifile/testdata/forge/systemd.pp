# setup: printf '#  This file is part of systemd.\n#\n# See journald.conf(5) for details.\n\n[Journal]\n#Storage=auto\n#Compress=yes\n#Seal=yes\n#SystemMaxUse=\nSystemMaxUse=50M\n#MaxRetentionSec=\n' > $ROOT/r/journald.conf; printf '# See logind.conf(5) for details.\n\n[Login]\n#NAutoVTs=6\n#KillUserProcesses=no\n#HandleLidSwitch=suspend\nRemoveIPC=yes\n' > $ROOT/r/logind.conf
class { 'systemd':
  manage_journald   => true,
  journald_settings => { 'Storage' => 'persistent', 'Compress' => 'yes', 'SystemMaxUse' => { 'ensure' => 'absent' }, 'MaxRetentionSec' => '1month' },
  manage_logind     => true,
  logind_settings   => { 'HandleLidSwitch' => 'ignore', 'KillUserProcesses' => 'no', 'RemoveIPC' => { 'ensure' => 'absent' } },
  manage_udevd      => false,
  manage_resolved   => false,
  manage_networkd   => false,
  manage_timesyncd  => false,
}
