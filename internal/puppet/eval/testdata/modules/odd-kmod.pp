kmod::option { 'bonding mode': module => 'bonding', value => '802.3ad' }
