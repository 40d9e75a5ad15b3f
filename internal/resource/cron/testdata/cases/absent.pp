# setup: id ordoprovcron >/dev/null 2>&1 || useradd -M ordoprovcron; crontab -u ordoprovcron -r 2>/dev/null; true; printf '# Puppet Name: backup\n0 2 * * * /usr/bin/backup\n5 * * * * /usr/bin/other\n' | crontab -u ordoprovcron -
# after: crontab -u ordoprovcron -l > $ROOT/r/crontab 2>&1 || true
cron { 'backup': ensure => absent, user => 'ordoprovcron' }
