# [from, count] slices of an array, with negative and out-of-range ends.
$a = [1, 2, 3]
notify { 'x':
  message => [$a[-1], $a[1,5], $a[-5,2], $a[-5,4], $a[-5,-1], $a[1,-1], $a[1,-2],
    $a[1,-3], $a[1,-5], $a[3,1], $a[4,1], $a[0,0], $a[-2]],
}
