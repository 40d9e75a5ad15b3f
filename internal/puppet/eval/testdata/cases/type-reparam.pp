notify { 'n1': message => String(Array[Integer][String]) }
notify { 'n2': message => String(Optional[String][Integer]) }
notify { 'n3': message => String(Enum[a][b]) }
notify { 'n4': message => String(Pattern[/a/][/b/]) }
notify { 'n5': message => String(Tuple[Integer][String]) }
notify { 'n6': message => String(Regexp['a']['b']) }
notify { 'n7': message => String(Type[Integer][String]) }
notify { 'n8': message => String(NotUndef[Integer][String]) }
notify { 'n9': message => String(Float[1][2]) }
notify { 'n10': message => String(Sensitive[Integer][String]) }
notify { 'n11': message => String(Struct[{a => Integer}][{b => String}]) }
notify { 'n12': message => String(Callable[Integer][String]) }
notify { 'n13': message => String(Collection[1][2]) }
