# The change case under --noop: nothing changes; a rule changed (its dport and source), one deleted, one already as
# wanted, one added between them.
# flags: --noop
# setup: iptables -A INPUT -p tcp -m tcp --dport 22 -m comment --comment '001 ssh' -j ACCEPT; iptables -A INPUT -p tcp -m tcp --dport 80 -m comment --comment '002 http' -j ACCEPT; iptables -A INPUT -s 10.0.0.0/8 -p tcp -m tcp --dport 25 -m comment --comment '003 smtp' -j ACCEPT; iptables -A INPUT -p tcp -m comment --comment '999 drop' -j DROP
firewall { '001 ssh': proto => tcp, dport => 22, jump => accept }
firewall { '002 http': ensure => absent }
firewall { '003 smtp': proto => tcp, dport => [25, 587], source => '192.168.0.0/16', jump => accept }
firewall { '005 dns': proto => udp, dport => 53, jump => accept }
firewall { '004 gone': ensure => absent }
