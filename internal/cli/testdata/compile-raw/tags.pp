class my::cls { notify { 'in-cls': tag => ['Extra', 'two'] } tag 'added' }
include my::cls
define my::def() { notify { "d-${title}": } }
my::def { 'Inst': }
notify { 'UPPER Title': }
notify { 'Valid.Title-1': }
