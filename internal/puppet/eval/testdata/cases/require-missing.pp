notify { 'a': require => Notify['tooth_fairy'] }
