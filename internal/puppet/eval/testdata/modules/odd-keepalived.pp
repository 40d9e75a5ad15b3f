include keepalived
keepalived::vrrp::instance { 'VI_51': interface => 'eth0', state => 'LEADER', virtual_router_id => 300, priority => 100, auth_type => 'PASS', auth_pass => 'x', virtual_ipaddress => '10.0.0.2/29' }
