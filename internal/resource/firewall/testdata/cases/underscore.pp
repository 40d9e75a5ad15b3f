# A name whose number is followed by _ (memcached's "100_tcp_11211_for_memcached"):
# the type takes it, the rule exists already.
# setup: iptables -A INPUT -p tcp -m tcp --dport 11211 -m comment --comment '100_tcp_11211_for_memcached' -j ACCEPT
firewall { '100_tcp_11211_for_memcached': dport => 11211, proto => 'tcp', jump => 'accept' }
firewall { '150 zabbix-agent from 192.0.2.9': dport => 10050, proto => 'tcp', jump => 'accept', source => '192.0.2.9', state => ['NEW', 'RELATED', 'ESTABLISHED'] }
