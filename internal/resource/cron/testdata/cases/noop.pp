# setup: id ordoprovcron >/dev/null 2>&1 || useradd -M ordoprovcron; crontab -u ordoprovcron -r 2>/dev/null; true
# flags: --noop
# after: crontab -u ordoprovcron -l > $ROOT/r/crontab 2>&1 || true
cron { 'backup': command => '/usr/bin/backup', user => 'ordoprovcron', hour => 2 }
