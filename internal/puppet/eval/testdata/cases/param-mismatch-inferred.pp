class a(String $x, String $y, String $z, Optional[String] $w, Variant[String,Integer] $v) {}
class { 'a': x => [], y => {}, z => {1 => 2}, w => [1], v => { 'a' => 1 } }
