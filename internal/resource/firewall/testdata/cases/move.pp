# Rules out of their names' order: one changed in place; a rule moved to
# another chain.
# setup: iptables -A INPUT -p tcp -m tcp --dport 2 -m comment --comment '002 b' -j ACCEPT; iptables -A INPUT -p tcp -m tcp --dport 1 -m comment --comment '001 a' -j ACCEPT; iptables -A INPUT -p tcp -m tcp --dport 3 -m comment --comment '003 c' -j ACCEPT
firewall { '001 a': proto => tcp, dport => 1, jump => accept }
firewall { '002 b': proto => tcp, dport => 22, jump => accept }
firewall { '003 c': chain => 'OUTPUT', proto => tcp, dport => 3, jump => accept }
