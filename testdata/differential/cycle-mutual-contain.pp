class a { contain b  notify { 'ina': } }
class b { contain a  notify { 'inb': } }
include a
