function f::g(Integer $x) >> Array[String] { [$x] }
$r = [1].map |$y| { f::g($y) }
