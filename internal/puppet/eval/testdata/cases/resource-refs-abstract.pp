notify { ['rn', 'rn2', 'rn3']: }
$t = Notify
notify { 'a': require => [Resource['notify', 'rn'], Resource[Notify, 'rn2'], $t['rn3']] }
