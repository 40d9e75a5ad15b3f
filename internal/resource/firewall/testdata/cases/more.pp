# Matches of iptables modules: iprange, tcp flags, owner (by name and id),
# mac, pkttype, connlimit, mark; TCPMSS with clamp and set_mss; targets
# refused without what they need (DNAT outside nat, log_prefix without
# LOG).
firewall { '010 range': proto => tcp, src_range => '192.0.2.1-192.0.2.9', dst_range => '! 198.51.100.1-198.51.100.5', jump => accept }
firewall { '011 syn': proto => tcp, tcp_flags => 'FIN,SYN,RST,ACK SYN', dport => 22, connlimit_above => 10, connlimit_mask => 24, jump => reject, reject => 'tcp-reset' }
firewall { '012 owner': chain => 'OUTPUT', proto => tcp, uid => 'root', gid => 0, jump => accept }
firewall { '013 mac': proto => all, mac_source => '00:11:22:aa:bb:cc', pkttype => broadcast, jump => drop }
firewall { '014 mark': proto => all, match_mark => '0x10', jump => accept }
firewall { '020 mss': table => mangle, chain => 'FORWARD', proto => tcp, tcp_flags => 'SYN,RST SYN', jump => 'TCPMSS', clamp_mss_to_pmtu => true }
firewall { '021 mss2': table => mangle, chain => 'FORWARD', proto => tcp, tcp_flags => 'SYN,RST SYN', jump => 'TCPMSS', set_mss => 1360 }
firewall { '030 dnat': proto => tcp, dport => 80, jump => 'DNAT', todest => '10.0.0.1' }
firewall { '031 log': proto => tcp, dport => 81, jump => accept, log_prefix => 'x ' }
