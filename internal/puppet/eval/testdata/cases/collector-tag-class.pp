class foo_bar { @notify { 'untagged': } tag('foo_bar_extra') }
include foo_bar
Notify <| tag == 'foo_bar_extra' |>
