$r = Optional[Integer, String]
