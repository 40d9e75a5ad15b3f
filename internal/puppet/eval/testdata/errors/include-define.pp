define d() { notify { $title: } }
include d
