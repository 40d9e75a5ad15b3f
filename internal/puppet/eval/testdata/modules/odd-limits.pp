include limits
limits::limits { 'nouser': limit_type => 'nofile', both => 10 }
