firewall { '100 allow ssh': dprot => 22, proto => 'tcp', jump => 'accept' }
