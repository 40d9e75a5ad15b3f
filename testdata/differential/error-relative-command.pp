exec { 'relative': command => 'true' }
