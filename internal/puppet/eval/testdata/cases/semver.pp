$v = SemVer('1.2.3-rc.1+build.5')
$r = SemVerRange('>=1.0.0 <2.0.0')
notify { 'semver':
  message => [
    "${v}", "${r}", String($v),
    SemVer('1.2.3') < SemVer('1.10.0'),
    SemVer('1.2.3') > SemVer('1.2.3-rc.1'),
    SemVer('1.2.3') == SemVer('1.2.3'),
    SemVer('1.5.0') =~ $r,
    SemVer('2.5.0') =~ $r,
    SemVer('1.2.3') =~ SemVer,
    '1.2.3' =~ SemVer,
    $v =~ SemVer['1.0.0', '2.0.0'],
    "${SemVerRange('~> 1.2')}",
    SemVer('1.2.9') =~ SemVerRange('~> 1.2'),
    SemVer('1.3.0') =~ SemVerRange('~> 1.2.0'),
    "${SemVer(1, 2, 3)}",
    SemVer('1.4.0') =~ SemVerRange('1.x'),
    SemVer('1.4.0') =~ SemVerRange('>=1.2.0'),
    SemVer('0.9.0') =~ SemVerRange('1.0.0 - 2.0.0'),
    "${SemVerRange('>=1.0.0 <2.0.0 || >=3.0.0')}",
    SemVer('3.1.0') =~ SemVerRange('>=1.0.0 <2.0.0 || >=3.0.0'),
  ],
}
$x = SemVer('1.0.0')
notify { 'semver-param':
  message => $x,
}
