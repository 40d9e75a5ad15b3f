#!/bin/sh
# fixture.sh DIR [step]: the services the service tests manage. Both the
# stand-in systemctl and the init script also reload (the init script
# logs each reload to DIR/reload.log).
#   build    writes DIR/bin/ordoprov-daemon (a process that sleeps under the
#            name given), DIR/bin/systemctl (a stand-in keeping unit state in
#            DIR/units and logging its calls to DIR/systemctl.log) and the
#            init script /etc/init.d/ordoprov-svc (pidfile /run/ordoprov-svc.pid)
#   reset    stops every test daemon, disables the init script, forgets units
#   unit N S E  declares stand-in unit N, S active|inactive, E enabled|disabled
#   destroy  reset, then removes the init script and DIR
set -e
dir=$1
stopall() {
  for p in $(ps -eo pid=,args= | awk '$2 ~ /^ordoprov-(svcd|based)/ {print $1}'); do kill "$p" 2>/dev/null || true; done
  rm -f /run/ordoprov-svc.pid
}
case ${2:-build} in
build)
  mkdir -p "$dir/bin" "$dir/units"
  cat > "$dir/bin/ordoprov-daemon" <<'EOS'
#!/bin/bash
# ordoprov-daemon NAME: runs in the background as process NAME.
setsid bash -c "exec -a $1 sleep 100000" </dev/null >/dev/null 2>&1 &
pid=$!
# Return once the process carries its name.
until ps -o args= -p $pid | grep -q "^$1"; do sleep 0.05; done
echo $pid
EOS
  cat > "$dir/bin/systemctl" <<EOS
#!/bin/sh
# A stand-in for systemctl: unit N exists when $dir/units/N.unit does; its
# state is in N.active (active/inactive) and N.enabled (enabled/disabled/masked).
u=$dir/units
echo "\$*" >> $dir/systemctl.log
cmd=\$1; shift
[ "\$1" = -- ] && shift
n=\${1%.service}
case \$cmd in
is-enabled) [ -e \$u/\$n.unit ] || { echo "Failed to get unit file state for \$n.service: No such file or directory" >&2; exit 1; }
  s=\$(cat \$u/\$n.enabled); echo \$s; [ \$s = enabled ] ;;
is-active) [ -e \$u/\$n.unit ] || { echo inactive; exit 3; }
  s=\$(cat \$u/\$n.active); echo \$s; [ \$s = active ] || exit 3 ;;
enable|disable|mask|unmask)
  [ -e \$u/\$n.unit ] || { echo "Failed to \$cmd unit: Unit file \$n.service does not exist." >&2; exit 1; }
  case \$cmd in enable) echo enabled;; disable) echo disabled;; mask) echo masked;; unmask) [ "\$(cat \$u/\$n.enabled)" = masked ] && echo disabled || cat \$u/\$n.enabled;; esac > \$u/\$n.enabled.new
  mv \$u/\$n.enabled.new \$u/\$n.enabled ;;
start|restart) [ -e \$u/\$n.unit ] || { echo "Failed to \$cmd \$n.service: Unit \$n.service not found." >&2; exit 5; }
  echo active > \$u/\$n.active ;;
reload) [ -e \$u/\$n.unit ] || { echo "Failed to reload \$n.service: Unit \$n.service not found." >&2; exit 5; }
  [ "\$(cat \$u/\$n.active)" = active ] || { echo "Job for \$n.service invalid." >&2; exit 1; } ;;
stop) [ -e \$u/\$n.unit ] || { echo "Failed to stop \$n.service: Unit \$n.service not loaded." >&2; exit 5; }
  echo inactive > \$u/\$n.active ;;
show) echo NeedDaemonReload=no ;;
daemon-reload) ;;
cat) [ -e \$u/\$n.unit ] ;;
list-unit-files) for f in \$u/*.unit; do [ -e "\$f" ] && b=\$(basename \$f .unit) && echo "\$b.service \$(cat \$u/\$b.enabled) enabled"; done; true ;;
*) echo "unknown command \$cmd" >&2; exit 1 ;;
esac
EOS
  chmod +x "$dir/bin/ordoprov-daemon" "$dir/bin/systemctl"
  cat > /etc/init.d/ordoprov-svc <<EOS
#!/bin/sh
### BEGIN INIT INFO
# Provides:          ordoprov-svc
# Required-Start:
# Required-Stop:
# Default-Start:     2 3 4 5
# Default-Stop:      0 1 6
# Short-Description: ordo's test service
### END INIT INFO
pidfile=/run/ordoprov-svc.pid
running() { [ -f \$pidfile ] && kill -0 \$(cat \$pidfile) 2>/dev/null; }
case "\$1" in
start) running || $dir/bin/ordoprov-daemon ordoprov-svcd > \$pidfile ;;
stop) running && kill \$(cat \$pidfile); rm -f \$pidfile ;;
restart) \$0 stop; \$0 start ;;
reload) running || exit 7; echo reload >> $dir/reload.log ;;
status) if running; then echo "ordoprov-svc is running"; else echo "ordoprov-svc is not running"; exit 3; fi ;;
*) echo "Usage: \$0 {start|stop|restart|reload|status}" >&2; exit 2 ;;
esac
exit 0
EOS
  chmod +x /etc/init.d/ordoprov-svc ;;
reset)
  stopall
  update-rc.d -f ordoprov-svc remove >/dev/null 2>&1 || true
  rm -rf "$dir/units"; mkdir -p "$dir/units"; rm -f "$dir/systemctl.log" ;;
unit)
  touch "$dir/units/$3.unit"; echo "$4" > "$dir/units/$3.active"; echo "$5" > "$dir/units/$3.enabled" ;;
destroy)
  stopall
  update-rc.d -f ordoprov-svc remove >/dev/null 2>&1 || true
  rm -f /etc/init.d/ordoprov-svc; rm -rf "$dir" ;;
esac
