class { 'ferm': input_policy => 'MAYBE' }
