class c($a = $b, $b = 1) {}
include c
