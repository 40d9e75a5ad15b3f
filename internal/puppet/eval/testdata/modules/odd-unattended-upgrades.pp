class { 'unattended_upgrades': mail => { 'to' => 'ops@example.com', 'when' => 'sometimes' } }
