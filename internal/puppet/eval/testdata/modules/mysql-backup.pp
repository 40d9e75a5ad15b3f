class { 'mysql::server': root_password => 'r00t' }
class { 'mysql::server::backup':
  backupuser     => 'backup',
  backuppassword => 'b4ckup',
  backupdir      => '/var/backups/mysql',
  backuprotate   => 7,
  file_per_database => true,
}
