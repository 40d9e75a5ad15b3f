#!/bin/sh
# fixture.sh DIR: builds the test packages into DIR/debs and a local apt
# repository serving ordoprov-a 1.0 and ordoprov-b 1.0 in DIR/repo, adds it
# to apt's sources and reads only that list (no network). Other steps:
# `repo1`/`repo2` make the repository serve ordoprov-a 1.0 or 2.0, `purge`
# purges the test packages, `destroy` removes everything built.
set -e
dir=$1
list=/etc/apt/sources.list.d/ordoprov-test-$(basename "$dir").list
apt_update() { # retried while another apt holds the lists' lock
  n=0
  until apt-get -o DPkg::Lock::Timeout=600 -o Dir::Etc::sourcelist="$list" -o Dir::Etc::sourceparts=- \
    -o APT::Get::List-Cleanup=0 -q update >/dev/null 2>&1; do
    n=$((n+1)); [ $n -lt 60 ] || return 1; sleep 5
  done
}
# dpkg waits for the lock other programs may hold; apt-get is told to.
dpkg() { n=0; until command dpkg "$@"; do n=$((n+1)); [ $n -lt 60 ] && sleep 5 || return 1; done; }
scan() { (cd "$dir/repo" && dpkg-scanpackages . /dev/null > Packages 2>/dev/null) }
deb() { # NAME VERSION
  d=$(mktemp -d)
  mkdir -p "$d/DEBIAN" "$d/usr/share/$1"
  printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: ordo <ordo@example.invalid>\nDescription: ordo test package\n' "$1" "$2" > "$d/DEBIAN/control"
  echo "$2" > "$d/usr/share/$1/version"
  dpkg-deb --root-owner-group --build "$d" "$dir/debs/$1_$2_all.deb" >/dev/null
  rm -rf "$d"
}
repo() { # the versions of ordoprov-a the repository serves
  rm -f "$dir/repo/"*.deb
  cp "$dir/debs/ordoprov-a_$1_all.deb" "$dir/debs/ordoprov-b_1.0_all.deb" "$dir/repo/"
  scan; apt_update
}
case ${2:-build} in
build)
  mkdir -p "$dir/debs" "$dir/repo"
  deb ordoprov-a 1.0; deb ordoprov-a 2.0; deb ordoprov-b 1.0
  echo "deb [trusted=yes] file:$dir/repo ./" > "$list"
  repo 1.0 ;;
repo1) repo 1.0 ;;
repo2) repo 2.0 ;;
purge)
  for p in ordoprov-a ordoprov-b; do dpkg --purge "$p" >/dev/null 2>&1 || true; done ;;
destroy)
  for p in ordoprov-a ordoprov-b; do dpkg --purge "$p" >/dev/null 2>&1 || true; done
  rm -f "$list" /var/lib/apt/lists/$(echo "$dir/repo" | sed 's,/,_,g')_._Packages*
  rm -rf "$dir/debs" "$dir/repo" ;;
esac
