# setup: $FIX reset; update-rc.d ordoprov-svc defaults >/dev/null 2>&1
service { 'ordoprov-svc': enable => false }
