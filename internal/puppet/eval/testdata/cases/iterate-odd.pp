# Iteration functions on odd receivers and lambdas: the undef filling a
# short last slice, break() in map, what reverse_each returns.
$sliced = [1, 2, 3, 4, 5].slice(2) |$a, $b| { notify { "slice ${a}-${b}": } }
$broken = [1, 2, 3].map |$x| { if $x == 2 { break() } $x }
$reversed = [1, 2, 3].reverse_each |$x| { $x }
notify { 'x':
  message => [$sliced, $broken, $reversed, 3.map |$x| { $x * 2 }, 'abc'.map |$c| { $c },
    {a => 1}.map |$p| { $p }, [[1, 2], [3, 4]].map |$a, $b| { $b }, [1, 2, 3].reduce(10) |$m, $x| { $m + $x },
    Integer[1, 3].map |$x| { $x }, 3.filter |$x| { $x != 1 }, 'abc'.filter |$c| { $c != 'b' }],
}
