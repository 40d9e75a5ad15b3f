# setup: id ordoprovcron >/dev/null 2>&1 || useradd -M ordoprovcron; crontab -u ordoprovcron -r 2>/dev/null; true
cron { 'backup': command => '/usr/bin/backup', user => 'ordoprovcron', minute => 61 }
