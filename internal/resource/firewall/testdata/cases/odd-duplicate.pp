# Two rules the setup made with one name: reading the rules fails.
# setup: iptables -A INPUT -p tcp --dport 22 -m comment --comment '001 ssh' -j ACCEPT; iptables -A INPUT -p tcp --dport 23 -m comment --comment '001 ssh' -j ACCEPT
firewall { '001 ssh': proto => tcp, dport => 22, jump => accept }
firewall { '002 web': proto => tcp, dport => 80, jump => accept }
