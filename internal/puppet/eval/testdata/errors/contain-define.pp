define d() { notify { $title: } }
class foo { contain d }
include foo
