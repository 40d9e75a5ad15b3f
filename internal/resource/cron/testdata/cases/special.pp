# setup: id ordoprovcron >/dev/null 2>&1 || useradd -M ordoprovcron; crontab -u ordoprovcron -r 2>/dev/null; true
# after: crontab -u ordoprovcron -l > $ROOT/r/crontab 2>&1 || true
cron { 'daily': command => '/usr/bin/daily', user => 'ordoprovcron', special => daily }
