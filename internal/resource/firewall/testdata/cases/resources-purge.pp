# The module's documented way of removing every rule the catalog does not
# manage: resources { 'firewall': purge => true }, across tables and
# protocols.
# setup: iptables -A INPUT -p tcp --dport 9 -j DROP; iptables -A INPUT -p tcp --dport 22 -m comment --comment '001 ssh' -j ACCEPT; iptables -A INPUT -p udp --dport 11 -m comment --comment '050 stray' -j DROP; iptables -t nat -A POSTROUTING -o eth0 -j MASQUERADE; ip6tables -A INPUT -p tcp --dport 80 -m comment --comment '002 web6' -j ACCEPT
resources { 'firewall': purge => true }
firewall { '001 ssh': proto => tcp, dport => 22, jump => accept }
