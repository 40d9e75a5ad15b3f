# Rules already as wanted, written as the manifest writes them (a range
# with -, ports as numbers, a list in another order, an address without
# its mask, icmp and log_level by name, jump in lower case): no change.
# setup: iptables -A INPUT -p tcp -m multiport --dports 443,80 -m comment --comment '001 web' -j ACCEPT; iptables -A INPUT -s 192.0.2.1/32 -p tcp -m tcp --dport 1000:2000 -m comment --comment '002 range' -j ACCEPT; iptables -A INPUT -p icmp -m icmp --icmp-type 8 -m comment --comment '003 ping' -j ACCEPT; iptables -A INPUT -p tcp -m comment --comment '004 log' -j LOG --log-level 6; ip6tables -A INPUT -p tcp -m tcp --dport 22 -m comment --comment '005 ssh6' -j ACCEPT
firewall { '001 web': proto => tcp, dport => [80, 443], jump => accept }
firewall { '002 range': proto => tcp, dport => '1000-2000', source => '192.0.2.1', jump => accept }
firewall { '003 ping': proto => icmp, icmp => 'echo-request', jump => accept }
firewall { '004 log': proto => tcp, jump => 'LOG', log_level => 'info' }
firewall { '005 ssh6': protocol => 'IPv6', proto => tcp, dport => 22, jump => accept }
