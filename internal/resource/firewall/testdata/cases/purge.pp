# Purging INPUT: rules without a managed name are removed, one matching
# ignore is kept; an unmanaged chain's rules stay; a chain removed.
# setup: iptables -A INPUT -p tcp --dport 9 -j DROP; iptables -A INPUT -p tcp --dport 10 -m comment --comment 'keep me' -j DROP; iptables -A INPUT -p tcp --dport 22 -m comment --comment '001 ssh' -j ACCEPT; iptables -A INPUT -p udp --dport 11 -m comment --comment '050 stray' -j DROP; iptables -A OUTPUT -p tcp --dport 12 -j DROP; iptables -N OLD; iptables -A OLD -j RETURN
firewallchain { 'INPUT:filter:IPv4': purge => true, ignore => ['keep me'] }
firewallchain { 'OLD:filter:IPv4': ensure => absent }
firewall { '001 ssh': proto => tcp, dport => 22, jump => accept }
