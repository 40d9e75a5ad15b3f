$a = 'x'
$x = join()
