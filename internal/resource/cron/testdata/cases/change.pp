# setup: id ordoprovcron >/dev/null 2>&1 || useradd -M ordoprovcron; crontab -u ordoprovcron -r 2>/dev/null; true; printf 'MAILTO=x\n# a comment\n# Puppet Name: backup\n0 2 * * * /usr/bin/backup\n5 * * * * /usr/bin/other\n' | crontab -u ordoprovcron -
# after: crontab -u ordoprovcron -l > $ROOT/r/crontab 2>&1 || true
cron { 'backup': command => '/usr/bin/backup --all', user => 'ordoprovcron', hour => 3, minute => [0, 30], weekday => 'Monday', environment => 'PATH=/bin' }
