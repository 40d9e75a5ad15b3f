$t = Timestamp('2020-01-02T03:04:05.000 UTC')
$s = Timespan({ hours => 2, minutes => 30 })
notify { 'time':
  message => [
    "${t}", "${s}", "${$t + $s}", "${$t - $s}", $t < $t + $s,
    $t.strftime('%Y-%m-%d %H:%M'), $s.strftime('%H:%M:%S'),
    "${Timestamp(0)}", "${Timespan(90)}", $t =~ Timestamp, $s =~ Timespan,
    "${Timestamp('2021-03-04', '%Y-%m-%d')}",
    "${($t + $s) - $t}", Integer($t), Float($s), Integer($s),
    "${Timestamp('2020-01-02T03:04:05Z')}", "${Timespan('1-02:03:04')}",
    $t == Timestamp('2020-01-02T03:04:05.000 UTC'),
    "${Timespan({ days => 1, seconds => 1, milliseconds => 500 })}",
    $t =~ Timestamp['2019-01-01', '2021-01-01'],
    "${Timestamp(1577934245.5)}",
  ],
}
