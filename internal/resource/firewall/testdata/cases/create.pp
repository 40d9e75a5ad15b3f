# Rules added in their names' order, whatever the manifest's order; an
# IPv6 rule; a rule between two the setup made without a comment.
# setup: iptables -A INPUT -p tcp --dport 9 -j DROP; iptables -A INPUT -p udp --dport 10 -j DROP
firewall { '100 drop udp range': proto => udp, dport => ['1000-2000', 80], source => '10.0.0.0/8', jump => drop }
firewall { '001 accept ssh': dport => 22, proto => tcp, jump => accept }
firewall { '050 log new': jump => 'LOG', log_prefix => 'new: ', log_level => 'info', state => ['NEW', 'RELATED'] }
firewall { '010 ping': proto => icmp, icmp => 'echo-request', limit => '5/sec', jump => accept }
firewall { '020 eth0 out': chain => 'OUTPUT', outiface => 'eth0', destination => '192.0.2.7', sport => '1024:65535', jump => reject, reject => 'icmp-host-prohibited' }
firewall { '030 ipv6 http': protocol => 'IPv6', proto => tcp, dport => [80, 443], source => '2001:db8::/32', ctstate => 'NEW', jump => accept }
firewall { '040 nat': table => nat, chain => 'PREROUTING', proto => tcp, iniface => 'eth1', dport => 8080, jump => 'DNAT', todest => '10.0.0.5:80' }
firewall { '041 snat': table => nat, chain => 'POSTROUTING', proto => all, outiface => 'eth0', source => '10.1.0.0/16', jump => 'SNAT', tosource => '192.0.2.1' }
firewall { '042 redirect': table => nat, chain => 'PREROUTING', proto => tcp, dport => 81, jump => 'REDIRECT', toports => '8081' }
firewall { '060 mark': table => mangle, chain => 'PREROUTING', proto => udp, dport => 53, jump => 'MARK', set_mark => '0x1/0xff' }
